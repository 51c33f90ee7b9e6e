/** <khountous-region-stats>: the indicators of Senegal's regions, /regions. */
import { RULES } from '../../attributes/rules.js';
import { HEADING_INPUTS, widget } from '../../widget/descriptor.js';
import { boxHeight } from '../../widget/box.js';

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
  // Measured with the reference API's regions (box.ts).
  box: (read, width) =>
    boxHeight(read('variant') === 'single' ? [9.3, 7.9, 7.9, 7.9] : [51, 32.1, 32.1, 32.1], width),
});
