/**
 * What every answer of the tier says, on each engine (a real nginx, a real
 * Varnish) in front of the reference API: CORS for the site's origins only,
 * never the API's own; the headers the kit reads (X-Khountous-Cache,
 * X-Cache-Status, Date...) on every answer, the tier's own refusals and errors
 * included, and exposed to a page's script; none of the API's private
 * headers; and writes refused with nothing sent upstream.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { get, raw, sleep, type Answer } from './client.js';
import { engines, startTier, type Tier } from './harness.js';

const KEY = 'site-key-answers-8c1e';
/** The site's origins in the tier's default settings: http(s)://localhost or 127.0.0.1, any port. */
const ALLOWED = ['http://localhost:5173', 'https://localhost', 'http://127.0.0.1:8080'];
const REFUSED = [
  'https://evil.example',
  'http://localhost.evil.example',
  'http://localhost:5173.evil.example',
  'http://evil.example/http://localhost',
  'null',
  'HTTP://LOCALHOST',
];
/** The headers a page's script must be able to read (src/core/http.ts reads them). */
const EXPOSED = ['X-Khountous-Cache', 'X-Cache-Status', 'Date', 'ETag', 'Retry-After', 'Content-Disposition'];

const headerList = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);

for (const [engine, skip] of engines()) {
  describe(`${engine}: shared cache tier: what every answer says`, { skip }, () => {
    let tier: Tier;
    before(async () => {
      // Each reader gets two misses at once, then 429 (one more per minute).
      tier = await startTier(engine, {
        key: KEY,
        setCookie: true,
        api: { keys: { [KEY]: 'free' } },
        limit: { burst: 1, perMinute: 1 },
      });
    });
    after(() => tier?.stop());

    /** A resource no reader asked for yet: each call a miss. */
    let page = 0;
    const fresh = () => `/verifications?lang=fr&limit=1&page=${(page += 1)}`;

    /** Every kind of answer the tier gives, asked from `origin` by a reader of its own. */
    let unknown = 0;
    const everyKind = async (origin: string, reader: string): Promise<[string, Answer][]> => {
      const ask = (path: string, method = 'GET', headers: Record<string, string> = {}) =>
        get(`${tier.base}${path}`, { Origin: origin, ...headers }, method, { localAddress: reader });
      const answers: [string, Answer][] = [];
      const resource = fresh();
      answers.push(['a miss', await ask(resource)]);
      answers.push(['a hit', await ask(resource)]);
      answers.push(['a HEAD', await ask(resource, 'HEAD')]);
      // A new unknown slug each time: the API's 404 is kept (budget.test.ts), so a second one is a HIT.
      answers.push(['the API’s 404', await ask(`/administrations/no-such-place-${(unknown += 1)}?lang=fr`)]);
      answers.push([
        'a preflight',
        await ask(resource, 'OPTIONS', { 'Access-Control-Request-Method': 'GET' }),
      ]);
      answers.push(['a refused target', await ask('/regions;x=1')]);
      answers.push(['an unknown path', await ask('/keys')]);
      answers.push(['a refused query', await ask('/regions?lang=xx')]);
      answers.push(['a write', await ask('/khountous', 'POST', { 'Content-Type': 'application/json' })]);
      // The reader's limit: its two misses (above) spent, the next one is refused.
      answers.push(['the reader’s limit', await ask(fresh())]);
      return answers;
    };

    it('answers CORS to the site’s origins only, on every kind of answer, never with the API’s *', async () => {
      const seen = new Set<number>();
      for (const [i, origin] of [...ALLOWED, ...REFUSED].entries()) {
        const allowed = ALLOWED.includes(origin);
        for (const [what, answer] of await everyKind(origin, `127.0.0.${20 + i}`)) {
          seen.add(answer.status);
          const context = `${origin}, ${what} (${answer.status})`;
          assert.equal(answer.headers['access-control-allow-origin'], allowed ? origin : undefined, context);
          assert.ok(headerList(answer.headers['vary']).includes('origin'), `${context}: Vary: Origin`);
          const exposed = headerList(answer.headers['access-control-expose-headers']);
          for (const name of EXPOSED)
            assert.ok(exposed.includes(name.toLowerCase()), `${context}: exposes ${name}`);
          assert.ok(!exposed.includes('authorization'), context);
          if (what === 'a preflight') {
            assert.equal(answer.status, 204, context);
            assert.deepEqual(headerList(answer.headers['access-control-allow-methods']), [
              'get',
              'head',
              'options',
            ]);
            assert.deepEqual(headerList(answer.headers['access-control-allow-headers']), ['if-none-match']);
          } else {
            assert.equal(answer.headers['access-control-allow-methods'], undefined, context);
          }
        }
      }
      assert.deepEqual([...seen].sort(), [200, 204, 400, 404, 405, 429]);
      // Preflights and writes were answered by the tier: none reached the API.
      assert.deepEqual(
        [...tier.upstream.keys()].filter(
          (target) => !/^\/v1\/(administrations\/no-such-place-[0-9]+|verifications)\?/.test(target),
        ),
        [],
      );
    });

    it('says it is a shared cache, and what the cache did, on every answer; hides the API’s private headers', async () => {
      const answers = await everyKind('http://localhost:5173', '127.0.0.40');
      await tier.stopApi();
      try {
        const unavailable = await get(`${tier.base}/administrations/mairie-de-bakel?lang=fr`, {}, 'GET', {
          localAddress: '127.0.0.41',
        });
        answers.push(['the API stopped, nothing cached', unavailable]);
      } finally {
        await tier.startApi();
      }
      const marks = new Map<string, string>();
      for (const [what, answer] of answers) {
        const context = `${what} (${answer.status})`;
        assert.equal(answer.headers['x-khountous-cache'], 'shared', context);
        marks.set(what, String(answer.headers['x-cache-status']));
        for (const name of [
          'x-ratelimit-limit',
          'x-ratelimit-remaining',
          'x-ratelimit-reset',
          'set-cookie',
          'via',
          'x-varnish',
        ])
          assert.equal(answer.headers[name], undefined, `${context}: ${name}`);
        assert.doesNotMatch(String(answer.headers['server'] ?? ''), /[0-9]/, `${context}: a server version`);
        assert.ok(!JSON.stringify(answer).includes(KEY), context);
        if (answer.status >= 400) {
          assert.match(String(answer.headers['content-type']), /^application\/json/, context);
          assert.ok(JSON.parse(answer.body).error.code, context);
        }
      }
      assert.deepEqual(Object.fromEntries(marks), {
        'a miss': 'MISS',
        'a hit': 'HIT',
        'a HEAD': 'HIT',
        'the API’s 404': 'MISS',
        'a preflight': 'NONE',
        'a refused target': 'NONE',
        'an unknown path': 'NONE',
        'a refused query': 'NONE',
        'a write': 'NONE',
        'the reader’s limit': 'MISS',
        'the API stopped, nothing cached': 'MISS',
      });
    });

    it('gives a cached answer the API’s Date, so that a reader can tell its age', async () => {
      const first = await get(`${tier.base}/khountous?lang=fr`);
      assert.equal(first.headers['x-cache-status'], 'MISS');
      await sleep(1_100);
      const again = await get(`${tier.base}/khountous?lang=fr`);
      assert.match(String(again.headers['x-cache-status']), /^(HIT|UPDATING)$/);
      assert.equal(again.headers['date'], first.headers['date']);
    });

    it('refuses every method but GET, HEAD and OPTIONS with 405, sending nothing upstream', async () => {
      const before = tier.upstream.size;
      const beforeCount = [...tier.upstream.values()].flat().length;
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'PURGE', 'BAN', 'PROPFIND', 'FOO']) {
        const answer = await raw(
          tier.port,
          `${method} /v1/regions?lang=fr HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2`,
          '{}',
        );
        assert.equal(answer.status, 405, `${method}: ${answer.status} ${answer.body}`);
        assert.equal(JSON.parse(answer.body).error.code, 'method_not_allowed', method);
        assert.equal(answer.headers['x-khountous-cache'], 'shared', method);
      }
      assert.equal(tier.upstream.size, before);
      assert.equal([...tier.upstream.values()].flat().length, beforeCount, 'nothing reached the API');
    });

    it('sends the API its own Host whatever Host a reader sends, and keeps one answer for them all', async () => {
      const target = '/v1/verifications?lang=en&limit=2';
      for (const host of ['localhost', 'evil.example', 'api.khountous.sn', '127.0.0.1:1', 'localhost:80'])
        assert.equal((await raw(tier.port, `GET ${target} HTTP/1.1\r\nHost: ${host}`)).status, 200, host);
      // One request, for the canonical target: the list's window spelled out (page=1).
      assert.equal(tier.upstream.get('/v1/verifications?lang=en&limit=2&page=1')?.length, 1);
    });
  });
}
