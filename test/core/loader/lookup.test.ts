/**
 * The cache read of a load: fresh, stale-while-revalidate, covering windows of a list, and parts seeded from a cached list.
 * On the fake clock and a fake fetch over the reference API that counts calls;
 * expected data is read from the API directly, independently of the loader.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createLoader, type Loaded, type Resource } from '../../../src/core/loader/loader.js';
import { FRESHNESS_MINUTES } from '../../../src/core/loader/options.js';
import type { Administration, ListEnvelope } from '../../../src/core/types.js';
import { BASE_URL, jsonResponse } from '../../helpers/fake-fetch.js';
import { loaderEnv, settleAll, run, slugs, ranking, MINUTE, type Ranking } from '../../helpers/loader-env.js';

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

describe('seeding detail views from lists', () => {
  test('a seeded part carries the age of its list, revalidates that list once, and its subscribers hear the new row', async () => {
    const env = loaderEnv();
    const list = await run<Ranking>(env, ranking({ limit: 20 }));
    const item = list.data.data[4]!;
    const card = { kind: 'administration', slug: item.slug } as const;
    const heard: Loaded<unknown>[] = [];
    env.loader.subscribe(card, BASE_URL, (loaded) => heard.push(loaded), { partial: true });
    await env.clock.advance(2 * 24 * 60 * MINUTE); // the stored ranking is two days old
    const [seeded, shownRanking] = await settleAll(env, [
      env.load(card, { partial: true }),
      env.load<Ranking>(ranking({ limit: 20 })),
    ]);
    assert.equal(seeded!.status, 'fulfilled');
    const part = (seeded as PromiseFulfilledResult<Loaded<unknown>>).value;
    assert.deepEqual(part.data, item);
    assert.equal(part.partial, true);
    assert.equal(part.stale, true, 'as stale as the ranking it comes from');
    assert.equal(part.fetchedAt, list.fetchedAt);
    assert.equal((shownRanking as PromiseFulfilledResult<Loaded<Ranking>>).value.stale, true);
    assert.equal(env.api.count, 2, 'one revalidation for the ranking and the card');
    assert.match(env.api.calls[1]!.path, /^\/administrations\?/);
    assert.equal(heard.length, 1, 'the card heard the revalidated row');
    assert.equal(heard[0]!.stale, false);
    assert.equal(heard[0]!.partial, true);
    assert.deepEqual(heard[0]!.data, (await env.api.direct<Ranking>('/administrations?limit=20')).data[4]);
  });

  test('a full load is never answered by a seed, and a cached profile is preferred to a seed', async () => {
    const env = loaderEnv();
    const list = await run<Ranking>(env, ranking({ limit: 20 }));
    const item = list.data.data[2]!;
    const card = { kind: 'administration', slug: item.slug } as const;
    const full = await run<Administration>(env, card);
    assert.equal(env.api.count, 2, 'a full card fetches its profile');
    assert.ok('scoreDetails' in full.data);
    const compact = await run<Administration>(env, card, { partial: true });
    assert.equal(compact.partial, undefined);
    assert.deepEqual(compact.data, full.data);
    assert.equal(env.api.count, 2);
  });

  test('a partial peek finds the list-level fields in a cached ranking of the same language', async () => {
    const env = loaderEnv();
    const page = await env.api.direct<Ranking>('/administrations?limit=5');
    const item = page.data[3]!;
    const card = (slug: string, lang?: 'en') => ({ kind: 'administration' as const, slug, lang });
    assert.equal(env.loader.peek(card(item.slug), BASE_URL, { partial: true }), undefined);
    await run(env, ranking({ limit: 5 }));
    const seeded = env.loader.peek(card(item.slug), BASE_URL, { partial: true });
    assert.deepEqual(seeded?.data, item);
    assert.equal(seeded?.partial, true);
    assert.equal(env.loader.peek(card(item.slug), BASE_URL), undefined, 'only a partial peek is seeded');
    assert.equal(env.loader.peek(card(item.slug, 'en'), BASE_URL, { partial: true }), undefined);
    assert.equal(env.loader.peek(card('not-in-the-list'), BASE_URL, { partial: true }), undefined);
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

describe('the covering window that answers', () => {
  test('of several cached windows that cover a page, the freshest answers it, not the first or the last read', async () => {
    const env = loaderEnv();
    // Three windows, none covering the next, fetched a minute apart: 4, then 6, then 8 items.
    const first = await run(env, ranking({ limit: 4 }));
    await env.clock.advance(MINUTE);
    const second = await run(env, ranking({ limit: 6 }));
    await env.clock.advance(MINUTE);
    const third = await run(env, ranking({ limit: 8 }));
    assert.equal(env.api.count, 3);
    const peek = (query: Record<string, unknown>) =>
      env.loader.peek({ kind: 'administrations', query } as { kind: 'administrations' }, BASE_URL);
    // Read last: the window of 6, after the freshest (8), after the oldest (4).
    assert.equal(peek({ limit: 8 })?.fetchedAt, third.fetchedAt);
    assert.equal(peek({ limit: 6 })?.fetchedAt, second.fetchedAt);
    const page = peek({ limit: 2, page: 2 });
    assert.equal(page?.fetchedAt, third.fetchedAt, 'the window of 8, the freshest');
    assert.notEqual(page?.fetchedAt, first.fetchedAt);
    assert.deepEqual(page?.data, await env.api.direct('/administrations?limit=2&page=2'));
    assert.equal(env.api.count, 3);
  });

  test('a stored window whose request does not match its key answers no other window', async () => {
    const env = loaderEnv();
    const ten = await env.api.direct<Ranking>('/administrations?limit=10');
    await run(env, ranking({ limit: 10 }));
    type Item = { a?: Record<string, unknown> };
    const [key, item] = [...env.storage.items]
      .filter(([name]) => name.includes(':e:'))
      .map(([name, text]) => [name, JSON.parse(text) as Item] as const)
      .find(([, stored]) => stored.a?.['limit'] === 10)!;
    // The same item, said to have been fetched for items 6 to 10 (a copy from elsewhere, or tampered with).
    env.storage.setItem(key, JSON.stringify({ ...item, a: { ...item.a, limit: 5, page: 2 } }));
    const reloaded = env.tab();
    const before = env.api.count;
    const page = await run<Ranking>(reloaded, ranking({ limit: 2, page: 4 }));
    assert.equal(env.api.count, before + 1, 'asked of the API, not cut from that item');
    assert.deepEqual(page.data.data, ten.data.slice(6, 8), 'items 7 and 8');
  });
});
