/**
 * The map's colour classes (docs/graphics.md says why). The values are read at their
 * resolution (graphics/indicators.ts `resolutionOf`: a whole point of score, a tenth of a day),
 * and the classes cover, without a gap, every value from the lowest to the highest, the
 * country's value included, so that each value, the country's too, falls in one class of the
 * legend. Two methods, the `classes` attribute's:
 *
 * - `equal` (the default): intervals of one round width (1, 2, 2.5 or 5 times a power of ten,
 *   never less than the resolution), the fewest that hold every value in at most five classes,
 *   their ends on multiples of that width: 40 – 44, 45 – 49, 50 – 54… Neighbouring classes
 *   differ by the same amount, which the legend says.
 * - `jenks`: Jenks's natural breaks (Fisher's exact optimisation) of the regions' values into at
 *   most five groups, each break moved to the roundest value between the groups it parts.
 *
 * A class's colour is its step on the palette, 0 to 4, spread over the palette when there are
 * fewer than five classes: for an indicator with a direction, step 4 is always the better end
 * (the highest score, the shortest delay), so a long delay is drawn as the worse end; for one
 * without (reports per 100,000 people), the steps follow the values.
 */
import type { RULES } from '../../attributes/rules.js';
import {
  REGION_CODES,
  type RegionCode,
  type RegionIndicatorKey,
  type RegionStats,
} from '../../core/types.js';
import { DIRECTION, hasFigure, nationalValue, resolutionOf } from '../../graphics/indicators.js';

/** How many colours, and so the most classes. */
const STEPS = 5;

/** The `classes` attribute's values (attributes/rules.ts). */
type ClassMethod = (typeof RULES.mapClasses.values)[number];

interface MapClass {
  /** Its colour on the palette: 0 (worse, or lowest) to STEPS - 1 (better, or highest). */
  readonly step: number;
  /** Its lowest and highest values, at the indicator's resolution: the next class starts one resolution above `max`. */
  readonly min: number;
  readonly max: number;
}

export interface Classes {
  /** Every class, the better (or highest) first: the legend. */
  readonly classes: readonly MapClass[];
  /** Each region's step; none for a region without a figure. */
  readonly steps: ReadonlyMap<RegionCode, number>;
  /** The class of the country's value, an index of `classes`. */
  readonly national: number;
  /** Whether a region of the 14 has no figure: it has none, or the answer does not hold it (the legend's "no data"). */
  readonly gap: boolean;
}

/** Round steps, in units of the resolution: 1, 2, 2.5 (when whole), 5 times a power of ten. */
function roundSteps(most: number): number[] {
  const steps: number[] = [];
  for (let power = 1; power <= most * 10; power *= 10)
    for (const factor of [1, 2, 2.5, 5]) if (Number.isInteger(factor * power)) steps.push(factor * power);
  return steps;
}

/** The lower ends of equal classes of a round width over [low, high] (units), at most STEPS of them. */
function equalStarts(low: number, high: number): number[] {
  const width = roundSteps(high - low + 1).find(
    (step) => Math.floor(high / step) - Math.floor(low / step) + 1 <= STEPS,
  )!;
  const first = Math.floor(low / width) * width;
  const count = Math.floor(high / width) - Math.floor(low / width) + 1;
  return Array.from({ length: count }, (_, index) => first + index * width);
}

/** Fisher's exact natural breaks of sorted `values` into `count` groups: the index where each group after the first starts. */
function naturalBreaks(values: readonly number[], count: number): number[] {
  const n = values.length;
  // cost[i][j]: the least sum of squared deviations of values[0..j] in i + 1 groups; from[i][j]: where its last group starts.
  const squares = (start: number, end: number) => {
    const part = values.slice(start, end + 1);
    const mean = part.reduce((sum, value) => sum + value, 0) / part.length;
    return part.reduce((sum, value) => sum + (value - mean) ** 2, 0);
  };
  const cost = [values.map((_, end) => squares(0, end))];
  const from: number[][] = [values.map(() => 0)];
  for (let group = 1; group < count; group++) {
    cost.push([]);
    from.push([]);
    for (let end = 0; end < n; end++) {
      let best = Infinity;
      let start = end;
      for (let split = group; split <= end; split++) {
        const total = cost[group - 1]![split - 1]! + squares(split, end);
        if (total < best) [best, start] = [total, split];
      }
      cost[group]![end] = best;
      from[group]![end] = start;
    }
  }
  const starts: number[] = [];
  for (let group = count - 1, end = n - 1; group > 0; group--) {
    const start = from[group]![end]!;
    starts.unshift(start);
    end = start - 1;
  }
  return starts;
}

/** The roundest whole number in (after, upTo]: the multiple of the largest round step there. */
function roundest(after: number, upTo: number): number {
  for (const step of roundSteps(upTo).reverse()) {
    const candidate = Math.floor(after / step) * step + step;
    if (candidate <= upTo) return candidate;
  }
  return upTo;
}

/** The lower ends of natural classes over distinct sorted `units`, `low` the lowest value to cover. */
function jenksStarts(units: readonly number[], low: number): number[] {
  const distinct = [...new Set(units)];
  const count = Math.min(STEPS, distinct.length);
  const breaks = count < 2 ? [] : naturalBreaks(distinct, count);
  return [low, ...breaks.map((index) => roundest(distinct[index - 1]!, distinct[index]!))];
}

/** The classes of `regions` for the indicator `key`, by `method`. */
export function classify(
  regions: readonly RegionStats[],
  key: RegionIndicatorKey,
  method: ClassMethod = 'equal',
): Classes {
  const resolution = resolutionOf(key);
  const unit = (value: number) => Math.round(value / resolution);
  const measured = regions.filter((region) => hasFigure(region, key));
  const units = measured.map((region) => unit(region.indicators[key])).sort((a, b) => a - b);
  const country = unit(nationalValue(regions, key));
  const low = Math.min(country, ...units);
  const high = Math.max(country, ...units);
  const starts = method === 'jenks' ? jenksStarts(units, low) : equalStarts(low, high);
  const ends = [...starts.slice(1).map((start) => start - 1), Math.max(high, starts.at(-1)!)];
  // The last class of equal intervals is as wide as the others.
  if (method === 'equal' && starts.length > 1)
    ends[ends.length - 1] = 2 * starts.at(-1)! - starts.at(-2)! - 1;
  const at = (units: number) => Number((units * resolution).toPrecision(12));
  const classOf = (value: number) => starts.findLastIndex((start) => start <= value);
  const stepOf = (index: number) => {
    const step =
      starts.length < 2 ? Math.floor(STEPS / 2) : Math.round((index * (STEPS - 1)) / (starts.length - 1));
    return DIRECTION[key] === -1 ? STEPS - 1 - step : step;
  };
  const ascending = starts.map((start, index) => ({
    step: stepOf(index),
    min: at(start),
    max: at(ends[index]!),
  }));
  const steps = new Map<RegionCode, number>(
    measured.map((region) => [region.code, stepOf(classOf(unit(region.indicators[key])))]),
  );
  const classes = [...ascending].sort((a, b) => b.step - a.step);
  return {
    classes,
    steps,
    national: classes.indexOf(ascending[classOf(country)]!),
    gap: REGION_CODES.some((code) => !steps.has(code)),
  };
}
