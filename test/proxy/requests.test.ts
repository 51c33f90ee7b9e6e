/**
 * What of a reader's request reaches the API through the tier, on each engine
 * (a real nginx, a real Varnish) in front of a recording upstream: only plain
 * request lines for the API's read endpoints, with the endpoint's own query
 * parameters, one cache key per resource; none of the reader's headers, no
 * body. Request lines go out as raw bytes (node:net), so nothing on the client
 * side normalises them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { describe as describeResource, ENDPOINTS, urlOf, type Resource } from '../../src/core/endpoints.js';
import { get, raw, sleep, type Answer } from './client.js';
import { engines, startEngineTier, startTier, type EngineTier } from './harness.js';
import { startRecorder, type Recorder } from './upstream.js';

const KEY = 'site-key-requests-2f6a';

/** The tier's own refusal: the status, the API's error format, the tier's headers, no key. */
function assertRefused(answer: Answer, status: number, code: string, what: string) {
  assert.equal(answer.status, status, `${what}: ${answer.status} ${answer.body}`);
  assert.match(String(answer.headers['content-type']), /^application\/json/, what);
  const body = JSON.parse(answer.body) as { error: { code: string; message: string } };
  assert.equal(body.error.code, code, what);
  assert.ok(body.error.message.length > 20, what);
  assert.equal(answer.headers['x-khountous-cache'], 'shared', what);
  assert.ok(!JSON.stringify(answer).includes(KEY), what);
}

