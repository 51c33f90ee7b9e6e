/** <khountous-reports>: citizen reports, one page of /khountous. */
import { RULES } from '../../attributes/rules.js';
import { HEADING_INPUTS, LIST_INPUTS, widget } from '../../widget/descriptor.js';

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
});
