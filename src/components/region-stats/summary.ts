/** <khountous-region-stats> as text: the indicator charted, for the region chosen or for each region; inline, the figure. */
import type { Summary } from '../../widget/summary.js';
import { indicatorFormat, regionIndicatorItems } from '../../widget/indicator-format.js';

export const summary = {
  caption: { label: 'regions.caption', attribute: 'indicator', names: 'indicators' },
  items: {
    match: { path: 'code', attribute: 'region' },
    ...regionIndicatorItems,
    name: { ...regionIndicatorItems.name, column: 'regions.region' },
  },
  // One region's figure in a sentence: the value alone, in the line.
  inline: {
    attribute: 'variant',
    value: 'inline',
    fields: [{ path: 'indicators.{indicator}', format: indicatorFormat }],
  },
} as const satisfies Summary;
