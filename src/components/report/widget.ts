/** <khountous-report>: one citizen report, /khountous/{slug}. */
import { RULES } from '../../attributes/rules.js';
import { HEADING_INPUTS, widget } from '../../widget/descriptor.js';

export const report = widget({
  tag: 'khountous-report',
  inputs: {
    ...HEADING_INPUTS,
    slug: { rule: RULES.reportSlug, identifies: true, initial: '' },
  },
  resource: ({ slug, lang }) => ({ kind: 'report', slug, lang }),
});
