import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cacheControlOf, freshnessScaleFromEnv } from '../../demo/api/caching.js';
import { createApi } from '../../demo/api/handler.js';
import { ENDPOINTS, type ResourceKind } from '../../src/core/endpoints.js';
import { getData } from '../../demo/api/data.js';
import { RATE_LIMIT_HEADERS } from '../../src/core/headers.js';
import {
  type Administration,
  type ApiErrorBody,
  type FactCheck,
  type ListEnvelope,
  type Report,
} from '../../src/core/types.js';
import { CLIENT, FREE_KEY, PARTNER_KEY, bearer, postReport, submission, testApi } from './helpers.js';

const data = getData();
const HOUR = 3_600_000;
const { limit: LIMIT, remaining: REMAINING, reset: RESET } = RATE_LIMIT_HEADERS;

/** A test API with the document's quotas. */
const quotaApi = () => testApi({ quotas: {} });

function assertRateLimitHeaders(response: Response, limit: number, remaining: number): void {
  assert.equal(response.headers.get(LIMIT), String(limit));
  assert.equal(response.headers.get(REMAINING), String(remaining));
  assert.match(response.headers.get(RESET) ?? '', /^\d+$/);
}

describe('rate limiting', () => {
  it('allows 60 anonymous requests per hour, counts Remaining down, then answers 429', async () => {
    const test = quotaApi();
    const start = test.clock.time;
    for (let i = 1; i <= 60; i += 1) {
      const response = await test.call('/regions');
      assert.equal(response.status, 200, `request ${i}`);
      assertRateLimitHeaders(response, 60, 60 - i);
      assert.equal(response.headers.get(RESET), String(Math.ceil((start + HOUR) / 1000)));
      test.clock.advance(10_000);
    }
    const refused = await test.call('/regions');
    assert.equal(refused.status, 429);
    assertRateLimitHeaders(refused, 60, 0);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    assert.equal(retryAfter, Math.ceil((start + HOUR - test.clock.time) / 1000));
    assert.equal(refused.headers.get('Content-Type'), 'application/json; charset=utf-8');
    assert.equal(((await refused.json()) as ApiErrorBody).error.code, 'rate_limited');

    test.clock.advance(retryAfter * 1000);
    const again = await test.call('/regions');
    assert.equal(again.status, 200);
    assertRateLimitHeaders(again, 60, 0);
    test.clock.advance(HOUR);
    const later = await test.call('/regions');
    assertRateLimitHeaders(later, 60, 59);
  });

  it('does not count 429 answers, and counts 400, 404 and 304 answers', async () => {
    const test = testApi({ quotas: { anonymous: 4 } });
    assert.equal((await test.call('/administrations?limit=101')).status, 400);
    assert.equal((await test.call('/administrations/nowhere')).status, 404);
    const first = await test.call('/regions');
    const notModified = await test.call('/regions', {
      headers: { 'If-None-Match': first.headers.get('ETag')! },
    });
    assert.equal(notModified.status, 304);
    assertRateLimitHeaders(notModified, 4, 0);
    for (let i = 0; i < 5; i += 1) assert.equal((await test.call('/regions')).status, 429);
    test.clock.advance(HOUR);
    assert.equal((await test.call('/regions')).status, 200, 'the refused requests were not recorded');
  });

  it('keeps anonymous quotas per client address and key quotas per key', async () => {
    const test = testApi({ quotas: { anonymous: 1, free: 2 } });
    assert.equal((await test.call('/regions')).status, 200);
    assert.equal((await test.call('/regions')).status, 429);
    assert.equal((await test.call('/regions', {}, '198.51.100.9')).status, 200);
    const free = await test.call('/regions', { headers: bearer(FREE_KEY) });
    assertRateLimitHeaders(free, 2, 1);
    const elsewhere = await test.call('/regions', { headers: bearer(FREE_KEY) }, '198.51.100.10');
    assertRateLimitHeaders(elsewhere, 2, 0);
  });

  it('uses the day quotas of the key levels', async () => {
    const test = quotaApi();
    assertRateLimitHeaders(await test.call('/regions', { headers: bearer(FREE_KEY) }), 1_000, 999);
    assertRateLimitHeaders(await test.call('/regions', { headers: bearer(PARTNER_KEY) }), 20_000, 19_999);
  });

  it('carries the rate-limit headers on errors, 201 and preflights', async () => {
    const test = quotaApi();
    assertRateLimitHeaders(await test.call('/nowhere'), 60, 59);
    assertRateLimitHeaders(await test.call('/regions', { method: 'DELETE' }), 60, 58);
    assertRateLimitHeaders(await test.call('/regions', { headers: bearer('bad') }), 60, 57);
    assertRateLimitHeaders(await test.call('/regions', { method: 'OPTIONS' }), 60, 57);
    assertRateLimitHeaders(await postReport(test, submission()), 20_000, 19_999);
  });

  it('raises quotas from KHOUNTOUS_QUOTA_* and lets explicit options win', async () => {
    const fromEnv = createApi({ env: { KHOUNTOUS_QUOTA_ANONYMOUS: '5000' } });
    const response = await fromEnv.handle(new Request('http://api.test/v1/regions'), CLIENT);
    assertRateLimitHeaders(response, 5000, 4999);
    const explicit = createApi({ env: { KHOUNTOUS_QUOTA_ANONYMOUS: '5000' }, quotas: { anonymous: 7 } });
    assertRateLimitHeaders(await explicit.handle(new Request('http://api.test/v1/regions'), CLIENT), 7, 6);
  });

  it('forgets quotas on reset()', async () => {
    const test = testApi({ quotas: { anonymous: 1 } });
    await test.call('/regions');
    assert.equal((await test.call('/regions')).status, 429);
    test.api.reset();
    assert.equal((await test.call('/regions')).status, 200);
  });
});

