/**
 * The tier when the API fails, on each engine (a real nginx, a real Varnish) in
 * front of the reference API: stopped, or answering 429 once its quota is
 * spent. Readers get the stale copy, marked stale, for the API's
 * stale-if-error period; with nothing stale, the API's error (or the tier's) in
 * the API's JSON format, with the tier's headers; and the API is not asked
 * again and again while it says to wait. Time is compressed with
 * KHOUNTOUS_FRESHNESS_SCALE.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cacheControlOf } from '../../demo/api/caching.js';
import { NEWS_RESOURCES, get, pool, sleep, type Answer } from './client.js';
import { engines, startTier, type Tier } from './harness.js';

const ORIGIN = 'http://localhost:5173';
const staleIfError = (kind: 'regions', scale: number) =>
  Number(/stale-if-error=(\d+)/.exec(cacheControlOf(kind, scale))?.[1]);

/** An error answer of the tier: the status, the API's JSON error format, the tier's headers, CORS. */
function assertError(answer: Answer, status: number, code: string, what: string) {
  assert.equal(answer.status, status, `${what}: ${answer.status} ${answer.body}`);
  assert.match(String(answer.headers['content-type']), /^application\/json/, what);
  assert.equal(JSON.parse(answer.body).error.code, code, what);
  assert.equal(answer.headers['x-khountous-cache'], 'shared', what);
  assert.equal(answer.headers['access-control-allow-origin'], ORIGIN, what);
  assert.equal(answer.headers['x-ratelimit-remaining'], undefined, what);
}

const upstreamCount = (tier: Tier) =>
  [...tier.upstream.values()].reduce((sum, times) => sum + times.length, 0);

