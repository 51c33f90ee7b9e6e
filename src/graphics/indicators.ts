/**
 * What the kit knows of the regional indicators, for every widget that shows one (the
 * region chart, the single figure, the map) and the text that summarises them: how each
 * is written, which way is better, how the country's value is made from the regions', and
 * how a region compares with it.
 */
import { REGION_CODES, type Lang, type RegionIndicatorKey, type RegionStats } from '../core/types.js';
import { formatAs, formatNumber } from '../i18n/format.js';
import type { NumberFormat } from '../widget/summary.js';
import { indicatorFormat } from '../widget/indicator-format.js';

/** How an indicator's values are written. */
function formatOf(key: RegionIndicatorKey): NumberFormat {
  const formats: Readonly<Record<string, NumberFormat>> = indicatorFormat.formats;
  return formats[key] ?? indicatorFormat.otherwise;
}

/** An indicator's value in its format (i18n/format.ts `formatAs`). */
export function formatIndicator(lang: Lang, key: RegionIndicatorKey, value: number): string {
  return formatAs(lang, formatOf(key), value);
}

/** A range of an indicator's values (a map's class): a score's scale written once, `42 – 51/100`. */
export function formatRange(lang: Lang, key: RegionIndicatorKey, min: number, max: number): string {
  const high = formatIndicator(lang, key, max);
  if (min === max) return high;
  const low = formatOf(key) === 'score' ? formatNumber(lang, min) : formatIndicator(lang, key, min);
  return `${low} – ${high}`;
}

/**
 * The resolution of an indicator's values, as they are written (formatIndicator): a whole point
 * of score or percent, a tenth of a day or of reports per 100,000. The map's classes are never
 * narrower (components/region-map/classes.ts).
 */
export const resolutionOf = (key: RegionIndicatorKey): number =>
  formatOf(key) === 'score' || formatOf(key) === 'percent' ? 1 : 0.1;

/** Indicators on a 0-100 scale; the others are scaled to the largest value shown. */
export const BOUNDED: readonly RegionIndicatorKey[] = ['averageScore', 'responseRate', 'resolutionRate'];

/**
 * Which way is better for each indicator: up (1), down (-1, a long delay is not good), or
 * neither (0: more reports may mean more problems or more people who report them).
 */
export const DIRECTION: Record<RegionIndicatorKey, 1 | -1 | 0> = {
  averageScore: 1,
  responseRate: 1,
  avgDelayDays: -1,
  resolutionRate: 1,
  reportsPer100k: 0,
};

/**
 * What a region's value of an indicator is computed over (docs/api-assumptions.md): its
 * administrations for the means, its reports for the resolution rate, its people for reports
 * per 100,000. The country's value weighs each region by it; a region with none has no figure.
 */
const measuredBy = (region: RegionStats, key: RegionIndicatorKey): number =>
  key === 'resolutionRate'
    ? region.reportCount
    : key === 'reportsPer100k'
      ? region.population
      : region.administrationCount;

/** Whether a region has a figure for the indicator (a region with no administration has no mean). */
export const hasFigure = (region: RegionStats, key: RegionIndicatorKey): boolean =>
  measuredBy(region, key) > 0;

/**
 * The part of the country a list of regions covers when it is not the whole of it: the
 * regions it names, of REGION_CODES. A country's value from such a list is not national, and
 * the widgets say how many regions it comes from; undefined for all of them.
 */
export interface Part {
  regions: number;
  of: number;
}
export function partOf(regions: readonly RegionStats[]): Part | undefined {
  const named = new Set(regions.map((region) => region.code)).size;
  return named === REGION_CODES.length ? undefined : { regions: named, of: REGION_CODES.length };
}

/**
 * The country's value of an indicator, from the regions': their values weighted by what each
 * is measured over. National from the 14 regions only (partOf says what else it covers).
 */
export function nationalValue(regions: readonly RegionStats[], key: RegionIndicatorKey): number {
  const total = (of: (region: RegionStats) => number) => regions.reduce((sum, region) => sum + of(region), 0);
  const weight = (region: RegionStats) => measuredBy(region, key);
  const weights = total(weight);
  return weights > 0 ? total((region) => region.indicators[key] * weight(region)) / weights : 0;
}

/** Whether a value is about the country's (within 2 % of it): neither better nor worse, nor higher or lower. */
export const aboutEven = (value: number, national: number): boolean =>
  Math.abs(value - national) <= Math.abs(national) * 0.02;

/**
 * How a region's value compares with the country's, in the indicator's direction; `even` too
 * when the region has nothing to measure (no administration, no report: its 0 is no figure).
 */
export function judge(
  region: RegionStats,
  key: RegionIndicatorKey,
  national: number,
): 'better' | 'worse' | 'even' {
  const value = region.indicators[key];
  const direction = DIRECTION[key];
  if (!hasFigure(region, key) || direction === 0) return 'even';
  if (aboutEven(value, national)) return 'even';
  return (value - national) * direction > 0 ? 'better' : 'worse';
}
