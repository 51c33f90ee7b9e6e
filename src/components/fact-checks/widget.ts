/** <khountous-fact-checks>: fact-checks, one page of /verifications. */
import { HEADING_INPUTS, LIST_INPUTS, widget } from '../../widget/descriptor.js';
import { boxHeight, count } from '../../widget/box.js';

export const factChecks = widget({
  tag: 'khountous-fact-checks',
  inputs: { ...LIST_INPUTS, ...HEADING_INPUTS },
  resource: ({ lang, limit, page }) => ({ kind: 'verifications', query: { lang, limit, page } }),
  // Measured with the reference API's fact-checks (box.ts): one card per item.
  box: (read, width) => 7 + count(read('limit'), 10) * boxHeight([23.9, 18, 13.4, 10.3], width),
});
