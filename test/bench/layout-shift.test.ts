/**
 * The bench's cumulative layout shift (bench/paint-view.mjs `cumulativeLayoutShift`): the
 * largest session window of shifts, a window closing after a gap of more than 1 s or once
 * 5 s long, as Core Web Vitals count it; and its table (bench/paint-tables.mjs).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script without declarations
import * as view from '../../bench/paint-view.mjs';
// @ts-expect-error: a plain .mjs script without declarations
import * as tables from '../../bench/paint-tables.mjs';

type Shift = { at: number; value: number };
const cls = view.cumulativeLayoutShift as (shifts: Shift[]) => number;
const close = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${actual}`);

describe('cumulative layout shift', () => {
  it('is 0 without a shift', () => assert.equal(cls([]), 0));

  it('sums the shifts of one window', () => {
    close(
      cls([
        { at: 100, value: 0.05 },
        { at: 900, value: 0.02 },
        { at: 1800, value: 0.01 },
      ]),
      0.08,
    );
  });

  it('takes the largest window: a gap over 1 s starts another', () => {
    const shifts = [
      { at: 100, value: 0.05 },
      { at: 1200, value: 0.03 },
      { at: 1300, value: 0.01 },
    ];
    close(cls(shifts), 0.05);
    close(cls([...shifts, { at: 1400, value: 0.02 }]), 0.06);
  });

  it('closes a window 5 s after its first shift', () => {
    const steady = Array.from({ length: 12 }, (_, index) => ({ at: index * 900, value: 0.01 }));
    // 0, 0.9 … 4.5 s: six shifts in the first window; the seventh (5.4 s) opens the next.
    close(cls(steady), 0.06);
  });
});

describe('the layout shift table', () => {
  it('gives each page its median at each width, with its first paint', () => {
    const shift = {
      runs: 3,
      widths: [320, 960],
      pages: {
        baseline: { 320: { cls: 0, fcpMs: 1140 }, 960: { cls: 0.029, fcpMs: 1130 } },
        script: { 320: { cls: 0, fcpMs: 1130 }, 960: { cls: 0.116, fcpMs: 1110 } },
      },
    };
    const all = (tables.paintTables as (paint: object) => { title: string; rows: string[][] }[])({
      runs: 1,
      conditions: [],
      shift,
    });
    const table = all.find((section) => section.title.startsWith('Cumulative layout shift'))!;
    assert.deepEqual(table.rows, [
      ['hand-written', '0.000', '1.14 s', '0.029', '1.13 s'],
      ['kit (script tag)', '0.000', '1.13 s', '0.116', '1.11 s'],
    ]);
  });
});
