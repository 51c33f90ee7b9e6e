/**
 * Recovery after a refused load, through the loader.
 * On the fake clock and a fake fetch over the reference API that counts calls;
 * expected data is read from the API directly, independently of the loader.
 */
import { nextAttempt, PASSING } from '../../../src/core/loader/recovery.js';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { type KhountousError, isKhountousError } from '../../../src/core/errors.js';
import type { Loaded } from '../../../src/core/loader/loader.js';
import { BASE_URL } from '../../helpers/fake-fetch.js';
import { loaderEnv, run, slugs, MINUTE } from '../../helpers/loader-env.js';

describe('recovery after a refused load', () => {
  test('a load refused on an empty budget is tried again at the time its error announced, reserve or not', async () => {
    const env = loaderEnv({ quotas: { anonymous: 12 } });
    for (const slug of await slugs(env, 12)) {
      await run(env, { kind: 'administration', slug });
      await env.clock.advance(MINUTE);
    }
    assert.equal(env.api.count, 12);
    const heard: Loaded<unknown>[] = [];
    env.loader.subscribe({ kind: 'regions' }, BASE_URL, (loaded) => heard.push(loaded));
    const refused = await run(env, { kind: 'regions' }).catch((error: unknown) => error);
    assert.ok(isKhountousError(refused, 'quota'), String(refused));
    const back = (refused as KhountousError).resetAt!;
    assert.ok(back > env.clock.now(), 'the error says when data will be back');
    await env.clock.advance(back - env.clock.now() - 1);
    assert.equal(env.api.count, 12, 'not before');
    await env.clock.advance(1);
    assert.equal(env.api.count, 13, 'one request when one slot frees, although the reserve is not left');
    assert.equal(heard.length, 1, 'the subscriber hears the data');
    assert.equal(heard[0]!.stale, false);
  });
});

describe('the rule of the next attempt (nextAttempt)', () => {
  const base = {
    failures: 1,
    shown: false,
    spent: false,
    now: 1_000_000,
    fresh: 10 * MINUTE,
    delay: 30_000,
    reserve: 10,
    remaining: 40,
    budgetResetAt: null,
  };

  test('nothing shown: 30 s, then 4 times longer after each failure, never past the freshness time', () => {
    const waits = [1, 2, 3, 4].map(
      (failures) => nextAttempt({ ...base, kind: 'server', failures }).at - base.now,
    );
    assert.deepEqual(waits, [30_000, 120_000, 480_000, 600_000]);
  });

  test('stale data shown: one freshness period, whatever the cause', () => {
    for (const kind of ['server', 'network', 'invalid-response'] as const) {
      assert.equal(nextAttempt({ ...base, kind, shown: true }).at, base.now + base.fresh);
    }
  });

  test('quota: at the reset, not before; an empty budget with nothing shown may spend the reserve', () => {
    const resetAt = base.now + 20 * MINUTE;
    assert.deepEqual(nextAttempt({ ...base, kind: 'quota', resetAt, remaining: 0 }), {
      at: resetAt,
      spend: true,
    });
    assert.deepEqual(nextAttempt({ ...base, kind: 'quota', resetAt, remaining: 0, shown: true }), {
      at: resetAt,
      spend: false,
    });
  });

  test('quota kept for the reserve: when the oldest request leaves the window', () => {
    const budgetResetAt = base.now + 7 * MINUTE;
    const next = nextAttempt({ ...base, kind: 'quota', remaining: 5, budgetResetAt });
    assert.deepEqual(next, { at: budgetResetAt, spend: false });
  });

  test('never sooner than a second, and never before the announced reset', () => {
    const next = nextAttempt({ ...base, kind: 'quota', resetAt: base.now - 5_000, remaining: 0 });
    assert.equal(next.at, base.now + 1000);
  });

  test('only passing failures are tried again', () => {
    assert.deepEqual([...PASSING].sort(), ['invalid-response', 'network', 'quota', 'server']);
  });
});
