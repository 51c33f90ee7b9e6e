/**
 * The loader's rules, each with the fake clock and a fake fetch (on the
 * reference API) that counts calls. Expected data is read straight from the
 * API from another address, independently of the loader.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KhountousError } from '../../src/core/errors.js';
import { isKhountousError } from '../../src/core/errors.js';
import {
  FRESHNESS_MINUTES,
  createLoader,
  getLoader,
  type KhountousLoader,
  type Loaded,
  type Resource,
} from '../../src/core/loader.js';
import type { Administration, AdministrationListItem, ListEnvelope } from '../../src/core/types.js';
import { createSafeStorage } from '../../src/core/storage.js';
import {
  createDisabledStorage,
  createFakeViewport,
  createMemoryStorage,
  fakeElement,
  removeElement,
} from '../helpers/fake-browser.js';
import { BASE_URL, jsonResponse } from '../helpers/fake-fetch.js';
import { loaderEnv, settleAll, type LoaderEnv } from '../helpers/loader-env.js';

const MINUTE = 60_000;
type Ranking = ListEnvelope<AdministrationListItem>;

const ranking = (query: Record<string, unknown> = {}): Resource =>
  ({ kind: 'administrations', query }) as Resource;

/** Loads, lets the batching timer and the fake network run, and returns the outcome. */
async function run<T = unknown>(env: LoaderEnv, resource: Resource, extra = {}): Promise<Loaded<T>> {
  const [outcome] = await settleAll(env, [env.load<T>(resource, extra)]);
  if (outcome!.status === 'rejected') throw outcome!.reason;
  return outcome!.value;
}

async function slugs(env: LoaderEnv, count: number): Promise<string[]> {
  const page = await env.api.direct<Ranking>(`/administrations?limit=${Math.min(count, 100)}`);
  return page.data.map((item) => item.slug).slice(0, count);
}

describe('dedupe', () => {
  test('any number of concurrent loads of one resource send exactly one request', async () => {
    const env = loaderEnv();
    const [slug] = await slugs(env, 1);
    const results = await settleAll(
      env,
      Array.from({ length: 12 }, () => env.load<Administration>({ kind: 'administration', slug: slug! })),
    );
    assert.equal(env.api.count, 1);
    const expected = await env.api.direct<Administration>(`/administrations/${slug}?lang=fr`);
    for (const result of results) {
      assert.equal(result.status, 'fulfilled');
      assert.deepEqual((result as PromiseFulfilledResult<Loaded<Administration>>).value.data, expected);
    }
    assert.equal(env.loader.stats().deduped, 11);
  });

  test('keys are normalized: defaults applied and parameter order ignored', async () => {
    const env = loaderEnv();
    await settleAll(env, [
      env.load(ranking({ limit: 10 })),
      env.load(ranking({ page: 1, limit: 10, lang: 'fr' })),
      env.load(ranking({ lang: 'fr', limit: 10 })),
    ]);
    assert.equal(env.api.count, 1);
    await run(env, ranking({ limit: 10, page: 1 }));
    assert.equal(env.api.count, 1, 'a later load with the defaults spelled out is a cache hit');
  });

  test('different resources are different requests', async () => {
    const env = loaderEnv();
    const [a, b] = await slugs(env, 2);
    await settleAll(env, [
      env.load({ kind: 'administration', slug: a! }),
      env.load({ kind: 'administration', slug: b! }),
      env.load({ kind: 'administration', slug: a!, lang: 'en' }),
    ]);
    assert.equal(env.api.count, 3);
  });
});

