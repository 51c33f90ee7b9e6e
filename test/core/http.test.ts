/**
 * One request and its response (src/core/http.ts) on their own, with a fetch
 * that answers as each test says: which content types count as JSON, how a
 * failed fetch or a broken body becomes an error, what the headers of an
 * answer say, which statuses are a success, and what an error body of the
 * API's shape says; with the check of its schema the loader applies to an
 * answer before storing it (src/core/answers.ts `checkedAnswer`).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkedAnswer } from '../../src/core/answers.js';
import { object, string } from '../../src/core/check.js';
import { isKhountousError, KhountousError } from '../../src/core/errors.js';
import { describe as target, type Target } from '../../src/core/endpoints.js';
import { datasetUrl, errorBodyOf, get, type CallOptions, type FetchLike } from '../../src/core/http.js';
import { BASE_URL, jsonResponse } from '../helpers/fake-fetch.js';
import { MAX_ANSWER_BYTES } from '../../src/core/types.js';
import { failure } from '../helpers/failure.js';

const regionSchema = object({ name: string });
const REGION = { name: 'Dakar' };
/** The regions endpoint's target. */
const REGIONS: Target = target({ kind: 'regions' }, BASE_URL);

/**
 * `get` of a region, with a fetch that answers (or fails) as `answer` does, its answer checked
 * against `regionSchema` as the loader checks one (one region, to keep the answers short).
 */
function ask(answer: (init: RequestInit) => Response | Promise<Response>, options?: CallOptions<unknown>) {
  const fetch: FetchLike = async (_input, init) => answer(init);
  return get({ fetch }, REGIONS, options).then((response) => checkedAnswer(regionSchema, response));
}

/** A fetch answer of `body` under the content type `type` (none when undefined). */
function typed(body: string, type: string | undefined, status = 200): Response {
  const response = new Response(new TextEncoder().encode(body), { status });
  if (type !== undefined) response.headers.set('Content-Type', type);
  return response;
}

/** A 200 whose body breaks with `error` after its first bytes. */
function breaking(error: unknown): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"name":'));
      controller.error(error);
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'application/json' } });
}

const abortException = () => new DOMException('The operation was aborted.', 'AbortError');

describe('content types', () => {
  test('JSON is application/json or a +json type, any case, with or without parameters', async () => {
    for (const type of [
      'application/json',
      'Application/JSON',
      'application/json;charset=utf-8',
      'application/json ; charset=utf-8',
      'application/problem+json',
      'application/vnd.khountous.v1+json; charset=utf-8',
    ]) {
      const response = await ask(() => typed(JSON.stringify(REGION), type));
      assert.deepEqual(response.data, REGION, type);
    }
  });

  test('any other type is an invalid response naming the type, even with a body that would pass', async () => {
    for (const type of [
      'text/plain',
      'text/html; charset=utf-8',
      'text/plain; profile=application/json',
      'application/json-seq',
      'application/jsonl',
      'application/xml',
    ]) {
      const error = await failure(ask(() => typed(JSON.stringify(REGION), type)));
      assert.equal(error.kind, 'invalid-response', type);
      assert.equal(error.status, 200, type);
      assert.ok(error.message.includes(`"${type}"`), `${type}: ${error.message}`);
    }
    const untyped = await failure(ask(() => typed(JSON.stringify(REGION), undefined)));
    assert.equal(untyped.kind, 'invalid-response');
    assert.ok(untyped.message.includes('"none"'), untyped.message);
    assert.match(untyped.message, /^Expected JSON, /, 'says what was expected');
  });
});

