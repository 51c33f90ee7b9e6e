/**
 * The site key's total, on each engine (a real nginx, a real Varnish, with the
 * shipped deploy/ files and khountous-key.lua), in front of the reference API
 * with its freshness scaled down: every request the tier sends with the key is
 * counted, whatever its kind (new, refresh, background, conditional), so that
 * in any stretch as long as the key's period the API receives at most the
 * quota; refreshes stop above the reserve and the cached copies are served
 * stale; one reader takes at most its share of a window; and a simulation of
 * the equivalent of a day of adversarial readers (many addresses; new,
 * made-up, variant and refresh requests; bursts and slow drips) checks that the
 * key is never spent beyond its quota while an innocent reader's new valid
 * page is served. Readers are loopback aliases (127.0.0.2, ...).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { mulberry32 } from '../../demo/api/data.js';
import type { KeyBudget } from '../../scripts/tier/tier.js';
import { get, type Answer } from './client.js';
import { engines, startTier, type Tier } from './harness.js';

const KEY = 'site-key-total-5b17c0';
/** The API's freshness, scaled: a report list is fresh 3 s, a ranking 6 s. */
const SCALE = 0.01;

/** What the tier lets through per window (khountous-key.lua: quota / (windows + 2)). */
const windowLimit = (budget: KeyBudget) => Math.floor(budget.quota / (budget.windows + 2));
/** How many of the tier's windows (epoch-aligned, as khountous-key.lua cuts them) a stretch from `start` to now meets. */
const windowsSince = (budget: KeyBudget, start: number) => {
  const width = (budget.period / budget.windows) * 1000;
  return Math.floor(Date.now() / width) - Math.floor(start / width) + 1;
};
/** What one reader's new resources may take of a window (at least 1). */
const readerLimit = (budget: KeyBudget) =>
  Math.max(1, Math.floor((windowLimit(budget) * budget.share) / 100));

/** Every request the API received (ms, this process's clock), in order. */
const received = (tier: Tier) => [...tier.upstream.values()].flat().sort((a, b) => a - b);