describe('coalescing of list windows', () => {
  test('limit 5 and limit 10 in the same tick: one request with limit 10, each caller its own slice', async () => {
    const env = loaderEnv();
    const five = env.load<Ranking>(ranking({ limit: 5 }));
    const ten = env.load<Ranking>(ranking({ limit: 10 }));
    await env.clock.settle();
    assert.equal(env.api.count, 1);
    assert.equal(env.api.calls[0]!.url.searchParams.get('limit'), '10');
    assert.deepEqual((await five).data, await env.api.direct('/administrations?limit=5'));
    assert.deepEqual((await ten).data, await env.api.direct('/administrations?limit=10'));
    assert.equal((await five).data.meta.pageSize, 5);
  });

  test('page 2 of 5 and page 1 of 10: one request, the page-2 caller gets items 6 to 10', async () => {
    const env = loaderEnv();
    const second = env.load<Ranking>(ranking({ limit: 5, page: 2, region: 'dakar' }));
    const first = env.load<Ranking>(ranking({ limit: 10, region: 'dakar' }));
    await env.clock.settle();
    assert.equal(env.api.count, 1);
    assert.deepEqual(
      (await second).data,
      await env.api.direct('/administrations?region=dakar&limit=5&page=2'),
    );
    assert.deepEqual((await first).data, await env.api.direct('/administrations?region=dakar&limit=10'));
  });

  test('a later window covered by a cached larger page is served from cache, with no request', async () => {
    const env = loaderEnv();
    await run(env, ranking({ limit: 20 }));
    const third = await run<Ranking>(env, ranking({ limit: 5, page: 3 }));
    assert.equal(env.api.count, 1);
    assert.deepEqual(third.data, await env.api.direct('/administrations?limit=5&page=3'));
    const stats = env.loader.stats();
    assert.equal(stats.coalesced, 1);
    assert.equal(stats.cacheHits, 1);
  });

  test('a window past the end is answered from a page that holds the whole list', async () => {
    const env = loaderEnv();
    const all = await run<Ranking>(env, ranking({ limit: 100, region: 'kedougou' }));
    assert.ok(all.data.meta.total < 100, 'the fixture region has fewer than 100 administrations');
    const beyond = await run<Ranking>(env, ranking({ limit: 50, page: 2, region: 'kedougou' }));
    assert.equal(env.api.count, 1);
    assert.deepEqual(beyond.data, await env.api.direct('/administrations?region=kedougou&limit=50&page=2'));
  });

  test('never asks for more than MAX_LIMIT: windows that no single page covers are separate requests', async () => {
    const env = loaderEnv();
    await settleAll(env, [env.load(ranking({ limit: 60 })), env.load(ranking({ limit: 60, page: 2 }))]);
    assert.equal(env.api.count, 2);
    for (const call of env.api.calls)
      assert.ok(
        Number(call.url.searchParams.get('limit')) <= 100,
        "Number(call.url.searchParams.get('limit')) <= 100",
      );
  });

  test('different filters are not coalesced', async () => {
    const env = loaderEnv();
    await settleAll(env, [
      env.load(ranking({ limit: 5 })),
      env.load(ranking({ limit: 10, sector: 'health' })),
    ]);
    assert.equal(env.api.count, 2);
  });

  test('a load issued while a covering request is in flight joins it', async () => {
    const env = loaderEnv();
    const held = env.api.hold();
    const ten = env.load<Ranking>(ranking({ limit: 10 }));
    await env.clock.settle();
    assert.equal(env.api.count, 1);
    const five = env.load<Ranking>(ranking({ limit: 5 }));
    await env.clock.settle();
    held.release();
    await env.clock.settle();
    assert.equal(env.api.count, 1);
    assert.equal((await five).data.data.length, 5);
    assert.equal((await ten).data.data.length, 10);
  });
});

