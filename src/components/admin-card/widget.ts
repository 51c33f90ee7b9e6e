/** <khountous-admin-card>: one administration, /administrations/{slug}. */
import { RULES } from '../../attributes/rules.js';
import { HEADING_INPUTS, widget } from '../../widget/descriptor.js';

export const adminCard = widget({
  tag: 'khountous-admin-card',
  inputs: {
    ...HEADING_INPUTS,
    slug: { rule: RULES.slug, identifies: true, initial: '' },
    variant: { rule: RULES.variant, reflect: true, initial: 'full' },
  },
  resource: ({ slug, lang }) => ({ kind: 'administration', slug, lang }),
  // A compact card needs only list-level fields: a ranking row from the cache will do.
  options: ({ variant }) => (variant === 'compact' ? { partial: true } : {}),
});
