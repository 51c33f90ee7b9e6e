/**
 * How each regional indicator's value is written: data that the widgets (graphics/indicators.ts),
 * the text paint and the WordPress fallback interpret. Apart from the functions so that the
 * summaries, which every page loads, carry only this.
 */
import type { FormatBy, Summary } from './summary.js';

/** How each indicator's value is written, wherever a widget writes one (the text paint and the WordPress fallback too). */
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

/** Each region's name and its value of the indicator chosen: the items of the chart's and the map's summaries. */
export const regionIndicatorItems = {
  name: { path: 'name', brief: true },
  details: [
    {
      path: 'indicators.{indicator}',
      format: indicatorFormat,
      column: 'indicators.{indicator}',
      brief: true,
    },
  ],
} as const satisfies Summary['items'];
