/**
 * The loader's recovery after a failure, on the fake clock: when the attempt
 * comes, that it is one request, that it waits for the budget and keeps the
 * reserve, that `online` brings it forward for network failures, and that a
 * permanent outage does not turn into a retry storm.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isKhountousError } from '../../src/core/errors.js';
import type { Loaded, Resource } from '../../src/core/loader/loader.js';
import { FRESHNESS_MINUTES } from '../../src/core/loader/options.js';
import { BASE_URL, jsonResponse } from '../helpers/fake-fetch.js';
import { loaderEnv, type LoaderEnv } from '../helpers/loader-env.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const serverError = () => jsonResponse({ error: { code: 'internal', message: 'down' } }, 500);
const regions: Resource = { kind: 'regions' };

/** Subscribes like a widget does, then loads; returns what the subscriber heard. */
function watchAndLoad(env: LoaderEnv, resource: Resource) {
  const heard: Loaded<unknown>[] = [];
  const unsubscribe = env.loader.subscribe(resource, BASE_URL, (loaded) => heard.push(loaded));
  const outcome = env.load(resource).then(
    (loaded) => loaded as Loaded<unknown>,
    (error: unknown) => error,
  );
  return { heard, outcome, unsubscribe };
}

describe('recovery after a failure', () => {
  test('a 5xx a widget waits for: 3 requests, then one attempt after 30 s, 2 min, 8 min, then once per freshness time', async () => {
    const env = loaderEnv({ loader: { retryDelay: 1000 } });
    const remove = env.api.intercept(serverError);
    const { heard, outcome } = watchAndLoad(env, regions);
    await env.clock.advance(2250); // attempts at 0, 750 and 2250 ms (random 0.5)
    assert.ok(isKhountousError(await outcome, 'server'));
    assert.equal(env.api.count, 3);
    await env.clock.advance(30 * SECOND - 1);
    assert.equal(env.api.count, 3, 'nothing before 30 s');
    await env.clock.advance(1);
    assert.equal(env.api.count, 4, 'one attempt at 30 s, without retries');
    await env.clock.advance(2 * MINUTE);
    assert.equal(env.api.count, 5);
    await env.clock.advance(8 * MINUTE);
    assert.equal(env.api.count, 6);
    await env.clock.advance(30 * MINUTE - 1);
    assert.equal(env.api.count, 6, 'capped at the freshness time of regions (30 min)');
    await env.clock.advance(1);
    assert.equal(env.api.count, 7);
    assert.equal(heard.length, 0);
    remove();
    await env.clock.advance(FRESHNESS_MINUTES.regions * MINUTE);
    assert.equal(env.api.count, 8);
    assert.equal(heard.length, 1, 'the subscriber hears the data');
    assert.equal(heard[0]!.stale, false);
    await env.clock.advance(3 * 60 * MINUTE);
    assert.equal(env.api.count, 8, 'nothing more once recovered');
  });

  test('no subscriber, no automatic attempt', async () => {
    const env = loaderEnv();
    env.api.intercept(serverError);
    const outcome = env.load(regions).catch((error: unknown) => error);
    await env.clock.advance(60 * MINUTE);
    assert.ok(isKhountousError(await outcome, 'server'));
    assert.equal(env.api.count, 3);
  });

  test('an unsubscribed widget stops the recovery', async () => {
    const env = loaderEnv();
    env.api.intercept(serverError);
    const { outcome, unsubscribe } = watchAndLoad(env, regions);
    await env.clock.advance(10 * SECOND);
    await outcome;
    unsubscribe();
    await env.clock.advance(60 * MINUTE);
    assert.equal(env.api.count, 3);
  });

  test('a 404 is not tried again by itself', async () => {
    const env = loaderEnv();
    const { outcome } = watchAndLoad(env, { kind: 'report', slug: 'no-such-report' });
    await env.clock.advance(60 * MINUTE);
    assert.ok(isKhountousError(await outcome, 'not-found'));
    assert.equal(env.api.count, 1);
  });

  test('an invalid response is not retried at once, but tried again after 30 s', async () => {
    const env = loaderEnv();
    const remove = env.api.intercept(
      () => new Response('{"data": [', { headers: { 'Content-Type': 'application/json' } }),
    );
    const { heard, outcome } = watchAndLoad(env, regions);
    await env.clock.advance(10 * SECOND);
    assert.ok(isKhountousError(await outcome, 'invalid-response'));
    assert.equal(env.api.count, 1);
    remove();
    await env.clock.advance(20 * SECOND);
    assert.equal(env.api.count, 2);
    assert.equal(heard.length, 1);
  });

  test('stale data on screen: the failed revalidation is tried again one freshness period later', async () => {
    const env = loaderEnv({ loader: { retryDelay: 1000 } });
    const { heard, outcome } = watchAndLoad(env, regions);
    await env.clock.settle();
    await outcome;
    assert.equal(env.api.count, 1);
    await env.clock.advance(31 * MINUTE);
    const remove = env.api.intercept(serverError);
    const stale = env.load(regions);
    await env.clock.advance(10 * SECOND);
    assert.equal((await stale).stale, true, 'the stale data is served');
    assert.equal(env.api.count, 4, 'one revalidation with its two retries');
    remove();
    await env.clock.advance(30 * MINUTE - 11 * SECOND);
    assert.equal(env.api.count, 4, 'not before one freshness period');
    await env.clock.advance(10 * SECOND);
    assert.equal(env.api.count, 5);
    assert.equal(heard.at(-1)?.stale, false, 'the subscriber hears fresh data');
  });

  test('a 429 with Retry-After: one attempt at the reset, not before', async () => {
    const env = loaderEnv();
    const remove = env.api.intercept(() =>
      jsonResponse({ error: { code: 'rate_limited', message: 'slow down' } }, 429, {
        'Retry-After': '120',
      }),
    );
    const { heard, outcome } = watchAndLoad(env, regions);
    await env.clock.settle();
    assert.ok(isKhountousError(await outcome, 'quota'));
    remove();
    await env.clock.advance(120 * SECOND - 1);
    assert.equal(env.api.count, 1);
    await env.clock.advance(1);
    assert.equal(env.api.count, 2);
    assert.equal(heard.length, 1);
  });

  test('a 429 that says nothing of its reset: one attempt 5 minutes later', async () => {
    const env = loaderEnv();
    const remove = env.api.intercept(() =>
      jsonResponse({ error: { code: 'rate_limited', message: 'slow down' } }, 429),
    );
    const { heard, outcome } = watchAndLoad(env, regions);
    await env.clock.settle();
    assert.ok(isKhountousError(await outcome, 'quota'));
    remove();
    await env.clock.advance(5 * MINUTE - 1);
    assert.equal(env.api.count, 1);
    await env.clock.advance(1);
    assert.equal(env.api.count, 2);
    assert.equal(heard.length, 1);
  });

  test('network failures are tried again at once on `online`, and the listener goes away after', async () => {
    const target = new EventTarget();
    let listeners = 0;
    const saved = {
      addEventListener: (globalThis as Record<string, unknown>)['addEventListener'],
      removeEventListener: (globalThis as Record<string, unknown>)['removeEventListener'],
    };
    Object.assign(globalThis, {
      addEventListener: (type: string, listener: EventListener) => {
        if (type === 'online') listeners++;
        target.addEventListener(type, listener);
      },
      removeEventListener: (type: string, listener: EventListener) => {
        if (type === 'online') listeners--;
        target.removeEventListener(type, listener);
      },
    });
    try {
      const env = loaderEnv();
      const remove = env.api.intercept(() => {
        throw new TypeError('Failed to fetch');
      });
      assert.equal(listeners, 0, 'nothing listened to before a network failure');
      const { heard, outcome } = watchAndLoad(env, regions);
      await env.clock.advance(10 * SECOND);
      assert.ok(isKhountousError(await outcome, 'network'));
      assert.equal(env.api.count, 3);
      assert.equal(listeners, 1);
      remove();
      target.dispatchEvent(new Event('online'));
      await env.clock.settle();
      assert.equal(env.api.count, 4, 'one attempt at once');
      assert.equal(heard.length, 1);
      assert.equal(listeners, 0, 'no listener left');
      target.dispatchEvent(new Event('online'));
      await env.clock.advance(60 * MINUTE);
      assert.equal(env.api.count, 4);
    } finally {
      Object.assign(globalThis, saved);
    }
  });

  test('`online` brings forward the attempts after network failures only, not after a 5xx', async () => {
    const target = new EventTarget();
    const saved = {
      addEventListener: (globalThis as Record<string, unknown>)['addEventListener'],
      removeEventListener: (globalThis as Record<string, unknown>)['removeEventListener'],
    };
    Object.assign(globalThis, {
      addEventListener: (type: string, listener: EventListener) => target.addEventListener(type, listener),
      removeEventListener: (type: string, listener: EventListener) =>
        target.removeEventListener(type, listener),
    });
    try {
      const env = loaderEnv();
      const asked: string[] = [];
      const remove = env.api.intercept((request) => {
        const path = request.url.pathname;
        asked.push(path);
        if (path.endsWith('/regions')) throw new TypeError('Failed to fetch');
        return serverError();
      });
      const offline = watchAndLoad(env, regions);
      const down = watchAndLoad(env, { kind: 'verifications' });
      await env.clock.advance(10 * SECOND);
      assert.ok(isKhountousError(await offline.outcome, 'network'));
      assert.ok(isKhountousError(await down.outcome, 'server'));
      const before = asked.length;
      remove();
      target.dispatchEvent(new Event('online'));
      await env.clock.settle();
      assert.equal(env.api.count, before + 1, 'one attempt at once: the network failure');
      assert.equal(offline.heard.length, 1);
      assert.equal(down.heard.length, 0, 'the 5xx waits for its planned attempt');
    } finally {
      Object.assign(globalThis, saved);
    }
  });

  test('automatic attempts never spend the reserve: they wait until the budget grows', async () => {
    // 13 requests per hour, 10 kept: the 3 failed attempts leave exactly the reserve.
    const env = loaderEnv({ loader: { quotaLimit: 13, retryDelay: 1000 } });
    const remove = env.api.intercept(serverError);
    const { heard, outcome } = watchAndLoad(env, regions);
    await env.clock.advance(10 * SECOND);
    await outcome;
    assert.equal(env.api.count, 3);
    remove();
    await env.clock.advance(59 * MINUTE);
    assert.equal(env.api.count, 3, 'the reserve is kept for loads the reader asks for');
    await env.clock.advance(2 * MINUTE);
    assert.equal(env.api.count, 4, 'once the first request left the window');
    assert.equal(heard.length, 1);
  });

  test('one resource shown by five widgets: one attempt, not five', async () => {
    const env = loaderEnv();
    const remove = env.api.intercept(serverError);
    const widgets = Array.from({ length: 5 }, () => watchAndLoad(env, regions));
    await env.clock.advance(10 * SECOND);
    for (const widget of widgets) assert.ok(isKhountousError(await widget.outcome, 'server'));
    assert.equal(env.api.count, 3);
    remove();
    await env.clock.advance(30 * SECOND);
    assert.equal(env.api.count, 4);
    for (const widget of widgets) assert.equal(widget.heard.length, 1);
  });

  test('a permanent outage over three hours: bounded requests per resource, the reserve kept, no 429', async () => {
    const env = loaderEnv({ loader: { retryDelay: 1000 } });
    const sentAt: number[] = [];
    env.api.intercept(() => {
      sentAt.push(env.clock.now());
      return serverError();
    });
    const resources: Resource[] = [
      { kind: 'administrations', query: { limit: 10 } },
      { kind: 'reports', query: { limit: 10 } },
      { kind: 'verifications', query: { limit: 10 } },
      { kind: 'regions' },
      { kind: 'dataset', id: 'regional-indicators' },
      { kind: 'report', slug: 'some-report' },
      { kind: 'administration', slug: 'some-administration' },
    ];
    for (const resource of resources) watchAndLoad(env, resource);
    await env.clock.advance(180 * MINUTE);
    // Any rolling hour: the 21 attempts of the first loads, and automatic attempts
    // only while more than the reserve (10) remain: at most 50 in all.
    const busiest = Math.max(
      ...sentAt.map((start) => sentAt.filter((at) => at >= start && at < start + 60 * MINUTE).length),
    );
    assert.ok(busiest <= 50, `${busiest} requests within an hour`);
    assert.ok(env.loader.stats(BASE_URL).remaining >= 10, 'the reserve is still there');
    // Per resource: 3 for the load, then 30 s, 2 min, 8 min, then one per freshness time.
    const byPath = new Map<string, number>();
    for (const call of env.api.calls) byPath.set(call.url.pathname, (byPath.get(call.url.pathname) ?? 0) + 1);
    for (const [path, sent] of byPath) {
      const kind = (
        [
          ['/v1/administrations/', 'administration'],
          ['/v1/administrations', 'administrations'],
          ['/v1/khountous/', 'report'],
          ['/v1/khountous', 'reports'],
          ['/v1/verifications', 'verifications'],
          ['/v1/regions', 'regions'],
          ['/v1/datasets/', 'dataset'],
        ] as const
      ).find(([prefix]) => path.startsWith(prefix))![1];
      const bound = 3 + 3 + Math.ceil(180 / FRESHNESS_MINUTES[kind]);
      assert.ok(sent <= bound, `${path}: ${sent} requests in 3 hours (bound ${bound})`);
    }
    assert.ok(!env.api.statuses.includes(429));
  });
});
