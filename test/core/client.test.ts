/**
 * The typed client: parameter checks before any request, the request it
 * sends, the checks of the response, and the mapping of statuses to errors.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createClient } from '../../src/core/client.js';
import { readQuotaReset, type FetchLike } from '../../src/core/http.js';
import type { KhountousError } from '../../src/core/errors.js';
import { isKhountousError, type KhountousErrorKind } from '../../src/core/errors.js';
import {
  MAX_LIMIT,
  type ListEnvelope,
  type AdministrationListItem,
  type ReportSubmission,
} from '../../src/core/types.js';
import { createFakeClock } from '../helpers/fake-clock.js';
import { BASE_URL, createFakeFetch, jsonResponse } from '../helpers/fake-fetch.js';
import { failure } from '../helpers/failure.js';

function setup() {
  const clock = createFakeClock();
  const api = createFakeFetch({ now: clock.now });
  const client = createClient({ baseUrl: BASE_URL, fetch: api.fetch, now: clock.now });
  return { clock, api, client };
}

/** A fetch that must never be called. */
function forbiddenFetch(): { fetch: FetchLike; calls: () => number } {
  let calls = 0;
  return {
    fetch: async () => {
      calls++;
      throw new Error('fetch must not be called');
    },
    calls: () => calls,
  };
}

/** A client with one of the reference API's keys (the partner key unless told), on a fake clock. */
function keyedClient(apiKey = 'demo-partner-key') {
  const clock = createFakeClock();
  const api = createFakeFetch({ now: clock.now });
  const client = createClient({
    baseUrl: BASE_URL,
    fetch: api.fetch,
    apiKey,
    now: clock.now,
  });
  return { clock, api, client };
}

describe('parameter checks happen before anything is sent', () => {
  test('limits outside 1..100, non-integers and bad pages never reach fetch', async () => {
    const spy = forbiddenFetch();
    const client = createClient({ baseUrl: BASE_URL, fetch: spy.fetch });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.integer({ max: 0 }),
          fc.integer({ min: MAX_LIMIT + 1 }),
          fc.double({ noInteger: true }),
          fc.constant(Number.NaN),
        ),
        async (limit) => {
          const error = await failure(client.administrations({ limit }));
          assert.equal(error.kind, 'invalid-parameter');
          assert.equal(error.param, 'limit');
        },
      ),
    );
    // The edges themselves, which random integers may not draw.
    for (const limit of [0, MAX_LIMIT + 1, '0', `${MAX_LIMIT + 1}`, '5 ', '+5', '-1']) {
      assert.equal(
        (await failure(client.administrations({ limit: limit as number }))).param,
        'limit',
        `${limit}`,
      );
    }
    for (const page of [0, -1, 1.5, Number.POSITIVE_INFINITY]) {
      assert.equal((await failure(client.reports({ page }))).param, 'page');
    }
    assert.equal(spy.calls(), 0);
  });

  test('valid limits are sent as given', async () => {
    const { client, api } = setup();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: MAX_LIMIT }), async (limit) => {
        const response = await client.verifications({ limit });
        assert.equal(response.data.meta.pageSize, limit);
        assert.equal(api.calls.at(-1)!.url.searchParams.get('limit'), String(limit));
      }),
      { numRuns: 20 },
    );
    for (const limit of [1, MAX_LIMIT, '1', `${MAX_LIMIT}`]) {
      const response = await client.verifications({ limit: limit as number });
      assert.equal(response.data.meta.pageSize, Number(limit));
      assert.equal(api.calls.at(-1)!.url.searchParams.get('limit'), String(limit));
    }
  });

  test('values outside the value lists, bad slugs, ids, periods, langs and formats are refused', async () => {
    const spy = forbiddenFetch();
    const client = createClient({ baseUrl: BASE_URL, fetch: spy.fetch });
    const cases: [Promise<unknown>, string][] = [
      [client.administrations({ region: 'paris' as 'dakar' }), 'region'],
      [client.administrations({ sector: 'space' as 'health' }), 'sector'],
      [client.administrations({ level: 'galactic' as 'national' }), 'level'],
      [client.administrations({ lang: 'de' as 'fr' }), 'lang'],
      [client.reports({ category: 'x' as 'delay' }), 'category'],
      [client.reports({ status: 'closed' as 'resolved' }), 'status'],
      [client.reports({ period: '2026-13' }), 'period'],
      [client.reports({ period: '26' }), 'period'],
      [client.administration('Bad Slug'), 'slug'],
      [client.administration('../../etc/passwd'), 'slug'],
      [client.report('a/b'), 'slug'],
      [client.regions({ lang: 'wo' as 'fr' }), 'lang'],
      [client.dataset('Not_An_Id'), 'id'],
      [client.dataset('fact-checks', 'pdf' as 'csv'), 'format'],
    ];
    for (const [promise, param] of cases) {
      const error = await failure(promise);
      assert.equal(error.kind, 'invalid-parameter');
      assert.equal(error.param, param);
    }
    assert.throws(
      () => client.datasetUrl('x y'),
      (error) => isKhountousError(error, 'invalid-parameter'),
    );
    assert.equal(spy.calls(), 0);
  });

  test('the base URL must be http(s) or an absolute path', () => {
    for (const baseUrl of [
      '',
      'ftp://api.test/v1',
      'javascript:alert(1)',
      'v1',
      '//evil.test/v1',
      'https://user:pw@api.test/v1',
      'https://api.test/v1?x=1',
    ]) {
      assert.throws(
        () => createClient({ baseUrl }),
        (error) => isKhountousError(error, 'invalid-parameter') && error.param === 'baseUrl',
        baseUrl,
      );
    }
    assert.equal(createClient({ baseUrl: 'https://api.test/v1/' }).baseUrl, 'https://api.test/v1');
    assert.equal(createClient({ baseUrl: '/v1' }).baseUrl, '/v1');
    assert.equal(
      createClient({ baseUrl: 'http://localhost:8787/v1' }).datasetUrl('fact-checks', 'csv'),
      'http://localhost:8787/v1/datasets/fact-checks?format=csv',
    );
  });
});

