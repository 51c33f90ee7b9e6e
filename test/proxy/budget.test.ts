/**
 * What all readers together may spend through the tier, on each engine (a real
 * nginx, a real Varnish): the API's 400 (an unknown filter value) and 404 (an
 * unknown slug) kept, so that a mistyped page asks the API once; a total on
 * new resources that many addresses cannot exceed, while refreshes of what the
 * cache holds go on; and a cap on the requests at a slow API at once, beyond
 * which a reader gets 503 at once and cached answers are still served.
 * Readers are loopback aliases (127.0.0.2, ...: Linux answers on all of 127.0.0.0/8).
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { cacheControlOf } from '../../demo/api/caching.js';
import { get, type Answer } from './client.js';
import { engines, startEngineTier, startTier, type EngineTier, type Tier } from './harness.js';
import { startRecorder, type Recorder } from './upstream.js';

const KEY = 'site-key-budget-6a02';
const SCALE = 0.002;
/** Readers 127.0.0.<first> to 127.0.0.<first + count - 1>. */
const readers = (first: number, count: number) =>
  Array.from({ length: count }, (_, i) => `127.0.0.${first + i}`);

for (const [engine, skip] of engines()) {
  describe(`${engine}: shared cache tier: what all readers together spend`, { skip }, () => {
    const BUDGET = 10;
    let tier: Tier;
    const ask = (reader: string, path: string, headers: Record<string, string> = {}) =>
      get(`${tier.base}${path}`, headers, 'GET', { localAddress: reader });
    const sent = (prefix: string) =>
      [...tier.upstream].filter(([key]) => key.startsWith(prefix)).reduce((n, [, t]) => n + t.length, 0);

    before(async () => {
      tier = await startTier(engine, {
        key: KEY,
        api: { keys: { [KEY]: 'free' }, env: { KHOUNTOUS_FRESHNESS_SCALE: String(SCALE) } },
        limit: { burst: 100, perMinute: 600 },
        budget: { burst: BUDGET, perMinute: 1 },
      });
      assert.equal((await ask('127.0.0.2', '/regions?lang=fr')).status, 200);
    });
    after(() => tier?.stop());

    it('keeps the API’s 400 for an unknown filter value and its 404 for an unknown slug: one request each', async () => {
      for (const [path, status, code] of [
        ['/administrations?region=zz-unknown', 400, 'bad_request'],
        ['/administrations/no-such-administration', 404, 'not_found'],
      ] as const) {
        const answers: Answer[] = [];
        for (const reader of readers(2, 3)) answers.push(await ask(reader, path));
        for (const answer of answers) {
          assert.equal(answer.status, status, `${path}: ${answer.body}`);
          assert.equal(JSON.parse(answer.body).error.code, code);
        }
        assert.deepEqual(
          answers.map((answer) => answer.headers['x-cache-status']),
          ['MISS', 'HIT', 'HIT'],
        );
        assert.equal(answers[0]?.headers['cache-control'], 'public, max-age=600');
        assert.equal(tier.upstream.get(`/v1${path}`)?.length, 1, path);
      }
      const unauthorized = await get(`${tier.base}/regions?lang=en`, { Authorization: 'Bearer x' });
      assert.equal(unauthorized.status, 200, 'a reader’s key is never sent on');
    });

    it('lets 25 addresses pass at most the total on new resources, and refreshes what the cache holds meanwhile', async () => {
      const spentBefore = [...tier.upstream.values()].reduce((n, times) => n + times.length, 0);
      const answers = (
        await Promise.all(
          readers(10, 25).map(async (reader, r) => {
            const mine: Answer[] = [];
            for (let i = 0; i < 4; i += 1)
              mine.push(await ask(reader, `/administrations?region=zz${r}-${i}`));
            return mine;
          }),
        )
      ).flat();
      const passed = sent('/v1/administrations?region=zz') - 1; // the unknown region of the test before
      // The total allows BUDGET + 1 at once (3 of them spent before: the regions and the two unknowns),
      // then 1 a minute: the test lasts seconds.
      assert.ok(passed <= BUDGET + 1 - 3 + 1, `${passed} new resources reached the API`);
      assert.ok(passed >= 1, 'some passed');
      const refused = answers.filter((answer) => answer.status === 429);
      assert.equal(refused.length, 100 - passed, answers.map((answer) => answer.status).join(' '));
      const [first] = refused as [Answer];
      assert.equal(JSON.parse(first.body).error.code, 'rate_limited');
      assert.equal(first.headers['retry-after'], '1', 'the per-reader limit’s (60 / 600 a minute)');
      assert.equal(first.headers['x-khountous-cache'], 'shared');
      assert.ok(!String(first.headers['cache-control']).includes('max-age'), 'the refusal is never kept');

      // A reader's own validator does not make a new resource a refresh.
      const spoofed = await ask('127.0.0.40', '/administrations?region=zz-etag', { 'If-None-Match': '"x"' });
      assert.equal(spoofed.status, 429);
      assert.equal(tier.upstream.get('/v1/administrations?region=zz-etag'), undefined);

      // The cached regions, expired, are refreshed from the API all the same.
      const maxAge = Number(/max-age=(\d+)/.exec(cacheControlOf('regions', SCALE))?.[1]);
      await sleep(maxAge * 1000 + 1200);
      const deadline = Date.now() + 10_000;
      while ((tier.upstream.get('/v1/regions?lang=fr')?.length ?? 0) < 2 && Date.now() < deadline) {
        const answer = await ask('127.0.0.41', '/regions?lang=fr');
        assert.equal(answer.status, 200, answer.body);
        await sleep(300);
      }
      assert.equal(tier.upstream.get('/v1/regions?lang=fr')?.length, 2, 'the expired answer was refreshed');
      const total = [...tier.upstream.values()].reduce((n, times) => n + times.length, 0);
      assert.equal(total - spentBefore, passed + 1, 'nothing else reached the API');
    });
  });

  describe(`${engine}: shared cache tier: a slow API`, { skip }, () => {
    const AT_ONCE = 4;
    let api: Recorder;
    let tier: EngineTier;

    before(async () => {
      api = await startRecorder({ delay: 1500, maxAge: 600 });
      tier = await startEngineTier(engine, api.url, api.host, {
        limit: { burst: 1000, perMinute: 6000 },
        budget: { burst: 1000, perMinute: 6000 },
        settings: { KHOUNTOUS_UPSTREAM_CONNECTIONS: String(AT_ONCE) },
      });
    });
    after(async () => {
      await tier?.stop();
      await api?.stop();
    });

    it('holds at most its cap of requests at the API; beyond it 503 at once, and cached answers served', async () => {
      assert.equal((await get(`${tier.base}/regions`)).status, 200);
      // When the first miss the API served came back (the API holds each for 1.5 s).
      let firstServedAt = Infinity;
      const misses = readers(2, 5).flatMap((reader, r) =>
        Array.from({ length: 8 }, (_, i) =>
          get(`${tier.base}/verifications?limit=1&page=${r * 8 + i + 1}`, {}, 'GET', {
            localAddress: reader,
          }).then((answer) => {
            if (answer.status === 200) firstServedAt = Math.min(firstServedAt, Date.now());
            return answer;
          }),
        ),
      );
      // The API holds the first misses: then the cached answers are asked for.
      const deadline = Date.now() + 1000;
      while (api.atOnce === 0 && Date.now() < deadline) await sleep(20);
      const cached = await Promise.all(
        readers(20, 10).map((reader) => get(`${tier.base}/regions`, {}, 'GET', { localAddress: reader })),
      );
      const answeredWhileHeld = api.atOnce > 0 && Date.now() < firstServedAt;
      const answers = await Promise.all(misses);
      assert.ok(api.mostAtOnce <= AT_ONCE, `${api.mostAtOnce} requests at the API at once`);
      assert.ok(api.mostAtOnce >= 1);
      for (const answer of cached) {
        assert.equal(answer.status, 200);
        assert.equal(answer.headers['x-cache-status'], 'HIT');
      }
      assert.ok(answeredWhileHeld, 'the cached answers came while the API held the first misses');
      const busy = answers.filter((answer) => answer.status === 503);
      const served = answers.filter((answer) => answer.status === 200);
      assert.equal(busy.length + served.length, 40, answers.map((answer) => answer.status).join(' '));
      assert.ok(busy.length >= 40 - 2 * AT_ONCE, `${busy.length} refused at once`);
      const [first] = busy as [Answer];
      assert.equal(first.headers['retry-after'], '5');
      assert.equal(JSON.parse(first.body).error.code, 'internal');
      assert.equal(api.received.length, 1 + served.length, 'a refused request never reached the API');
    });
  });
}
