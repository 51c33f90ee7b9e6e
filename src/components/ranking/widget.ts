/**
 * <khountous-ranking>: the ranking of administrations, one page of /administrations.
 * Its table is named by its caption, which holds its title: a heading at `heading-level`.
 */
import { RULES } from '../../attributes/rules.js';
import { HEADING_INPUTS, LIST_INPUTS, widget } from '../../widget/descriptor.js';
import { boxHeight, count } from '../../widget/box.js';

export const ranking = widget({
  tag: 'khountous-ranking',
  inputs: {
    ...LIST_INPUTS,
    ...HEADING_INPUTS,
    region: { rule: RULES.region, filter: true, initial: '' },
    sector: { rule: RULES.sector, filter: true, initial: '' },
    level: { rule: RULES.level, filter: true, initial: '' },
    'href-template': { initial: '' },
    scale: { rule: RULES.barScale, initial: 'zero' },
  },
  resource: ({ lang, region, sector, level, limit, page }) => ({
    kind: 'administrations',
    query: { lang, region, sector, level, limit, page },
  }),
  // Measured with the reference API's names (box.ts): a row wraps to two or three lines when narrow,
  // its figures under the name with their labels.
  box: (read, width) =>
    boxHeight([9.3, 9.2, 7.5, 10.4], width) +
    count(read('limit'), 10) * boxHeight([7.05, 4.73, 4.02, 2.42], width),
});
