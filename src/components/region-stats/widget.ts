/** <khountous-region-stats>: the indicators of Senegal's regions, /regions. */
import { RULES } from '../../attributes/rules.js';
import { HEADING_INPUTS, widget } from '../../widget/descriptor.js';

export const regionStats = widget({
  tag: 'khountous-region-stats',
  inputs: {
    ...HEADING_INPUTS,
    region: { rule: RULES.region, initial: '' },
    indicator: { rule: RULES.indicator, initial: 'averageScore' },
    variant: { rule: RULES.regionVariant, reflect: true, initial: 'full' },
  },
  // Every region in one list, whatever the region, the indicator or the variant shown.
  resource: ({ lang }) => ({ kind: 'regions', lang }),
});
