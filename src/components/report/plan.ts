/** What <khountous-report> loads, from its inputs (the element and the early start). */
import { RULES } from '../../internal/attribute-rules.js';
import { identifier } from '../../internal/attributes.js';
import { text, type Plan, type Selection } from '../../internal/plan.js';

export interface ReportSelection extends Selection {
  slug: string;
}

export const reportPlan: Plan<ReportSelection> = {
  select: (owner, read, base) => ({
    ...base,
    slug: identifier(owner, 'slug', text(read('slug')), RULES.reportSlug),
  }),
  resource: ({ slug, lang }) => ({ kind: 'report', slug, lang }),
};
