/** What <khountous-fact-checks> loads, from its inputs (the element and the early start). */
import { listSelection, type ListSelection, type Plan } from '../../internal/plan.js';

export const factChecksPlan: Plan<ListSelection> = {
  select: listSelection,
  resource: ({ lang, limit, page }) => ({ kind: 'verifications', query: { lang, limit, page } }),
};
