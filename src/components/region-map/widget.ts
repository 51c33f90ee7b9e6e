/** <khountous-region-map>: a map of Senegal's 14 regions, coloured by one indicator, /regions. */
import { RULES } from '../../attributes/rules.js';
import { HEADING_INPUTS, widget } from '../../widget/descriptor.js';
import { boxHeight } from '../../widget/box.js';

export const regionMap = widget({
  tag: 'khountous-region-map',
  inputs: {
    ...HEADING_INPUTS,
    indicator: { rule: RULES.indicator, initial: 'averageScore' },
    region: { rule: RULES.region, initial: '' },
  },
  // The list of every region, as the region chart loads it: a page with both sends one request.
  resource: ({ lang }) => ({ kind: 'regions', lang }),
  // The map and its legend, measured (box.ts).
  box: (_read, width) => boxHeight([36.9, 39.9, 48.6, 44.1], width),
});
