/**
 * The shared cache tier on each engine (a real nginx with deploy/nginx/, a real
 * Varnish with deploy/varnish/) in front of the reference API, on 127.0.0.1,
 * with the API's anonymous quota at its default of 60 per hour. Time is
 * compressed with KHOUNTOUS_FRESHNESS_SCALE.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cacheControlOf } from '../../demo/api/caching.js';
import { NEWS_RESOURCES, get, pool, sleep, type Answer } from './client.js';
import { engines, startTier, type Tier } from './harness.js';

const maxAgeOf = (cacheControl: string) => Number(/max-age=(\d+)/.exec(cacheControl)?.[1]);

for (const [engine, skip] of engines()) {
  describe(`${engine}: shared cache tier: 2,000 readers behind one address`, { skip }, () => {
    // One compressed hour: 27 s; the news page's max-ages become 5, 7 and 14 s.
    const SCALE = 0.0075;
    const HOUR = 3_600_000 * SCALE;
    const READERS = 2_000;
    let tier: Tier;
    const statuses = new Map<number, number>();
    const maxAges = new Map<string, number>();
    let elapsed = 0;
    let summary = '';

    const readerOpensPage = async () => {
      await Promise.all(
        NEWS_RESOURCES.map(async (resource) => {
          const answer = await get(`${tier.base}${resource}`, { 'Accept-Encoding': 'gzip' });
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 200)
            maxAges.set(`/v1${resource}`, maxAgeOf(String(answer.headers['cache-control'])));
        }),
      );
    };

    before(async () => {
      tier = await startTier(engine, { api: { env: { KHOUNTOUS_FRESHNESS_SCALE: String(SCALE) } } });
      const start = performance.now();
      // The burst: every reader at once (200 in flight, each opening the page's six resources together).
      await pool(READERS, 200, readerOpensPage);
      const burst = performance.now() - start;
      // Then over the compressed hour: the same 2,000 readers, one arriving every HOUR / READERS ms.
      const arrivals: Promise<void>[] = [];
      for (let i = 0; i < READERS; i += 1) {
        const due = start + burst + (i * HOUR) / READERS;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        arrivals.push(readerOpensPage());
      }
      await Promise.all(arrivals);
      elapsed = performance.now() - start;
      const upstream = [...tier.upstream.values()].reduce((sum, times) => sum + times.length, 0);
      summary =
        `${READERS * 2} page openings, ${READERS * 2 * NEWS_RESOURCES.length} answers in ${Math.round(elapsed)} ms (burst ${Math.round(burst)} ms): ` +
        `${JSON.stringify(Object.fromEntries(statuses))} by status, ${upstream} requests reached the API`;
    });

    after(() => tier?.stop());

    it('answers every reader 200 or 304, never 429', (t) => {
      t.diagnostic(summary);
      const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
      assert.equal(total, READERS * 2 * NEWS_RESOURCES.length);
      assert.deepEqual(
        [...statuses.keys()].filter((status) => status !== 200 && status !== 304),
        [],
        JSON.stringify(Object.fromEntries(statuses)),
      );
    });

    it('sends the API at most one request per resource per freshness period', () => {
      assert.deepEqual([...tier.upstream.keys()].sort(), NEWS_RESOURCES.map((r) => `/v1${r}`).sort());
      for (const [resource, times] of tier.upstream) {
        const maxAge = maxAges.get(resource) as number;
        assert.ok(maxAge >= 5, `${resource}: max-age ${maxAge}`);
        // nginx keeps expiry times in whole seconds: a period may end up to 1 s early.
        const gaps = times.slice(1).map((time, i) => time - (times[i] as number));
        assert.ok(
          gaps.every((gap) => gap >= (maxAge - 1) * 1000),
          `${resource}: requests ${gaps.map((gap) => Math.round(gap)).join(', ')} ms apart, max-age ${maxAge} s`,
        );
        assert.ok(
          times.length <= 1 + Math.ceil(elapsed / ((maxAge - 1) * 1000)),
          `${resource}: ${times.length}`,
        );
      }
      const total = [...tier.upstream.values()].reduce((sum, times) => sum + times.length, 0);
      assert.ok(total <= 60, `${total} requests: within the anonymous quota of one address`);
    });
  });
}

for (const [engine, skip] of engines()) {
  describe(`${engine}: shared cache tier: the API stopped, failing or out of quota`, { skip }, () => {
    // max-age 1 s for the lists and cards, 2 s for the regions.
    const SCALE = 0.001;
    let tier: Tier;
    before(async () => {
      tier = await startTier(engine, {
        api: {
          env: { KHOUNTOUS_FRESHNESS_SCALE: String(SCALE) },
          quotas: { anonymous: NEWS_RESOURCES.length },
        },
      });
    });
    after(() => tier?.stop());

    it('serves the cached answers, marked stale, when the API answers 429 and when it is stopped', async (t) => {
      const first = new Map<string, string>();
      for (const resource of NEWS_RESOURCES) {
        const answer = await get(`${tier.base}${resource}`);
        assert.equal(answer.status, 200, resource);
        first.set(resource, answer.body);
      }
      // The API's quota (6) is spent: its next answers are 429.
      await sleep(2_500);
      const check = async (what: string) => {
        const answers: Answer[] = [];
        await pool(200, 50, async (i) => {
          answers.push(await get(`${tier.base}${NEWS_RESOURCES[i % NEWS_RESOURCES.length]}`));
        });
        const marks = new Map<string, number>();
        for (const answer of answers) {
          assert.equal(answer.status, 200, `${what}: ${answer.status} ${answer.body}`);
          assert.equal(answer.headers['x-khountous-cache'], 'shared');
          const mark = String(answer.headers['x-cache-status']);
          marks.set(mark, (marks.get(mark) ?? 0) + 1);
        }
        t.diagnostic(`${what}: ${JSON.stringify(Object.fromEntries(marks))}`);
        assert.ok((marks.get('STALE') ?? 0) + (marks.get('UPDATING') ?? 0) > 0, `${what}: served stale`);
        assert.deepEqual(
          [...marks.keys()].filter((m) => !/^(STALE|UPDATING|HIT)$/.test(m)),
          [],
          what,
        );
        for (const resource of NEWS_RESOURCES) {
          const again = await get(`${tier.base}${resource}`);
          assert.equal(again.body, first.get(resource), `${what}: the cached answer`);
        }
      };
      await check('API answering 429');
      await tier.stopApi();
      await sleep(2_500);
      await check('API stopped');
    });
  });
}

for (const [engine, skip] of engines()) {
  describe(`${engine}: shared cache tier: the site key, cookies and each reader’s limit`, { skip }, () => {
    const KEY = 'site-key-5b8e0c41';
    let tier: Tier;
    const answers: Answer[] = [];
    const ask = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
      const answer = await get(
        `${tier.base}${path}`,
        { Origin: 'http://localhost:5173', ...headers },
        method,
      );
      answers.push(answer);
      return answer;
    };

    before(async () => {
      tier = await startTier(engine, {
        key: KEY,
        setCookie: true,
        api: { keys: { [KEY]: 'free' }, env: { KHOUNTOUS_FRESHNESS_SCALE: '0.001' } },
        limit: { burst: 12, perMinute: 10 },
      });
    });
    after(() => tier?.stop());

    it('sends the key upstream only, never a reader’s Authorization or Cookie', async () => {
      const reader = { Authorization: 'Bearer reader-own-key', Cookie: 'reader=1' };
      assert.equal((await ask('/regions?lang=fr', reader)).status, 200);
      assert.equal((await ask('/regions?lang=fr', reader)).headers['x-cache-status'], 'HIT');
      assert.equal((await ask('/regions?lang=en', reader)).status, 200, 'lang is part of the key');
      assert.equal((await ask('/nowhere', reader)).status, 404);
      assert.equal((await ask('/administrations?limit=500', reader)).status, 400);
      assert.equal((await ask('/khountous', { 'Content-Type': 'application/json' }, 'POST')).status, 405);
      assert.equal(
        (await ask('/regions?lang=fr', { 'Access-Control-Request-Method': 'GET' }, 'OPTIONS')).status,
        204,
      );
      assert.deepEqual([...tier.authorizations], [`Bearer ${KEY}`]);
      assert.deepEqual([...tier.cookies], []);
      assert.equal(tier.upstream.get('/v1/regions?lang=fr')?.length, 1);
    });

    it('limits the requests one reader address sends past the cache, with the kit’s error body', async () => {
      const limited: Answer[] = [];
      for (let page = 1; page <= 20; page += 1) {
        const answer = await ask(`/verifications?lang=fr&limit=1&page=${page}`);
        if (answer.status === 429) limited.push(answer);
      }
      assert.ok(limited.length >= 5, `${limited.length} refused of 20 distinct misses (burst 12)`);
      const [refused] = limited as [Answer];
      assert.deepEqual(JSON.parse(refused.body).error.code, 'rate_limited');
      assert.match(String(refused.headers['content-type']), /^application\/json/);
      assert.equal(refused.headers['retry-after'], '6');
      assert.equal(refused.headers['x-khountous-cache'], 'shared');
      assert.equal(refused.headers['access-control-allow-origin'], 'http://localhost:5173');
      assert.equal((await ask('/regions?lang=fr')).status, 200, 'what the cache holds is still served');
      await tier.stopApi();
      await sleep(2_500);
      assert.equal((await ask('/regions?lang=fr')).status, 200, 'stale');
    });

    it('lets no key, cookie or quota header reach a reader, a log or the cache', async () => {
      assert.ok(answers.length >= 25, `${answers.length} answers`);
      for (const answer of answers) {
        const text = JSON.stringify(answer);
        assert.ok(!text.includes(KEY), text);
        assert.ok(!text.includes('api-cookie'), text);
        assert.equal(answer.headers['set-cookie'], undefined);
        assert.equal(answer.headers['x-ratelimit-remaining'], undefined);
        assert.equal(answer.headers['x-ratelimit-limit'], undefined);
        assert.equal(answer.headers['x-khountous-cache'], 'shared', `${answer.status} ${answer.body}`);
      }
      const logs = tier.logs();
      assert.ok(logs.includes('/v1/regions?lang=fr'), 'the access log was read');
      assert.ok(!logs.includes(KEY));
      assert.ok((await tier.cached()) >= 3, 'cached answers');
      // The answers' headers as stored (the bodies may be compressed): the cache was read.
      const stored = tier.stored();
      assert.ok(stored.join('').includes('stale-if-error='), 'the cache was read');
      for (const text of stored) {
        assert.ok(!text.includes(KEY), 'the key in the cache');
        assert.ok(!/set-cookie/i.test(text), 'a Set-Cookie in the cache');
      }
    });
  });
}

for (const [engine, skip] of engines()) {
  describe(`${engine}: shared cache tier: Cache-Control`, { skip }, () => {
    it('passes the API’s Cache-Control to readers', async () => {
      const tier = await startTier(engine);
      try {
        const answer = await get(`${tier.base}/regions?lang=fr`);
        assert.equal(answer.headers['cache-control'], cacheControlOf('regions'));
      } finally {
        await tier.stop();
      }
    });
  });
}