describe('freshness: stale-while-revalidate', () => {
  test('documented freshness times, in minutes', () => {
    assert.deepEqual(FRESHNESS_MINUTES, {
      administrations: 10,
      administration: 15,
      reports: 5,
      report: 10,
      verifications: 15,
      regions: 30,
      dataset: 60,
    });
  });

  test('each endpoint is served from cache within its freshness time and revalidated after it', async () => {
    const env = loaderEnv();
    const [slug] = await slugs(env, 1);
    const reports = await env.api.direct<ListEnvelope<{ slug: string }>>('/khountous?limit=1');
    const resources: Resource[] = [
      ranking({ limit: 3 }),
      { kind: 'administration', slug: slug! },
      { kind: 'reports', query: { limit: 3 } },
      { kind: 'report', slug: reports.data[0]!.slug },
      { kind: 'verifications', query: { limit: 3 } },
      { kind: 'regions' },
      { kind: 'dataset', id: 'fact-checks' },
    ];
    for (const resource of resources) {
      const tab = env.tab();
      const minutes = FRESHNESS_MINUTES[resource.kind];
      await run(tab, resource);
      const before = env.api.count;
      await env.clock.advance(minutes * MINUTE - 1000);
      const fresh = await run(tab, resource);
      assert.equal(fresh.stale, false, `${resource.kind} is fresh before ${minutes} min`);
      assert.equal(env.api.count, before, `${resource.kind}: no request while fresh`);
      await env.clock.advance(2000);
      const stale = await run(tab, resource);
      assert.equal(stale.stale, true, `${resource.kind} is stale after ${minutes} min`);
      await env.clock.settle();
      assert.equal(env.api.count, before + 1, `${resource.kind}: one revalidation`);
    }
  });

  test('stale data is returned at once, revalidated in the background, and subscribers get the fresh data', async () => {
    const env = loaderEnv();
    const resource = ranking({ limit: 5 });
    const first = await run<Ranking>(env, resource);
    await env.clock.advance(11 * MINUTE);
    const heard: Loaded<Ranking>[] = [];
    env.loader.subscribe(resource as { kind: 'administrations' }, BASE_URL, (loaded) => heard.push(loaded));
    const held = env.api.hold();
    const stale = await env.load<Ranking>(resource);
    assert.equal(stale.stale, true);
    assert.equal(stale.fetchedAt, first.fetchedAt);
    assert.deepEqual(stale.data, first.data);
    await env.clock.settle();
    assert.equal(env.api.count, 2, 'one background revalidation');
    held.release();
    await env.clock.settle();
    assert.equal(heard.length, 1);
    assert.equal(heard[0]!.stale, false);
    assert.equal(heard[0]!.fetchedAt, env.clock.now());
    const after = await run<Ranking>(env, resource);
    assert.equal(after.stale, false);
    assert.equal(env.api.count, 2);
  });

  test('a failed revalidation is not tried again before one freshness period', async () => {
    const env = loaderEnv();
    await run(env, { kind: 'regions' });
    await env.clock.advance(31 * MINUTE);
    const remove = env.api.intercept(() =>
      jsonResponse({ error: { code: 'internal', message: 'down' } }, 500),
    );
    const stale = await run(env, { kind: 'regions' });
    await env.clock.advance(10_000);
    assert.equal(stale.stale, true);
    assert.equal(env.api.count, 4, 'one revalidation, retried twice');
    remove();
    for (let i = 0; i < 5; i++) await run(env, { kind: 'regions' });
    await env.clock.advance(20 * MINUTE);
    await run(env, { kind: 'regions' });
    assert.equal(env.api.count, 4, 'no new attempt within 30 minutes');
    await env.clock.advance(11 * MINUTE);
    await run(env, { kind: 'regions' });
    await env.clock.settle();
    assert.equal(env.api.count, 5);
  });

  test('no refetch on focus, visibility or reconnect: the loader listens to none of them', () => {
    const listened: string[] = [];
    const spy = (type: string) => listened.push(type);
    const saved = {
      addEventListener: (globalThis as Record<string, unknown>)['addEventListener'],
      document: (globalThis as Record<string, unknown>)['document'],
    };
    Object.assign(globalThis, { addEventListener: spy, document: { addEventListener: spy } });
    try {
      createLoader({ storage: null, broadcastChannel: null, locks: null, intersectionObserver: null });
    } finally {
      Object.assign(globalThis, saved);
    }
    assert.deepEqual(
      listened.filter((type) => ['focus', 'visibilitychange', 'online', 'pageshow'].includes(type)),
      [],
    );
  });
});