describe('the body', () => {
  test('JSON that does not parse: an invalid response that says so, with the status', async () => {
    const error = await failure(ask(() => typed('{"name":"Dak', 'application/json', 201)));
    assert.equal(error.kind, 'invalid-response');
    assert.equal(error.status, 201);
    assert.match(error.message, /JSON/);
    assert.ok(error.cause instanceof SyntaxError);
  });

  test('a body larger than MAX_ANSWER_BYTES: an invalid answer, announced or not, read no further than the bound', async () => {
    const big = `{"name":"${'x'.repeat(MAX_ANSWER_BYTES)}"}`;
    // Announced by Content-Length: refused before a byte is read.
    const announced = await failure(
      ask(
        () =>
          new Response(big, {
            headers: { 'Content-Type': 'application/json', 'Content-Length': String(big.length) },
          }),
      ),
    );
    assert.equal(announced.kind, 'invalid-response');
    assert.match(announced.message, /too large/);
    // Not announced (chunks of 64 KiB, no end in sight): read up to the bound, then cancelled.
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(65_536).fill(0x20));
      },
      cancel() {
        cancelled = true;
      },
    });
    const streamed = await failure(
      ask(() => new Response(endless, { headers: { 'Content-Type': 'application/json' } })),
    );
    assert.equal(streamed.kind, 'invalid-response');
    assert.match(streamed.message, /too large/);
    assert.ok(cancelled, 'the body cancelled');
    assert.ok(pulled * 65_536 <= MAX_ANSWER_BYTES + 2 * 65_536, `${pulled} chunks pulled`);
    // At the bound exactly: read.
    const fits = await ask(() => jsonResponse({ name: 'x'.repeat(MAX_ANSWER_BYTES - 20) }));
    assert.equal(fits.data.name.length, MAX_ANSWER_BYTES - 20);
  });

  test('a body that fails its schema: the message says where, "(root)" for the body itself', async () => {
    const root = await failure(ask(() => jsonResponse('Dakar')));
    assert.equal(root.kind, 'invalid-response');
    assert.equal(root.status, 200);
    assert.ok(root.message.includes('(root)'), root.message);
    const field = await failure(ask(() => jsonResponse({ name: 7 }, 203)));
    assert.equal(field.status, 203);
    assert.ok(field.message.includes('name'), field.message);
    assert.ok(!field.message.includes('(root)'), field.message);
  });

  test('a body cut off while it is read: a network error with the status and the cause', async () => {
    const reset = new TypeError('terminated');
    const error = await failure(ask(() => breaking(reset)));
    assert.equal(error.kind, 'network');
    assert.equal(error.status, 200);
    assert.equal(error.cause, reset);
    assert.notEqual(error.message, '');
  });

  test('a body whose reading is aborted: an aborted error, even when the caller’s signal did not fire', async () => {
    const stop = abortException();
    const error = await failure(ask(() => breaking(stop)));
    assert.equal(error.kind, 'aborted');
    assert.equal(error.cause, stop);
    assert.notEqual(error.message, '');
  });
});

describe('when the fetch fails', () => {
  test('a failed fetch is a network error that keeps its cause', async () => {
    const offline = new TypeError('fetch failed');
    const error = await failure(ask(() => Promise.reject(offline)));
    assert.equal(error.kind, 'network');
    assert.equal(error.cause, offline);
    assert.notEqual(error.message, '');
  });

  test('whatever the fetch rejects with, even nothing, is a network error', async () => {
    for (const reason of [undefined, null, 'offline', 0, { name: 'NetworkError' }]) {
      const error = await failure(ask(() => Promise.reject(reason)));
      assert.equal(error.kind, 'network', String(reason));
    }
  });

  test('an AbortError of the fetch is an aborted error, even when the caller’s signal did not fire', async () => {
    const stop = abortException();
    const error = await failure(ask(() => Promise.reject(stop)));
    assert.equal(error.kind, 'aborted');
    assert.equal(error.cause, stop);
    assert.notEqual(error.message, '');
  });

  test('a KhountousError of the fetch (a wrapper that refuses to send) passes through as it is', async () => {
    const spent = new KhountousError('quota', 'The budget is spent.', { resetAt: 1000 });
    assert.equal(await failure(ask(() => Promise.reject(spent))), spent);
  });

  test('the caller’s signal fired: its reason when it is a KhountousError, else an aborted error', async () => {
    const untilAborted = (init: RequestInit) =>
      new Promise<Response>((_, reject) => {
        const signal = init.signal!;
        // A fetch that gives up with an error of its own rather than the signal's reason.
        signal.addEventListener('abort', () => reject(new TypeError('The user aborted a request.')));
      });
    const timeout = new AbortController();
    const timedOut = new KhountousError('network', 'Timed out.');
    const waiting = ask(untilAborted, { signal: timeout.signal });
    timeout.abort(timedOut);
    assert.equal(await failure(waiting), timedOut);

    const caller = new AbortController();
    const pending = ask(untilAborted, { signal: caller.signal });
    caller.abort();
    const error = await failure(pending);
    assert.equal(error.kind, 'aborted');
    assert.equal(error.cause, caller.signal.reason);
  });
});

