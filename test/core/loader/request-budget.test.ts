/**
 * The budget on the request path: never overdrawn, reconciled with the API's headers, 429s; and conditional requests.
 * On the fake clock and a fake fetch over the reference API that counts calls;
 * expected data is read from the API directly, independently of the loader.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { type KhountousError, isKhountousError } from '../../../src/core/errors.js';
import type { ListEnvelope } from '../../../src/core/types.js';
import { BASE_URL, jsonResponse } from '../../helpers/fake-fetch.js';
import {
  loaderEnv,
  settleAll,
  run,
  slugs,
  MINUTE,
  type LoaderEnv,
  type Ranking,
} from '../../helpers/loader-env.js';
import type { FetchLike } from '../../../src/core/http.js';
import { budgetKey, createBudget, quotaError } from '../../../src/core/budget.js';
import type { LocksLike } from '../../../src/core/loader/cross-tab.js';
import { createSafeStorage } from '../../../src/core/storage.js';
import { NAMES } from '../../../src/core/names.js';

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

  test('a not-found answer is remembered for the freshness period: a later load gets it without a request', async () => {
    const env = loaderEnv();
    const target = { kind: 'administration', slug: 'no-such-administration' } as const;
    const first = env.load(target).catch((e: unknown) => e);
    await env.clock.advance(10);
    assert.ok(isKhountousError(await first, 'not-found'), 'first load: not-found');
    const second = env.load(target).catch((e: unknown) => e);
    await env.clock.advance(10);
    assert.ok(isKhountousError(await second, 'not-found'), 'second load: not-found');
    assert.equal(env.api.count, 1);
    // Past the freshness of an administration (15 minutes) the API is asked again.
    await env.clock.advance(15 * 60_000);
    const third = env.load(target).catch((e: unknown) => e);
    await env.clock.advance(10);
    assert.ok(isKhountousError(await third, 'not-found'), 'third load: not-found');
    assert.equal(env.api.count, 2);
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

describe('a refused load', () => {
  test('its error says until when the budget is spent; it is not counted as a request', async () => {
    const env = loaderEnv({ loader: { quotaLimit: 1 }, quotas: { anonymous: 1 } });
    await run(env, { kind: 'regions' });
    const refused = await run(env, { kind: 'regions', lang: 'en' }).catch((error: unknown) => error);
    assert.ok(isKhountousError(refused, 'quota'), String(refused));
    const resetAt = env.clock.now() + 3_600_000;
    assert.equal(refused.resetAt, resetAt);
    assert.equal(refused.message, `The request budget is spent until ${new Date(resetAt).toISOString()}.`);
    assert.equal(env.api.count, 1);
    assert.equal(env.loader.stats(BASE_URL).requests, 1, 'the refused load sent nothing');
  });

  test('a time past what a date can hold reads "later"; the last date it can hold is written out', () => {
    const spentUntil = (resetAt: number) => quotaError({ ...createBudget(), nextSlotAt: () => resetAt }, 0);
    const never = spentUntil(Infinity);
    assert.equal(never.message, 'The request budget is spent until later.');
    assert.equal(never.resetAt, Infinity);
    assert.equal(
      spentUntil(8.64e15).message,
      'The request budget is spent until +275760-09-13T00:00:00.000Z.',
    );
  });

  test('a refused request says when the budget that refused it frees a slot, whatever is heard after', async () => {
    const HOUR = 3_600_000;
    let heardMeanwhile = () => {};
    // A response heard between the refusal, under the budget lock, and what follows it.
    const locks: LocksLike = {
      async request(name, _options, task) {
        const result = await task();
        if (name === `${NAMES.lock}budget`) heardMeanwhile();
        return result;
      },
    };
    const env = loaderEnv({ loader: { quotaLimit: 5, locks } });
    const now = env.clock.now();
    // The same budget as another tab sees it (the same storage and key).
    const shared = createBudget({
      limit: 5,
      windowMs: HOUR,
      storage: createSafeStorage({ backend: env.storage }),
      storageKey: budgetKey(BASE_URL),
    });
    // The API said none is left (another page of the reader's spent them): refused, until its reset.
    shared.reconcile({ limit: 5, remaining: 0, resetAt: now + HOUR }, now);
    // Then an answer that left the API earlier says 3 are left: the budget moves.
    heardMeanwhile = () => shared.reconcile({ limit: 5, remaining: 3, resetAt: now + HOUR }, now + 1);
    const refused = await run(env, { kind: 'regions' }).catch((error: unknown) => error);
    assert.ok(isKhountousError(refused, 'quota'), "isKhountousError(refused, 'quota')");
    assert.equal(refused.resetAt, now + HOUR, 'the time of the budget that refused, not "now"');
    assert.equal(env.api.count, 0, 'nothing is sent');
    assert.equal(env.loader.stats(BASE_URL).remaining, 3, 'the budget moved after the refusal');
  });

  test('the budget is taken under the cross-tab lock the script tag’s start takes too', async () => {
    const env = loaderEnv({ crossTab: true });
    let release!: () => void;
    const held = env.locks!.request(
      `${NAMES.lock}budget`,
      {},
      () => new Promise<void>((done) => (release = done)),
    );
    const loading = env.load({ kind: 'regions' });
    await env.clock.settle();
    assert.equal(env.api.count, 0, 'nothing sent while the start holds the budget');
    release();
    await held;
    await env.clock.settle();
    await loading;
    assert.equal(env.api.count, 1);
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

describe('behind a shared cache (deploy/nginx/)', () => {
  /** The fake API as a shared cache answers it: marked shared, its rate-limit headers hidden. */
  const throughTier =
    (env: LoaderEnv): FetchLike =>
    async (input, init) => {
      const answer = await env.api.fetch(input, init);
      const headers = new Headers(answer.headers);
      for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'])
        headers.delete(name);
      headers.set('X-Khountous-Cache', 'shared');
      return new Response(answer.body, { status: answer.status, headers });
    };

  test('the per-reader quota of 60 no longer refuses loads; one request per resource still', async () => {
    const env = loaderEnv({ quotas: { anonymous: 1000 } });
    const tab = env.tab({ fetch: throughTier(env) });
    const names = await slugs(env, 70);
    for (const slug of names) await run(tab, { kind: 'administration', slug });
    for (const slug of names) await run(tab, { kind: 'administration', slug });
    assert.equal(env.api.count, 70, 'each of 70 resources once, none refused locally');
    assert.equal(tab.loader.stats(BASE_URL).shared, true);
    const direct = loaderEnv({ quotas: { anonymous: 1000 } });
    const refused = await settleAll(
      direct,
      (await slugs(direct, 70)).map((slug) => direct.load({ kind: 'administration', slug })),
    );
    assert.equal(
      refused.filter((outcome) => outcome.status === 'rejected').length,
      10,
      'without the tier: 60',
    );
    assert.equal(direct.loader.stats(BASE_URL).shared, false);
  });

  test("the cache's 429 and Retry-After are obeyed", async () => {
    const env = loaderEnv();
    const tab = env.tab({ fetch: throughTier(env) });
    await run(tab, { kind: 'regions' });
    env.api.intercept(() =>
      jsonResponse({ error: { code: 'rate_limited', message: 'slow down' } }, 429, { 'Retry-After': '30' }),
    );
    await assert.rejects(run(tab, { kind: 'regions', lang: 'en' }), (error) =>
      isKhountousError(error, 'quota'),
    );
    const sent = env.api.count;
    await assert.rejects(run(tab, { kind: 'administration', slug: 'x' }), (error) =>
      isKhountousError(error, 'quota'),
    );
    assert.equal(env.api.count, sent, 'nothing sent before the reset');
  });

  test('a shared copy is as old as its Date, and stale when the cache says it serves it stale', async () => {
    const env = loaderEnv();
    const at =
      (headers: Record<string, string>): FetchLike =>
      async (input, init) => {
        const answer = await throughTier(env)(input, init);
        const changed = new Headers(answer.headers);
        for (const [name, value] of Object.entries(headers)) changed.set(name, value);
        return new Response(answer.body, { status: answer.status, headers: changed });
      };
    const producedAt = env.clock.now() - 40 * MINUTE;
    const old = env.tab({ fetch: at({ Date: new Date(producedAt).toUTCString() }) });
    const regions = await run(old, { kind: 'regions' });
    assert.equal(
      regions.fetchedAt,
      Math.floor(producedAt / 1000) * 1000,
      'the API produced it 40 minutes ago',
    );
    assert.equal((await run(old, { kind: 'regions' })).stale, true, 'regions are fresh for 30 minutes');
    const recent = env.tab({
      fetch: at({ Date: new Date(env.clock.now()).toUTCString(), 'X-Cache-Status': 'STALE' }),
    });
    const ranking = await run(recent, { kind: 'administrations', query: { limit: 3 } });
    assert.equal(ranking.stale, true, 'the cache served a copy past its freshness');
    const hit = env.tab({
      fetch: at({ Date: new Date(env.clock.now()).toUTCString(), 'X-Cache-Status': 'HIT' }),
    });
    assert.equal(
      (await run(hit, { kind: 'report', slug: 'x' }).catch(() => undefined))?.stale ?? false,
      false,
    );
    const direct = await run(env, { kind: 'verifications' });
    assert.equal(direct.fetchedAt, env.clock.now(), 'an answer of the API itself is as old as its arrival');
  });

  test('an error answered by the shared cache marks the budget as behind a shared cache, as its answers do', async () => {
    const env = loaderEnv();
    const tab = env.tab({ fetch: throughTier(env) });
    const missing = await run(tab, { kind: 'report', slug: 'no-such-report' }).catch(
      (error: unknown) => error,
    );
    assert.ok(isKhountousError(missing, 'not-found'), String(missing));
    assert.equal(tab.loader.stats(BASE_URL).shared, true);
  });

  test('a new page load behind the cache is not limited by the log of the last hour', async () => {
    const env = loaderEnv({ quotas: { anonymous: 1000 } });
    const tab = env.tab({ fetch: throughTier(env) });
    const names = await slugs(env, 65);
    for (const slug of names.slice(0, 61)) await run(tab, { kind: 'administration', slug });
    const reloaded = env.tab({ fetch: throughTier(env) });
    for (const slug of names.slice(61)) await run(reloaded, { kind: 'administration', slug });
    assert.equal(env.api.count, 65);
  });
});