/** The most requests the API received in any stretch of `seconds`. */
function mostIn(times: number[], seconds: number): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last += 1) {
    while (times[last]! - times[first]! >= seconds * 1000) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

const startKeyTier = (engine: 'nginx' | 'varnish', budget: KeyBudget) =>
  startTier(engine, {
    key: KEY,
    // The API's own quota is out of the way: what is measured is what the tier lets through.
    api: {
      keys: { [KEY]: 'free' },
      env: { KHOUNTOUS_FRESHNESS_SCALE: String(SCALE), KHOUNTOUS_QUOTA_FREE: '10000000' },
    },
    // So is the per-reader limit on misses: an attacker may hold many addresses anyway.
    limit: { burst: 10_000, perMinute: 600_000 },
    budget,
  });

const ask = (tier: Tier, reader: string, path: string) =>
  get(`${tier.base}${path}`, {}, 'GET', { localAddress: reader });

/** The tier's own refusal, as a reader gets it: 429, busy, with when to come back; never kept. */
function assertTierRefusal(answer: Answer) {
  assert.equal(answer.status, 429, answer.body);
  assert.equal(answer.headers['x-khountous-cache'], 'shared');
  assert.match(String(answer.headers['retry-after']), /^[1-9][0-9]*$/);
  assert.equal(answer.headers['cache-control'], 'no-store');
  assert.equal(answer.headers['x-khountous-refused'], undefined, 'the hop’s mark stays inside the tier');
  assert.match(JSON.parse(answer.body).error.message, /busy/);
}

for (const [engine, skip] of engines()) {
  describe(`${engine}: shared cache tier: the site key's total`, { skip }, () => {
    it('counts refreshes: 40 cached lists asked past their freshness for 20 s spend at most the quota, and stay served', async () => {
      // 40 a window (8 s), 20 of it for refreshes: 40 cached lists refreshed every 3 s would be ~270.
      const budget: KeyBudget = { quota: 240, period: 32, windows: 4, reserve: 50, share: 100 };
      const tier = await startKeyTier(engine, budget);
      try {
        const reader = '127.0.0.2';
        const start = Date.now();
        const lists = Array.from({ length: 40 }, (_, i) => `/khountous?lang=fr&limit=1&page=${i + 1}`);
        const first: Answer[] = [];
        for (const path of lists) first.push(await ask(tier, reader, path));
        assert.ok(
          first.every((answer) => answer.status === 200),
          first.map((a) => a.status).join(' '),
        );
        const statuses = new Map<string, number>();
        const until = Date.now() + 20_000;
        while (Date.now() < until) {
          await sleep(500);
          for (const answer of await Promise.all(lists.map((path) => ask(tier, reader, path)))) {
            assert.equal(answer.status, 200, `a cached list is always served: ${answer.body}`);
            const status = String(answer.headers['x-cache-status']);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }
        const times = received(tier);
        const refreshes = times.length - lists.length;
        assert.ok(refreshes >= 1, 'some refreshes went on');
        // The 40 new lists, then at most half a window's limit of refreshes in each window met.
        const windows = windowsSince(budget, start);
        const refreshCap = windowLimit(budget) - Math.ceil((windowLimit(budget) * budget.reserve) / 100);
        assert.ok(
          refreshes <= windows * refreshCap,
          `${refreshes} refreshes reached the API in ${windows} windows`,
        );
        assert.ok(
          mostIn(times, budget.period) <= budget.quota,
          `${mostIn(times, budget.period)} in a period`,
        );
        assert.ok(
          (statuses.get('STALE') ?? 0) + (statuses.get('UPDATING') ?? 0) > 0,
          `past the total, copies are served stale: ${JSON.stringify([...statuses])}`,
        );
      } finally {
        await tier.stop();
      }
    });

    it('lets one address take at most its share of a window: another reader’s new page is served meanwhile', async () => {
      const budget: KeyBudget = { quota: 300, period: 40, windows: 4, reserve: 50, share: 10 };
      const tier = await startKeyTier(engine, budget);
      try {
        const attacker = '127.0.0.3';
        const start = Date.now();
        const attacks: Answer[] = [];
        for (let page = 1; page <= 20; page += 1)
          attacks.push(await ask(tier, attacker, `/khountous?lang=fr&limit=1&page=${page}`));
        const served = attacks.filter((answer) => answer.status === 200).length;
        assert.ok(
          served <= readerLimit(budget) * windowsSince(budget, start),
          `the address took ${served} (its share: ${readerLimit(budget)} a window)`,
        );
        assert.ok(served >= readerLimit(budget), `${served} served`);
        assertTierRefusal(attacks.find((answer) => answer.status !== 200)!);
        for (const page of [1, 2, 3]) {
          const innocent = await ask(
            tier,
            `127.0.0.${10 + page}`,
            `/administrations?lang=fr&limit=${page}&page=1`,
          );
          assert.equal(innocent.status, 200, innocent.body);
        }
      } finally {
        await tier.stop();
      }
    });

    it('holds against a swarm of 60 addresses: at most a window’s total per window, cached answers still served', async () => {
      const budget: KeyBudget = { quota: 300, period: 60, windows: 4, reserve: 50, share: 5 };
      const tier = await startKeyTier(engine, budget);
      try {
        const start = Date.now();
        assert.equal((await ask(tier, '127.0.0.2', '/regions?lang=fr')).status, 200);
        const answers = (
          await Promise.all(
            Array.from({ length: 60 }, async (_, r) => {
              const mine: Answer[] = [];
              for (let i = 0; i < 3; i += 1)
                mine.push(
                  await ask(tier, `127.0.1.${r + 1}`, `/verifications?lang=fr&limit=1&page=${r * 3 + i + 1}`),
                );
              return mine;
            }),
          )
        ).flat();
        const passed = answers.filter((answer) => answer.status === 200).length;
        const windows = windowsSince(budget, start);
        assert.ok(
          passed + 1 <= windowLimit(budget) * windows,
          `${passed} new resources passed in ${windows} windows`,
        );
        // Refused by the key's total (429), or by the cap on requests at the API at once (503): neither reached it.
        const refused = answers.filter((answer) => answer.status !== 200);
        assert.deepEqual(
          [...new Set(refused.map((answer) => answer.status))].filter((s) => s !== 429 && s !== 503),
          [],
        );
        assertTierRefusal(refused.find((answer) => answer.status === 429)!);
        const cached = await ask(tier, '127.0.0.4', '/regions?lang=fr');
        assert.equal(cached.status, 200);
        assert.equal(received(tier).length, passed + 1, 'nothing else reached the API');
      } finally {
        await tier.stop();
      }
    });

    it('keeps the key within its quota over a day of adversarial readers, and serves an innocent reader’s new pages', async () => {
      // A "day" of 24 s in 8 windows of 3 s: 45 a window, 22 of it for refreshes, 2 a reader.
      const budget: KeyBudget = { quota: 450, period: 24, windows: 8, reserve: 50, share: 5 };
      const attackers = Array.from({ length: 8 }, (_, i) => `127.0.0.${20 + i}`);
      // 8 attackers take at most 16 new a window, below the reserve (23): room for the innocent.
      assert.ok(attackers.length * readerLimit(budget) < windowLimit(budget) / 2);
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            seed: fc.integer(),
            // Weights of the kinds of request: new, made-up, variant, refresh.
            mix: fc.tuple(
              fc.integer({ min: 1, max: 10 }),
              fc.nat(10),
              fc.nat(10),
              fc.integer({ min: 1, max: 10 }),
            ),
            burstEvery: fc.integer({ min: 5, max: 40 }),
            burstSize: fc.integer({ min: 5, max: 40 }),
            dripMs: fc.integer({ min: 20, max: 400 }),
          }),
          async ({ seed, mix, burstEvery, burstSize, dripMs }) => {
            const tier = await startKeyTier(engine, budget);
            try {
              try {
                await simulateDay(tier, budget, attackers, { seed, mix, burstEvery, burstSize, dripMs });
              } catch (error) {
                console.error(`  ${engine}: ${error instanceof Error ? error.message : String(error)}`);
                throw error;
              }
            } finally {
              await tier.stop();
            }
          },
        ),
        { numRuns: 1, endOnFailure: true },
      );
    });
  });
}

