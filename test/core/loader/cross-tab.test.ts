/**
 * Sharing between tabs: one request per key across tabs (Web Locks), entries announced on the channel, one budget.
 * On the fake clock and a fake fetch over the reference API that counts calls;
 * expected data is read from the API directly, independently of the loader.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Loaded } from '../../../src/core/loader/loader.js';
import type { ListEnvelope } from '../../../src/core/types.js';
import { isKhountousError } from '../../../src/core/errors.js';
import { defaultLocks, lockWith, type LocksLike } from '../../../src/core/loader/cross-tab.js';
import { createLocks } from '../../helpers/fake-browser.js';
import { BASE_URL, jsonResponse } from '../../helpers/fake-fetch.js';
import { loaderEnv, settleAll, run, slugs } from '../../helpers/loader-env.js';

describe('cross-tab sharing', () => {
  test('two tabs loading one key at the same time send one request (Web Locks + storage)', async () => {
    const env = loaderEnv({ crossTab: true });
    const other = env.tab();
    const results = await settleAll(env, [env.load({ kind: 'regions' }), other.load({ kind: 'regions' })]);
    assert.equal(env.api.count, 1);
    assert.deepEqual(
      results.map((result) => result.status),
      ['fulfilled', 'fulfilled'],
    );
    assert.ok(
      env.locks!.requested.some((name) => name.includes('/regions?')),
      "env.locks!.requested.some((name) => name.includes('/regions?'))",
    );
  });

  test('a fresh entry is announced to the other tabs: their subscribers hear it, with no request', async () => {
    const env = loaderEnv({ crossTab: true });
    const other = env.tab();
    const heard: Loaded<unknown>[] = [];
    other.loader.subscribe({ kind: 'regions' }, BASE_URL, (loaded) => heard.push(loaded));
    await run(env, { kind: 'regions' });
    await env.clock.settle();
    assert.equal(heard.length, 1);
    assert.equal(heard[0]!.stale, false);
    assert.ok(
      other.loader.peek({ kind: 'regions' }, BASE_URL),
      "other.loader.peek({ kind: 'regions' }, BASE_URL)",
    );
    assert.equal(env.api.count, 1);
  });

  test('tabs share the budget', async () => {
    const env = loaderEnv({ crossTab: true });
    const other = env.tab();
    const slugList = await slugs(env, 10);
    for (const slug of slugList) await run(env, { kind: 'administration', slug });
    assert.equal(other.loader.stats(BASE_URL).remaining, 50);
    await run(other, { kind: 'regions' });
    assert.equal(env.loader.stats(BASE_URL).remaining, 49);
  });

  test('a tab opened after another learned the API’s limit reports that limit', async () => {
    const env = loaderEnv({ crossTab: true });
    const regions = await env.api.direct('/regions?lang=fr');
    env.api.intercept(() =>
      jsonResponse(regions, 200, {
        'X-RateLimit-Limit': '30',
        'X-RateLimit-Remaining': '29',
        'X-RateLimit-Reset': String(Math.ceil(env.clock.now() / 1000) + 3600),
      }),
    );
    await settleAll(env, [env.load({ kind: 'regions' })]);
    const stats = env.tab().loader.stats(BASE_URL);
    assert.deepEqual([stats.limit, stats.remaining], [30, 29]);
  });

  test('data another tab announces during a backoff spares the retry', async () => {
    const env = loaderEnv({ crossTab: true });
    const expected = await env.api.direct<ListEnvelope<unknown>>('/regions?lang=fr');
    env.api.intercept(() => jsonResponse({ error: { code: 'internal', message: 'down' } }, 503));
    const outcome = env.load<ListEnvelope<unknown>>({ kind: 'regions' });
    await env.clock.settle();
    const fetchedAt = env.clock.now();
    env.hub!.factory('khountous-v1').postMessage({
      v: 1,
      type: 'entry',
      key: `${BASE_URL}/regions?lang=fr`,
      data: expected,
      fetchedAt,
    });
    await env.clock.advance(10_000);
    const loaded = await outcome;
    assert.equal(env.api.count, 1, 'no retry was sent');
    assert.deepEqual(loaded.data, expected);
    assert.equal(loaded.fetchedAt, fetchedAt);
  });

  test('a request that fails still answers with data another tab announced meanwhile', async () => {
    const env = loaderEnv({ crossTab: true, loader: { maxRetries: 0 } });
    const expected = await env.api.direct<ListEnvelope<unknown>>('/regions?lang=fr');
    env.api.intercept(() => jsonResponse({ error: { code: 'internal', message: 'down' } }, 503));
    const held = env.api.hold();
    const outcome = env.load<ListEnvelope<unknown>>({ kind: 'regions' });
    await env.clock.settle();
    env.hub!.factory('khountous-v1').postMessage({
      v: 1,
      type: 'entry',
      key: `${BASE_URL}/regions?lang=fr`,
      data: expected,
      fetchedAt: env.clock.now(),
    });
    await env.clock.settle();
    held.release();
    await env.clock.settle();
    assert.deepEqual((await outcome).data, expected);
    assert.equal(env.api.count, 1);
  });

  test('Web Locks that refuse to work (an opaque origin) are done without', async () => {
    const env = loaderEnv();
    const refusing = {
      request: () => Promise.reject(new DOMException('Locks are not available here.', 'SecurityError')),
    };
    const tab = env.tab({ locks: refusing });
    const loaded = await run<ListEnvelope<unknown>>(tab, { kind: 'regions' });
    assert.equal(loaded.data.data.length, 14);
    assert.equal(env.api.count, 1);
  });

  test('works without Web Locks and BroadcastChannel (as in Node)', async () => {
    const env = loaderEnv({ crossTab: false });
    const other = env.tab();
    await run(env, { kind: 'regions' });
    await run(other, { kind: 'regions' });
    assert.equal(env.api.count, 1, 'the second tab finds the entry in storage');
  });

  test('an entry another tab announces with a time years ahead is taken as fetched now', async () => {
    const env = loaderEnv({ crossTab: true });
    const expected = await env.api.direct<ListEnvelope<unknown>>('/regions?lang=fr');
    const heard: { stale: boolean; fetchedAt: number }[] = [];
    env.loader.subscribe({ kind: 'regions' }, BASE_URL, (loaded) => heard.push(loaded));
    env.hub!.factory('khountous-v1').postMessage({
      v: 1,
      type: 'entry',
      key: `${BASE_URL}/regions?lang=fr`,
      data: expected,
      fetchedAt: env.clock.now() + 10 * 365 * 24 * 60 * 60_000,
    });
    await env.clock.settle();
    assert.equal(heard.length, 1);
    assert.equal(heard[0]!.fetchedAt, env.clock.now());
  });
});

describe('the cross-tab lock', () => {
  const flush = () => new Promise((resolve) => setImmediate(resolve));

  test('a caller that gives up while another tab holds the lock leaves at once, its task never run', async () => {
    const locks = createLocks();
    const withLock = lockWith(locks, 'test:');
    let release!: () => void;
    const first = withLock(
      'key',
      undefined,
      () => new Promise<string>((resolve) => (release = () => resolve('first'))),
    );
    const controller = new AbortController();
    const ran: string[] = [];
    const second = withLock('key', controller.signal, async () => {
      ran.push('second');
      return 'second';
    });
    await flush();
    controller.abort();
    const outcome = await Promise.race([
      second.catch((error: unknown) => error),
      flush().then(() => 'still waiting'),
    ]);
    assert.ok(isKhountousError(outcome, 'aborted'), String(outcome));
    release();
    assert.equal(await first, 'first');
    await flush();
    assert.deepEqual(ran, [], 'the task did not run, with or without the lock');
    assert.deepEqual(locks.requested, ['test:key', 'test:key']);
  });

  test('an error of the task itself reaches the caller once; the lock is still used after', async () => {
    const locks = createLocks();
    const withLock = lockWith(locks, 'test:');
    let runs = 0;
    const failing = withLock('key', undefined, async () => {
      runs++;
      throw new TypeError('the task failed');
    });
    await assert.rejects(failing, { name: 'TypeError', message: 'the task failed' });
    assert.equal(runs, 1, 'not run again without the lock');
    assert.equal(await withLock('key', undefined, async () => 'next'), 'next');
    assert.deepEqual(locks.requested, ['test:key', 'test:key'], 'the lock is kept for what follows');
  });

  test('navigator.locks is taken when it has a request method, and is used by a loader given no locks', async () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    const setNavigator = (value: unknown) =>
      Object.defineProperty(globalThis, 'navigator', { configurable: true, writable: true, value });
    try {
      setNavigator(undefined);
      assert.equal(defaultLocks(), undefined, 'no navigator');
      setNavigator({});
      assert.equal(defaultLocks(), undefined, 'no navigator.locks');
      setNavigator({ locks: { request: 'not a function' } });
      assert.equal(defaultLocks(), undefined, 'a locks object without request');

      const locks = createLocks();
      setNavigator({ locks });
      const found = defaultLocks() as LocksLike;
      assert.equal(await found.request('name', {}, async () => 'done'), 'done');
      assert.deepEqual(locks.requested, ['name']);

      const env = loaderEnv();
      const tab = env.tab({ locks: undefined });
      await run(tab, { kind: 'regions' });
      assert.ok(locks.requested.length > 1, 'the loader took the lock of its key');
    } finally {
      if (original) Object.defineProperty(globalThis, 'navigator', original);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
  });
});
