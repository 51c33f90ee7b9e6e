/** <khountous-region-map> as text: the indicator mapped, for each region. */
import type { Summary } from '../../widget/summary.js';
import { indicatorFormat } from '../../widget/indicator-format.js';

export const summary = {
  caption: { label: 'regionMap.caption', attribute: 'indicator' },
  items: {
    name: { path: 'name', brief: true },
    details: [
      {
        path: 'indicators.{indicator}',
        format: indicatorFormat,
        brief: true,
      },
    ],
  },
} as const satisfies Summary;