describe('CORS', () => {
  const exposed = [
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
    'X-RateLimit-Reset',
    'Retry-After',
    'ETag',
    'Content-Disposition',
  ];

  it('allows any origin and exposes the useful headers on every answer', async () => {
    const test = testApi();
    for (const response of [
      await test.call('/administrations', { headers: { Origin: 'https://news.example' } }),
      await test.call('/nowhere'),
      await test.call('/datasets/fact-checks?format=csv'),
    ]) {
      assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
      const names = (response.headers.get('Access-Control-Expose-Headers') ?? '').split(/,\s*/);
      for (const name of exposed) assert.ok(names.includes(name), name);
      assert.equal(response.headers.get('Set-Cookie'), null);
    }
  });

  it('answers a preflight with 204 and does not count it', async () => {
    const test = testApi({ quotas: { anonymous: 2 } });
    for (let i = 0; i < 5; i += 1) {
      const preflight = await test.call('/khountous', {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://ngo.example',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });
      assert.equal(preflight.status, 204);
      assert.equal(await preflight.text(), '');
      assert.equal(preflight.headers.get('Access-Control-Allow-Origin'), '*');
      assert.equal(preflight.headers.get('Access-Control-Allow-Methods'), 'GET, POST, OPTIONS');
      assert.equal(
        preflight.headers.get('Access-Control-Allow-Headers'),
        'Authorization, Content-Type, If-None-Match',
      );
      assert.equal(preflight.headers.get('Access-Control-Max-Age'), '86400');
      assertRateLimitHeaders(preflight, 2, 2);
    }
    assert.equal((await test.call('/regions')).status, 200);
  });
});

describe('HTTP caching', () => {
  it('marks each endpoint public for its freshness time in the kit, errors not at all', async () => {
    const test = testApi();
    const slug = data.administrations[0]!.slug;
    const report = data.reports[0]!.slug;
    const cases: [string, ResourceKind, number][] = [
      ['/administrations', 'administrations', 600],
      [`/administrations/${slug}`, 'administration', 900],
      ['/khountous', 'reports', 300],
      [`/khountous/${report}`, 'report', 600],
      ['/verifications', 'verifications', 900],
      ['/regions', 'regions', 1800],
      ['/datasets/fact-checks', 'dataset', 3600],
    ];
    for (const [path, kind, seconds] of cases) {
      assert.equal(seconds, ENDPOINTS[kind].fresh * 60, `${kind}: the kit's freshness`);
      assert.equal(
        (await test.call(path)).headers.get('Cache-Control'),
        `public, max-age=${seconds}, stale-while-revalidate=${seconds}, stale-if-error=86400`,
        path,
      );
    }
    assert.equal((await test.call('/nowhere')).headers.get('Cache-Control'), 'no-store');
  });

  it('compresses every time by KHOUNTOUS_FRESHNESS_SCALE, in whole seconds, at least 1', async () => {
    const test = testApi({ env: { KHOUNTOUS_FRESHNESS_SCALE: '0.005' } });
    assert.equal(
      (await test.call('/administrations')).headers.get('Cache-Control'),
      'public, max-age=3, stale-while-revalidate=3, stale-if-error=432',
    );
    assert.equal(
      cacheControlOf('reports', 0.0001),
      'public, max-age=1, stale-while-revalidate=1, stale-if-error=9',
    );
    for (const value of ['0', '-1', 'fast', '1e-3'])
      assert.throws(
        () => freshnessScaleFromEnv({ KHOUNTOUS_FRESHNESS_SCALE: value }),
        /KHOUNTOUS_FRESHNESS_SCALE/,
      );
    assert.equal(freshnessScaleFromEnv({}), 1);
  });

  it('gives a strong ETag that changes with the body and answers 304 to a matching If-None-Match', async () => {
    const test = testApi();
    const fr = await test.call('/administrations?limit=5');
    const etag = fr.headers.get('ETag')!;
    assert.match(etag, /^"[^"]+"$/, 'a strong validator');
    assert.equal((await test.call('/administrations?limit=5')).headers.get('ETag'), etag, 'stable');
    assert.notEqual((await test.call('/administrations?limit=6')).headers.get('ETag'), etag);

    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const cached = await test.call('/administrations?limit=5', { headers: { 'If-None-Match': header } });
      assert.equal(cached.status, 304, header);
      assert.equal(await cached.text(), '');
      assert.equal(cached.headers.get('ETag'), etag);
      assert.equal(cached.headers.get('Cache-Control'), cacheControlOf('administrations'));
      assert.equal(cached.headers.get('Access-Control-Allow-Origin'), '*');
      assert.ok(cached.headers.get(REMAINING) !== null);
    }
    const stale = await test.call('/administrations?limit=5', { headers: { 'If-None-Match': '"stale"' } });
    assert.equal(stale.status, 200);
  });

  it('changes the ETag of the reports list when a report is created', async () => {
    const test = testApi();
    const before = (await test.call('/khountous')).headers.get('ETag')!;
    await postReport(test, submission());
    const after = await test.call('/khountous', { headers: { 'If-None-Match': before } });
    assert.equal(after.status, 200);
  });

  it('answers HEAD like GET without a body', async () => {
    const test = testApi();
    const get = await test.call('/regions');
    const head = await test.call('/regions', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('ETag'), get.headers.get('ETag'));
    assert.equal(await head.text(), '');
  });
});

describe('JSON, languages and determinism', () => {
  it('answers JSON as application/json; charset=utf-8', async () => {
    const test = testApi();
    for (const path of [
      '/administrations',
      '/khountous',
      '/verifications',
      '/regions',
      '/datasets/fact-checks',
    ]) {
      assert.equal(
        (await test.call(path)).headers.get('Content-Type'),
        'application/json; charset=utf-8',
        path,
      );
    }
  });

  it('selects the language of every editorial text with lang (French by default)', async () => {
    const test = testApi();
    const pick = <T>(items: readonly T[], count: number) =>
      items.filter((_, i) => i % Math.ceil(items.length / count) === 0);
    for (const record of pick(data.reports, 40)) {
      const fr = (await test.json<Report>(`/khountous/${record.slug}`)).body;
      const frExplicit = (await test.json<Report>(`/khountous/${record.slug}?lang=fr`)).body;
      const en = (await test.json<Report>(`/khountous/${record.slug}?lang=en`)).body;
      assert.deepEqual(fr, frExplicit);
      assert.equal(fr.title, record.title.fr);
      assert.equal(en.title, record.title.en);
      assert.notEqual(fr.description, en.description);
      fr.timeline.forEach((event, i) => assert.notEqual(event.label, en.timeline[i]!.label));
      if (fr.officialResponse) assert.notEqual(fr.officialResponse.text, en.officialResponse?.text);
      assert.equal(fr.submittedAt, en.submittedAt);
    }
    for (const record of pick(data.administrations, 30)) {
      const fr = (await test.json<Administration>(`/administrations/${record.slug}`)).body;
      const en = (await test.json<Administration>(`/administrations/${record.slug}?lang=en`)).body;
      assert.notEqual(fr.description, en.description);
      fr.scoreDetails.forEach((d, i) => assert.notEqual(d.label, en.scoreDetails[i]!.label));
      fr.indicators.forEach((d, i) => assert.notEqual(d.label, en.indicators[i]!.label));
    }
    const fr = (await test.json<ListEnvelope<FactCheck>>('/verifications?limit=100')).body.data;
    const en = (await test.json<ListEnvelope<FactCheck>>('/verifications?limit=100&lang=en')).body.data;
    fr.forEach((check, i) => {
      assert.notEqual(check.claim, en[i]!.claim);
      assert.notEqual(check.summary, en[i]!.summary);
      assert.equal(check.verdict, en[i]!.verdict);
    });
  });

  it('gives byte-identical answers from two instances', async () => {
    const paths = [
      '/administrations?limit=100',
      '/administrations?region=kolda&lang=en',
      `/administrations/${data.administrations[40]!.slug}?lang=en`,
      '/khountous?limit=100&page=3',
      `/khountous/${data.reports[99]!.slug}`,
      '/verifications?lang=en',
      '/regions',
      '/datasets/citizen-reports?format=csv',
      '/datasets/administration-scores?format=xlsx',
      '/datasets/budget-execution',
      '/nowhere',
    ];
    const [a, b] = [testApi(), testApi()];
    for (const path of paths) {
      const [ra, rb] = [await a.call(path), await b.call(path)];
      assert.deepEqual([...ra.headers], [...rb.headers], path);
      assert.deepEqual(Buffer.from(await ra.arrayBuffer()), Buffer.from(await rb.arrayBuffer()), path);
    }
  });
});