interface Schedule {
  seed: number;
  mix: [number, number, number, number];
  burstEvery: number;
  burstSize: number;
  dripMs: number;
}

/** The canonical spelling of a target, as the kit sends it: parameters sorted, defaults spelled out. */
const canonical = (target: string) => {
  const url = new URL(target, 'http://tier');
  return `${url.pathname}?${[...url.searchParams]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')}`;
};

async function simulateDay(tier: Tier, budget: KeyBudget, attackers: string[], schedule: Schedule) {
  const next = mulberry32(schedule.seed); // deterministic: a failing schedule replays
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const regions = ['dakar', 'kolda', 'thies', 'matam'];
  let page = 0;
  /** Lists some attacker made the tier fetch: refreshed and asked in other spellings. */
  const cached: string[] = [];
  const made: Answer[] = [];
  let refused = 0;
  const refreshes: Answer[] = [];
  const newPage = () => {
    page += 1;
    return pick([
      `/khountous?lang=fr&limit=1&page=${page}`,
      `/administrations?lang=en&limit=2&page=${page}&region=${pick(regions)}`,
      `/verifications?lang=fr&limit=3&page=${page}`,
    ]);
  };
  const kinds = ['new', 'made-up', 'variant', 'refresh'] as const;
  const total = schedule.mix.reduce((a, b) => a + b, 0);
  const kind = () => {
    let at = next() * total;
    for (let i = 0; i < kinds.length; i += 1) {
      at -= schedule.mix[i]!;
      if (at < 0) return kinds[i]!;
    }
    return kinds[0];
  };
  const attack = async (reader: string) => {
    const which = cached.length === 0 ? 'new' : kind();
    if (which === 'new') {
      const path = newPage();
      const answer = await ask(tier, reader, path);
      if (answer.status === 200) cached.push(path);
      else if (answer.status === 503)
        assert.equal(answer.headers['retry-after'], '5', answer.body); // the cap on requests at the API at once: nothing sent
      else {
        assertTierRefusal(answer);
        refused += 1;
      }
    } else if (which === 'made-up') {
      made.push(await ask(tier, reader, `/administrations?region=zz-${Math.floor(next() * 1e9)}`));
    } else if (which === 'variant') {
      // The same answer without its defaults, or with its parameters in another order.
      const url = new URL(pick(cached), 'http://tier');
      const params = [...url.searchParams].filter(
        ([name]) =>
          !(
            next() < 0.5 &&
            ['lang', 'page', 'limit'].includes(name) &&
            url.searchParams.get(name) === { lang: 'fr', page: '1', limit: '20' }[name]
          ),
      );
      params.sort(() => next() - 0.5);
      const answer = await ask(
        tier,
        reader,
        `${url.pathname}?${params.map(([k, v]) => `${k}=${v}`).join('&')}`,
      );
      assert.equal(answer.status, 200, answer.body);
    } else {
      refreshes.push(await ask(tier, reader, pick(cached)));
    }
  };

  const day = budget.period * 1.25 * 1000;
  const started = Date.now();
  const innocent: Answer[] = [];
  const innocentLoop = (async () => {
    // A new valid page every 1.6 s (2 a window: its share), from an address of its own.
    for (let limit = 1; Date.now() - started < day; limit += 1) {
      innocent.push(
        await ask(tier, '127.0.0.99', `/administrations?lang=fr&limit=${limit}&page=1&sector=health`),
      );
      await sleep(1600);
    }
  })();
  const attackerLoops = attackers.map(async (reader) => {
    for (let tick = 1; Date.now() - started < day; tick += 1) {
      if (tick % schedule.burstEvery === 0)
        await Promise.all(Array.from({ length: schedule.burstSize }, () => attack(reader)));
      else await attack(reader);
      await sleep(Math.floor(next() * schedule.dripMs));
    }
  });
  await Promise.all([innocentLoop, ...attackerLoops]);

  const times = received(tier);
  const most = mostIn(times, budget.period);
  console.warn(
    `  ${tier.engine}: ${JSON.stringify(schedule)}: ${times.length} requests reached the API in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
      `at most ${most} in a period (quota ${budget.quota}); ${innocent.length} innocent new pages, ${refused} new pages refused, ${refreshes.length} refreshes asked, ${made.length} made-up values`,
  );
  assert.ok(most <= budget.quota, `the API received ${most} requests in a period (quota ${budget.quota})`);
  assert.ok(refused > 0, 'the attack asked for more new pages than the readers’ shares allow');
  for (const answer of innocent)
    assert.equal(answer.status, 200, `the innocent reader’s new page: ${answer.body}`);
  for (const answer of refreshes)
    assert.equal(answer.status, 200, `a cached answer is always served: ${answer.body}`);
  for (const answer of made)
    assert.equal(answer.status, 400, `a made-up value is refused by the tier: ${answer.body}`);
  for (const key of tier.upstream.keys()) {
    assert.ok(!key.includes('zz-'), `a made-up value reached the API: ${key}`);
    assert.equal(key, canonical(key), 'one spelling per answer reaches the API');
  }
}
