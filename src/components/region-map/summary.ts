/** <khountous-region-map> as text: the indicator mapped, for each region. */
import type { Summary } from '../../widget/summary.js';
import { regionIndicatorItems } from '../../widget/indicator-format.js';

export const summary = {
  caption: { label: 'regionMap.caption', attribute: 'indicator', names: 'indicators' },
  items: {
    ...regionIndicatorItems,
    name: { ...regionIndicatorItems.name, column: 'regionMap.region' },
  },
} as const satisfies Summary;
