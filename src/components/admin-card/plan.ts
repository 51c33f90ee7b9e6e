/** What <khountous-admin-card> loads, from its inputs (the element and the early start). */
import { RULES } from '../../internal/attribute-rules.js';
import { identifier } from '../../internal/attributes.js';
import { text, type Plan, type Selection } from '../../internal/plan.js';

export interface CardSelection extends Selection {
  slug: string;
  compact: boolean;
}

export const adminCardPlan: Plan<CardSelection> = {
  select: (owner, read, base) => ({
    ...base,
    slug: identifier(owner, 'slug', text(read('slug')), RULES.slug),
    compact: read('variant') === 'compact',
  }),
  resource: ({ slug, lang }) => ({ kind: 'administration', slug, lang }),
  // A compact card needs only list-level fields: a ranking row from the cache will do.
  options: ({ compact }) => (compact ? { partial: true } : {}),
};
