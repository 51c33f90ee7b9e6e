/** <khountous-admin-card>: one administration, /administrations/{slug}. */
import { RULES } from '../../attributes/rules.js';
import { HEADING_INPUTS, widget } from '../../widget/descriptor.js';
import { boxHeight } from '../../widget/box.js';

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
  // Measured with the reference API's administrations (box.ts).
  box: (read, width) =>
    boxHeight(read('variant') === 'compact' ? [9.8, 7.1, 7.1, 4.7] : [61, 52.6, 40.4, 34], width),
});
