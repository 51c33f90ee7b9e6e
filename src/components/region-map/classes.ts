/**
 * The map's colour classes. Five quantile classes: the regions with a figure, ranked by their
 * value, in five groups of about the same size (3, 3, 2, 3, 3 of 14), so that every colour is
 * used whatever the spread of the values, and one outlier does not leave a single colour to the
 * thirteen others. Equal values stay in one class (the class of their middle rank). Each class
 * is written in the legend by the lowest and highest value it holds.
 *
 * A class's colour is its step on the palette, 0 to 4: for an indicator with a direction, step 4
 * is always the better end (the highest score, the shortest delay), so a long delay is drawn
 * as the worse end; for one without (reports per 100,000 people), the steps follow the values.
 */
import type { RegionCode, RegionIndicatorKey, RegionStats } from '../../core/types.js';
import { DIRECTION, hasFigure } from '../../graphics/indicators.js';

/** How many colours. */
const STEPS = 5;

interface MapClass {
  /** Its colour on the palette: 0 (worse, or lowest) to STEPS - 1 (better, or highest). */
  readonly step: number;
  readonly min: number;
  readonly max: number;
}

export interface Classes {
  /** The classes that hold a region, the better (or highest) first: the legend. */
  readonly classes: readonly MapClass[];
  /** Each region's step; none for a region without a figure. */
  readonly steps: ReadonlyMap<RegionCode, number>;
}

/** The classes of `regions` for the indicator `key`. */
export function classify(regions: readonly RegionStats[], key: RegionIndicatorKey): Classes {
  const measured = regions.filter((region) => hasFigure(region, key));
  const values = measured.map((region) => region.indicators[key]).sort((a, b) => a - b);
  const rankClass = (value: number) => {
    const middle = (values.indexOf(value) + values.lastIndexOf(value)) / 2;
    return Math.min(STEPS - 1, Math.floor(((middle + 0.5) * STEPS) / values.length));
  };
  const stepOf = (value: number) => (DIRECTION[key] === -1 ? STEPS - 1 - rankClass(value) : rankClass(value));
  const steps = new Map<RegionCode, number>();
  const ranges = new Map<number, { min: number; max: number }>();
  for (const region of measured) {
    const value = region.indicators[key];
    const step = stepOf(value);
    steps.set(region.code, step);
    const range = ranges.get(step);
    ranges.set(
      step,
      range
        ? { min: Math.min(range.min, value), max: Math.max(range.max, value) }
        : { min: value, max: value },
    );
  }
  const classes = [...ranges].map(([step, range]) => ({ step, ...range })).sort((a, b) => b.step - a.step);
  return { classes, steps };
}