describe('persistence across page loads', () => {
  test('a reload (new loader, same storage) is served from storage with no request', async () => {
    const env = loaderEnv();
    const [slug] = await slugs(env, 1);
    const first = await run<Administration>(env, { kind: 'administration', slug: slug! });
    const reloaded = env.tab();
    await env.clock.advance(5 * MINUTE);
    const again = await run<Administration>(reloaded, { kind: 'administration', slug: slug! });
    assert.equal(env.api.count, 1);
    assert.deepEqual(again.data, first.data);
    assert.equal(again.fetchedAt, first.fetchedAt);
    assert.equal(again.stale, false);
  });

  test('entries live under the versioned prefix, and older versions are cleared', async () => {
    const env = loaderEnv();
    env.storage.setItem('khountous:v0:e:old', '{"d":1,"f":1}');
    env.storage.setItem('host-page-key', 'kept');
    const reloaded = env.tab();
    await run(reloaded, { kind: 'regions' });
    const keys = [...env.storage.items.keys()];
    assert.ok(
      keys.some((key) => key.startsWith('khountous:v1:e:')),
      "keys.some((key) => key.startsWith('khountous:v1:e:'))",
    );
    assert.ok(!keys.includes('khountous:v0:e:old'), "!keys.includes('khountous:v0:e:old')");
    assert.ok(keys.includes('host-page-key'), "keys.includes('host-page-key')");
  });

  test('the persisted cache stays within its bound, least recently used out', async () => {
    const env = loaderEnv({ loader: { maxStoredSize: 60_000 } });
    for (const page of [1, 2, 3, 4, 5, 6]) await run(env, { kind: 'reports', query: { limit: 50, page } });
    let stored = 0;
    for (const [key, value] of env.storage.items) {
      if (key.startsWith('khountous:v1:e:')) stored += key.length + value.length;
    }
    assert.ok(stored <= 60_000, `stored ${stored}`);
    const keys = [...env.storage.items.keys()];
    assert.ok(
      keys.some((key) => key.endsWith('#6,50')),
      'the newest entry is kept',
    );
    assert.ok(!keys.some((key) => key.endsWith('#1,50')), 'the oldest entry went first');
  });

  test('a storage that throws QuotaExceededError: loads still work from memory', async () => {
    const env = loaderEnv();
    const storage = createMemoryStorage(2_000);
    const tab = env.tab({ storage: createSafeStorage({ backend: storage }) });
    const first = await run<Ranking>(tab, ranking({ limit: 50 }));
    const again = await run<Ranking>(tab, ranking({ limit: 50 }));
    assert.equal(env.api.count, 1);
    assert.deepEqual(again.data, first.data);
    assert.ok(storage.used() <= 2_000, 'storage.used() <= 2_000');
  });

  test('disabled storage (SecurityError on access): memory only, and a reload fetches again', async () => {
    const env = loaderEnv();
    const tab = env.tab({ storage: createSafeStorage({ backend: createDisabledStorage() }) });
    await run(tab, { kind: 'regions' });
    await run(tab, { kind: 'regions' });
    assert.equal(env.api.count, 1);
    const reloaded = env.tab({ storage: createSafeStorage({ backend: createDisabledStorage() }) });
    await run(reloaded, { kind: 'regions' });
    assert.equal(env.api.count, 2);
  });

  test('corrupted entries (bad JSON, wrong shape) are dropped and fetched again', async () => {
    const env = loaderEnv();
    await run(env, { kind: 'regions' });
    await run(env, { kind: 'regions', lang: 'en' });
    const [frKey, enKey] = [...env.storage.items.keys()]
      .filter((key) => key.includes('/regions?'))
      .sort((a, b) => (a.includes('lang=en') ? 1 : b.includes('lang=en') ? -1 : 0));
    env.storage.setItem(frKey!, '{"d": [truncated');
    env.storage.setItem(enKey!, JSON.stringify({ d: { data: 'not a list', meta: {} }, f: env.clock.now() }));
    const reloaded = env.tab();
    const fr = await run<ListEnvelope<unknown>>(reloaded, { kind: 'regions' });
    const en = await run<ListEnvelope<unknown>>(reloaded, { kind: 'regions', lang: 'en' });
    assert.equal(env.api.count, 4);
    assert.equal(fr.data.data.length, 14);
    assert.equal(en.data.data.length, 14);
  });
});

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
});