describe('the request', () => {
  test('anonymous, cookie-free CORS GET with Accept JSON and the caller’s signal', async () => {
    const { client, api } = setup();
    const controller = new AbortController();
    await client.administrations({ limit: 3, region: 'dakar', lang: 'en' }, { signal: controller.signal });
    const call = api.calls[0]!;
    assert.equal(call.init.credentials, 'omit');
    assert.equal(call.init.mode, 'cors');
    assert.equal(call.method, 'GET');
    assert.equal(call.headers.get('Accept'), 'application/json');
    assert.equal(call.headers.get('Authorization'), null);
    assert.equal(call.init.signal, controller.signal);
    // One canonical URL per resource (sorted, defaults spelled out), as the loader sends it: shared caches see one key.
    assert.equal(call.path, '/administrations?lang=en&limit=3&page=1&region=dakar');
  });

  test('each call returns data, status, ETag and the rate limit', async () => {
    const { client, clock } = setup();
    const response = await client.regions();
    assert.equal(response.status, 200);
    assert.match(response.etag!, /^".+"$/);
    assert.deepEqual(response.rateLimit, {
      limit: 60,
      remaining: 59,
      resetAt: Math.ceil((clock.now() + 3_600_000) / 1000) * 1000,
    });
    assert.equal(response.data.data.length, 14);
  });

  test('If-None-Match with a cached copy: a 304 answers with the cached data', async () => {
    const { client, api } = setup();
    const first = await client.administrations({ limit: 5 });
    const second = await client.administrations(
      { limit: 5 },
      { cached: { etag: first.etag!, data: first.data } },
    );
    assert.equal(api.calls[1]!.headers.get('If-None-Match'), first.etag);
    assert.equal(second.status, 304);
    assert.equal(second.notModified, true);
    assert.equal(second.data, first.data);
  });

  test('reload: true bypasses the browser’s HTTP cache (cache: "reload"); without it the default mode', async () => {
    const { client, api } = setup();
    const list = await client.administrations({ limit: 1 });
    const slug = list.data.data[0]!.slug;
    await client.administrations({ limit: 1 }, { reload: true });
    await client.administration(slug, {}, { reload: true });
    await client.reports({ limit: 1 }, { reload: true });
    await client.verifications({ limit: 1 }, { reload: true });
    await client.regions({}, { reload: true });
    await client.dataset('fact-checks', 'json', { reload: true });
    await client.regions({}, { reload: false });
    assert.deepEqual(
      api.calls.map((call) => call.init.cache),
      [undefined, 'reload', 'reload', 'reload', 'reload', 'reload', 'reload', undefined],
    );
  });

  test('a reload keeps the conditional request: If-None-Match goes out, a 304 answers with the cached data', async () => {
    const { client, api } = setup();
    const first = await client.regions();
    const second = await client.regions(
      {},
      { cached: { etag: first.etag!, data: first.data }, reload: true },
    );
    assert.equal(api.calls[1]!.init.cache, 'reload');
    assert.equal(api.calls[1]!.headers.get('If-None-Match'), first.etag);
    assert.equal(second.status, 304);
    assert.equal(second.data, first.data);
  });

  test('an abort rejects with kind aborted', async () => {
    const { client, api } = setup();
    const held = api.hold();
    const controller = new AbortController();
    const pending = client.regions({}, { signal: controller.signal });
    controller.abort();
    assert.equal((await failure(pending)).kind, 'aborted');
    held.release();
  });
});

