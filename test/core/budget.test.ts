/**
 * The rolling-window budget: a log of sends, reconciled with what the
 * server says, shared by the tabs through storage.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createBudget, type BudgetOptions } from '../../src/core/budget.js';
import { createSafeStorage } from '../../src/core/storage.js';
import { createDisabledStorage, createMemoryStorage } from '../helpers/fake-browser.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 1);

const budget = (options: BudgetOptions = {}) => createBudget({ limit: 60, ...options });

describe('rolling window', () => {
  test('60 sends fill the window; one slot frees when the oldest leaves it, not all', () => {
    const b = budget();
    for (let i = 0; i < 60; i++) b.record(T0 + i * 60_000);
    const now = T0 + 59 * 60_000;
    assert.equal(b.remaining(now), 0);
    assert.equal(b.canSend(now), false);
    assert.equal(b.nextSlotAt(now), T0 + HOUR);
    assert.equal(b.remaining(T0 + HOUR), 1);
    assert.equal(b.remaining(T0 + HOUR + 60_000), 2);
    assert.equal(b.nextSlotAt(T0 + HOUR), T0 + HOUR);
  });

  test('never more than the limit within any hour, never counts more sends than made (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 * HOUR }), { maxLength: 150 }), (offsets) => {
        const b = budget();
        const times = [...offsets].sort((x, y) => x - y);
        const sent: number[] = [];
        for (const offset of times) {
          if (b.canSend(T0 + offset)) {
            b.record(T0 + offset);
            sent.push(offset);
          }
        }
        for (const start of sent)
          assert.ok(
            sent.filter((t) => t >= start && t < start + HOUR).length <= 60,
            'sent.filter((t) => t >= start && t < start + HOUR).length <= 60',
          );
        const last = times.at(-1) ?? 0;
        for (const probe of [last, last + HOUR / 2, last + HOUR, last + 2 * HOUR]) {
          const remaining = b.remaining(T0 + probe);
          const inWindow = sent.filter((t) => t > probe - HOUR).length;
          assert.equal(remaining, 60 - inWindow);
        }
      }),
    );
  });

  test('at the edges of the window: sends on quarter hours, a limit of 3 (property)', () => {
    // Sends exactly one hour apart and a full window come up in most runs here, which sends at
    // random milliseconds over three hours (above) almost never give.
    const QUARTER = HOUR / 4;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 16 }), { maxLength: 12 }), (quarters) => {
        const b = createBudget({ limit: 3 });
        const sent: number[] = [];
        for (const quarter of [...quarters].sort((x, y) => x - y)) {
          const now = T0 + quarter * QUARTER;
          // A send leaves the window an hour after it was made, to the millisecond.
          const inWindow = sent.filter((t) => t > now - HOUR);
          assert.equal(b.remaining(now), 3 - inWindow.length);
          assert.equal(b.canSend(now), inWindow.length < 3);
          assert.equal(b.nextSlotAt(now), inWindow.length < 3 ? now : inWindow[inWindow.length - 3]! + HOUR);
          assert.equal(b.resetAt(now), inWindow.length === 0 ? null : inWindow[0]! + HOUR);
          if (b.canSend(now)) {
            b.record(now);
            sent.push(now);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  test('resetAt: when the oldest send leaves the window; the next slot when empty', () => {
    const b = budget({ limit: 2 });
    assert.equal(b.resetAt(T0), null);
    b.record(T0);
    assert.equal(b.resetAt(T0 + 10), T0 + HOUR);
    b.record(T0 + 5_000);
    assert.equal(b.resetAt(T0 + 10_000), T0 + HOUR);
  });
});

describe('reconciliation with the server', () => {
  test('fewer remaining on the server side are adopted until the server’s reset', () => {
    const b = budget();
    const id = b.record(T0);
    b.reconcile({ limit: 60, remaining: 10, resetAt: T0 + 20 * 60_000 }, T0 + 100, id);
    assert.equal(b.remaining(T0 + 200), 10);
    b.record(T0 + 300);
    assert.equal(b.remaining(T0 + 400), 9);
    assert.equal(b.remaining(T0 + 20 * 60_000), 58, 'after the reset the local log rules again');
  });

  test('requests sent after the answered one are subtracted (they may not be counted yet)', () => {
    const b = budget();
    const first = b.record(T0);
    b.record(T0);
    b.record(T0);
    b.reconcile({ limit: 60, remaining: 59, resetAt: T0 + HOUR }, T0, first);
    assert.equal(b.remaining(T0), 57);
  });

  test('more remaining on the server side does not raise the local budget', () => {
    const b = budget();
    for (let i = 0; i < 10; i++) b.record(T0);
    b.reconcile({ limit: 60, remaining: 60, resetAt: T0 + HOUR }, T0);
    assert.equal(b.remaining(T0), 50);
  });

  test('the server’s limit is adopted', () => {
    const b = budget();
    b.record(T0);
    b.reconcile({ limit: 30, remaining: 29, resetAt: T0 + HOUR }, T0);
    assert.equal(b.limit, 30);
    assert.equal(b.remaining(T0), 29);
  });

  test('a 429 blocks until its reset, and a shorter block does not shorten it', () => {
    const b = budget();
    b.block(T0 + 120_000, T0);
    assert.equal(b.canSend(T0 + 119_999), false);
    assert.equal(b.nextSlotAt(T0), T0 + 120_000);
    b.block(T0 + 10_000, T0 + 1);
    assert.equal(b.canSend(T0 + 60_000), false);
    assert.equal(b.canSend(T0 + 120_000), true);
  });
});

describe('sharing across tabs', () => {
  test('two budgets over one storage see each other’s sends (read-merge-write)', () => {
    const backend = createMemoryStorage();
    const a = budget({ storage: createSafeStorage({ backend }) });
    const b = budget({ storage: createSafeStorage({ backend }) });
    a.record(T0);
    b.record(T0);
    a.record(T0 + 1);
    assert.equal(a.remaining(T0 + 2), 57);
    assert.equal(b.remaining(T0 + 2), 57);
    const reloaded = budget({ storage: createSafeStorage({ backend }) });
    assert.equal(reloaded.remaining(T0 + 2), 57);
  });

  test('the server’s limit goes to the other tabs; of two, the one said last wins', () => {
    const backend = createMemoryStorage();
    const a = budget({ storage: createSafeStorage({ backend }) });
    const b = budget({ storage: createSafeStorage({ backend }) });
    a.reconcile({ limit: 30, remaining: 30, resetAt: T0 }, T0 + 2000);
    b.remaining(T0 + 2000);
    assert.equal(b.limit, 30, 'told through storage');
    // A tab whose clock is behind says 40 after 30 was said: 30 is the later word.
    b.reconcile({ limit: 40, remaining: 40, resetAt: T0 }, T0 + 1000);
    a.remaining(T0 + 2500);
    assert.equal(a.limit, 30);
    // Said at the same time: each tab keeps its own.
    b.reconcile({ limit: 50, remaining: 50, resetAt: T0 }, T0 + 2000);
    a.remaining(T0 + 2500);
    assert.equal(a.limit, 30);
    // Never told: the default limit is not written for the others.
    const quiet = createMemoryStorage();
    budget({ storage: createSafeStorage({ backend: quiet }), limit: 5 }).record(T0);
    assert.equal(budget({ storage: createSafeStorage({ backend: quiet }) }).limit, 60);
  });

  test('of two tabs’ words on what remains, the one said last wins', () => {
    const backend = createMemoryStorage();
    const a = budget({ storage: createSafeStorage({ backend }) });
    const b = budget({ storage: createSafeStorage({ backend }) });
    a.reconcile({ limit: 60, remaining: 10, resetAt: T0 + HOUR }, T0 + 300);
    assert.equal(b.remaining(T0 + 400), 10);
    // Said earlier (its clock is behind), stored later: not the last word.
    b.reconcile({ limit: 60, remaining: 5, resetAt: T0 + HOUR }, T0 + 250);
    assert.equal(a.remaining(T0 + 400), 10);
    b.reconcile({ limit: 60, remaining: 3, resetAt: T0 + HOUR }, T0 + 500);
    assert.equal(a.remaining(T0 + 600), 3);
  });

  test('a tab’s sends after another tab’s answered request count against what the server said', () => {
    const backend = createMemoryStorage();
    const a = budget({ storage: createSafeStorage({ backend }) });
    a.record(T0);
    a.record(T0);
    const answered = a.record(T0);
    a.reconcile({ limit: 60, remaining: 10, resetAt: T0 + HOUR }, T0 + 100, answered);
    const b = budget({ storage: createSafeStorage({ backend }) });
    assert.equal(b.remaining(T0 + 200), 10);
    b.record(T0 + 300);
    assert.equal(b.remaining(T0 + 400), 9, 'sent after the answered one: not counted by the server yet');
    assert.equal(a.remaining(T0 + 400), 9);
  });

  test('of two tabs’ words on what remains said at the same time, each tab keeps its own', () => {
    const backend = createMemoryStorage();
    const a = budget({ storage: createSafeStorage({ backend }) });
    const b = budget({ storage: createSafeStorage({ backend }) });
    a.reconcile({ limit: 60, remaining: 10, resetAt: T0 + HOUR }, T0 + 300);
    b.reconcile({ limit: 60, remaining: 5, resetAt: T0 + HOUR }, T0 + 300);
    assert.equal(a.remaining(T0 + 400), 10);
    assert.equal(b.remaining(T0 + 400), 5);
  });

  test('a block seen by one tab blocks the other', () => {
    const backend = createMemoryStorage();
    const a = budget({ storage: createSafeStorage({ backend }) });
    const b = budget({ storage: createSafeStorage({ backend }) });
    a.block(T0 + 60_000, T0);
    assert.equal(b.canSend(T0 + 1), false);
  });

  test('a block leaves the shared state when it ends, to the millisecond', () => {
    const backend = createMemoryStorage();
    const b = budget({ storage: createSafeStorage({ backend }) });
    const stored = () => JSON.parse(backend.getItem('khountous:v1:budget')!) as { floor?: { until: number } };
    b.block(T0 + 60_000, T0);
    assert.equal(stored().floor?.until, T0 + 60_000);
    b.record(T0 + 59_999);
    assert.equal(stored().floor?.until, T0 + 60_000, 'still blocking a millisecond before its end');
    b.record(T0 + 60_000);
    assert.equal(stored().floor, undefined, 'over: the other tabs are not told of it any more');
  });

  test('a stored send counts only when every field of it is sound', () => {
    const backend = createMemoryStorage();
    const rows = [
      [T0, 'sound', 1],
      [T0 - 1, 'first', 0],
      { 0: T0, 1: 'not-a-row', 2: 2, length: 3 },
      [T0, 7, 3],
      [T0, 'fraction', 1.5],
      [T0, 'negative', -1],
      [T0, 'unsafe', Number.MAX_SAFE_INTEGER + 1],
      [T0 + 2 * 60_000, 'future', 4],
      ['T0', 'text-time', 5],
    ];
    backend.setItem('khountous:v1:budget', JSON.stringify({ log: rows }));
    assert.equal(budget({ storage: createSafeStorage({ backend }) }).remaining(T0), 58);
    for (const state of ['null', '7', '"log"', '{"log": {"0": [0, "x", 1]}}']) {
      backend.setItem('khountous:v1:budget', state);
      assert.equal(budget({ storage: createSafeStorage({ backend }) }).remaining(T0), 60, state);
    }
  });

  test('disabled or corrupted storage: the budget lives in memory', () => {
    const memoryOnly = budget({ storage: createSafeStorage({ backend: createDisabledStorage() }) });
    memoryOnly.record(T0);
    assert.equal(memoryOnly.remaining(T0), 59);
    const backend = createMemoryStorage();
    backend.setItem('khountous:v1:budget', '{"log": "nonsense", "floor": 3}');
    const tolerant = budget({ storage: createSafeStorage({ backend }) });
    assert.equal(tolerant.remaining(T0), 60);
    tolerant.record(T0);
    assert.equal(tolerant.remaining(T0), 59);
  });
});

describe('behind a shared cache', () => {
  test('answers of a shared cache lift the local limit, for a day after the last one', () => {
    const b = budget();
    for (let i = 0; i < 60; i++) b.record(T0 + i * 1000);
    assert.equal(b.canSend(T0 + 60_000), false);
    b.share(T0 + 60_000);
    assert.equal(b.shared(T0 + 60_000), true);
    assert.equal(b.canSend(T0 + 60_000), true);
    for (let i = 0; i < 100; i++) b.record(T0 + 61_000 + i);
    assert.equal(b.canSend(T0 + 70_000, 10), true, 'the reserve of revalidations is not reached either');
    const dayLater = T0 + 60_000 + 24 * HOUR;
    assert.equal(b.shared(dayLater - 1), true, 'lifted for a whole day, to the millisecond');
    assert.equal(b.canSend(dayLater - 1), true);
    assert.equal(b.shared(dayLater), false, 'a site that took its cache away: the limit is back');
    assert.equal(b.canSend(dayLater), true, 'the sends of a day ago have left the window');
  });

  test("the shared cache's own 429 still blocks until its reset", () => {
    const b = budget();
    b.share(T0);
    b.block(T0 + 30_000, T0);
    assert.equal(b.canSend(T0 + 1000), false);
    assert.equal(b.nextSlotAt(T0 + 1000), T0 + 30_000);
    assert.equal(b.canSend(T0 + 30_000), true);
  });

  test('the mark is shared by the tabs through storage, and garbage in it is ignored', () => {
    const backend = createMemoryStorage();
    const storage = createSafeStorage({ backend });
    const first = budget({ storage });
    for (let i = 0; i < 60; i++) first.record(T0 + i);
    first.share(T0 + 100);
    const other = budget({ storage });
    assert.equal(other.canSend(T0 + 200), true);
    backend.setItem('khountous:v1:budget', JSON.stringify({ log: [], shared: 'always' }));
    const third = budget({ storage: createSafeStorage({ backend }) });
    assert.equal(third.shared(T0 + 300), false);
  });
});

describe('a ceiling (a server render’s total)', () => {
  test('no answer raises it: whatever the API’s headers say, a shared cache’s mark, 429s, never more than the limit sent in any window (property)', () => {
    const said = fc.oneof(
      fc.record({ share: fc.constant(true) }),
      fc.record({
        limit: fc.integer({ min: 1, max: 100_000 }),
        remaining: fc.integer({ min: 0, max: 100_000 }),
        resetIn: fc.integer({ min: 0, max: 2 * HOUR }),
      }),
      fc.record({ blockFor: fc.integer({ min: 0, max: HOUR }) }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 10 * 60_000 }), fc.option(said, { nil: undefined })), {
          maxLength: 80,
        }),
        (limit, steps) => {
          const b = createBudget({ limit, ceiling: true });
          const sent: number[] = [];
          let now = T0;
          for (const [wait, answer] of steps) {
            now += wait;
            if (!b.canSend(now)) continue;
            const id = b.record(now);
            sent.push(now);
            if (answer && 'share' in answer) b.share(now);
            else if (answer && 'blockFor' in answer) b.block(now + answer.blockFor, now);
            else if (answer)
              b.reconcile(
                { limit: answer.limit, remaining: answer.remaining, resetAt: now + answer.resetIn },
                now,
                id,
              );
            assert.equal(b.limit, limit);
            assert.equal(b.shared(now), false);
          }
          for (const start of sent)
            assert.ok(sent.filter((t) => t >= start && t < start + HOUR).length <= limit);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('what the API says still lowers it: fewer remaining until its reset, a 429', () => {
    const b = createBudget({ limit: 10, ceiling: true });
    const id = b.record(T0);
    b.reconcile({ limit: 20_000, remaining: 2, resetAt: T0 + 60_000 }, T0, id);
    assert.equal(b.remaining(T0), 2);
    assert.equal(b.remaining(T0 + 60_000), 9);
    b.block(T0 + 120_000, T0 + 60_000);
    assert.equal(b.canSend(T0 + 119_999), false);
    assert.equal(b.remaining(T0 + 120_000), 9);
  });
});

describe('edges of what the budget accepts', () => {
  const DAY = 24 * HOUR;
  const SKEW = 60_000;
  const stored = (state: unknown, options: BudgetOptions = {}) => {
    const backend = createMemoryStorage();
    backend.setItem('khountous:v1:budget', JSON.stringify(state));
    return budget({ storage: createSafeStorage({ backend }), ...options });
  };

  test('a stored limit is adopted only when it is a positive integer said in the past', () => {
    // The limit as of the last access: each budget below is read once first.
    const limitOf = (state: unknown) => {
      const b = stored(state);
      b.remaining(T0);
      return b.limit;
    };
    assert.equal(limitOf({ log: [], limit: [1, T0] }), 1, 'one is a limit');
    assert.equal(limitOf({ log: [], limit: [30, T0 + SKEW] }), 30, 'said within the clocks’ skew');
    for (const limit of [
      [0, T0],
      [-5, T0],
      [2.5, T0],
      ['30', T0],
      [30, T0 + SKEW + 1],
      [30, 'T0'],
      [30, Number.NaN],
      { 0: 30, 1: T0 },
    ])
      assert.equal(limitOf({ log: [], limit }), 60, JSON.stringify(limit));
  });

  test('a stored floor counts only when every field of it is sound', () => {
    const floor = { remaining: 0, seq: 0, until: T0 + HOUR, at: T0 };
    assert.equal(stored({ log: [], floor }).remaining(T0), 0);
    assert.equal(
      stored({ log: [], floor: { ...floor, until: T0 + DAY + SKEW } }).remaining(T0),
      0,
      'a day and the skew ahead is still a block',
    );
    for (const broken of [
      { ...floor, until: T0 + DAY + SKEW + 1 },
      { ...floor, until: 'later' },
      { ...floor, remaining: '0' },
      { ...floor, remaining: null },
      { ...floor, seq: 1.5 },
      { ...floor, seq: Number.MAX_SAFE_INTEGER + 1 },
      { ...floor, at: T0 + SKEW + 1 },
      { ...floor, at: undefined },
      [0, 0, T0 + HOUR, T0],
      null,
    ])
      assert.equal(stored({ log: [], floor: broken }).remaining(T0), 60, JSON.stringify(broken));
  });

  test('a stored mark of a shared cache counts from its time, if not in the future', () => {
    const full = Array.from({ length: 60 }, (_, i) => [T0 - 1000, `s${i}`, i + 1]);
    assert.equal(
      stored({ log: full, shared: T0 - DAY + 1 }).canSend(T0),
      true,
      'a day less a millisecond ago',
    );
    assert.equal(stored({ log: full, shared: T0 - DAY }).canSend(T0), false, 'a whole day ago');
    assert.equal(stored({ log: full, shared: T0 + SKEW + 1 }).canSend(T0), false, 'in the future');
    assert.equal(stored({ log: full, shared: T0 + SKEW }).canSend(T0), true, 'within the skew');
  });

  test('stored sends in any order: the next slot is the oldest’s, not the first row’s', () => {
    const rows = [
      [T0 + 2000, 'c', 3],
      [T0, 'a', 1],
      [T0 + 1000, 'b', 2],
    ];
    const b = stored({ log: rows }, { limit: 3 });
    assert.equal(b.nextSlotAt(T0 + 3000), T0 + HOUR);
    assert.equal(b.resetAt(T0 + 3000), T0 + HOUR);
    assert.equal(b.nextSlotAt(T0 + HOUR), T0 + HOUR, 'the oldest left the window');
    assert.equal(b.resetAt(T0 + HOUR), T0 + 1000 + HOUR, 'then the next oldest');
  });

  test('a server count without a reset time, or without a count, sets no floor', () => {
    const b = budget();
    b.record(T0);
    b.reconcile({ limit: 60, remaining: 5, resetAt: Number.NaN }, T0);
    assert.equal(b.remaining(T0), 59);
    b.reconcile({ limit: 60, remaining: Number.NaN, resetAt: T0 + HOUR }, T0);
    assert.equal(b.remaining(T0), 59);
    b.reconcile({ limit: 60, remaining: Number.POSITIVE_INFINITY, resetAt: T0 + HOUR }, T0);
    assert.equal(b.remaining(T0), 59);
    b.reconcile({ limit: 60, remaining: 5, resetAt: Number.POSITIVE_INFINITY }, T0);
    assert.equal(b.remaining(T0), 59);
  });

  test('a server limit that is not a positive integer is not adopted', () => {
    const b = budget();
    for (const limit of [0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      b.reconcile({ limit, remaining: Number.NaN, resetAt: Number.NaN }, T0);
      assert.equal(b.limit, 60, String(limit));
    }
    b.reconcile({ limit: 1, remaining: Number.NaN, resetAt: Number.NaN }, T0);
    assert.equal(b.limit, 1);
  });

  test('a negative count from the server is none left; its reset is held to a day', () => {
    const b = budget();
    b.reconcile({ limit: 60, remaining: -3, resetAt: T0 + 10 * DAY }, T0);
    assert.equal(b.remaining(T0), 0);
    assert.equal(b.nextSlotAt(T0), T0 + DAY);
    assert.equal(b.resetAt(T0), T0 + DAY);
    assert.equal(b.canSend(T0 + DAY - 1), false);
    assert.equal(b.remaining(T0 + DAY), 60);
  });

  test('a full log and a floor together: the later of the two frees the next slot', () => {
    const longer = budget({ limit: 2 });
    longer.record(T0);
    longer.record(T0 + 1000);
    longer.reconcile({ limit: 2, remaining: 0, resetAt: T0 + 2 * HOUR }, T0 + 1000);
    assert.equal(longer.nextSlotAt(T0 + 2000), T0 + 2 * HOUR, 'the server’s reset is later');
    const shorter = budget({ limit: 2 });
    shorter.record(T0);
    shorter.record(T0 + 1000);
    shorter.reconcile({ limit: 2, remaining: 0, resetAt: T0 + 60_000 }, T0 + 1000);
    assert.equal(shorter.nextSlotAt(T0 + 2000), T0 + HOUR, 'the log’s oldest leaves later');
    assert.equal(shorter.nextSlotAt(T0 + 60_000), T0 + HOUR, 'the floor over, the log still full');
  });

  test('a full log and a floor with requests left: the log alone sets the next slot', () => {
    const b = budget({ limit: 3 });
    b.record(T0);
    b.record(T0);
    const last = b.record(T0);
    b.reconcile({ limit: 3, remaining: 2, resetAt: T0 + 2 * HOUR }, T0 + 10, last);
    assert.equal(b.remaining(T0 + 20), 0);
    assert.equal(b.nextSlotAt(T0 + 20), T0 + HOUR, 'the server still allows requests: not its reset');
  });

  test('behind a shared cache with a block: the block alone sets the next slot', () => {
    const b = budget({ limit: 2 });
    b.share(T0);
    for (let i = 0; i < 5; i++) b.record(T0 + i);
    b.block(T0 + 30_000, T0 + 10);
    assert.equal(b.nextSlotAt(T0 + 20), T0 + 30_000, 'not the full log’s slot, an hour away');
    assert.equal(b.resetAt(T0 + 20), T0 + 30_000);
    assert.equal(b.nextSlotAt(T0 + 30_000), T0 + 30_000);
    assert.equal(b.resetAt(T0 + 30_000), T0 + HOUR, 'then when the oldest send leaves the window');
  });

  test('a block with a time that is not finite blocks nothing; a running block is kept', () => {
    const b = budget();
    b.block(Number.NaN, T0);
    assert.equal(b.canSend(T0), true);
    b.block(Number.POSITIVE_INFINITY, T0);
    assert.equal(b.canSend(T0), true, 'an endless Retry-After is not read as a day');
    b.block(T0 + 60_000, T0);
    b.block(Number.NaN, T0 + 1);
    assert.equal(b.canSend(T0 + 59_999), false);
    assert.equal(b.canSend(T0 + 60_000), true);
  });

  test('the reserve: canSend holds back that many requests, no more', () => {
    const b = budget({ limit: 5 });
    b.record(T0);
    b.record(T0);
    assert.equal(b.canSend(T0, 2), true);
    assert.equal(b.canSend(T0, 3), false);
    assert.equal(b.canSend(T0), true);
  });
});