for (const [engine, skip] of engines()) {
  describe(
    `${engine}: shared cache tier: only plain targets of the API’s read endpoints pass`,
    { skip },
    () => {
      let upstream: Recorder;
      let tier: EngineTier;
      before(async () => {
        upstream = await startRecorder();
        tier = await startEngineTier(engine, upstream.url, upstream.host, { key: KEY });
      });
      after(async () => {
        await tier?.stop();
        await upstream?.stop();
      });

      const line = (target: string, method = 'GET') => `${method} ${target} HTTP/1.1\r\nHost: localhost`;

      it('refuses every other spelling of a target, before the cache and the key', async () => {
        const long = 'a'.repeat(201);
        const refused: [target: string, status: number, code: string][] = [
          // Not a plain path: 400.
          ...[
            '/v1/..\\admin/keys',
            '/v1/x/..;/admin',
            '/x/../v1/regions',
            '/v1/regions#frag',
            '/v1/regions?lang=fr#frag',
            '/v1/./regions',
            '/v1/regions/.',
            '/v1/administrations/mairie-de-bakel/..',
            '/v1/administrations/../regions',
            '/v1//regions',
            '//v1/regions',
            '/v1/%72egions',
            '/v1/administrations%2Fmairie-de-bakel',
            '/v1/administrations/%2e%2e/regions',
            '/v1/%2e%2e/admin',
            '/v1/%2E/regions',
            '/v1/regions%23frag',
            '/v1/regions/%2F',
            '/v1/administrations/mairie-de-bakel%3F',
            '/v1/regions;x=1',
            '/v1/regions\\',
            '/v1\\regions',
            '/v1/r\xc3\xa9gions',
            '/v1/regions%00',
            '/v1/../../etc/passwd',
            'v1/regions',
            '*',
            'https://api.khountous.sn/v1/regions',
            'HTTPS://api.khountous.sn/v1/regions',
            // Varnish turns an http:// target into its path before the checks (the next test).
            ...(engine === 'nginx' ? [`http://127.0.0.1:${tier.port}/v1/regions?lang=fr`] : []),
          ].map((target): [string, number, string] => [target, 400, 'bad_request']),
          // An endpoint with a query it does not take, or spelled another way: 400.
          ...[
            '/v1/regions?lang=fr&lang=en',
            '/v1/regions?LANG=fr',
            '/v1/regions?lang=FR',
            '/v1/regions?lang=%66r',
            '/v1/regions?lang=fr&x=1',
            '/v1/regions?cb=1732',
            '/v1/regions?lang=fr&',
            '/v1/regions?',
            '/v1/regions?&lang=fr',
            '/v1/regions?lang=fr&&',
            '/v1/regions?lang',
            '/v1/regions?lang=',
            '/v1/regions?lang=fr;x=1',
            '/v1/regions?lang=fr+',
            '/v1/regions?page=1',
            '/v1/verifications?page=01',
            '/v1/verifications?page=1&page=2',
            '/v1/verifications?lang=fr&limit=1&page=1&lang=fr',
            '/v1/verifications?limit=+1',
            '/v1/verifications?limit=0',
            '/v1/verifications?limit=101',
            '/v1/verifications?limit=1000',
            '/v1/verifications?page=100000',
            '/v1/verifications?page=1e3',
            '/v1/administrations?region=Kolda',
            '/v1/administrations?region=kolda%00',
            `/v1/administrations?region=${'a'.repeat(41)}`,
            '/v1/administrations?category=delay',
            '/v1/administrations?lang=fr&limit=8&page=1&utm_source=x',
            '/v1/khountous?period=2026-3',
            '/v1/khountous?sector=health',
            '/v1/administrations/mairie-de-bakel?page=1',
            '/v1/datasets/budget?format=pdf',
            '/v1/datasets/budget?lang=fr',
            '/v1/datasets/budget?format=csv&format=json',
          ].map((target): [string, number, string] => [target, 400, 'bad_request']),
          // A plain path that is no endpoint: 404.
          ...[
            '/v1/admin/keys',
            '/v1/keys?lang=fr',
            '/v1/regions/',
            '/V1/regions',
            '/v1/Regions',
            '/v1/administrations/Mairie-de-bakel',
            '/v1/administrations/a--b',
            '/v1/administrations/-a',
            `/v1/administrations/${long}`,
            '/v1/administrations/mairie-de-bakel/score',
            '/v1/datasets',
            '/v1/datasets/budget.csv',
            '/v1',
            '/v1/',
            '/v2/regions',
            '/admin',
            '/',
          ].map((target): [string, number, string] => [target, 404, 'not_found']),
        ];
        for (const [target, status, code] of refused) {
          for (const method of ['GET', 'HEAD', 'OPTIONS']) {
            const answer = await raw(tier.port, line(target, method));
            if (method === 'HEAD') assert.equal(answer.status, status, `HEAD ${target}`);
            else assertRefused(answer, status, code, `${method} ${target}`);
          }
        }
        assert.deepEqual(
          upstream.received.map((request) => request.url),
          [],
        );
        assert.equal(await tier.cached(), 0);
      });

      it('refuses an absolute-form target (nginx) or checks it as its path (Varnish), never sending its host on', async () => {
        const before = upstream.received.length;
        const absolute = (target: string) => raw(tier.port, `GET ${target} HTTP/1.1\r\nHost: localhost`);
        if (engine === 'nginx') {
          for (const target of ['http://evil.example/v1/regions?lang=fr', 'HTTP://evil.example/admin'])
            assertRefused(await absolute(target), 400, 'bad_request', target);
          assert.equal(upstream.received.length, before);
          return;
        }
        // Varnish turns http://host/path into the path, and the host into the Host header, before
        // any VCL runs: the path is then checked, and the Host is neither in the key nor sent on.
        assertRefused(await absolute('HTTP://evil.example/admin'), 404, 'not_found', 'an absolute /admin');
        assertRefused(
          await absolute('http://evil.example/v1/../admin'),
          400,
          'bad_request',
          'absolute, dot segment',
        );
        const first = await absolute('http://evil.example/v1/regions?lang=fr');
        assert.equal(first.status, 200, first.body);
        const plain = await raw(tier.port, line('/v1/regions?lang=fr'));
        assert.equal(plain.headers['x-cache-status'], 'HIT', 'one cache key with the plain target');
        assert.deepEqual(
          upstream.received.slice(before).map((request) => [request.url, request.headers[0]]),
          [['/v1/regions?lang=fr', ['host', upstream.host]]],
        );
      });

      it('passes the kit’s request for every endpoint and parameter, and makes one cache key of every order', async () => {
        // A value of each query parameter of src/core/endpoints.ts; a new parameter needs one here, and in the tier.
        const SAMPLES: Record<string, string> = {
          lang: 'en',
          region: 'saint-louis',
          sector: 'civil-registry',
          level: 'communal',
          category: 'service-outage',
          status: 'under-review',
          period: '2026-03',
        };
        const ids = { slug: 'mairie-de-bakel', id: `budget-${'x'.repeat(193)}` };
        const before = upstream.received.length;
        const expected: string[] = [];
        for (const [kind, endpoint] of Object.entries(ENDPOINTS)) {
          const query: Record<string, string | number> = {};
          for (const name of Object.keys(endpoint.query)) {
            assert.ok(name in SAMPLES, `a sample value for ${kind}'s ${name}`);
            query[name] = SAMPLES[name] as string;
          }
          if (endpoint.route.paged) Object.assign(query, { page: 99_999, limit: 100 });
          const resource = { kind, query: { ...ids, ...query } } as Resource;
          const url = new URL(urlOf(describeResource(resource, tier.base)));
          const target = `${url.pathname}${url.search}`;
          const first = await raw(tier.port, line(target));
          assert.equal(first.status, 200, `${target}: ${first.body}`);
          expected.push(target);
          // The same parameters in reverse order: the same cache key.
          const reversed = `${url.pathname}?${url.search.slice(1).split('&').reverse().join('&')}`;
          const again = await raw(tier.port, line(reversed));
          assert.equal(again.status, 200, reversed);
          assert.equal(again.headers['x-cache-status'], 'HIT', reversed);
          assert.equal(again.body, first.body, reversed);
        }
        for (const format of ['csv', 'json', 'xlsx']) {
          const target = `/v1/datasets/budget?format=${format}`;
          assert.equal((await raw(tier.port, line(target))).status, 200, target);
          expected.push(target);
        }
        assert.deepEqual(
          upstream.received.slice(before).map((request) => request.url),
          expected,
        );
      });

      it('keeps one answer for one resource, whatever the order of its parameters and the reader’s headers', async () => {
        const params = ['lang=fr', 'level=communal', 'limit=8', 'page=2', 'region=kolda', 'sector=health'];
        const orders: string[][] = [];
        const permute = (rest: string[], done: string[]) => {
          if (rest.length === 0) orders.push(done);
          rest.forEach((param, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...done, param]));
        };
        permute(params, []);
        assert.equal(orders.length, 720);
        const cached = await tier.cached();
        const before = upstream.received.length;
        // Each spelling from another reader (the upstream's Vary names these headers).
        for (const [i, order] of orders.filter((_, i) => i % 12 === 0).entries()) {
          const reader = `Origin: http://site-${i}.example\r\nUser-Agent: reader-${i}\r\nAccept-Encoding: ${i % 2 ? 'gzip' : 'br'}`;
          const answer = await raw(
            tier.port,
            `${line(`/v1/administrations?${order.join('&')}`)}\r\n${reader}`,
          );
          assert.equal(answer.status, 200, order.join('&'));
        }
        assert.deepEqual(
          upstream.received.slice(before).map((request) => request.url),
          [`/v1/administrations?${params.join('&')}`],
        );
        assert.equal(await tier.cached(), cached + 1);
      });
    },
  );
}

