/**
 * The map's classes (src/components/region-map/classes.ts) on the reference API's regions and on
 * generated sets of 14: every region's value and the country's fall in a class; the classes are
 * ordered, contiguous at the indicator's resolution, never narrower than it, at most five; equal
 * intervals are of one round width; a region's colour step is its class's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { classify, type Classes } from '../../src/components/region-map/classes.js';
import { DIRECTION, hasFigure, nationalValue, resolutionOf } from '../../src/graphics/indicators.js';
import {
  REGION_CODES,
  REGION_INDICATORS,
  type ListEnvelope,
  type RegionIndicatorKey,
  type RegionStats,
} from '../../src/core/types.js';
import { testApi } from '../api/helpers.js';

const METHODS = ['equal', 'jenks'] as const;

/** `value` at the indicator's resolution, as the legend writes it. */
const atResolution = (key: RegionIndicatorKey, value: number) =>
  Number((Math.round(value / resolutionOf(key)) * resolutionOf(key)).toPrecision(12));

/** The class (index in `classes`) that holds `value`, read at the resolution; -1 for none. */
const holding = ({ classes }: Classes, key: RegionIndicatorKey, value: number) =>
  classes.findIndex((item) => item.min <= atResolution(key, value) && atResolution(key, value) <= item.max);

function check(regions: readonly RegionStats[], key: RegionIndicatorKey, method: (typeof METHODS)[number]) {
  const result = classify(regions, key, method);
  const resolution = resolutionOf(key);
  const where = `${key} ${method} ${JSON.stringify(regions.map((region) => region.indicators[key]))}`;
  const { classes } = result;
  assert.ok(classes.length >= 1 && classes.length <= 5, `${where}: ${classes.length} classes`);
  // The legend's order: the better (or highest) first, steps descending, none twice.
  const steps = classes.map((item) => item.step);
  assert.deepEqual(
    steps,
    [...steps].sort((a, b) => b - a),
    where,
  );
  assert.equal(new Set(steps).size, steps.length, where);
  // By value: ascending, contiguous at the resolution, none narrower than the resolution.
  const byValue = [...classes].sort((a, b) => a.min - b.min);
  for (const [index, item] of byValue.entries()) {
    assert.ok(item.max - item.min + resolution >= resolution - 1e-9, `${where}: ${JSON.stringify(item)}`);
    assert.ok(item.min <= item.max, where);
    const next = byValue[index + 1];
    if (next) assert.ok(Math.abs(next.min - (item.max + resolution)) < 1e-9, `${where}: a gap or an overlap`);
  }
  // The worse (or lowest) class is the lowest values' unless the better end is the lowest (a delay).
  const ascendingSteps = byValue.map((item) => item.step);
  assert.deepEqual(
    ascendingSteps,
    DIRECTION[key] === -1
      ? [...ascendingSteps].sort((a, b) => b - a)
      : [...ascendingSteps].sort((a, b) => a - b),
    where,
  );
  // Every region's value in a class, coloured as its class; the country's value in the class marked.
  for (const region of regions) {
    if (!hasFigure(region, key)) {
      assert.equal(result.steps.get(region.code), undefined, where);
      continue;
    }
    const index = holding(result, key, region.indicators[key]);
    assert.ok(index >= 0, `${where}: ${region.code} ${region.indicators[key]} in no class`);
    assert.equal(result.steps.get(region.code), classes[index]!.step, `${where}: ${region.code}`);
  }
  const national = nationalValue(regions, key);
  assert.equal(result.national, holding(result, key, national), `${where}: the country's ${national}`);
  assert.ok(result.national >= 0, where);
  if (method === 'equal' && classes.length > 1) {
    const widths = new Set(byValue.map((item) => Number((item.max - item.min + resolution).toPrecision(12))));
    assert.equal(widths.size, 1, `${where}: widths ${[...widths].join(', ')}`);
    const [width] = widths;
    const mantissa = Number((width! / 10 ** Math.floor(Math.log10(width!))).toPrecision(6));
    assert.ok([1, 2, 2.5, 5].includes(mantissa), `${where}: width ${width}`);
    for (const item of byValue)
      assert.ok(Math.abs(item.min / width! - Math.round(item.min / width!)) < 1e-9, where);
  }
  return result;
}

describe('the map’s classes', () => {
  it('on the reference API’s regions: every value and the country’s in a class, equal widths of 5 points for the score', async () => {
    const { body } = await testApi().json<ListEnvelope<RegionStats>>('/regions?lang=fr');
    assert.equal(body.data.length, 14);
    for (const key of REGION_INDICATORS) for (const method of METHODS) check(body.data, key, method);
    // The score's classes, a round width each (not 1 point beside 9).
    const { classes } = classify(body.data, 'averageScore');
    const widths = classes.map((item) => item.max - item.min + 1);
    assert.ok(
      widths.every((width) => width >= 2 && width === widths[0]),
      JSON.stringify(classes),
    );
  });

  it('on generated sets of 14 values: in a class each, the country’s too, ordered, never narrower than the resolution', () => {
    const region = (code: (typeof REGION_CODES)[number], value: number, weight: number): RegionStats =>
      ({
        code,
        name: code,
        population: weight * 1000,
        administrationCount: weight,
        reportCount: weight,
        indicators: {
          averageScore: value,
          responseRate: value,
          resolutionRate: value,
          avgDelayDays: value,
          reportsPer100k: value,
        },
      }) as unknown as RegionStats;
    const sets = fc.record({
      key: fc.constantFrom(...REGION_INDICATORS),
      method: fc.constantFrom(...METHODS),
      values: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 14, maxLength: 14 }),
      weights: fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 14, maxLength: 14 }),
    });
    fc.assert(
      fc.property(sets, ({ key, method, values, weights }) => {
        // Whole points for the 0-100 indicators, tenths for the others, as the API writes them.
        const value = (raw: number) => (resolutionOf(key) === 1 ? Math.round(raw / 10) : raw / 10);
        // At least one region measured, for a country's value.
        const weighed = weights.some((weight) => weight > 0) ? weights : [1, ...weights.slice(1)];
        check(
          REGION_CODES.map((code, index) => region(code, value(values[index]!), weighed[index]!)),
          key,
          method,
        );
      }),
      { numRuns: 400 },
    );
  });
});
