/** <khountous-region-stats> as text: the indicator charted, for the region chosen or for each region. */
import type { Summary } from '../../widget/summary.js';
import { regionIndicatorItems } from '../../widget/indicator-format.js';

export const summary = {
  caption: { label: 'regions.caption', attribute: 'indicator' },
  items: {
    match: { path: 'code', attribute: 'region' },
    ...regionIndicatorItems,
  },
} as const satisfies Summary;