for (const [engine, skip] of engines()) {
  describe(
    `${engine}: shared cache tier: none of the reader’s headers and no body reach the API`,
    { skip },
    () => {
      let upstream: Recorder;
      let tier: EngineTier;
      before(async () => {
        upstream = await startRecorder({ maxAge: 1 });
        tier = await startEngineTier(engine, upstream.url, upstream.host, { key: KEY });
      });
      after(async () => {
        await tier?.stop();
        await upstream?.stop();
      });

      const READER_HEADERS = [
        'X-Forwarded-For: 203.0.113.7',
        'X-Forwarded-Host: evil.example',
        'X-Forwarded-Proto: http',
        'X-Forwarded-Port: 81',
        'Forwarded: for=203.0.113.7;host=evil.example',
        'X-Real-IP: 203.0.113.8',
        'True-Client-IP: 203.0.113.9',
        'X-Client-IP: 203.0.113.10',
        'CF-Connecting-IP: 203.0.113.11',
        'X-HTTP-Method-Override: DELETE',
        'X-HTTP-Method: DELETE',
        'X-Method-Override: POST',
        'X-Original-URL: /v1/admin/keys',
        'X-Rewrite-URL: /v1/admin/keys',
        'X-Khountous-Reader: 203.0.113.12',
        'Authorization: Bearer reader-own-key',
        'Cookie: session=reader',
        'Origin: http://localhost:5173',
        'Referer: http://localhost:5173/page',
        'User-Agent: reader-agent',
        'Accept-Encoding: gzip',
        'Accept-Language: en',
        'If-None-Match: "reader-etag"',
        'If-Modified-Since: Tue, 01 Jan 2030 00:00:00 GMT',
        'Range: bytes=0-1',
        'Via: 1.1 evil',
        'Content-Type: application/json',
      ];
      const only = (names: string[]) => (request: Recorder['received'][number]) =>
        assert.deepEqual(
          request.headers.map(([name]) => name),
          names,
          JSON.stringify(request.headers),
        );

      it('sends the API a GET with its Host and the key only, for GET and HEAD, with a body or not', async () => {
        const body = '{"secret":"reader-body"}';
        // [request head, body, status]: Varnish refuses a HEAD with a body itself, before any VCL
        // runs (a bare 400, without the tier's headers), so nothing of it goes further.
        const requests: [string, string, number][] = [
          [`GET /v1/regions?lang=fr HTTP/1.1\r\nHost: localhost\r\n${READER_HEADERS.join('\r\n')}`, '', 200],
          [
            `GET /v1/regions?lang=en HTTP/1.1\r\nHost: localhost\r\n${READER_HEADERS.join('\r\n')}\r\nContent-Length: ${body.length}`,
            body,
            200,
          ],
          [
            `GET /v1/verifications?lang=fr HTTP/1.1\r\nHost: localhost\r\n${READER_HEADERS.join('\r\n')}\r\nTransfer-Encoding: chunked`,
            `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
            200,
          ],
          [
            `HEAD /v1/verifications?lang=en HTTP/1.1\r\nHost: localhost\r\n${READER_HEADERS.join('\r\n')}\r\nContent-Length: ${body.length}`,
            body,
            engine === 'varnish' ? 400 : 200,
          ],
          [
            `HEAD /v1/khountous?lang=en HTTP/1.1\r\nHost: localhost\r\n${READER_HEADERS.join('\r\n')}`,
            '',
            200,
          ],
        ];
        for (const [head, requestBody, status] of requests) {
          const answer = await raw(tier.port, head, requestBody);
          assert.equal(answer.status, status, `${head.split('\r\n')[0]}: ${answer.body}`);
        }
        assert.equal(upstream.received.length, requests.filter(([, , status]) => status === 200).length);
        for (const request of upstream.received) {
          assert.equal(request.method, 'GET');
          assert.equal(request.body, '');
          only(['host', 'authorization'])(request);
          assert.deepEqual(request.headers[1], ['authorization', `Bearer ${KEY}`]);
        }
      });

      it('still revalidates with the cache’s own validator', async () => {
        const first = await raw(tier.port, `GET /v1/khountous?lang=fr HTTP/1.1\r\nHost: localhost`);
        assert.equal(first.status, 200);
        await sleep(2_200); // max-age 1 s: expired
        const again = await raw(
          tier.port,
          `GET /v1/khountous?lang=fr HTTP/1.1\r\nHost: localhost\r\n${READER_HEADERS.join('\r\n')}`,
        );
        assert.equal(again.status, 200, again.body);
        const revalidation = upstream.received.at(-1) as Recorder['received'][number];
        only(['host', 'if-none-match', 'authorization'])(revalidation);
        assert.deepEqual(revalidation.headers[1], ['if-none-match', first.headers['etag']]);
      });
    },
  );
}

for (const [engine, skip] of engines()) {
  describe(
    `${engine}: shared cache tier: a reader’s X-Forwarded-For does not reach an API that trusts the tier`,
    { skip },
    () => {
      it('keeps the API’s anonymous quota for the tier’s address', async () => {
        const QUOTA = 3;
        const tier = await startTier(engine, {
          api: { env: { KHOUNTOUS_TRUSTED_PROXIES: '127.0.0.1' }, quotas: { anonymous: QUOTA } },
        });
        try {
          const statuses: number[] = [];
          for (let page = 1; page <= 8; page += 1) {
            const answer = await get(`${tier.base}/verifications?lang=fr&limit=1&page=${page}`, {
              'X-Forwarded-For': `198.51.100.${page}`,
              Forwarded: `for=198.51.100.${page}`,
              'X-Real-IP': `198.51.100.${page}`,
            });
            statuses.push(answer.status);
          }
          assert.deepEqual(statuses, [
            ...Array<number>(QUOTA).fill(200),
            ...Array<number>(8 - QUOTA).fill(429),
          ]);
        } finally {
          await tier.stop();
        }
      });
    },
  );
}