for (const [engine, skip] of engines()) {
  describe(`${engine}: shared cache tier: the API stopped`, { skip }, () => {
    // max-age and stale-while-revalidate 1 s, stale-if-error 9 s.
    const SCALE = 0.0001;
    let tier: Tier;
    const first = new Map<string, string>();
    before(async () => {
      tier = await startTier(engine, { api: { env: { KHOUNTOUS_FRESHNESS_SCALE: String(SCALE) } } });
      for (const resource of NEWS_RESOURCES) {
        const answer = await get(`${tier.base}${resource}`, { Origin: ORIGIN });
        assert.equal(answer.status, 200, resource);
        first.set(resource, answer.body);
      }
      await tier.stopApi();
    });
    after(() => tier?.stop());

    it('serves the cached answers, marked stale, past stale-while-revalidate', async (t) => {
      assert.equal(staleIfError('regions', SCALE), 9);
      await sleep(4_500); // past max-age + stale-while-revalidate (2 s), within stale-if-error (9 s)
      const marks = new Map<string, number>();
      await pool(120, 20, async (i) => {
        const resource = NEWS_RESOURCES[i % NEWS_RESOURCES.length] as string;
        const answer = await get(`${tier.base}${resource}`, { Origin: ORIGIN });
        assert.equal(answer.status, 200, `${resource}: ${answer.status} ${answer.body}`);
        assert.equal(answer.body, first.get(resource), resource);
        assert.equal(answer.headers['x-khountous-cache'], 'shared');
        const mark = String(answer.headers['x-cache-status']);
        marks.set(mark, (marks.get(mark) ?? 0) + 1);
      });
      t.diagnostic(JSON.stringify(Object.fromEntries(marks)));
      // Both words tell the kit the copy is stale (src/core/http.ts).
      assert.deepEqual(
        [...marks.keys()].filter((mark) => mark !== 'STALE' && mark !== 'UPDATING'),
        [],
      );
    });

    it('answers what it never cached with the API’s JSON error, 503, and the tier’s headers', async () => {
      // From another reader: this one's limit went to the refreshes above (nginx counts them).
      for (const method of ['GET', 'HEAD']) {
        const answer = await get(
          `${tier.base}/administrations/mairie-de-kolda?lang=fr`,
          { Origin: ORIGIN },
          method,
          { localAddress: '127.0.0.9' },
        );
        if (method === 'HEAD') assert.equal(answer.status, 503);
        else assertError(answer, 503, 'internal', method);
        assert.equal(answer.headers['cache-control'], 'no-store');
      }
    });

    it('serves no copy past the API’s stale-if-error (Varnish; nginx keeps serving it)', async () => {
      await sleep(7_000); // past max-age + stale-if-error (10 s after the copies were fetched)
      // From another reader: this one's limit may have gone to the refreshes above.
      for (const resource of NEWS_RESOURCES) {
        const answer = await get(`${tier.base}${resource}`, { Origin: ORIGIN }, 'GET', {
          localAddress: '127.0.0.8',
        });
        if (engine === 'varnish') assertError(answer, 503, 'internal', resource);
        // nginx's proxy_cache_use_stale serves a copy for as long as the cache keeps it
        // (inactive=2d), whatever stale-if-error says.
        else assert.equal(answer.status, 200, resource);
      }
    });
  });

  describe(`${engine}: shared cache tier: the API answering 429`, { skip }, () => {
    // max-age and stale-while-revalidate 1 s (lists, cards) and 2 s (regions); the quota: one
    // request per resource of the page, then 429 with Retry-After until its hour is over.
    const SCALE = 0.001;
    let tier: Tier;
    const first = new Map<string, string>();
    before(async () => {
      tier = await startTier(engine, {
        api: {
          env: { KHOUNTOUS_FRESHNESS_SCALE: String(SCALE) },
          quotas: { anonymous: NEWS_RESOURCES.length },
        },
      });
      for (const resource of NEWS_RESOURCES) {
        const answer = await get(`${tier.base}${resource}`, { Origin: ORIGIN });
        assert.equal(answer.status, 200, resource);
        first.set(resource, answer.body);
      }
    });
    after(() => tier?.stop());

    it('serves the cached answers, marked stale, and asks the API at most once per resource meanwhile', async (t) => {
      await sleep(4_500); // every copy past max-age + stale-while-revalidate
      const before = upstreamCount(tier);
      const marks = new Map<string, number>();
      // 1,200 readers over about 6 s, 50 at a time.
      await pool(1_200, 50, async (i) => {
        const resource = NEWS_RESOURCES[i % NEWS_RESOURCES.length] as string;
        const answer = await get(`${tier.base}${resource}`, { Origin: ORIGIN });
        assert.equal(answer.status, 200, `${resource}: ${answer.status} ${answer.body}`);
        assert.equal(answer.body, first.get(resource), resource);
        const mark = String(answer.headers['x-cache-status']);
        marks.set(mark, (marks.get(mark) ?? 0) + 1);
        await sleep(250);
      });
      const asked = upstreamCount(tier) - before;
      t.diagnostic(`${JSON.stringify(Object.fromEntries(marks))}; the API was asked ${asked} times`);
      assert.deepEqual(
        [...marks.keys()].filter((mark) => mark !== 'STALE' && mark !== 'UPDATING'),
        [],
      );
      assert.equal(tier.upstreamStatuses.get(429), asked, 'the API answered 429 every time');
      assert.ok(asked <= NEWS_RESOURCES.length, `the API was asked ${asked} times while it said to wait`);
    });

    it('passes the API’s 429 and its Retry-After on when nothing is cached, and asks it no more meanwhile', async () => {
      const before = upstreamCount(tier);
      const refusals: Answer[] = [];
      // From readers of their own: 127.0.0.1's limit went to the refreshes above.
      for (let page = 1; page <= 5; page += 1)
        refusals.push(
          await get(`${tier.base}/verifications?lang=fr&limit=1&page=${page}`, { Origin: ORIGIN }, 'GET', {
            localAddress: `127.0.0.${10 + page}`,
          }),
        );
      for (const [i, answer] of refusals.entries()) {
        assertError(answer, 429, 'rate_limited', `miss ${i + 1}`);
        const retryAfter = Number(answer.headers['retry-after']);
        // The API's hour-long quota: Retry-After is the rest of that hour, in seconds.
        assert.ok(retryAfter > 3_000 && retryAfter <= 3_600, `Retry-After ${answer.headers['retry-after']}`);
      }
      assert.ok(
        upstreamCount(tier) - before <= 1,
        `${upstreamCount(tier) - before} requests reached the API while it said to wait`,
      );
    });
  });
}
