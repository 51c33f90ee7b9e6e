/**
 * The life of the page's resources as subscribers, other tabs and the stats see it:
 * who is told when data arrives, one `khountous-quota` event per turn, the
 * budget told to the other tabs, and the ends of the not-found and quiet
 * periods. On the fake clock and a fake fetch over the reference API.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isKhountousError } from '../../../src/core/errors.js';
import { inlinePath } from '../../../src/core/inline.js';
import type { Loaded, Resource } from '../../../src/core/loader/loader.js';
import { createFakeViewport, fakeElement } from '../../helpers/fake-browser.js';
import { BASE_URL, jsonResponse } from '../../helpers/fake-fetch.js';
import { loaderEnv, run, MINUTE, ranking, type LoaderEnv, type Ranking } from '../../helpers/loader-env.js';

const REGIONS: Resource = { kind: 'regions' };

/** Subscribes to `resource` and returns what it hears. */
function listen(env: ReturnType<typeof loaderEnv>, resource: Resource, partial = false): Loaded<unknown>[] {
  const heard: Loaded<unknown>[] = [];
  env.loader.subscribe(resource, BASE_URL, (loaded) => heard.push(loaded), { partial });
  return heard;
}

describe('who is told when data arrives', () => {
  test('a subscriber hears its own resource and the windows that cover it, not other resources or lists', async () => {
    const env = loaderEnv();
    const regions = listen(env, REGIONS);
    const small = listen(env, ranking({ limit: 5 }));
    const reports = listen(env, { kind: 'reports', query: { limit: 5 } });
    await run(env, ranking({ limit: 10 }));
    assert.equal(regions.length, 0, 'another resource');
    assert.equal(reports.length, 0, 'another list');
    assert.equal(small.length, 1, 'a covering window');
    assert.equal((small[0]!.data as Ranking).data.length, 5, 'its own slice');
    await run(env, REGIONS);
    assert.equal(regions.length, 1);
    assert.equal(small.length, 1);
  });

  test('a row of a list is told to partial subscribers only, and not when the full profile is cached', async () => {
    const env = loaderEnv();
    const page = await env.api.direct<Ranking>('/administrations?limit=5');
    const [first, second] = page.data;
    const full = listen(env, { kind: 'administration', slug: first!.slug });
    const part = listen(env, { kind: 'administration', slug: first!.slug }, true);
    await run(env, { kind: 'administration', slug: second!.slug });
    const cached = listen(env, { kind: 'administration', slug: second!.slug }, true);
    await run(env, ranking({ limit: 5 }));
    assert.equal(full.length, 0, 'a full subscriber waits for the profile');
    assert.equal(part.length, 1);
    assert.equal(part[0]!.partial, true);
    assert.deepEqual(part[0]!.data, first);
    assert.equal(cached.length, 0, 'its own cached profile stands');
  });

  test('a list of another API does not tell its rows to the cards of this one', async () => {
    const env = loaderEnv();
    const page = await env.api.direct<Ranking>('/administrations?limit=5');
    const part = listen(env, { kind: 'administration', slug: page.data[0]!.slug }, true);
    const mirror = 'http://mirror.test/v1';
    const loading = env.loader.load(ranking({ limit: 5 }), { baseUrl: mirror });
    await env.clock.settle();
    assert.equal(((await loading) as Loaded<Ranking>).data.data[0]!.slug, page.data[0]!.slug);
    assert.equal(env.api.count, 1);
    assert.equal(part.length, 0);
  });
});

