/** <khountous-fact-checks>: fact-checks, one page of /verifications. */
import { HEADING_INPUTS, LIST_INPUTS, widget } from '../../widget/descriptor.js';

export const factChecks = widget({
  tag: 'khountous-fact-checks',
  inputs: { ...LIST_INPUTS, ...HEADING_INPUTS },
  resource: ({ lang, limit, page }) => ({ kind: 'verifications', query: { lang, limit, page } }),
});
