/** <khountous-region-map>: a map of Senegal's 14 regions, coloured by one indicator, /regions. */
import { RULES } from '../../attributes/rules.js';
import { HEADING_INPUTS, widget } from '../../widget/descriptor.js';

export const regionMap = widget({
  tag: 'khountous-region-map',
  inputs: {
    ...HEADING_INPUTS,
    indicator: { rule: RULES.indicator, initial: 'averageScore' },
    region: { rule: RULES.region, initial: '' },
  },
  // The list of every region, as the region chart loads it: a page with both sends one request.
  resource: ({ lang }) => ({ kind: 'regions', lang }),
});