describe('the request budget', () => {
  test('never sends a request the budget says will be refused', async () => {
    const env = loaderEnv();
    const all = await env.api.direct<Ranking>('/administrations?limit=100');
    const outcomes = await settleAll(
      env,
      all.data.slice(0, 65).map((item) => env.load({ kind: 'administration', slug: item.slug })),
    );
    assert.equal(env.api.count, 60);
    assert.ok(!env.api.statuses.includes(429), '!env.api.statuses.includes(429)');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    assert.equal(refused.length, 5);
    for (const outcome of refused) {
      const error = (outcome as PromiseRejectedResult).reason as KhountousError;
      assert.ok(isKhountousError(error, 'quota'), "isKhountousError(error, 'quota')");
      assert.equal(error.resetAt, env.clock.now() + 3_600_000);
    }
    assert.equal(env.loader.stats(BASE_URL).remaining, 0);
  });

  test('on an empty budget, stale data is served with its age instead of an error', async () => {
    const env = loaderEnv({ loader: { quotaLimit: 2 }, quotas: { anonymous: 2 } });
    const first = await run(env, { kind: 'regions' });
    await run(env, { kind: 'regions', lang: 'en' });
    await env.clock.advance(40 * MINUTE);
    const stale = await run(env, { kind: 'regions' });
    await env.clock.settle();
    assert.equal(stale.stale, true);
    assert.equal(stale.fetchedAt, first.fetchedAt);
    assert.equal(env.api.count, 2);
  });

  test('a 429 blocks every request until its reset, then requests resume', async () => {
    const env = loaderEnv();
    const remove = env.api.intercept(() =>
      jsonResponse({ error: { code: 'rate_limited', message: 'slow down' } }, 429, { 'Retry-After': '120' }),
    );
    const failed = await run(env, { kind: 'regions' }).catch((error: unknown) => error);
    assert.ok(isKhountousError(failed, 'quota'), "isKhountousError(failed, 'quota')");
    assert.equal(failed.resetAt, env.clock.now() + 120_000);
    remove();
    await env.clock.advance(60_000);
    const again = await run(env, { kind: 'regions' }).catch((error: unknown) => error);
    assert.ok(isKhountousError(again, 'quota'), "isKhountousError(again, 'quota')");
    assert.equal(env.api.count, 1, 'nothing sent before the reset, and the 429 was not retried');
    await env.clock.advance(61_000);
    await run(env, { kind: 'regions' });
    assert.equal(env.api.count, 2);
  });

  test('the server is the authority: fewer remaining requests on its side are adopted', async () => {
    const env = loaderEnv();
    // Another site read by the same reader spent 55 requests of the same address.
    for (let i = 0; i < 55; i++) {
      await env.api.api.handle(new Request(`${BASE_URL}/regions`), '198.51.100.1');
    }
    const outcomes: string[] = [];
    for (const slug of await slugs(env, 10)) {
      outcomes.push(
        await run(env, { kind: 'administration', slug }).then(
          () => 'data',
          (error: KhountousError) => error.kind,
        ),
      );
    }
    assert.equal(env.api.count, 5);
    assert.ok(!env.api.statuses.includes(429), '!env.api.statuses.includes(429)');
    assert.deepEqual(outcomes, [
      'data',
      'data',
      'data',
      'data',
      'data',
      'quota',
      'quota',
      'quota',
      'quota',
      'quota',
    ]);
    assert.equal(env.loader.stats(BASE_URL).remaining, 0);
  });

  test('5xx are retried at most twice, with exponential backoff, each retry counted', async () => {
    const env = loaderEnv({ loader: { retryDelay: 1000 } });
    let failures = 2;
    env.api.intercept(() =>
      failures-- > 0 ? jsonResponse({ error: { code: 'internal', message: 'x' } }, 503) : undefined,
    );
    const promise = env.load({ kind: 'regions' });
    await env.clock.settle();
    assert.equal(env.api.count, 1);
    await env.clock.advance(749); // first retry after 1000 * (0.5 + 0.5 * 0.5) = 750 ms
    assert.equal(env.api.count, 1);
    await env.clock.advance(1);
    assert.equal(env.api.count, 2);
    await env.clock.advance(1500); // second retry after 2000 * 0.75
    assert.equal(env.api.count, 3);
    const loaded = await promise;
    assert.equal((loaded.data as ListEnvelope<unknown>).data.length, 14);
    assert.equal(env.loader.stats(BASE_URL).requests, 3);
    assert.equal(env.loader.stats(BASE_URL).remaining, 57);
  });

  test('retries are bounded: three attempts, then a server error', async () => {
    const env = loaderEnv();
    env.api.intercept(() => jsonResponse({ error: { code: 'internal', message: 'x' } }, 500));
    const outcome = env.load({ kind: 'regions' }).catch((error: unknown) => error);
    await env.clock.advance(10_000);
    const error = await outcome;
    assert.ok(isKhountousError(error, 'server'), "isKhountousError(error, 'server')");
    assert.equal(error.status, 500);
    assert.equal(env.api.count, 3);
  });

  test('network errors are retried', async () => {
    const env = loaderEnv();
    let failures = 1;
    env.api.intercept(() => {
      if (failures-- > 0) throw new TypeError('fetch failed');
      return undefined;
    });
    const promise = env.load({ kind: 'regions' });
    await env.clock.advance(5_000);
    await promise;
    assert.equal(env.api.count, 2);
  });

  test('4xx other than 429 are not retried', async () => {
    const env = loaderEnv();
    const outcome = env
      .load({ kind: 'administration', slug: 'no-such-administration' })
      .catch((e: unknown) => e);
    await env.clock.advance(10_000);
    const error = await outcome;
    assert.ok(isKhountousError(error, 'not-found'), "isKhountousError(error, 'not-found')");
    assert.equal(env.api.count, 1);
  });

  test('a retry is skipped when the budget is empty', async () => {
    const env = loaderEnv({ loader: { quotaLimit: 2 } });
    env.api.intercept(() => jsonResponse({ error: { code: 'internal', message: 'x' } }, 502));
    const outcome = env.load({ kind: 'regions' }).catch((error: unknown) => error);
    await env.clock.advance(10_000);
    assert.ok(isKhountousError(await outcome, 'server'), "isKhountousError(await outcome, 'server')");
    assert.equal(env.api.count, 2);
  });

  test('a download through a plain link counts in the budget', async () => {
    const env = loaderEnv({ loader: { quotaLimit: 3 }, quotas: { anonymous: 3 } });
    assert.equal(env.loader.canDownload(BASE_URL), true);
    env.loader.recordDownload(BASE_URL);
    env.loader.recordDownload(BASE_URL);
    await run(env, { kind: 'regions' });
    assert.equal(env.loader.stats(BASE_URL).remaining, 0);
    assert.equal(env.loader.canDownload(BASE_URL), false);
    assert.equal(env.loader.stats(BASE_URL).requests, 3);
  });
});

