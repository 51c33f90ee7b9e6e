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
