/**
 * Dedupe and the batching of list loads: one request per resource, and list windows asked together served by one covering request.
 * On the fake clock and a fake fetch over the reference API that counts calls;
 * expected data is read from the API directly, independently of the loader.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Loaded } from '../../../src/core/loader/loader.js';
import type { Administration } from '../../../src/core/types.js';
import { loaderEnv, settleAll, run, slugs, ranking, type Ranking } from '../../helpers/loader-env.js';

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

describe('a list load aborted before its batch leaves', () => {
  test('it leaves the batch: the request asks for the windows still wanted only', async () => {
    const env = loaderEnv();
    const controller = new AbortController();
    const wide = env.load<Ranking>(ranking({ limit: 50 }), { signal: controller.signal });
    const five = env.load<Ranking>(ranking({ limit: 5 }));
    // Both are in the batch (the loader's own awaits are over), which the fake clock has not sent yet.
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(env.api.count, 0);
    controller.abort();
    const [wideResult, fiveResult] = await settleAll(env, [wide, five]);
    assert.equal(wideResult!.status, 'rejected');
    assert.equal(fiveResult!.status, 'fulfilled');
    assert.equal(env.api.count, 1);
    assert.equal(env.api.calls[0]!.url.searchParams.get('limit'), '5', 'not the aborted window of 50');
    assert.equal(env.loader.stats().coalesced, 0);
  });
});