describe('response checks', () => {
  const cases: [string, () => Response | never, KhountousErrorKind][] = [
    [
      'HTML with 200 (a captive portal)',
      () => new Response('<html>Login</html>', { headers: { 'Content-Type': 'text/html' } }),
      'invalid-response',
    ],
    [
      'JSON under a wrong content type',
      () => new Response('{"data":[],"meta":{}}', { headers: { 'Content-Type': 'text/plain' } }),
      'invalid-response',
    ],
    [
      'truncated JSON',
      () => new Response('{"data":[{"code":"dakar"', { headers: { 'Content-Type': 'application/json' } }),
      'invalid-response',
    ],
    [
      'a body that fails its schema',
      () => jsonResponse({ data: [{ code: 'dakar' }], meta: { page: 1, pageSize: 20, total: 1 } }),
      'invalid-response',
    ],
    [
      'a wrong type',
      () => jsonResponse({ data: [], meta: { page: '1', pageSize: 20, total: 0 } }),
      'invalid-response',
    ],
    [
      'a connection reset',
      () => {
        throw new TypeError('fetch failed');
      },
      'network',
    ],
    [
      '400',
      () => jsonResponse({ error: { code: 'bad_request', message: 'bad', param: 'limit' } }, 400),
      'bad-request',
    ],
    ['401', () => jsonResponse({ error: { code: 'unauthorized', message: 'who' } }, 401), 'unauthorized'],
    ['403', () => jsonResponse({ error: { code: 'forbidden', message: 'no' } }, 403), 'forbidden'],
    ['404', () => jsonResponse({ error: { code: 'not_found', message: 'none' } }, 404), 'not-found'],
    ['405', () => jsonResponse({ error: { code: 'method_not_allowed', message: 'no' } }, 405), 'bad-request'],
    [
      '429',
      () => jsonResponse({ error: { code: 'rate_limited', message: 'later' } }, 429, { 'Retry-After': '30' }),
      'quota',
    ],
    ['500', () => jsonResponse({ error: { code: 'internal', message: 'oops' } }, 500), 'server'],
    [
      '503 with an HTML body',
      () => new Response('<h1>Bad gateway</h1>', { status: 503, headers: { 'Content-Type': 'text/html' } }),
      'server',
    ],
  ];
  for (const [name, respond, kind] of cases) {
    test(`${name} -> ${kind}`, async () => {
      const { client, api } = setup();
      api.intercept(() => respond());
      const error = await failure(client.regions());
      assert.equal(error.kind, kind);
      assert.equal(typeof error.message, 'string');
    });
  }

  test('error details: status, param, code, and resetAt of a 429', async () => {
    const { client, api, clock } = setup();
    api.intercept((call) =>
      call.path.startsWith('/regions')
        ? jsonResponse({ error: { code: 'rate_limited', message: 'later' } }, 429, { 'Retry-After': '30' })
        : undefined,
    );
    const quota = await failure(client.regions());
    assert.equal(quota.resetAt, clock.now() + 30_000);
    assert.equal(quota.status, 429);
    const bad = await failure(client.administration('no-such-administration'));
    assert.equal(bad.kind, 'not-found');
    assert.equal(bad.code, 'not_found');
    assert.equal(bad.status, 404);
  });

  test('the reset of a 429: Retry-After seconds or date, else X-RateLimit-Reset, never in the past', () => {
    const now = Date.UTC(2026, 10, 1);
    assert.equal(readQuotaReset(new Headers({ 'Retry-After': '90' }), now), now + 90_000);
    assert.equal(
      readQuotaReset(new Headers({ 'Retry-After': new Date(now + 5_000).toUTCString() }), now),
      now + 5_000,
    );
    assert.equal(
      readQuotaReset(new Headers({ 'X-RateLimit-Reset': String(now / 1000 + 600) }), now),
      now + 600_000,
    );
    assert.equal(readQuotaReset(new Headers({ 'X-RateLimit-Reset': String(now / 1000 - 600) }), now), now);
    assert.ok(readQuotaReset(new Headers(), now) > now, 'readQuotaReset(new Headers(), now) > now');
  });

  test('a body that breaks while being read is a network error', async () => {
    const { client, api } = setup();
    api.intercept(() => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"data":['));
          controller.error(new TypeError('terminated'));
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/json' } });
    });
    assert.equal((await failure(client.regions())).kind, 'network');
  });

  test('unknown fields are dropped', async () => {
    const { client, api } = setup();
    const real = await api.direct<ListEnvelope<AdministrationListItem>>('/administrations?limit=1');
    api.intercept(() =>
      jsonResponse({ ...real, extra: 1, data: real.data.map((item) => ({ ...item, logo: 'x.png' })) }),
    );
    const response = await client.administrations({ limit: 1 });
    assert.deepEqual(response.data, real);
  });
});

