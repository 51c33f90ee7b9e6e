/**
 * What all readers together may spend through the tier, on each engine (a real
 * nginx, a real Varnish): the API's 400 (a value it refuses) and 404 (an
 * unknown slug) kept, so that a mistyped page asks the API once; filter values
 * outside the API's lists refused by the tier itself; one key per answer,
 * whatever the spelling of its defaults and order (the kit's); and a cap on the
 * requests at a slow API at once, beyond which a reader gets 503 at once and
 * cached answers are still served. The site key's total: key.test.ts.
 * Readers are loopback aliases (127.0.0.2, ...: Linux answers on all of 127.0.0.0/8).
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { describe as describeResource, urlOf, type Resource } from '../../src/core/endpoints.js';
import { LEVELS, REGION_CODES, REPORT_CATEGORIES, REPORT_STATUSES, SECTORS } from '../../src/core/types.js';
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
      });
      assert.equal((await ask('127.0.0.2', '/regions?lang=fr')).status, 200);
    });
    after(() => tier?.stop());

    it('keeps the API’s 400 for a value it refuses and its 404 for an unknown slug: one request each', async () => {
      for (const [path, status, code] of [
        ['/khountous?lang=fr&limit=20&page=1&period=2026-13', 400, 'bad_request'],
        ['/administrations/no-such-administration?lang=fr', 404, 'not_found'],
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

    it('refuses filter values outside the API’s lists itself: 25 addresses asking made-up values spend nothing', async () => {
      const spentBefore = sent('/v1/');
      const made = fc.sample(
        fc.tuple(
          fc.constantFrom(
            ['administrations', 'region'],
            ['administrations', 'sector'],
            ['administrations', 'level'],
            ['khountous', 'region'],
            ['khountous', 'category'],
            ['khountous', 'status'],
          ),
          fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,39}$/),
        ),
        { numRuns: 200, seed: 5 },
      );
      const lists: Record<string, readonly string[]> = {
        region: REGION_CODES,
        sector: SECTORS,
        level: LEVELS,
        category: REPORT_CATEGORIES,
        status: REPORT_STATUSES,
      };
      const targets = made
        .filter(([[, name], value]) => !lists[name]!.includes(value))
        .map(([[endpoint, name], value]) => `/${endpoint}?${name}=${value}`);
      assert.ok(targets.length > 100);
      const answers = await Promise.all(
        readers(10, 25).map(async (reader, r) => {
          const mine: Answer[] = [];
          for (let i = r; i < targets.length; i += 25) mine.push(await ask(reader, targets[i]!));
          return mine;
        }),
      );
      for (const answer of answers.flat()) {
        assert.equal(answer.status, 400, answer.body);
        assert.equal(answer.headers['x-cache-status'], 'NONE', 'refused before the cache');
        assert.equal(JSON.parse(answer.body).error.code, 'bad_request');
      }
      assert.equal(sent('/v1/'), spentBefore, 'no made-up value reached the API');
      // Each of the API's values passes.
      for (const [name, values] of Object.entries(lists))
        for (const value of values) {
          const endpoint = ['sector', 'level'].includes(name) ? 'administrations' : 'khountous';
          const answer = await ask('127.0.0.50', `/${endpoint}?${name}=${value}&limit=1`);
          assert.equal(answer.status, 200, `${name}=${value}: ${answer.body}`);
        }
    });

    it('keeps one key for one answer: every spelling of its defaults and order is one request, the kit’s', async () => {
      const spellings = [
        '/verifications',
        '/verifications?lang=fr',
        '/verifications?page=1',
        '/verifications?limit=20',
        '/verifications?lang=fr&page=1',
        '/verifications?limit=20&lang=fr',
        '/verifications?page=1&limit=20',
        '/verifications?page=1&lang=fr&limit=20',
      ];
      const answers: Answer[] = [];
      for (const [i, path] of spellings.entries()) answers.push(await ask(`127.0.0.${60 + i}`, path));
      assert.deepEqual(
        answers.map((answer) => answer.status),
        spellings.map(() => 200),
      );
      const kit = new URL(urlOf(describeResource({ kind: 'verifications' }, 'http://tier/v1')));
      const family = [...tier.upstream].filter(([key]) => key.startsWith('/v1/verifications'));
      assert.deepEqual(
        family.map(([key, times]) => [key, times.length]),
        [[`${kit.pathname}${kit.search}`, 1]],
      );
      for (const [path, kind, extra] of [
        ['/regions', 'regions', {}],
        ['/administrations/no-such-slug', 'administration', { slug: 'no-such-slug' }],
        ['/datasets/budget-2025', 'dataset', { id: 'budget-2025' }],
      ] as const) {
        await ask('127.0.0.70', path);
        const url = new URL(urlOf(describeResource({ kind, ...extra } as Resource, 'http://tier/v1')));
        assert.ok(
          tier.upstream.has(`${url.pathname}${url.search}`),
          `${path}: ${[...tier.upstream.keys()].join(' ')}`,
        );
      }
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
