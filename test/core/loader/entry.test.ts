/**
 * The registry of entries (one per cache key) stays bounded: idle entries
 * (no flight, subscriber, recovery, near-viewport wait, nor quiet period
 * still running) are dropped when a new entry finds the registry large.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describe as describeResource } from '../../../src/core/endpoints.js';
import { createEntries, join, type Entry, type Flight } from '../../../src/core/loader/entry.js';
import { isKhountousError } from '../../../src/core/errors.js';

const target = (slug: string) => describeResource({ kind: 'administration', slug }, 'https://api.test/v1');

describe('the entry registry', () => {
  test('one entry per key, found again', () => {
    const entries = createEntries(() => 0);
    const entry = entries.of(target('a'));
    assert.equal(entries.of(target('a')), entry);
    assert.equal(entries.find(target('a').key), entry);
    assert.notEqual(entries.of(target('b')), entry);
  });

  test('idle entries are dropped when the registry grows; busy ones and running quiet periods stay', () => {
    let now = 0;
    const entries = createEntries(() => now);
    const subscribed = entries.of(target('subscribed'));
    subscribed.subscribers.add({ target: subscribed.target, listener: () => {}, partial: false });
    entries.of(target('quiet')).quietUntil = 10_000;
    for (let i = 0; i < 31; i++) entries.of(target(`failed-${i}`)).quietUntil = 1_000;
    // The registry reached 33: nothing was idle (every quiet period runs), so all stay.
    assert.equal([...entries.all()].length, 33);
    now = 2_000; // the quiet periods of the failed revalidations ended
    for (let i = 0; i < 40; i++) entries.of(target(`later-${i}`));
    const keys = [...entries.all()].map((entry) => entry.target.key);
    assert.ok(keys.length < 40, `${keys.length} entries kept`);
    assert.ok(entries.find(subscribed.target.key), 'an entry with a subscriber stays');
    assert.ok(entries.find(target('quiet').key), 'a running quiet period stays');
    assert.ok(!keys.some((key) => key.includes('failed-')), 'ended quiet periods went');
  });

  /** Makes `entry` with `setup`, then enough idle entries for a pruning; true when `entry` is still there. */
  const keptThroughPruning = (setup: (entry: Entry) => void): boolean => {
    const now = 5_000;
    const entries = createEntries(() => now);
    const kept = entries.of(target('kept'));
    setup(kept);
    for (let i = 0; i < 32; i++) entries.of(target(`idle-${i}`));
    assert.ok(!entries.find(target('idle-0').key), 'a pruning ran');
    return entries.find(kept.target.key) === kept;
  };

  test('an entry with a request, a recovery, a near wait or a remembered not-found is kept', () => {
    const flight = { controller: new AbortController(), promise: new Promise<never>(() => {}), waiters: 1 };
    assert.ok(keptThroughPruning((entry) => (entry.flight = { ...flight, settled: false })));
    assert.ok(
      keptThroughPruning(
        (entry) => (entry.recovery = { failures: 1, kind: 'server', timer: 1, spend: false }),
      ),
    );
    assert.ok(keptThroughPruning((entry) => entry.nearWaits.add(new AbortController())));
    assert.ok(keptThroughPruning((entry) => (entry.missing = { error: new Error('gone'), until: 5_001 })));
  });

  test('a not-found or a quiet period that ends at this very moment no longer keeps its entry', () => {
    assert.ok(!keptThroughPruning((entry) => (entry.missing = { error: new Error('gone'), until: 5_000 })));
    assert.ok(!keptThroughPruning((entry) => (entry.missing = { error: new Error('gone'), until: 4_000 })));
    assert.ok(!keptThroughPruning((entry) => (entry.quietUntil = 5_000)));
    assert.ok(!keptThroughPruning(() => {}));
  });

  test('after a pruning, the next waits until the registry doubles, and for at least 32 entries', () => {
    const busy = createEntries(() => 0);
    for (let i = 0; i < 40; i++) {
      const entry = busy.of(target(`shown-${i}`));
      entry.subscribers.add({ target: entry.target, listener: () => {}, partial: false });
    }
    // 40 entries in use: the next pruning comes at 80, so new idle entries stay until then.
    busy.of(target('a'));
    busy.of(target('b'));
    assert.ok(busy.find(target('a').key), 'no pruning at 41 entries');
    for (let i = 0; i < 40; i++) busy.of(target(`more-${i}`));
    assert.ok(!busy.find(target('a').key), 'pruned once 80 were reached');

    const idle = createEntries(() => 0);
    for (let i = 0; i < 33; i++) idle.of(target(`first-${i}`)); // the 33rd pruned the 32 idle ones
    assert.equal([...idle.all()].length, 1);
    for (let i = 0; i < 10; i++) idle.of(target(`second-${i}`));
    assert.equal([...idle.all()].length, 11, 'an emptied registry grows back to 32 before the next pruning');
    for (let i = 0; i < 40; i++) idle.of(target(`third-${i}`));
    assert.ok([...idle.all()].length < 40, 'and is pruned again there');
  });
});

describe('join', () => {
  const flight = (): Flight & { resolve: (value: never) => void } => {
    let resolve!: (value: never) => void;
    const promise = new Promise<never>((done) => (resolve = done));
    return { controller: new AbortController(), promise, waiters: 0, settled: false, resolve };
  };

  test('the last caller to leave cancels the request; one who stays keeps it', async () => {
    const shared = flight();
    const a = new AbortController();
    const b = new AbortController();
    const first = join(shared, a.signal);
    const second = join(shared, b.signal);
    assert.equal(shared.waiters, 2);
    a.abort();
    await assert.rejects(first, (error) => isKhountousError(error, 'aborted'));
    assert.equal(shared.controller.signal.aborted, false);
    b.abort();
    await assert.rejects(second, (error) => isKhountousError(error, 'aborted'));
    assert.equal(shared.controller.signal.aborted, true);
    assert.equal(shared.waiters, 0);
  });

  test('the request the last caller left is cancelled, with an aborted error as its reason', async () => {
    const shared = flight();
    const caller = new AbortController();
    const waiting = join(shared, caller.signal);
    caller.abort();
    await assert.rejects(waiting, (error) => isKhountousError(error, 'aborted'));
    const reason: unknown = shared.controller.signal.reason;
    assert.ok(isKhountousError(reason, 'aborted'));
  });

  test('a caller that waits to the end gets the entry and leaves the count balanced', async () => {
    const shared = flight();
    const waiting = join(shared);
    shared.resolve({ data: 1 } as never);
    assert.deepEqual(await waiting, { data: 1 });
    assert.equal(shared.waiters, 0);
    assert.equal(shared.controller.signal.aborted, false);
  });
});