describe('conditional requests', () => {
  test('revalidation sends If-None-Match; a 304 refreshes fetchedAt and keeps the data', async () => {
    const env = loaderEnv();
    const first = await run<ListEnvelope<unknown>>(env, { kind: 'regions' });
    const direct = await env.api.api.handle(new Request(`${BASE_URL}/regions?lang=fr`), '192.0.2.9');
    const etag = direct.headers.get('ETag');
    assert.ok(etag, 'etag');
    await env.clock.advance(31 * MINUTE);
    await run(env, { kind: 'regions' });
    await env.clock.settle();
    assert.equal(env.api.count, 2);
    assert.equal(env.api.calls[1]!.headers.get('If-None-Match'), etag);
    assert.equal(env.api.statuses[1], 304);
    const after = await run<ListEnvelope<unknown>>(env, { kind: 'regions' });
    assert.equal(after.stale, false);
    assert.equal(after.fetchedAt, env.clock.now());
    assert.deepEqual(after.data, first.data);
    assert.equal(env.api.count, 2);
  });
});

describe('off-screen elements', () => {
  test('nothing is fetched until the element comes near the viewport', async () => {
    const env = loaderEnv();
    const viewport = createFakeViewport();
    const tab = env.tab({ intersectionObserver: viewport.Observer });
    const element = fakeElement();
    let settled = false;
    const promise = tab.load({ kind: 'regions' }, { element }).then((loaded) => ((settled = true), loaded));
    await env.clock.advance(60_000);
    assert.equal(env.api.count, 0);
    assert.equal(settled, false);
    assert.deepEqual(viewport.observed(), [element]);
    viewport.show(element);
    await env.clock.settle();
    await promise;
    assert.equal(env.api.count, 1);
    assert.deepEqual(viewport.observed(), []);
  });

  test('cache hits are served at once even off-screen; lazy: false and configure() fetch at once', async () => {
    const env = loaderEnv();
    const viewport = createFakeViewport();
    const tab = env.tab({ intersectionObserver: viewport.Observer });
    await run(tab, { kind: 'regions' }, { element: fakeElement(), lazy: false });
    assert.equal(env.api.count, 1);
    await run(tab, { kind: 'regions' }, { element: fakeElement() });
    assert.equal(env.api.count, 1);
    const waiting = tab.load({ kind: 'regions', lang: 'en' }, { element: fakeElement() });
    await env.clock.settle();
    assert.equal(env.api.count, 1);
    tab.loader.configure({ lazy: false });
    await env.clock.settle();
    await waiting;
    assert.equal(env.api.count, 2);
  });

  test('without IntersectionObserver everything loads at once', async () => {
    const env = loaderEnv();
    await run(env, { kind: 'regions' }, { element: fakeElement() });
    assert.equal(env.api.count, 1);
  });
});

describe('abort', () => {
  test('an aborted caller is rejected; the shared request goes on for the others', async () => {
    const env = loaderEnv();
    const held = env.api.hold();
    const leaving = new AbortController();
    const first = env.load({ kind: 'regions' }, { signal: leaving.signal });
    const second = env.load({ kind: 'regions' });
    await env.clock.settle();
    leaving.abort();
    const error = await first.catch((e: unknown) => e);
    assert.ok(isKhountousError(error, 'aborted'), "isKhountousError(error, 'aborted')");
    held.release();
    await env.clock.settle();
    assert.equal(((await second).data as ListEnvelope<unknown>).data.length, 14);
    assert.equal(env.api.calls[0]!.init.signal!.aborted, false);
    assert.equal(env.api.count, 1);
  });

  test('when every waiter leaves, the request is aborted', async () => {
    const env = loaderEnv();
    const held = env.api.hold();
    const a = new AbortController();
    const b = new AbortController();
    const outcomes = Promise.allSettled([
      env.load({ kind: 'regions' }, { signal: a.signal }),
      env.load({ kind: 'regions' }, { signal: b.signal }),
    ]);
    await env.clock.settle();
    a.abort();
    b.abort();
    await env.clock.settle();
    assert.equal(env.api.calls[0]!.init.signal!.aborted, true);
    held.release();
    for (const outcome of await outcomes) assert.equal(outcome.status, 'rejected');
  });

  test('a list load aborted before its batch is sent costs no request', async () => {
    const env = loaderEnv();
    const controller = new AbortController();
    const promise = env.load(ranking({ limit: 5 }), { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    await env.clock.settle();
    assert.ok(isKhountousError(await promise, 'aborted'), "isKhountousError(await promise, 'aborted')");
    assert.equal(env.api.count, 0);
  });
});

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
      },
    );
    assert.equal(stats.resetAt, env.clock.now() + 3_600_000);
    assert.ok(env.events.length > 0, 'env.events.length > 0');
    assert.deepEqual(env.events.at(-1), stats);
  });
});

