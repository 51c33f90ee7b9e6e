/** <khountous-report>: one citizen report, /khountous/{slug}. */
import { RULES } from '../../attributes/rules.js';
import { HEADING_INPUTS, widget } from '../../widget/descriptor.js';
import { boxHeight } from '../../widget/box.js';

export const report = widget({
  tag: 'khountous-report',
  inputs: {
    ...HEADING_INPUTS,
    slug: { rule: RULES.reportSlug, identifies: true, initial: '' },
  },
  resource: ({ slug, lang }) => ({ kind: 'report', slug, lang }),
  // A report's timeline has as many entries as its report has had steps, not known before it
  // arrives: the box is that of a report with a short timeline, a minimum that a longer one
  // outgrows below it (box.ts, docs/embedding.md).
  box: (_read, width) => boxHeight([60, 50, 42, 35], width),
});