describe('what the headers of an answer say', () => {
  const rateLimitOf = async (headers: Record<string, string>) =>
    (await ask(() => jsonResponse(REGION, 200, headers))).rateLimit;

  test('the rate limit, only when the three headers are whole numbers', async () => {
    const headers = {
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '59',
      'X-RateLimit-Reset': '1800000000',
    };
    assert.deepEqual(await rateLimitOf(headers), { limit: 60, remaining: 59, resetAt: 1_800_000_000_000 });
    for (const limit of ['60/h', '60req', '1.5', '-1', '']) {
      assert.equal(await rateLimitOf({ ...headers, 'X-RateLimit-Limit': limit }), undefined, limit);
    }
    assert.equal(await rateLimitOf({ 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '59' }), undefined);
  });

  test('only the value "shared" of X-Khountous-Cache marks the answer of a shared cache', async () => {
    for (const value of ['shared', 'Shared', 'SHARED']) {
      assert.equal(
        (await ask(() => jsonResponse(REGION, 200, { 'X-Khountous-Cache': value }))).shared,
        true,
        value,
      );
    }
    for (const value of ['private', 'not shared', 'unshared', 'shared-copy', 'shared private', '']) {
      const response = await ask(() => jsonResponse(REGION, 200, { 'X-Khountous-Cache': value }));
      assert.equal(response.shared, undefined, value);
    }
  });

  test('a shared answer: when the API produced it (Date), and stale only for STALE or UPDATING', async () => {
    const date = 'Sun, 01 Nov 2026 08:00:00 GMT';
    const shared = (headers: Record<string, string>) =>
      ask(() => jsonResponse(REGION, 200, { 'X-Khountous-Cache': 'shared', ...headers }));
    const fresh = await shared({ Date: date, 'X-Cache-Status': 'HIT' });
    assert.equal(fresh.date, Date.parse(date));
    assert.equal(fresh.stale, undefined);
    assert.equal((await shared({})).date, undefined);
    for (const status of ['STALE', 'updating']) {
      assert.equal((await shared({ 'X-Cache-Status': status })).stale, true, status);
    }
    for (const status of ['HIT', 'NOT STALE', 'NOT-STALE', 'STALENESS', 'UPDATING-DONE', '']) {
      assert.equal((await shared({ 'X-Cache-Status': status })).stale, undefined, status);
    }
  });

  test('a 304 answers with the cached data, under its new ETag when it has one, else the stored one', async () => {
    const cached = { etag: '"v1"', data: REGION };
    const renamed = await ask(() => new Response(null, { status: 304, headers: { ETag: '"v2"' } }), {
      cached,
    });
    assert.equal(renamed.etag, '"v2"');
    assert.equal(renamed.data, REGION);
    assert.equal(renamed.notModified, true);
    const bare = await ask(() => new Response(null, { status: 304 }), { cached });
    assert.equal(bare.etag, '"v1"');
    assert.equal(bare.data, REGION);
  });
});

