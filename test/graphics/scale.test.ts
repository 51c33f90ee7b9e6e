import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { niceTicks, spread } from '../../src/graphics/scale.js';

/** Whether `step` is 1, 2 or 5 times a power of ten. */
const isRound = (step: number) => {
  const power = 10 ** Math.floor(Math.log10(step));
  return [1, 2, 5, 10].some((factor) => Math.abs(step / power - factor) < 1e-9);
};

describe('niceTicks', () => {
  it('starts at 0 and reaches the highest value in round steps', () => {
    assert.deepEqual(niceTicks(12, 48), [0, 20, 40, 60]);
    assert.deepEqual(niceTicks(7, 38, true), [0, 10, 20, 30, 40]);
    assert.deepEqual(niceTicks(0, 9, true), [0, 5, 10]);
    assert.deepEqual(niceTicks(0.1, 0.7), [0, 0.2, 0.4, 0.6, 0.8]);
    // 86,000 in four steps of 20,000 would stop short of it: steps of 50,000.
    assert.deepEqual(niceTicks(1_200, 86_000), [0, 50_000, 100_000]);
  });

  it('keeps counts whole, and gives three ticks at least', () => {
    assert.deepEqual(niceTicks(0, 2, true), [0, 1, 2]);
    assert.deepEqual(niceTicks(1, 1, true), [0, 1, 2]);
    assert.deepEqual(niceTicks(0, 0, true), [0, 1, 2]);
    assert.deepEqual(niceTicks(0, 0), [0, 0.5, 1]);
  });

  it('goes below 0 for negative values', () => {
    assert.deepEqual(niceTicks(-15, 30), [-20, 0, 20, 40]);
    assert.deepEqual(niceTicks(-8, -2), [-8, -6, -4, -2, 0]);
  });

  it('has 3 to 5 round ticks from 0 that hold every value, for any positive values', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1e12, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        (max, share, integers) => {
          const ticks = niceTicks(max * share, max, integers && max >= 1);
          assert.equal(ticks[0], 0);
          assert.ok(ticks.length >= 3 && ticks.length <= 5, `${ticks.length} ticks for ${max}`);
          assert.ok(ticks.at(-1)! >= max, `${ticks.at(-1)} < ${max}`);
          const step = ticks[1]! - ticks[0]!;
          assert.ok(isRound(step), `step ${step}`);
          ticks.forEach((tick, index) => assert.ok(Math.abs(tick - index * step) <= step * 1e-9));
          if (integers && max >= 1) assert.ok(ticks.every(Number.isInteger));
        },
      ),
    );
  });
});

describe('spread', () => {
  it('keeps every item of a short axis', () => {
    assert.deepEqual(spread(5, 7), [0, 1, 2, 3, 4]);
  });

  it('spreads the labels of a long one evenly, both ends among them', () => {
    assert.deepEqual(spread(22, 7), [0, 4, 7, 11, 14, 18, 21]);
    assert.deepEqual(spread(22, 3), [0, 11, 21]);
    assert.deepEqual(spread(100, 2), [0, 99]);
  });
});
