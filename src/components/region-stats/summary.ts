/** <khountous-region-stats> as text: the indicator charted, for the region chosen or for each region. */
import type { FormatBy, Summary } from '../../widget/summary.js';

/** How each indicator's value is written, wherever the widget writes one (its element too). */
export const indicatorFormat = {
  attribute: 'indicator',
  formats: {
    averageScore: 'score',
    responseRate: 'percent',
    resolutionRate: 'percent',
    avgDelayDays: 'days',
  },
  otherwise: 'number',
} as const satisfies FormatBy;

export const summary = {
  caption: { label: 'regions.caption', attribute: 'indicator' },
  items: {
    match: { path: 'code', attribute: 'region' },
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
