/**
 * The facade: stats and the khountous-quota event, parameter checks, the page-wide singleton.
 * On the fake clock and a fake fetch over the reference API that counts calls;
 * expected data is read from the API directly, independently of the loader.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isKhountousError } from '../../../src/core/errors.js';
import {
  createLoader,
  getLoader,
  type KhountousLoader,
  type Resource,
} from '../../../src/core/loader/loader.js';
import { createFakeClock } from '../../helpers/fake-clock.js';
import {
  createFakeViewport,
  createMemoryStorage,
  fakeElement,
  withGlobals,
} from '../../helpers/fake-browser.js';
import { BASE_URL, createFakeFetch, jsonResponse } from '../../helpers/fake-fetch.js';
import { loaderEnv, settleAll, run, ranking } from '../../helpers/loader-env.js';

describe('observability', () => {
  test('stats count requests, hits, misses, dedupes and coalescing, and khountous-quota carries them', async () => {
    const env = loaderEnv();
    await settleAll(env, [
      env.load(ranking({ limit: 5 })),
      env.load(ranking({ limit: 10 })),
      env.load({ kind: 'regions' }),
      env.load({ kind: 'regions' }),
    ]);
    await run(env, { kind: 'regions' });
    await env.clock.settle();
    const stats = env.loader.stats(BASE_URL);
    assert.deepEqual(
      { ...stats, resetAt: undefined },
      {
        limit: 60,
        remaining: 58,
        resetAt: undefined,
        requests: 2,
        cacheHits: 1,
        cacheMisses: 4,
        coalesced: 1,
        deduped: 1,
        errors: 0,
        shared: false,
      },
    );
    assert.equal(stats.resetAt, env.clock.now() + 3_600_000);
    assert.ok(env.events.length > 0, 'env.events.length > 0');
    assert.deepEqual(env.events.at(-1), stats);
  });
});

describe('parameters', () => {
  test('an invalid resource is rejected before any request', async () => {
    const env = loaderEnv();
    const bad: Resource[] = [
      ranking({ limit: 101 }),
      ranking({ limit: 0 }),
      ranking({ page: 1.5 }),
      ranking({ region: 'paris' }),
      { kind: 'administration', slug: '../etc' },
      { kind: 'regions', lang: 'de' as 'fr' },
      { kind: 'dataset', id: 'UPPER' },
      { kind: 'reports', query: { period: '2026-13' } },
    ];
    for (const resource of bad) {
      const error = await env.load(resource).catch((e: unknown) => e);
      assert.ok(isKhountousError(error, 'invalid-parameter'), JSON.stringify(resource));
    }
    const error = await env.loader
      .load({ kind: 'regions' }, { baseUrl: 'javascript:alert(1)' })
      .catch((e: unknown) => e);
    assert.ok(isKhountousError(error, 'invalid-parameter'), "isKhountousError(error, 'invalid-parameter')");
    assert.equal(env.api.count, 0);
  });
});

describe('the page-wide singleton', () => {
  const key = Symbol.for('khountous.loader.v1');
  const holder = globalThis as unknown as Record<symbol, unknown>;

  test('getLoader returns one loader kept under Symbol.for("khountous.loader.v1")', () => {
    delete holder[key];
    try {
      const loader = getLoader();
      assert.equal(getLoader(), loader);
      assert.equal(holder[key], loader);
      assert.equal(loader.version, 1);
    } finally {
      delete holder[key];
    }
  });

  test('a second copy of the kit finds and uses the first copy’s loader', () => {
    const first = createLoader({
      storage: null,
      broadcastChannel: null,
      locks: null,
      intersectionObserver: null,
    });
    holder[key] = first;
    try {
      assert.equal(getLoader(), first as KhountousLoader);
      holder[key] = { version: 0, load: () => undefined };
      assert.notEqual(getLoader(), first, 'an incompatible version is not used');
    } finally {
      delete holder[key];
    }
  });

  test('only an object with version 1 and a load method is taken for a loader', () => {
    const before = holder[key];
    try {
      const impostor = Object.assign(() => undefined, { version: 1, load: () => undefined });
      holder[key] = impostor;
      assert.notEqual(getLoader(), impostor, 'a function is not a loader');
      holder[key] = { version: 1, load: 'not a method' };
      const made = getLoader();
      assert.equal(typeof made.load, 'function');
      assert.equal(getLoader(), made);
    } finally {
      if (before === undefined) delete holder[key];
      else holder[key] = before;
    }
  });

  test('the page-wide loader can be replaced by the page', () => {
    const before = holder[key];
    try {
      delete holder[key];
      const first = getLoader();
      const replacement = createLoader({
        storage: null,
        broadcastChannel: null,
        locks: null,
        intersectionObserver: null,
      });
      holder[key] = replacement;
      assert.equal(getLoader(), replacement);
      assert.notEqual(getLoader(), first);
    } finally {
      if (before === undefined) delete holder[key];
      else holder[key] = before;
    }
  });
});

describe('a resource that is not valid, given to the loader’s other calls', () => {
  const BAD = { kind: 'administration', slug: 'Not A Slug' } as unknown as Resource;

  test('peek finds nothing, subscribe gives an unsubscribe that does nothing, seed says why', async () => {
    const env = loaderEnv();
    await run(env, { kind: 'regions' });
    assert.equal(env.loader.peek(BAD, BASE_URL), undefined);
    assert.equal(
      env.loader.peek({ kind: 'regions' }, 'javascript:alert(1)'),
      undefined,
      'a base URL refused',
    );
    const heard: unknown[] = [];
    const unsubscribe = env.loader.subscribe(BAD, BASE_URL, (loaded) => heard.push(loaded));
    assert.equal(typeof unsubscribe, 'function');
    unsubscribe();
    await run(env, { kind: 'regions' });
    assert.deepEqual(heard, []);
    const reason = env.loader.seed(BAD, BASE_URL, { path: '/x', fetchedAt: env.clock.now(), data: {} });
    assert.match(String(reason), /slug/);
    assert.equal(env.api.count, 1, 'none of them sent a request');
  });

  test('a subscriber whose listener throws does not keep the others from hearing', async () => {
    const env = loaderEnv();
    // What a listener throws is thrown again in a microtask (the page's console shows it): caught here.
    const thrown: unknown[] = [];
    const original = globalThis.queueMicrotask;
    globalThis.queueMicrotask = (callback) =>
      original(() => {
        try {
          callback();
        } catch (error) {
          thrown.push(error);
        }
      });
    try {
      const heard: string[] = [];
      env.loader.subscribe({ kind: 'regions' }, BASE_URL, () => {
        heard.push('first');
        throw new Error('a listener’s bug');
      });
      env.loader.subscribe({ kind: 'regions' }, BASE_URL, () => heard.push('second'));
      await run(env, { kind: 'regions' });
      await env.clock.settle();
      assert.deepEqual(heard, ['first', 'second']);
      assert.deepEqual(
        thrown.map((error) => (error as Error).message),
        ['a listener’s bug'],
        'thrown again, not lost',
      );
    } finally {
      globalThis.queueMicrotask = original;
    }
  });
});

describe('what a loader takes from the page when it is given nothing else', () => {
  test('the page’s timers: a later failure moves the planned attempt, the earlier timer is cleared', async () => {
    const clock = createFakeClock();
    await withGlobals({ setTimeout: clock.setTimeout, clearTimeout: clock.clearTimeout }, async () => {
      const env = loaderEnv({
        clock,
        loader: { setTimeout: undefined, clearTimeout: undefined, maxRetries: 0 },
      });
      env.loader.subscribe({ kind: 'regions' }, BASE_URL, () => {});
      env.api.intercept(() => jsonResponse({ error: { code: 'internal', message: 'down' } }, 503));
      const load = async () => {
        const outcome = env.load({ kind: 'regions' }).catch((error: unknown) => error);
        await clock.settle();
        assert.ok(isKhountousError(await outcome, 'server'));
      };
      await load(); // the attempt is planned 30 s later
      assert.equal(env.api.count, 1);
      await clock.advance(10_000);
      await load(); // a second failure: 2 minutes from now
      await clock.advance(60_000);
      assert.equal(env.api.count, 2, 'nothing at 30 s');
      await clock.advance(70_000);
      assert.equal(env.api.count, 3, 'the attempt 2 minutes after the second failure');
    });
  });

  test('storage: null keeps nothing in the page’s localStorage', async () => {
    const local = createMemoryStorage();
    await withGlobals({ localStorage: local }, async () => {
      const clock = createFakeClock();
      const api = createFakeFetch({ now: clock.now });
      const loader = createLoader({
        fetch: api.fetch,
        now: clock.now,
        setTimeout: clock.setTimeout,
        clearTimeout: clock.clearTimeout,
        storage: null,
        locks: null,
        broadcastChannel: null,
        intersectionObserver: null,
      });
      const loaded = loader.load({ kind: 'regions' }, { baseUrl: BASE_URL });
      await clock.settle();
      await loaded;
      assert.equal(api.count, 1);
      assert.equal(local.length, 0);
    });
  });

  test('the page’s IntersectionObserver: an off-screen widget waits for it', async () => {
    const viewport = createFakeViewport();
    await withGlobals({ IntersectionObserver: viewport.Observer }, async () => {
      const env = loaderEnv();
      const tab = env.tab({ intersectionObserver: undefined });
      const element = fakeElement();
      const waiting = tab.load({ kind: 'regions' }, { element });
      await env.clock.settle();
      assert.equal(env.api.count, 0);
      assert.deepEqual(viewport.observed(), [element]);
      viewport.show(element);
      await env.clock.settle();
      await waiting;
      assert.equal(env.api.count, 1);
    });
  });

  test('khountous-quota is a CustomEvent, or an Event with the same detail where there is none', async () => {
    const env = loaderEnv();
    const seen: Event[] = [];
    env.loader.addEventListener('khountous-quota', (event) => seen.push(event));
    await run(env, { kind: 'regions' });
    assert.ok(seen.at(-1) instanceof CustomEvent);
    await withGlobals({ CustomEvent: undefined }, async () => {
      await run(env, { kind: 'regions', lang: 'en' });
    });
    const last = seen.at(-1)!;
    assert.ok(!(last instanceof CustomEvent), 'an Event');
    assert.equal(last.type, 'khountous-quota');
    assert.equal((last as CustomEvent).detail.requests, 2);
  });
});
