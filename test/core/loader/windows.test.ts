/** List windows as data: coverage, slices and the grouping of one tick's windows into requests. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { covers, group, slice } from '../../../src/core/loader/windows.js';
import { MAX_LIMIT } from '../../../src/core/types.js';

const window = fc.record({
  page: fc.integer({ min: 1, max: 40 }),
  limit: fc.integer({ min: 1, max: MAX_LIMIT }),
});
const items = (w: { page: number; limit: number }) =>
  Array.from({ length: w.limit }, (_, i) => (w.page - 1) * w.limit + i);

describe('list windows', () => {
  test('covers: every item of the inner window is in the outer one, or past the end of the list', () => {
    assert.equal(covers({ page: 1, limit: 10 }, { page: 2, limit: 5 }), true);
    assert.equal(covers({ page: 1, limit: 10 }, { page: 3, limit: 5 }), false);
    assert.equal(
      covers({ page: 1, limit: 10 }, { page: 1, limit: 20 }, 10),
      true,
      'a list of 10 items ends there',
    );
    fc.assert(
      fc.property(window, window, (outer, inner) => {
        const all = new Set(items(outer));
        assert.equal(
          covers(outer, inner),
          items(inner).every((item) => all.has(item)),
        );
      }),
    );
  });

  test('covers at its boundaries: windows that start or end on the same item, or one item off', () => {
    // A window { page, limit } holds items (page - 1) * limit up to page * limit - 1.
    assert.equal(covers({ page: 2, limit: 5 }, { page: 2, limit: 5 }), true, 'items 5..9: itself');
    assert.equal(covers({ page: 1, limit: 10 }, { page: 2, limit: 5 }), true, '0..9 over 5..9: same end');
    assert.equal(covers({ page: 2, limit: 2 }, { page: 3, limit: 1 }), true, '2..3 over 2: same start');
    assert.equal(
      covers({ page: 2, limit: 3 }, { page: 2, limit: 2 }),
      false,
      '3..5 over 2..3: starts one late',
    );
    assert.equal(
      covers({ page: 1, limit: 5 }, { page: 3, limit: 2 }),
      false,
      '0..4 over 4..5: ends one short',
    );
    // A list of `total` items: an outer window that reaches its last item covers what is past it.
    assert.equal(covers({ page: 1, limit: 10 }, { page: 1, limit: 20 }, 10), true, 'ends on the last item');
    assert.equal(covers({ page: 1, limit: 10 }, { page: 1, limit: 20 }, 11), false, 'one item short of it');
    assert.equal(covers({ page: 1, limit: 10 }, { page: 1, limit: 20 }, 9), true, 'past the last item');
    assert.equal(
      covers({ page: 2, limit: 3 }, { page: 2, limit: 2 }, 4),
      false,
      'the end of the list does not excuse a late start',
    );
  });

  test('covers, over windows small enough to meet at their edges: the covering answer, cut, is the inner one', () => {
    // Windows of 1 to 4 items among the first 16 and lists of 0 to 20 items: starts, ends and
    // list ends coincide often, which the wide windows above (up to 4,000 items) rarely do
    // (an outer window starting one item late is 13 of the 256 pairs: 300 runs all miss it
    // with a probability under 1e-6).
    const small = fc.record({ page: fc.integer({ min: 1, max: 4 }), limit: fc.integer({ min: 1, max: 4 }) });
    fc.assert(
      fc.property(small, small, fc.integer({ min: 0, max: 20 }), (outer, inner, total) => {
        const all = new Set(items(outer));
        assert.equal(
          covers(outer, inner),
          items(inner).every((item) => all.has(item)),
        );
        // What the API answers for a window of a list of `total` items.
        const answer = (w: { page: number; limit: number }) => ({
          data: items(w).filter((item) => item < total),
          meta: { page: w.page, pageSize: w.limit, total },
        });
        if (covers(outer, inner, total)) assert.deepEqual(slice(answer(outer), outer, inner), answer(inner));
        // With the whole inner window in the list, the list's end changes nothing.
        if (total >= inner.page * inner.limit)
          assert.equal(covers(outer, inner, total), covers(outer, inner));
      }),
      { numRuns: 300 },
    );
  });

  test('slice cuts the asked page out of a covering one', () => {
    const envelope = { data: items({ page: 1, limit: 20 }), meta: { page: 1, pageSize: 20, total: 57 } };
    assert.deepEqual(slice(envelope, { page: 1, limit: 20 }, { page: 3, limit: 5 }), {
      data: [10, 11, 12, 13, 14],
      meta: { page: 3, pageSize: 5, total: 57 },
    });
  });

  test('group: every member is covered by its group, and windows that fit one request share it', () => {
    assert.deepEqual(
      group(
        [
          { page: 1, limit: 5 },
          { page: 1, limit: 10 },
        ],
        (w) => w,
      ).map(({ cover }) => cover),
      [{ page: 1, limit: 10 }],
    );
    assert.equal(
      group(
        [
          { page: 1, limit: 100 },
          { page: 50, limit: 100 },
        ],
        (w) => w,
      ).length,
      2,
    );
    // The smallest covering window, up to MAX_LIMIT items exactly.
    const covers1 = (windows: { page: number; limit: number }[]) =>
      group(windows, (w) => w).map(({ cover }) => cover);
    assert.deepEqual(
      covers1([
        { page: 2, limit: 5 },
        { page: 3, limit: 5 },
      ]),
      [{ page: 1, limit: 15 }],
      'items 5..14: 15 items from the start, no window of 10 to 14 holds them',
    );
    assert.deepEqual(
      covers1([
        { page: 1, limit: 50 },
        { page: 2, limit: 50 },
      ]),
      [{ page: 1, limit: MAX_LIMIT }],
      'items 0..99: one window of MAX_LIMIT',
    );
    assert.equal(
      covers1([
        { page: 1, limit: 50 },
        { page: 3, limit: 34 },
      ]).length,
      2,
      'items 0..49 and 68..101: no window of MAX_LIMIT holds both',
    );
    // Windows asked out of order are grouped as if in order: items 0..9 and 10..19 share a request
    // even when 200..209 was asked between them.
    for (const order of [
      [0, 1, 2],
      [0, 2, 1],
      [2, 1, 0],
      [1, 2, 0],
    ]) {
      const asked = [
        { page: 1, limit: 10 },
        { page: 2, limit: 10 },
        { page: 21, limit: 10 },
      ];
      assert.deepEqual(
        covers1(order.map((i) => asked[i]!)),
        [
          { page: 1, limit: 20 },
          { page: 21, limit: 10 },
        ],
        JSON.stringify(order),
      );
    }
    fc.assert(
      fc.property(fc.array(window, { minLength: 1, maxLength: 8 }), (windows) => {
        const groups = group(windows, (w) => w);
        assert.equal(groups.flatMap(({ members }) => members).length, windows.length);
        for (const { cover, members } of groups) {
          assert.ok(cover.limit <= MAX_LIMIT);
          for (const member of members) assert.ok(covers(cover, member), JSON.stringify({ cover, member }));
        }
      }),
    );
  });
});