describe('statuses', () => {
  test('every 2xx is a success', async () => {
    for (const status of [200, 201, 203, 206, 299]) {
      const response = await ask(() => jsonResponse(REGION, status));
      assert.equal(response.status, status);
      assert.deepEqual(response.data, REGION);
    }
  });

  test('neither a success nor an error (a 304 with nothing cached, a redirect, an error response): an invalid response naming the status', async () => {
    const answers: [number, () => Response][] = [
      [304, () => new Response(null, { status: 304, headers: { ETag: '"v1"' } })],
      [302, () => jsonResponse(REGION, 302)],
      [0, () => Response.error()],
    ];
    for (const [status, answer] of answers) {
      const error = await failure(ask(answer));
      assert.equal(error.kind, 'invalid-response', String(status));
      assert.equal(error.status, status);
      assert.match(error.message, new RegExp(`\\b${status}\\b`));
    }
  });

  test('an error whose body is not JSON: its kind by status, a message naming the status, nothing read from the body', async () => {
    const html = await failure(ask(() => typed('<h1>Bad gateway</h1>', 'text/html', 503)));
    assert.equal(html.kind, 'server');
    assert.equal(html.status, 503);
    assert.match(html.message, /\b503\b/);
    const apiLike = JSON.stringify({ error: { code: 'bad_request', message: 'Bad limit.', param: 'limit' } });
    const plain = await failure(ask(() => typed(apiLike, 'text/plain', 400)));
    assert.equal(plain.kind, 'bad-request');
    assert.equal(plain.code, undefined);
    assert.equal(plain.param, undefined);
    assert.match(plain.message, /\b400\b/);
    const untyped = await failure(ask(() => typed('', undefined, 502)));
    assert.equal(untyped.kind, 'server');
    assert.match(untyped.message, /\b502\b/);
  });
});

describe('what a request sends', () => {
  /** The init of the one fetch that `get` makes, with `options`. */
  async function sent(options: CallOptions<{ name: string }> = {}) {
    const inits: RequestInit[] = [];
    const fetch: FetchLike = async (_input, init) => {
      inits.push(init!);
      return jsonResponse(REGION);
    };
    await get({ fetch }, REGIONS, options);
    assert.equal(inits.length, 1);
    return { init: inits[0]!, headers: new Headers(inits[0]!.headers) };
  }

  test('a read goes without credentials or a body, and with at most the page’s origin as referrer', async () => {
    const { init, headers } = await sent();
    assert.equal(init.method, 'GET');
    assert.equal(init.credentials, 'omit');
    assert.equal(init.referrerPolicy, 'strict-origin');
    assert.equal(init.body, undefined);
    // No Content-Type, no Authorization: nothing that would make the browser ask a CORS preflight.
    assert.deepEqual([...headers.keys()], ['accept']);
  });

  test('a read goes in CORS mode with the caller’s signal, and no key', async () => {
    const controller = new AbortController();
    const { init, headers } = await sent({ signal: controller.signal });
    assert.equal(init.mode, 'cors');
    assert.equal(init.signal, controller.signal);
    assert.equal(headers.get('Accept'), 'application/json');
    assert.equal(headers.get('Authorization'), null);
  });

  test('reload bypasses the browser’s HTTP cache, revalidate asks the network; else the default mode', async () => {
    assert.equal((await sent({ reload: true })).init.cache, 'reload');
    assert.equal((await sent({ revalidate: true })).init.cache, 'no-cache');
    assert.equal((await sent({ reload: true, revalidate: true })).init.cache, 'reload');
    assert.equal((await sent()).init.cache, undefined);
  });

  test('a cached copy sends its ETag as If-None-Match, on a reload too', async () => {
    const cached = { etag: '"v1"', data: REGION };
    assert.equal((await sent({ cached })).headers.get('If-None-Match'), '"v1"');
    const reloaded = await sent({ cached, reload: true });
    assert.equal(reloaded.headers.get('If-None-Match'), '"v1"');
    assert.equal(reloaded.init.cache, 'reload');
  });

  test('a signal that has already fired sends nothing', async () => {
    let fetched = 0;
    const controller = new AbortController();
    controller.abort();
    const error = await failure(
      get({ fetch: async () => (fetched++, jsonResponse(REGION)) }, REGIONS, { signal: controller.signal }),
    );
    assert.equal(error.kind, 'aborted');
    assert.equal(fetched, 0);
  });
});