describe('the stats', () => {
  test('one khountous-quota event per turn, however many loads changed them', async () => {
    const env = loaderEnv();
    await run(env, REGIONS);
    await env.clock.settle();
    const before = env.events.length;
    const loads = [env.load(REGIONS), env.load(REGIONS), env.load(REGIONS)];
    await Promise.all(loads);
    await env.clock.settle();
    assert.equal(env.events.length, before + 1);
    assert.equal(env.events.at(-1)!.cacheHits, 3);
  });

  test('another tab hears of a request spent here', async () => {
    const env = loaderEnv({ crossTab: true });
    const other = env.tab();
    await env.clock.settle();
    const before = other.events.length;
    await run(env, REGIONS);
    await env.clock.settle();
    assert.ok(other.events.length > before, 'the other tab dispatched khountous-quota');
  });

  test('a load that joins the request of a larger window of its list counts as coalesced', async () => {
    const env = loaderEnv();
    const held = env.api.hold();
    const large = env.load(ranking({ limit: 10 }));
    await env.clock.settle();
    const small = env.load(ranking({ limit: 5 }));
    await env.clock.settle();
    held.release();
    await env.clock.settle();
    await Promise.all([large, small]);
    assert.equal(env.api.count, 1);
    assert.equal(env.loader.stats(BASE_URL).coalesced, 1);
  });
});

describe('ends of periods', () => {
  test('a not-found is remembered to the last millisecond of the freshness period, asked again when it ends', async () => {
    const env = loaderEnv();
    const gone = { kind: 'report', slug: 'no-such-report' } as const;
    await assert.rejects(run(env, gone), (error) => isKhountousError(error, 'not-found'));
    await env.clock.advance(10 * MINUTE - 1);
    await assert.rejects(run(env, gone), (error) => isKhountousError(error, 'not-found'));
    assert.equal(env.api.count, 1);
    await env.clock.advance(1);
    await assert.rejects(run(env, gone), (error) => isKhountousError(error, 'not-found'));
    assert.equal(env.api.count, 2, 'asked again when the period ends');
  });

  test('after a failed revalidation, the next may go exactly one freshness period later', async () => {
    const env = loaderEnv({ loader: { maxRetries: 0 } });
    await run(env, REGIONS);
    await env.clock.advance(30 * MINUTE);
    const remove = env.api.intercept(() =>
      jsonResponse({ error: { code: 'internal', message: 'down' } }, 500),
    );
    await run(env, REGIONS); // stale: served, its revalidation fails
    await env.clock.settle();
    remove();
    assert.equal(env.api.count, 2);
    await env.clock.advance(30 * MINUTE - 1);
    await run(env, REGIONS);
    await env.clock.settle();
    const quiet = env.api.count;
    assert.equal(quiet, 2, 'not one millisecond before');
    await env.clock.advance(1);
    await run(env, REGIONS);
    await env.clock.settle();
    assert.equal(env.api.count, quiet + 1);
  });
});

describe('inline data and the cache', () => {
  test('inline data newer than the cached copy replaces it; as old, it leaves it and tells nobody', async () => {
    const env = loaderEnv();
    const first = await run(env, REGIONS);
    const heard = listen(env, REGIONS);
    const path = inlinePath(REGIONS, BASE_URL);
    const data = await env.api.direct(path);
    assert.equal(env.loader.seed(REGIONS, BASE_URL, { path, fetchedAt: first.fetchedAt, data }), undefined);
    assert.equal(heard.length, 0, 'as old as the cached copy');
    await env.clock.advance(MINUTE);
    const reload = env.tab();
    assert.equal(
      reload.loader.seed(REGIONS, BASE_URL, { path, fetchedAt: env.clock.now(), data }),
      undefined,
    );
    assert.equal((await run(reload, REGIONS)).fetchedAt, env.clock.now(), 'the newer inline copy');
    assert.equal(env.api.count, 1);
  });
});