describe('seeding detail views from lists', () => {
  test('peekAdministrationSummary finds the list-level fields in a cached ranking', async () => {
    const env = loaderEnv();
    const page = await env.api.direct<Ranking>('/administrations?limit=5');
    const item = page.data[3]!;
    assert.equal(env.loader.peekAdministrationSummary(item.slug, BASE_URL), undefined);
    await run(env, ranking({ limit: 5 }));
    assert.deepEqual(env.loader.peekAdministrationSummary(item.slug, BASE_URL), item);
    assert.equal(env.loader.peekAdministrationSummary('not-in-the-list', BASE_URL), undefined);
  });

  test('peek is synchronous and cache-only, with slices of covering pages', async () => {
    const env = loaderEnv();
    assert.equal(env.loader.peek(ranking({ limit: 2 }) as { kind: 'administrations' }, BASE_URL), undefined);
    await run(env, ranking({ limit: 10 }));
    const peeked = env.loader.peek({ kind: 'administrations', query: { limit: 2, page: 2 } }, BASE_URL);
    assert.deepEqual(peeked?.data, await env.api.direct('/administrations?limit=2&page=2'));
    assert.equal(env.api.count, 1);
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
  test('getLoader returns one loader kept under Symbol.for("khountous.loader.v1")', () => {
    const key = Symbol.for('khountous.loader.v1');
    const holder = globalThis as unknown as Record<symbol, unknown>;
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
    const key = Symbol.for('khountous.loader.v1');
    const holder = globalThis as unknown as Record<symbol, unknown>;
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
});

describe('recovery after a refused load', () => {
  test('a load refused on an empty budget is tried again at the time its error announced, reserve or not', async () => {
    const env = loaderEnv({ quotas: { anonymous: 12 } });
    for (const slug of await slugs(env, 12)) {
      await run(env, { kind: 'administration', slug });
      await env.clock.advance(MINUTE);
    }
    assert.equal(env.api.count, 12);
    const heard: Loaded<unknown>[] = [];
    env.loader.subscribe({ kind: 'regions' }, BASE_URL, (loaded) => heard.push(loaded));
    const refused = await run(env, { kind: 'regions' }).catch((error: unknown) => error);
    assert.ok(isKhountousError(refused, 'quota'), String(refused));
    const back = (refused as KhountousError).resetAt!;
    assert.ok(back > env.clock.now(), 'the error says when data will be back');
    await env.clock.advance(back - env.clock.now() - 1);
    assert.equal(env.api.count, 12, 'not before');
    await env.clock.advance(1);
    assert.equal(env.api.count, 13, 'one request when one slot frees, although the reserve is not left');
    assert.equal(heard.length, 1, 'the subscriber hears the data');
    assert.equal(heard[0]!.stale, false);
  });
});

describe('aliases of list windows', () => {
  test('an alias does not serve a truncated page once a refresh grew the list', async () => {
    const env = loaderEnv();
    const items = (await env.api.direct<Ranking>('/administrations?limit=20')).data;
    let total = 7;
    env.api.intercept((call) => {
      if (call.url.pathname !== '/v1/administrations') return undefined;
      const limit = Number(call.url.searchParams.get('limit'));
      return jsonResponse({
        data: items.slice(0, Math.min(limit, total)),
        meta: { page: 1, pageSize: limit, total },
      });
    });
    await run(env, ranking({ limit: 10 }));
    const short = await run<Ranking>(env, ranking({ limit: 20 }));
    assert.equal(env.api.count, 1, 'the page of 10 holds the whole list of 7');
    assert.equal(short.data.data.length, 7);
    await env.clock.advance(FRESHNESS_MINUTES.administrations * MINUTE);
    total = 15;
    await run(env, ranking({ limit: 10 })); // stale: served, then revalidated (10 items of 15)
    assert.equal(env.api.count, 2);
    const grown = await run<Ranking>(env, ranking({ limit: 20 }));
    assert.equal(grown.data.meta.total, 15);
    assert.equal(grown.data.data.length, 15, 'all 15 items, not the 10 of the cached page');
    assert.equal(env.api.count, 3);
  });
});

describe('waits for elements that never come near', () => {
  test('a load whose element left the page before it came near ends, and the element is let go', async () => {
    const env = loaderEnv();
    const viewport = createFakeViewport();
    const tab = env.tab({ intersectionObserver: viewport.Observer });
    const gone = fakeElement('gone');
    const first = tab.load({ kind: 'regions' }).catch((error: unknown) => error);
    await env.clock.settle();
    const waiting = tab
      .load({ kind: 'regions', lang: 'en' }, { element: gone })
      .catch((error: unknown) => error);
    await env.clock.settle();
    await first;
    assert.deepEqual(viewport.observed(), [gone]);
    removeElement(gone);
    const other = fakeElement('other');
    const next = tab.load({ kind: 'administrations' }, { element: other });
    await env.clock.settle();
    assert.ok(isKhountousError(await waiting, 'aborted'), 'the wait of the removed element ends');
    assert.deepEqual(viewport.observed(), [other], 'the removed element is no longer observed');
    const third = fakeElement('third');
    void tab.load({ kind: 'administrations', query: { limit: 5 } }, { element: third }).catch(() => {});
    removeElement(third);
    viewport.show(other); // the observer reports: waits of removed elements end too
    await env.clock.settle();
    await next;
    assert.deepEqual(viewport.observed(), []);
    assert.equal(env.api.count, 2, 'nothing fetched for the removed elements');
  });

  test('a revalidation waiting for an off-screen element ends when the last subscriber leaves', async () => {
    const env = loaderEnv();
    const viewport = createFakeViewport();
    const tab = env.tab({ intersectionObserver: viewport.Observer });
    const element = fakeElement();
    await run(tab, { kind: 'regions' }, { element, lazy: false });
    await env.clock.advance(FRESHNESS_MINUTES.regions * MINUTE);
    const unsubscribe = tab.loader.subscribe({ kind: 'regions' }, BASE_URL, () => {});
    const stale = await run(tab, { kind: 'regions' }, { element });
    assert.equal(stale.stale, true);
    assert.deepEqual(viewport.observed(), [element], 'the revalidation waits for the element');
    unsubscribe();
    await env.clock.settle();
    assert.deepEqual(viewport.observed(), [], 'the wait ended with the last subscriber');
    viewport.show(element);
    await env.clock.settle();
    assert.equal(env.api.count, 1, 'and nothing is sent for it');
  });
});

describe('bookkeeping stays bounded', () => {
  const internals = (loader: KhountousLoader) =>
    loader as unknown as { aliases: Map<string, string>; quietUntil: Map<string, number> };

  test('aliases whose cache entry is gone are dropped when a new alias is written', async () => {
    const env = loaderEnv({ loader: { maxAge: 60 * MINUTE } });
    await run(env, ranking({ limit: 100 }));
    for (let limit = 1; limit <= 32; limit++) await run(env, ranking({ limit }));
    assert.equal(env.api.count, 1);
    assert.equal(internals(env.loader).aliases.size, 32);
    await env.clock.advance(2 * 60 * MINUTE); // the page of 100 expires
    await run(env, ranking({ limit: 50, page: 3 }));
    await run(env, ranking({ limit: 10, page: 11 })); // a new alias, to the page of 50
    assert.equal(env.api.count, 2);
    assert.equal(internals(env.loader).aliases.size, 1);
  });

  test('quiet periods that ended are dropped when a new one is written', async () => {
    const env = loaderEnv({ quotas: { anonymous: 1000 }, loader: { maxRetries: 0 } });
    const names = await slugs(env, 32);
    await run(env, { kind: 'regions' });
    for (const slug of names) await run(env, { kind: 'administration', slug });
    await env.clock.advance(FRESHNESS_MINUTES.administration * MINUTE);
    env.api.intercept(() => jsonResponse({ error: { code: 'internal', message: 'down' } }, 500));
    for (const slug of names) await run(env, { kind: 'administration', slug });
    assert.equal(internals(env.loader).quietUntil.size, 32, 'each failed revalidation waits');
    await env.clock.advance((FRESHNESS_MINUTES.regions - FRESHNESS_MINUTES.administration) * MINUTE);
    await run(env, { kind: 'regions' }); // stale, and its revalidation fails
    assert.equal(internals(env.loader).quietUntil.size, 1);
  });
});
