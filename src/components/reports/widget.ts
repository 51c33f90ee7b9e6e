/** <khountous-reports>: citizen reports, one page of /khountous. */
import { RULES } from '../../attributes/rules.js';
import { HEADING_INPUTS, LIST_INPUTS, widget } from '../../widget/descriptor.js';
import { boxHeight, count } from '../../widget/box.js';

export const reports = widget({
  tag: 'khountous-reports',
  inputs: {
    ...LIST_INPUTS,
    ...HEADING_INPUTS,
    region: { rule: RULES.region, filter: true, initial: '' },
    category: { rule: RULES.category, filter: true, initial: '' },
    status: { rule: RULES.status, filter: true, initial: '' },
    period: { rule: RULES.period, filter: true, initial: '' },
    'href-template': { initial: '' },
  },
  resource: ({ lang, region, category, status, period, limit, page }) => ({
    kind: 'reports',
    query: { lang, region, category, status, period, limit, page },
  }),
  // Measured with the reference API's reports (box.ts): one card per item.
  box: (read, width) =>
    boxHeight([6.7, 4.9, 7, 7.1], width) + count(read('limit'), 10) * boxHeight([10.6, 8.9, 7.2, 4.7], width),
});
