import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { niceTicks, spread } from '../../src/graphics/scale.js';

/**
 * niceTicks(min, max) run on a worker thread, or an error after `ms`: a loop that never ends
 * would hold the test's own thread for ever, and the test would never fail.
 */
function ticksOnWorker(min: number, max: number, ms = 10_000): Promise<number[]> {
  const code = `const { parentPort, workerData: { url, min, max } } = require('node:worker_threads');
import('tsx/esm/api')
  .then(({ tsImport }) => tsImport(url, url))
  .then(({ niceTicks }) => parentPort.postMessage(niceTicks(min, max)));`;
  const url = new URL('../../src/graphics/scale.ts', import.meta.url).href;
  const worker = new Worker(code, { eval: true, workerData: { url, min, max } });
  return new Promise<number[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`niceTicks(${min}, ${max}) ran for ${ms} ms`)), ms);
    worker.once('message', (ticks: number[]) => resolve(ticks));
    worker.once('error', reject);
    worker.once('exit', () => clearTimeout(timer));
  }).finally(() => void worker.terminate());
}

/** Every finite double: subnormals, ±0 and ±Number.MAX_VALUE among them (fast-check draws the ends often). */
const finite = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.double({ min: -1e-300, max: 1e-300, noNaN: true }),
  fc.constantFrom(5e-324, -5e-324, 2e-323, Number.MIN_VALUE, Number.MAX_VALUE, -Number.MAX_VALUE, 1e308),
);

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

describe('niceTicks terminates for every finite input', () => {
  it('returns for a subnormal value (its power of ten underflows to 0), as a worker proves', async () => {
    assert.deepEqual(await ticksOnWorker(0, 2e-323), [0, 1e-323, 2e-323]);
    assert.deepEqual(await ticksOnWorker(-2e-323, 0), [-2e-323, -1e-323, 0]);
    // No double between 0 and the least one: the third tick is past it.
    assert.deepEqual(await ticksOnWorker(5e-324, 5e-324), [0, 5e-324, 1e-323]);
  });

  it('gives finite ticks at the ends of the doubles, where round ticks would overflow', () => {
    assert.deepEqual(niceTicks(-1e308, 1e308), [-1e308, -5e307, 0, 5e307, 1e308]);
    const widest = niceTicks(-Number.MAX_VALUE, Number.MAX_VALUE);
    assert.deepEqual(widest, [-Number.MAX_VALUE, 0, Number.MAX_VALUE]);
  });

  it('for all finite min and max: 3 to 5 finite ticks, ascending, that hold 0, min and max', () => {
    fc.assert(
      fc.property(finite, finite, fc.boolean(), (min, max, integers) => {
        const ticks = niceTicks(min, max, integers);
        const where = `niceTicks(${min}, ${max}, ${integers}) = [${ticks.join(', ')}]`;
        assert.ok(ticks.length >= 3 && ticks.length <= 5, where);
        assert.ok(ticks.every(Number.isFinite), where);
        assert.ok(
          ticks.every((tick, index) => index === 0 || tick > ticks[index - 1]!),
          where,
        );
        assert.ok(ticks[0]! <= Math.min(0, min) && ticks.at(-1)! >= Math.max(0, max), where);
        if (integers && Number.isInteger(min) && Number.isInteger(max))
          assert.ok(ticks.every(Number.isInteger), where);
      }),
      { numRuns: 20_000 },
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
