/**
 * The life of the page's resources as subscribers, other tabs and the stats see it:
 * who is told when data arrives, one `khountous-quota` event per turn, the
 * budget told to the other tabs, the later module asked for again after a
 * failure, and the ends of the not-found and quiet periods. On the fake clock
 * and a fake fetch over the reference API.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isKhountousError } from '../../../src/core/errors.js';
import { inlinePath } from '../../../src/core/inline.js';
import { later as laterModule } from '../../../src/core/loader/later.js';
import type { Loaded, Resource } from '../../../src/core/loader/loader.js';
import { BASE_URL, jsonResponse } from '../../helpers/fake-fetch.js';
import { loaderEnv, run, MINUTE, ranking, type Ranking } from '../../helpers/loader-env.js';

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
    await run(env, REGIONS);
    await env.clock.settle();
    assert.ok(other.events.length > 0, 'the other tab dispatched khountous-quota');
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

describe('the module that comes later', () => {
  test('when it fails to arrive, it is asked for again at the next need', async () => {
    let asked = 0;
    const env = loaderEnv({
      loader: {
        later: () => (++asked === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(laterModule)),
      },
    });
    // The first data asks for it (refused), the budget told to the other tabs asks again.
    await run(env, REGIONS);
    await env.clock.settle();
    assert.equal(asked, 2);
    await run(env, REGIONS);
    await env.clock.settle();
    assert.equal(asked, 2, 'once it is there, it is not asked for again');
  });
});

describe('ends of periods', () => {
  test('a not-found is remembered until the end of the freshness period, not at its last moment', async () => {
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
    await env.clock.advance(1);
    await run(env, REGIONS);
    await env.clock.settle();
    assert.equal(env.api.count, quiet + 1);
  });

  test('a load that succeeds ends the recovery planned after a failure', async () => {
    const env = loaderEnv({ loader: { maxRetries: 0 } });
    const remove = env.api.intercept(() =>
      jsonResponse({ error: { code: 'internal', message: 'down' } }, 500),
    );
    await assert.rejects(run(env, REGIONS), (error) => isKhountousError(error, 'server'));
    remove();
    await run(env, REGIONS);
    assert.equal(env.api.count, 2);
    await env.clock.advance(10 * MINUTE);
    assert.equal(env.api.count, 2, 'no planned attempt after the success');
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
