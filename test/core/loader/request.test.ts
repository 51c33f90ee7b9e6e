/**
 * The loader's request path, through its public surface (createLoader, load,
 * subscribe, stats), on the fake clock and the fake fetch: an attempt that
 * follows a failure skips the browser's HTTP cache, an attempt that does not
 * answer in time fails as a network error, and background revalidations leave
 * the last requests of the budget (the reserve) to data never seen.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isKhountousError } from '../../../src/core/errors.js';
import { originOf } from '../../../src/core/budget.js';
import type { Loaded, Resource } from '../../../src/core/loader/loader.js';
import { BASE_URL, jsonResponse } from '../../helpers/fake-fetch.js';
import { loaderEnv, type LoaderEnv } from '../../helpers/loader-env.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const regions: Resource = { kind: 'regions' };
const ranking: Resource = { kind: 'administrations', query: { limit: 1 } };
const serverError = (status = 503) => jsonResponse({ error: { code: 'internal', message: 'down' } }, status);

/** The `cache` mode of each request sent so far (undefined: the browser's default). */
const cacheModes = (env: LoaderEnv) => env.api.calls.map((call) => call.init.cache);

/** Starts a load and keeps its outcome (data or error) without an unhandled rejection. */
function start(env: LoaderEnv, resource: Resource) {
  let settled = false;
  const outcome = env.load(resource).then(
    (loaded) => {
      settled = true;
      return loaded as Loaded<unknown>;
    },
    (error: unknown) => {
      settled = true;
      return error;
    },
  );
  return { outcome, settled: () => settled };
}

describe('an attempt after a failure skips the HTTP cache', () => {
  test('the first attempt uses the HTTP cache; each retry after a 5xx asks with cache: "reload"', async () => {
    const env = loaderEnv();
    let failures = 2;
    env.api.intercept(() => (failures-- > 0 ? serverError() : undefined));
    const { outcome } = start(env, regions);
    await env.clock.advance(10 * SECOND);
    assert.ok(!isKhountousError(await outcome), String(await outcome));
    assert.deepEqual(cacheModes(env), [undefined, 'reload', 'reload']);
  });

  test('the retry after a network error (such as an answer refused by CORS) asks with cache: "reload"', async () => {
    const env = loaderEnv();
    let failures = 1;
    env.api.intercept(() => {
      if (failures-- > 0) throw new TypeError('Failed to fetch');
      return undefined;
    });
    const { outcome } = start(env, regions);
    await env.clock.advance(10 * SECOND);
    assert.ok(!isKhountousError(await outcome), String(await outcome));
    assert.deepEqual(cacheModes(env), [undefined, 'reload']);
  });

  test('the automatic attempt after a failed load asks with cache: "reload"', async () => {
    const env = loaderEnv();
    const remove = env.api.intercept(() => serverError(500));
    const heard: Loaded<unknown>[] = [];
    env.loader.subscribe(regions, BASE_URL, (loaded) => heard.push(loaded));
    const { outcome } = start(env, regions);
    await env.clock.advance(10 * SECOND);
    assert.ok(isKhountousError(await outcome, 'server'));
    assert.equal(env.api.count, 3);
    remove();
    await env.clock.advance(30 * SECOND);
    assert.equal(env.api.count, 4, 'one attempt, planned after 30 s');
    assert.equal(heard.length, 1);
    assert.equal(cacheModes(env)[3], 'reload');
  });

  test('a revalidation that answers at once uses the HTTP cache as usual', async () => {
    const env = loaderEnv({ loader: { freshness: { regions: 1 } } });
    const { outcome } = start(env, regions);
    await env.clock.settle();
    await outcome;
    await env.clock.advance(2 * MINUTE);
    const stale = start(env, regions);
    await env.clock.settle();
    assert.equal(((await stale.outcome) as Loaded<unknown>).stale, true);
    assert.equal(env.api.count, 2);
    assert.deepEqual(cacheModes(env), [undefined, undefined]);
  });
});