describe('datasets', () => {
  test('json is parsed, csv is text, xlsx is an ArrayBuffer', async () => {
    const { client, api } = setup();
    const json = await client.dataset('fact-checks');
    assert.equal(json.data.id, 'fact-checks');
    assert.ok(json.data.rows.length > 0, 'json.data.rows.length > 0');
    const csv = await client.dataset('fact-checks', 'csv');
    assert.equal(typeof csv.data, 'string');
    assert.equal(csv.data.split('\n')[0]!.split(',')[0], json.data.columns[0]!.key);
    assert.equal(api.calls[1]!.headers.get('Accept'), 'text/csv');
    const xlsx = await client.dataset('fact-checks', 'xlsx');
    assert.ok(xlsx.data instanceof ArrayBuffer, 'xlsx.data instanceof ArrayBuffer');
    assert.deepEqual([...new Uint8Array(xlsx.data.slice(0, 2))], [0x50, 0x4b], 'a zip container');
    assert.equal(api.calls[0]!.headers.get('Accept'), 'application/json');
    assert.equal(
      api.calls[2]!.headers.get('Accept'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });

  test('a CSV download takes CSV or plain text, with or without parameters; any other type is refused', async () => {
    const { client, api } = setup();
    let type = '';
    api.intercept(() => new Response('id,name\n1,a\n', { headers: { 'Content-Type': type } }));
    for (type of [
      'text/csv',
      'text/csv; charset=utf-8',
      'text/csv ; charset=utf-8',
      'application/csv',
      'TEXT/PLAIN',
    ]) {
      assert.equal((await client.dataset('fact-checks', 'csv')).data, 'id,name\n1,a\n', type);
    }
    for (type of ['text/csv-schema', 'x-text/csv', 'text/html', '']) {
      const error = await failure(client.dataset('fact-checks', 'csv'));
      assert.equal(error.kind, 'invalid-response', type);
      assert.match(error.message, /Expected CSV/, type);
    }
  });

  test('a spreadsheet download takes the XLSX type or octet-stream; any other type is refused', async () => {
    const { client, api } = setup();
    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    let type = '';
    api.intercept(() => new Response(new Uint8Array([0x50, 0x4b]), { headers: { 'Content-Type': type } }));
    for (type of [
      XLSX,
      `${XLSX}; charset=binary`,
      'application/octet-stream',
      'application/octet-stream ; x=1',
    ]) {
      const xlsx = await client.dataset('fact-checks', 'xlsx');
      assert.deepEqual([...new Uint8Array(xlsx.data)], [0x50, 0x4b], type);
    }
    for (type of [`${XLSX}.main+xml`, 'x-application/octet-stream', 'text/html']) {
      const error = await failure(client.dataset('fact-checks', 'xlsx'));
      assert.equal(error.kind, 'invalid-response', type);
      assert.match(error.message, /Expected a spreadsheet/, type);
    }
  });

  test('datasetUrl builds the download link', () => {
    const { client } = setup();
    assert.equal(client.datasetUrl('fact-checks', 'xlsx'), `${BASE_URL}/datasets/fact-checks?format=xlsx`);
    assert.equal(client.datasetUrl('fact-checks'), `${BASE_URL}/datasets/fact-checks?format=json`);
  });
});

describe('submitReport', () => {
  const body = {
    title: 'Robinet public à sec depuis une semaine',
    description: "Le robinet public du marché central ne donne plus d'eau depuis lundi.",
    category: 'service-outage',
    region: 'kolda',
    administration: 'mairie-de-kolda',
    lang: 'fr',
  } as const;

  test('refused without an API key, before anything is sent', async () => {
    const spy = forbiddenFetch();
    const client = createClient({ baseUrl: BASE_URL, fetch: spy.fetch });
    const error = await failure(client.submitReport(body));
    assert.equal(error.kind, 'invalid-parameter');
    assert.equal(error.param, 'apiKey');
    assert.equal(spy.calls(), 0);
  });

  test('with a partner key: POST with Bearer, JSON body, the created report back', async () => {
    const { api, client } = keyedClient();
    const created = await client.submitReport(body);
    assert.equal(created.status, 201);
    assert.equal(created.data.title, body.title);
    assert.equal(created.data.status, 'received');
    const call = api.calls[0]!;
    assert.equal(call.method, 'POST');
    assert.equal(call.headers.get('Authorization'), 'Bearer demo-partner-key');
    assert.equal(call.headers.get('Content-Type'), 'application/json');
  });

  test('a free key is refused by the API with forbidden; an invalid body never leaves', async () => {
    const { api, client } = keyedClient('demo-free-key');
    assert.equal((await failure(client.submitReport(body))).kind, 'forbidden');
    const invalid = await failure(client.submitReport({ ...body, title: '' }));
    assert.equal(invalid.param, 'title');
    assert.equal(api.count, 1);
  });

  test('titles, descriptions and administration slugs: non-blank texts of at most 200 and 5,000 characters', async () => {
    const { api, client } = keyedClient();
    const refused: [Partial<ReportSubmission>, string, RegExp][] = [
      [{ title: '   ' }, 'title', /title must be a non-empty text of at most 200 characters/],
      [{ title: 'x'.repeat(201) }, 'title', /at most 200 characters/],
      [{ description: ' \n\t' }, 'description', /description must be a non-empty text of at most 5000/],
      [{ description: 'x'.repeat(5001) }, 'description', /at most 5000 characters/],
      [
        { administration: 'Mairie de Kolda' },
        'administration',
        /administration must be an administration slug/,
      ],
    ];
    for (const [change, param, message] of refused) {
      const error = await failure(client.submitReport({ ...body, ...change }));
      assert.equal(error.kind, 'invalid-parameter', param);
      assert.equal(error.param, param);
      assert.match(error.message, message);
    }
    assert.equal(api.count, 0, 'none of them was sent');
    const longest = await client.submitReport({
      ...body,
      title: 't'.repeat(200),
      description: 'd'.repeat(5000),
    });
    assert.equal(longest.status, 201);
    assert.equal(longest.data.title, 't'.repeat(200));
  });
});

describe('answers of a shared cache', () => {
  test('X-Khountous-Cache: shared marks the answer and the error as coming from a shared cache', async () => {
    const { client, api } = setup();
    const plain = await client.regions();
    assert.equal(plain.shared, undefined);
    let stop = api.intercept(() => jsonResponse(plain.data, 200, { 'X-Khountous-Cache': 'shared' }));
    assert.equal((await client.regions()).shared, true);
    stop();
    stop = api.intercept(() =>
      jsonResponse({ error: { code: 'rate_limited', message: 'slow' } }, 429, {
        'X-Khountous-Cache': 'shared',
        'Retry-After': '5',
      }),
    );
    const error = await failure(client.regions({ lang: 'en' }));
    assert.equal(error.kind, 'quota');
    assert.equal(error.shared, true);
    stop();
    api.intercept(() => jsonResponse(plain.data, 200, { 'X-Khountous-Cache': 'private' }));
    assert.equal((await client.regions()).shared, undefined, 'only the value "shared" counts');
  });
});

describe('the API key given to a client', () => {
  test('printable ASCII without spaces, else refused when the client is made', () => {
    for (const apiKey of ['', 'two words', 'clé', 'tab\there', 'line\n', 42]) {
      assert.throws(
        () => createClient({ baseUrl: BASE_URL, apiKey: apiKey as string }),
        (error: KhountousError) =>
          error.kind === 'invalid-parameter' &&
          error.param === 'apiKey' &&
          /printable ASCII/.test(error.message),
        JSON.stringify(apiKey),
      );
    }
    for (const apiKey of ['demo-partner-key', '!~', 'a']) createClient({ baseUrl: BASE_URL, apiKey });
  });
});
