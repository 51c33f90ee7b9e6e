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
    classes: { rule: RULES.mapClasses, initial: 'equal' },
  },
  // The list of every region, as the region chart loads it: a page with both sends one request.
  resource: ({ lang }) => ({ kind: 'regions', lang }),
  // The map and its legend, measured (box.ts); under 40rem (region-map.styles.ts: the names no
  // longer fit on the map) the table of the 14 regions shows under it.
  box: (_read, width) =>
    width < 40
      ? boxHeight([63.2, 67.6, 74.8, 75.5], width)
      : 30.6 + ((Math.min(width, 60) - 40) * (44.1 - 30.6)) / 20,
});