describe('request timeout', () => {
  test('an attempt not answered after requestTimeout fails as a network error', async () => {
    const env = loaderEnv({ loader: { requestTimeout: 5 * SECOND, maxRetries: 0 } });
    const held = env.api.hold();
    const load = start(env, regions);
    await env.clock.advance(5 * SECOND - 1);
    assert.equal(load.settled(), false, 'still waiting just before the timeout');
    await env.clock.advance(1);
    assert.equal(load.settled(), true);
    const error = await load.outcome;
    assert.ok(isKhountousError(error, 'network'), String(error));
    assert.equal(error.message, 'The API did not answer in time.');
    assert.equal(env.loader.stats(BASE_URL).errors, 1);
    assert.equal(env.loader.stats(BASE_URL).requests, 1, 'the attempt was sent: it counts in the budget');
    held.release();
  });

  test('30 s by default; the timed-out attempt is retried, skipping the HTTP cache', async () => {
    const env = loaderEnv();
    const held = env.api.hold();
    const load = start(env, regions);
    await env.clock.advance(30 * SECOND - 1);
    assert.equal(env.api.count, 1);
    await env.clock.advance(1);
    assert.equal(load.settled(), false, 'a timeout is retried like a network error');
    await env.clock.advance(750); // backoff of the first retry: 1000 * (0.5 + 0.5 * 0.5)
    assert.equal(env.api.count, 2);
    assert.deepEqual(cacheModes(env), [undefined, 'reload']);
    held.release();
    await env.clock.settle();
    const loaded = await load.outcome;
    assert.ok(!isKhountousError(loaded), String(loaded));
    assert.equal((loaded as Loaded<unknown>).stale, false);
  });

  test('an answer that comes slowly but in time is kept, and no timeout fires afterwards', async () => {
    const env = loaderEnv({ loader: { requestTimeout: 5 * SECOND } });
    const held = env.api.hold();
    const load = start(env, regions);
    await env.clock.advance(5 * SECOND - 10);
    held.release();
    await env.clock.settle();
    assert.equal(load.settled(), true);
    assert.ok(!isKhountousError(await load.outcome), String(await load.outcome));
    await env.clock.advance(MINUTE);
    assert.equal(env.api.count, 1);
    assert.equal(env.loader.stats(BASE_URL).errors, 0);
  });
});

describe('originOf', () => {
  test('the origin of an absolute base URL, lower-cased; a relative base is the page’s own origin', () => {
    assert.equal(originOf('HTTPS://API.Example.org:8443/v1'), 'https://api.example.org:8443');
    assert.equal(originOf('/v1'), 'same-origin');
    assert.equal(
      originOf('/proxy/https://api.example.org/v1'),
      'same-origin',
      'a URL inside a relative path is a path',
    );
  });
});

describe('what a request leaves behind', () => {
  test('an answered request leaves no timer running', async () => {
    const env = loaderEnv();
    const { outcome } = start(env, regions);
    await env.clock.settle();
    assert.ok(!isKhountousError(await outcome), String(await outcome));
    assert.equal(env.clock.pending(), 0, 'the request timeout is cleared');
  });

  test('a load left during the backoff leaves no timer, and is not counted as an error', async () => {
    const env = loaderEnv();
    env.api.intercept(() => serverError());
    const caller = new AbortController();
    const outcome = env.load(regions, { signal: caller.signal }).catch((error: unknown) => error);
    await env.clock.settle();
    assert.equal(env.api.count, 1);
    assert.equal(env.clock.pending(), 1, 'the retry waits');
    caller.abort();
    assert.ok(isKhountousError(await outcome, 'aborted'));
    await env.clock.settle();
    assert.equal(env.clock.pending(), 0, 'the backoff is cleared');
    assert.equal(env.loader.stats(BASE_URL).errors, 0, 'a cancelled request is no error');
  });

  test('a request every caller left is not counted as an error', async () => {
    const env = loaderEnv();
    const held = env.api.hold();
    const caller = new AbortController();
    const outcome = env.load(regions, { signal: caller.signal }).catch((error: unknown) => error);
    await env.clock.settle();
    assert.equal(env.api.count, 1);
    caller.abort();
    assert.ok(isKhountousError(await outcome, 'aborted'));
    await env.clock.settle();
    assert.equal(env.loader.stats(BASE_URL).errors, 0);
    held.release();
  });
});

