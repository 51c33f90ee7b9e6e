/**
 * <khountous-ranking>: the ranking of administrations, one page of /administrations.
 * Its table is named by its caption, which holds its title: a heading at `heading-level`.
 */
import { RULES } from '../../attributes/rules.js';
import { HEADING_INPUTS, LIST_INPUTS, widget } from '../../widget/descriptor.js';

export const ranking = widget({
  tag: 'khountous-ranking',
  inputs: {
    ...LIST_INPUTS,
    ...HEADING_INPUTS,
    region: { rule: RULES.region, filter: true, initial: '' },
    sector: { rule: RULES.sector, filter: true, initial: '' },
    level: { rule: RULES.level, filter: true, initial: '' },
    'href-template': { initial: '' },
  },
  resource: ({ lang, region, sector, level, limit, page }) => ({
    kind: 'administrations',
    query: { lang, region, sector, level, limit, page },
  }),
});