describe('recoveries ended by a success', () => {
  test('a success that brings old data ends the recovery planned after a failure: no attempt of its own follows', async () => {
    const env = loaderEnv({ loader: { maxRetries: 0 } });
    const heard = listen(env, REGIONS);
    const data = await env.api.direct('/regions');
    const down = env.api.intercept(() => jsonResponse({ error: { code: 'internal', message: 'down' } }, 500));
    await assert.rejects(run(env, REGIONS), (error) => isKhountousError(error, 'server'));
    down();
    // A shared cache answers with a copy the API produced 40 minutes ago: stale at once.
    const producedAt = env.clock.now() - 40 * MINUTE;
    const old = env.api.intercept(() =>
      jsonResponse(data, 200, { 'X-Khountous-Cache': 'shared', Date: new Date(producedAt).toUTCString() }),
    );
    const loaded = await run(env, REGIONS);
    old();
    assert.equal(loaded.stale, true);
    assert.equal(heard.length, 1);
    assert.equal(env.api.count, 2);
    await env.clock.advance(5 * MINUTE);
    assert.equal(env.api.count, 2, 'the planned attempt was ended by the success');
  });

  test('a success with no recovery planned ends nothing and breaks nothing', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const env = loaderEnv();
      const loaded = await run(env, REGIONS);
      await env.clock.settle();
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(loaded.stale, false);
      assert.deepEqual(rejections, []);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});

describe('loads and revalidations near the viewport', () => {
  const lazyTab = (env: LoaderEnv) => {
    const viewport = createFakeViewport();
    return { viewport, tab: env.tab({ intersectionObserver: viewport.Observer }) };
  };

  test('fresh data served for an off-screen element leaves the element unobserved', async () => {
    const env = loaderEnv();
    const { viewport, tab } = lazyTab(env);
    const element = fakeElement();
    await run(tab, REGIONS, { element, lazy: false });
    const fresh = await run(tab, REGIONS, { element });
    assert.equal(fresh.stale, false);
    assert.deepEqual(viewport.observed(), [], 'nothing to revalidate, nothing to wait for');
  });

  test('a load cancelled in the turn it began ends before it counts a cache miss', async () => {
    const env = loaderEnv();
    const controller = new AbortController();
    const loading = run(env, REGIONS, { signal: controller.signal });
    controller.abort();
    await assert.rejects(loading, (error) => isKhountousError(error, 'aborted'));
    await env.clock.settle();
    assert.equal(env.loader.stats(BASE_URL).cacheMisses, 0);
    assert.equal(env.api.count, 0);
  });

  test('a revalidation waiting for its element sends nothing when fresh data came meanwhile, and tells nobody twice', async () => {
    const env = loaderEnv();
    const { viewport, tab } = lazyTab(env);
    const element = fakeElement();
    await run(tab, REGIONS, { element, lazy: false });
    await env.clock.advance(30 * MINUTE);
    const heard: Loaded<unknown>[] = [];
    tab.loader.subscribe(REGIONS, BASE_URL, (loaded) => heard.push(loaded));
    assert.equal((await run(tab, REGIONS, { element })).stale, true);
    assert.deepEqual(viewport.observed(), [element], 'the revalidation waits for the element');
    assert.equal((await run(tab, REGIONS, { lazy: false })).stale, true, 'another widget, on screen');
    await env.clock.settle();
    assert.equal(env.api.count, 2, 'revalidated for the widget on screen');
    assert.equal(heard.length, 1);
    viewport.show(element);
    await env.clock.settle();
    assert.equal(env.api.count, 2, 'nothing more when the element comes near');
    assert.equal(heard.length, 1, 'the fresh data is told once');
  });

  test('a revalidation waiting for its element goes on while another window of its list is still shown', async () => {
    const env = loaderEnv();
    const { viewport, tab } = lazyTab(env);
    const element = fakeElement();
    const large = ranking({ limit: 10 });
    await run(tab, large, { element, lazy: false });
    await env.clock.advance(10 * MINUTE);
    const leaving = tab.loader.subscribe(large as { kind: 'administrations' }, BASE_URL, () => {});
    const small: Loaded<unknown>[] = [];
    tab.loader.subscribe(ranking({ limit: 5 }) as { kind: 'administrations' }, BASE_URL, (loaded) =>
      small.push(loaded),
    );
    assert.equal((await run(tab, large, { element })).stale, true);
    assert.deepEqual(viewport.observed(), [element]);
    leaving();
    await env.clock.settle();
    assert.deepEqual(viewport.observed(), [element], 'the smaller window is still shown');
    viewport.show(element);
    await env.clock.settle();
    assert.equal(env.api.count, 2, 'revalidated when the element came near');
    assert.equal(small.length, 1);
    assert.equal(small[0]!.stale, false);
  });
});

describe('revalidations refused for the budget', () => {
  test('a stale resource refused for the reserve counts no error, and its subscribers get fresh data once the budget frees up', async () => {
    const env = loaderEnv({
      quotas: { anonymous: 13 },
      loader: { quotaLimit: 13, freshness: { regions: 1 } },
    });
    await run(env, REGIONS);
    await run(env, ranking({ limit: 5 }));
    await run(env, { kind: 'regions', lang: 'en' });
    assert.equal(env.loader.stats(BASE_URL).remaining, 10, 'only the reserve is left');
    const heard = listen(env, REGIONS);
    await env.clock.advance(2 * MINUTE);
    assert.equal((await run(env, REGIONS)).stale, true);
    await env.clock.settle();
    assert.equal(env.api.count, 3, 'the reserve is kept');
    assert.equal(env.loader.stats(BASE_URL).errors, 0, 'a refusal kept back is no failed request');
    assert.equal(heard.length, 0);
    await env.clock.advance(60 * MINUTE);
    assert.equal(env.api.count, 4, 'revalidated once the budget freed up');
    assert.equal(heard.length, 1);
    assert.equal(heard[0]!.stale, false);
  });
});

describe('lists announced by another tab', () => {
  test('a window of a list this tab shows in another window is adopted, and told to the windows it covers', async () => {
    const env = loaderEnv({ crossTab: true });
    const other = env.tab();
    const small = listen(other, ranking({ limit: 5 }));
    await run(env, ranking({ limit: 20 }));
    await env.clock.settle();
    assert.equal(small.length, 1, 'the page of 20 covers the page of 5');
    assert.equal((small[0]!.data as Ranking).data.length, 5);
    assert.equal(env.api.count, 1);
    const large = other.loader.peek(ranking({ limit: 20 }) as { kind: 'administrations' }, BASE_URL);
    assert.equal((large?.data as Ranking | undefined)?.data.length, 20, 'kept under its own key');
  });

  test('an announcement whose key is not that of the window it names is ignored', async () => {
    const env = loaderEnv({ crossTab: true });
    await run(env, ranking({ limit: 20 }));
    await env.clock.settle();
    const message = env.hub!.posted.find((posted) => (posted as { type?: string }).type === 'entry');
    const other = env.tab();
    const small = listen(other, ranking({ limit: 5 }));
    const channel = env.hub!.factory('khountous-v1');
    channel.postMessage({ ...(message as object), window: [1, 10] });
    await env.clock.settle();
    assert.equal(small.length, 0, 'the key names a page of 20, the window a page of 10');
    channel.postMessage(message);
    await env.clock.settle();
    assert.equal(small.length, 1, 'the same announcement, whole, is adopted');
  });
});

describe('requests nobody waits for any more', () => {
  test('a list window whose only caller left before its request was sent spends nothing of the budget', async () => {
    const env = loaderEnv();
    const controller = new AbortController();
    const loading = env.load(ranking({ limit: 5 }), { signal: controller.signal });
    // Left once the load missed the cache and its batch waits for its timer.
    for (let turn = 0; turn < 50 && env.loader.stats(BASE_URL).cacheMisses === 0; turn++)
      await Promise.resolve();
    assert.equal(env.loader.stats(BASE_URL).cacheMisses, 1);
    assert.equal(env.clock.pending(), 1, 'the batch waits');
    controller.abort();
    await assert.rejects(loading, (error) => isKhountousError(error, 'aborted'));
    await env.clock.settle();
    assert.equal(env.api.count, 0);
    assert.equal(env.loader.stats(BASE_URL).requests, 0);
    assert.equal(env.loader.stats(BASE_URL).remaining, 60);
  });
});