describe('the revalidation reserve', () => {
  /**
   * 13 requests per hour (on both sides), regions fresh for one minute: regions
   * and the ranking loaded, 11 requests left, then regions goes stale.
   */
  async function nearTheReserve(loader: Parameters<typeof loaderEnv>[0] = {}) {
    const env = loaderEnv({
      quotas: { anonymous: 13 },
      ...loader,
      loader: { quotaLimit: 13, freshness: { regions: 1 }, ...loader.loader },
    });
    for (const resource of [regions, ranking]) {
      const { outcome } = start(env, resource);
      await env.clock.settle();
      assert.ok(!isKhountousError(await outcome), String(await outcome));
    }
    await env.clock.advance(2 * MINUTE);
    assert.equal(env.loader.stats(BASE_URL).remaining, 11);
    return env;
  }

  async function staleLoad(env: LoaderEnv): Promise<Loaded<unknown>> {
    const { outcome } = start(env, regions);
    await env.clock.settle();
    const loaded = await outcome;
    assert.ok(!isKhountousError(loaded), String(loaded));
    return loaded as Loaded<unknown>;
  }

  test('a revalidation is sent while more than 10 requests remain, not when only the 10 are left', async () => {
    const env = await nearTheReserve();
    assert.equal((await staleLoad(env)).stale, true);
    assert.equal(env.api.count, 3, 'revalidated: 11 were left');
    assert.equal(env.loader.stats(BASE_URL).remaining, 10);
    await env.clock.advance(2 * MINUTE);
    assert.equal((await staleLoad(env)).stale, true, 'stale data is served');
    await env.clock.advance(5 * SECOND);
    assert.equal(env.api.count, 3, 'no revalidation: the 10 left are the reserve');
    assert.equal(env.loader.stats(BASE_URL).remaining, 10);
  });

  test('data never seen spends the reserve', async () => {
    const env = await nearTheReserve();
    await staleLoad(env);
    assert.equal(env.loader.stats(BASE_URL).remaining, 10);
    const { outcome } = start(env, { kind: 'regions', lang: 'en' });
    await env.clock.settle();
    const loaded = await outcome;
    assert.ok(!isKhountousError(loaded), String(loaded));
    assert.equal(env.api.count, 4);
    assert.equal(env.loader.stats(BASE_URL).remaining, 9);
  });

  test('a failing revalidation is not retried into the reserve', async () => {
    const env = await nearTheReserve();
    env.api.intercept(() => serverError());
    assert.equal((await staleLoad(env)).stale, true);
    await env.clock.advance(10 * SECOND);
    assert.equal(env.api.count, 3, 'one attempt; its retries would have spent the reserve');
    assert.equal(env.loader.stats(BASE_URL).remaining, 10);
  });

  test('revalidationReserve sets the size of the reserve', async () => {
    const env = await nearTheReserve({ loader: { revalidationReserve: 11 } });
    await staleLoad(env);
    await env.clock.advance(5 * SECOND);
    assert.equal(env.api.count, 2, 'with a reserve of 11, the 11 left are kept');
    const spendAll = await nearTheReserve({ loader: { revalidationReserve: 0 } });
    for (let i = 0; i < 3; i++) {
      await staleLoad(spendAll);
      await spendAll.clock.advance(2 * MINUTE);
    }
    assert.equal(spendAll.api.count, 5, 'with no reserve, each stale load revalidates');
    assert.equal(spendAll.loader.stats(BASE_URL).remaining, 8);
  });
});