describe('the details of an error answer', () => {
  const rateLimitHeaders = {
    'X-RateLimit-Limit': '60',
    'X-RateLimit-Remaining': '0',
    'X-RateLimit-Reset': '1800000000',
  };

  test('its rate limit when the headers give one; the time to wait only on a 429', async () => {
    const down = await failure(
      ask(() => jsonResponse({ error: { code: 'internal', message: 'Down.' } }, 503, rateLimitHeaders)),
    );
    assert.equal(down.kind, 'server');
    assert.deepEqual(down.rateLimit, { limit: 60, remaining: 0, resetAt: 1_800_000_000_000 });
    assert.equal(down.resetAt, undefined);
    const spent = await failure(
      ask(() => jsonResponse({ error: { code: 'rate_limited', message: 'Spent.' } }, 429, rateLimitHeaders)),
    );
    assert.equal(spent.kind, 'quota');
    assert.equal(spent.resetAt, 1_800_000_000_000);
  });

  test('the reset of a 429: Retry-After seconds or date, else X-RateLimit-Reset, never in the past, else a wait', async () => {
    const now = Date.UTC(2026, 10, 1);
    const resetOf = async (headers: Record<string, string>) => {
      const fetch: FetchLike = async () =>
        jsonResponse({ error: { code: 'rate_limited', message: 'Later.' } }, 429, headers);
      return (await failure(get({ fetch, now: () => now }, REGIONS))).resetAt;
    };
    assert.equal(await resetOf({ 'Retry-After': '90' }), now + 90_000);
    assert.equal(await resetOf({ 'Retry-After': new Date(now + 5_000).toUTCString() }), now + 5_000);
    assert.equal(await resetOf({ 'X-RateLimit-Reset': String(now / 1000 + 600) }), now + 600_000);
    assert.equal(await resetOf({ 'X-RateLimit-Reset': String(now / 1000 - 600) }), now);
    const unknown = await resetOf({});
    assert.ok(unknown !== undefined && unknown > now, String(unknown));
  });

  test("an error body of the API's shape gives the error its message, code and parameter; any other body, none of them", async () => {
    const named = await failure(
      ask(() =>
        jsonResponse(
          { error: { code: 'bad_request', message: 'Bad limit.', param: 'limit', extra: 1 } },
          400,
        ),
      ),
    );
    assert.equal(named.kind, 'bad-request');
    assert.equal(named.message, 'Bad limit.');
    assert.equal(named.code, 'bad_request');
    assert.equal(named.param, 'limit');
    assert.deepEqual(errorBodyOf({ error: { code: 'not_found', message: 'No such slug.' } }), {
      code: 'not_found',
      message: 'No such slug.',
    });
    const notTheShape = [
      { error: { code: 'teapot', message: 'Unknown code.' } },
      { error: { code: 'not_found', message: 7 } },
      { error: { code: 'not_found', message: 'x', param: null } },
      { error: 'not_found' },
      ['not_found'],
      null,
      'Bad limit.',
    ];
    for (const body of notTheShape) assert.equal(errorBodyOf(body), undefined, JSON.stringify(body));
    const unknownCode = await failure(
      ask(() => jsonResponse({ error: { code: 'teapot', message: 'Short and stout.' } }, 400)),
    );
    assert.equal(unknownCode.kind, 'bad-request');
    assert.equal(unknownCode.code, undefined);
    assert.match(unknownCode.message, /\b400\b/);
  });

  test('an error holds only the details its answer gave: none left undefined', async () => {
    const error = await failure(
      ask(() => jsonResponse({ error: { code: 'internal', message: 'Down.' } }, 500)),
    );
    for (const [name, value] of Object.entries(error)) assert.notEqual(value, undefined, name);
    assert.equal(Object.hasOwn(error, 'rateLimit'), false);
    assert.equal(Object.hasOwn(error, 'resetAt'), false);
  });
});

describe('datasetUrl', () => {
  test('a plain link, JSON unless told; an unknown format is refused, naming the format', () => {
    assert.equal(datasetUrl(BASE_URL, 'fact-checks'), `${BASE_URL}/datasets/fact-checks?format=json`);
    assert.equal(datasetUrl(BASE_URL, 'fact-checks', 'csv'), `${BASE_URL}/datasets/fact-checks?format=csv`);
    assert.throws(
      () => datasetUrl(BASE_URL, 'fact-checks', 'pdf' as 'csv'),
      (error) => isKhountousError(error, 'invalid-parameter') && error.param === 'format',
    );
  });
});
