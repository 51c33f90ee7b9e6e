/**
 * bench/lab.mjs's CPU calibration: the slowdown Lighthouse's CPU throttling
 * calculator gives a host of a measured BenchmarkIndex, so that a slow machine
 * emulates the same phone as Lighthouse's reference host does at 4×.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script without declarations
import * as lab from '../../bench/lab.mjs';

const cpuSlowdownFor = lab.cpuSlowdownFor as (index: number) => number;

describe('the lab CPU slowdown for a host', () => {
  it("is Lighthouse's 4× on its reference host, and the calculator's points elsewhere", () => {
    assert.equal(lab.LAB.cpuSlowdown, 4);
    assert.equal(cpuSlowdownFor(lab.LAB.lighthouseHostIndex as number), 4);
    assert.equal(cpuSlowdownFor(2000), 6);
    assert.equal(cpuSlowdownFor(1300), 3);
    assert.equal(cpuSlowdownFor(800), 2);
    assert.equal(cpuSlowdownFor(150), 1);
  });

  it('follows straight lines between them, to a tenth', () => {
    assert.equal(cpuSlowdownFor(1050), 2.5);
    assert.equal(cpuSlowdownFor(475), 1.5);
    assert.equal(cpuSlowdownFor(1416.5), 3.5);
  });

  it('grows with the host: a faster host is slowed down more', () => {
    let previous = 0;
    for (let index = 100; index <= 2500; index += 50) {
      const slowdown = cpuSlowdownFor(index);
      assert.ok(slowdown >= previous, `${index}: ${slowdown} after ${previous}`);
      previous = slowdown;
    }
  });

  it('does not speed up a host too slow to emulate the phone, nor take a failed measure', () => {
    assert.equal(cpuSlowdownFor(100), 1);
    assert.equal(cpuSlowdownFor(Number.NaN), 1);
  });
});
