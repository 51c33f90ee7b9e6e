/**
 * The cache of queries (one per cache key) stays bounded: idle queries
 * (no flight, subscriber, recovery, near-viewport wait, nor quiet period
 * still running) are dropped when a new query finds the cache large. A
 * query's flight is cancelled when the last caller waiting on it leaves.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describe as describeResource } from '../../../src/core/endpoints.js';
import { Queries } from '../../../src/core/loader/queries.js';
import type { Flight, Query } from '../../../src/core/loader/query.js';
import { isKhountousError } from '../../../src/core/errors.js';

const target = (slug: string) => describeResource({ kind: 'administration', slug }, 'https://api.test/v1');

/** A cache of queries on the clock `now`, with nothing of the page (storage, channel, locks, viewport). */
const createQueries = (now: () => number) =>
  new Queries(
    {
      now,
      storage: null,
      broadcastChannel: null,
      locks: null,
      intersectionObserver: null,
      fetch: () => Promise.reject(new Error('no network')),
    },
    () => {},
  );

describe('the cache of queries', () => {
  test('one query per key, found again', () => {
    const queries = createQueries(() => 0);
    const query = queries.of(target('a'));
    assert.equal(queries.of(target('a')), query);
    assert.equal(queries.find(target('a').key), query);
    assert.notEqual(queries.of(target('b')), query);
  });

  test('idle queries are dropped when the cache grows; busy ones and running quiet periods stay', () => {
    let now = 0;
    const queries = createQueries(() => now);
    const subscribed = queries.of(target('subscribed'));
    subscribed.subscribers.add({ target: subscribed.target, listener: () => {}, partial: false });
    queries.of(target('quiet')).quietUntil = 10_000;
    for (let i = 0; i < 31; i++) queries.of(target(`failed-${i}`)).quietUntil = 1_000;
    // The cache reached 33: nothing was idle (every quiet period runs), so all stay.
    assert.equal([...queries.all()].length, 33);
    now = 2_000; // the quiet periods of the failed revalidations ended
    for (let i = 0; i < 40; i++) queries.of(target(`later-${i}`));
    const keys = [...queries.all()].map((query) => query.target.key);
    assert.ok(keys.length < 40, `${keys.length} queries kept`);
    assert.ok(queries.find(subscribed.target.key), 'an query with a subscriber stays');
    assert.ok(queries.find(target('quiet').key), 'a running quiet period stays');
    assert.ok(!keys.some((key) => key.includes('failed-')), 'ended quiet periods went');
  });

  /** Makes `query` with `setup`, then enough idle queries for a pruning; true when `query` is still there. */
  const keptThroughPruning = (setup: (query: Query) => void): boolean => {
    const now = 5_000;
    const queries = createQueries(() => now);
    const kept = queries.of(target('kept'));
    setup(kept);
    for (let i = 0; i < 32; i++) queries.of(target(`idle-${i}`));
    assert.ok(!queries.find(target('idle-0').key), 'a pruning ran');
    return queries.find(kept.target.key) === kept;
  };

  test('an query with a request, a recovery, a near wait or a remembered not-found is kept', () => {
    const flight = { controller: new AbortController(), promise: new Promise<never>(() => {}), waiters: 1 };
    assert.ok(keptThroughPruning((query) => (query.flight = { ...flight, settled: false })));
    assert.ok(
      keptThroughPruning(
        (query) => (query.recovery = { failures: 1, kind: 'server', timer: 1, spend: false }),
      ),
    );
    assert.ok(keptThroughPruning((query) => query.nearWaits.add(new AbortController())));
    assert.ok(keptThroughPruning((query) => (query.missing = { error: new Error('gone'), until: 5_001 })));
  });

  test('a not-found or a quiet period that ends at this very moment no longer keeps its query', () => {
    assert.ok(!keptThroughPruning((query) => (query.missing = { error: new Error('gone'), until: 5_000 })));
    assert.ok(!keptThroughPruning((query) => (query.missing = { error: new Error('gone'), until: 4_000 })));
    assert.ok(!keptThroughPruning((query) => (query.quietUntil = 5_000)));
    assert.ok(!keptThroughPruning(() => {}));
  });

  test('after a pruning, the next waits until the cache doubles, and for at least 32 queries', () => {
    const busy = createQueries(() => 0);
    for (let i = 0; i < 40; i++) {
      const query = busy.of(target(`shown-${i}`));
      query.subscribers.add({ target: query.target, listener: () => {}, partial: false });
    }
    // 40 queries in use: the next pruning comes at 80, so new idle queries stay until then.
    busy.of(target('a'));
    busy.of(target('b'));
    assert.ok(busy.find(target('a').key), 'no pruning at 41 queries');
    for (let i = 0; i < 40; i++) busy.of(target(`more-${i}`));
    assert.ok(!busy.find(target('a').key), 'pruned once 80 were reached');

    const idle = createQueries(() => 0);
    for (let i = 0; i < 33; i++) idle.of(target(`first-${i}`)); // the 33rd pruned the 32 idle ones
    assert.equal([...idle.all()].length, 1);
    for (let i = 0; i < 10; i++) idle.of(target(`second-${i}`));
    assert.equal([...idle.all()].length, 11, 'an emptied cache grows back to 32 before the next pruning');
    for (let i = 0; i < 40; i++) idle.of(target(`third-${i}`));
    assert.ok([...idle.all()].length < 40, 'and is pruned again there');
  });
});

describe("a query's flight", () => {
  /** A query of its own whose flight is `shared`, a request that ends when the test says. */
  const flying = (): { query: Query; shared: Flight; resolve: (value: never) => void } => {
    let resolve!: (value: never) => void;
    const promise = new Promise<never>((done) => (resolve = done));
    const query = createQueries(() => 0).of(target('flying'));
    const shared: Flight = { controller: new AbortController(), promise, waiters: 0, settled: false };
    query.flight = shared;
    return { query, shared, resolve };
  };

  test('the last caller to leave cancels the request; one who stays keeps it', async () => {
    const { query, shared } = flying();
    const a = new AbortController();
    const b = new AbortController();
    const first = query.join(a.signal);
    const second = query.join(b.signal);
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
    const { query, shared } = flying();
    const caller = new AbortController();
    const waiting = query.join(caller.signal);
    caller.abort();
    await assert.rejects(waiting, (error) => isKhountousError(error, 'aborted'));
    const reason: unknown = shared.controller.signal.reason;
    assert.ok(isKhountousError(reason, 'aborted'));
  });

  test('a caller that waits to the end gets the query and leaves the count balanced', async () => {
    const { query, shared, resolve } = flying();
    const waiting = query.join();
    resolve({ data: 1 } as never);
    assert.deepEqual(await waiting, { data: 1 });
    assert.equal(shared.waiters, 0);
    assert.equal(shared.controller.signal.aborted, false);
  });
});
