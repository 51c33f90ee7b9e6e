/**
 * Recovery after a refused load, through the loader.
 * On the fake clock and a fake fetch over the reference API that counts calls;
 * expected data is read from the API directly, independently of the loader.
 */
import { PASSING } from '../../../src/core/errors.js';
import { nextAttempt, onlineListener } from '../../../src/core/loader/recovery.js';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { type KhountousError, isKhountousError } from '../../../src/core/errors.js';
import type { Loaded } from '../../../src/core/loader/loader.js';
import { withGlobals } from '../../helpers/fake-browser.js';
import { BASE_URL, jsonResponse } from '../../helpers/fake-fetch.js';
import {
  loaderEnv,
  ranking,
  run,
  slugs,
  MINUTE,
  type LoaderEnv,
  type Ranking,
} from '../../helpers/loader-env.js';

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

  test('only a budget kept for the reserve waits for its oldest request to leave the window', () => {
    const budgetResetAt = base.now + 7 * MINUTE;
    const resetAt = base.now + 2 * MINUTE;
    // More left than the reserve: the refusal was not for the reserve.
    assert.deepEqual(nextAttempt({ ...base, kind: 'quota', remaining: 40, budgetResetAt }), {
      at: base.now + 1000,
      spend: false,
    });
    // Empty, nothing shown: at the reset the API announced, spending the reserve.
    assert.deepEqual(nextAttempt({ ...base, kind: 'quota', remaining: 0, resetAt, budgetResetAt }), {
      at: resetAt,
      spend: true,
    });
    // Empty with data shown: the reset, then one freshness period; not the budget's window.
    const shown = { ...base, kind: 'quota' as const, remaining: 0, resetAt, budgetResetAt, shown: true };
    assert.deepEqual(nextAttempt({ ...shown, fresh: 5 * MINUTE }), {
      at: base.now + 5 * MINUTE,
      spend: false,
    });
  });

  test('never sooner than a second, and never before the announced reset', () => {
    const next = nextAttempt({ ...base, kind: 'quota', resetAt: base.now - 5_000, remaining: 0 });
    assert.equal(next.at, base.now + 1000);
  });

  test('only passing failures are tried again', () => {
    assert.deepEqual([...PASSING].sort(), ['invalid-response', 'network', 'quota', 'server']);
  });
});

describe('which failed loads the recovery tries again', () => {
  const down = () => jsonResponse({ error: { code: 'internal', message: 'down' } }, 503);
  /** Answers 503 to the administrations list while `when(path)` holds. */
  const failWhere = (env: LoaderEnv, when: (path: string) => boolean) =>
    env.api.intercept((call) =>
      call.url.pathname.endsWith('/administrations') && when(call.path) ? down() : undefined,
    );
  const listCalls = (env: LoaderEnv, page: number) =>
    env.api.calls.filter(
      (call) =>
        call.url.pathname.endsWith('/administrations') && call.url.searchParams.get('page') === String(page),
    ).length;

  test('a failed page nobody waits for is left alone, even while another page of the list is shown', async () => {
    const env = loaderEnv({ loader: { maxRetries: 0 } });
    const heard: Loaded<unknown>[] = [];
    env.loader.subscribe(ranking({ page: 1, limit: 10 }), BASE_URL, (loaded) => heard.push(loaded));
    await run(env, ranking({ page: 1, limit: 10 }));
    failWhere(env, (path) => path.includes('page=2'));
    const failed = await run(env, ranking({ page: 2, limit: 10 })).catch((error: unknown) => error);
    assert.ok(isKhountousError(failed, 'server'), String(failed));
    assert.equal(listCalls(env, 2), 1);
    await env.clock.advance(60 * MINUTE);
    assert.equal(listCalls(env, 2), 1, 'no attempt for a page no widget shows');
  });

  test('a failed page a widget waits for is tried again, whatever other pages of the list are cached', async () => {
    const env = loaderEnv({ loader: { maxRetries: 0 } });
    await run(env, ranking({ page: 2, limit: 10 })); // cached, nobody subscribed
    const heard: Loaded<unknown>[] = [];
    env.loader.subscribe(ranking({ page: 1, limit: 10 }), BASE_URL, (loaded) => heard.push(loaded));
    const stop = failWhere(env, (path) => path.includes('page=1'));
    const failed = await run(env, ranking({ page: 1, limit: 10 })).catch((error: unknown) => error);
    assert.ok(isKhountousError(failed, 'server'), String(failed));
    stop();
    await env.clock.advance(30_000);
    assert.equal(listCalls(env, 1), 2, 'one attempt 30 s later');
    assert.equal(heard.length, 1);
  });

  test('a failed wider window is tried again for a widget that shows a part of it', async () => {
    const env = loaderEnv({ loader: { maxRetries: 0 } });
    const heard: Loaded<unknown>[] = [];
    env.loader.subscribe(ranking({ page: 1, limit: 5 }), BASE_URL, (loaded) => heard.push(loaded));
    const stop = failWhere(env, () => true);
    const failed = await run(env, ranking({ page: 1, limit: 10 })).catch((error: unknown) => error);
    assert.ok(isKhountousError(failed, 'server'), String(failed));
    assert.equal(env.api.count, 1);
    stop();
    await env.clock.advance(30_000);
    assert.equal(env.api.count, 2, 'the attempt brings what the widget shows');
    assert.equal(heard.length, 1);
    assert.equal((heard[0]!.data as Ranking).data.length, 5);
  });
});

describe('the life of a planned attempt', () => {
  const answer = (status: number) => () =>
    jsonResponse({ error: { code: status === 403 ? 'forbidden' : 'internal', message: 'no' } }, status);
  const watch = (env: LoaderEnv) => {
    const heard: Loaded<unknown>[] = [];
    env.loader.subscribe({ kind: 'regions' }, BASE_URL, (loaded) => heard.push(loaded));
    return heard;
  };
  const failing = (env: LoaderEnv) => run(env, { kind: 'regions' }).catch((error: unknown) => error);

  test('a final error ends the planned attempt; a failure after it plans afresh', async () => {
    const env = loaderEnv({ loader: { maxRetries: 0 } });
    watch(env);
    let stop = env.api.intercept(answer(503));
    assert.ok(isKhountousError(await failing(env), 'server')); // attempt planned for 30 s
    stop();
    await env.clock.advance(10_000 - 1);
    stop = env.api.intercept(answer(403));
    assert.ok(isKhountousError(await failing(env), 'forbidden'));
    stop();
    await env.clock.advance(10_000 - 1);
    stop = env.api.intercept(answer(503));
    assert.ok(isKhountousError(await failing(env), 'server')); // at 20 s: the first failure again
    stop();
    assert.equal(env.api.count, 3);
    await env.clock.advance(30_000 - 1);
    assert.equal(env.api.count, 3, 'nothing at 30 s nor before 30 s after the last failure');
    await env.clock.advance(1);
    assert.equal(env.api.count, 4, 'one attempt 30 s after it, as after a first failure');
  });

  test('a caller who gives up leaves the attempt planned for the widget as it was', async () => {
    const env = loaderEnv({ loader: { maxRetries: 0 } });
    const heard = watch(env);
    const stop = env.api.intercept(answer(503));
    assert.ok(isKhountousError(await failing(env), 'server'));
    stop();
    await env.clock.advance(10_000);
    const held = env.api.hold();
    const controller = new AbortController();
    const given = env
      .load({ kind: 'regions' }, { signal: controller.signal })
      .catch((error: unknown) => error);
    await env.clock.advance(100);
    controller.abort();
    assert.ok(isKhountousError(await given, 'aborted'));
    held.release();
    await env.clock.settle();
    const before = env.api.count;
    await env.clock.advance(20_000 - 100);
    assert.equal(env.api.count, before + 1, 'the attempt still comes 30 s after the failure');
    await env.clock.settle();
    assert.equal(heard.length, 1);
  });

  test('no attempt while a request for the resource is under way; none once another tab brought it', async () => {
    const env = loaderEnv({ crossTab: true, loader: { maxRetries: 0 } });
    const heard = watch(env);
    const stop = env.api.intercept(answer(503));
    assert.ok(isKhountousError(await failing(env), 'server'));
    stop();
    // A reader's load is under way when the planned attempt is due: it is not doubled.
    await env.clock.advance(29_000);
    const held = env.api.hold();
    const reader = env.load({ kind: 'regions' });
    await env.clock.advance(2_000);
    assert.equal(env.api.count, 2);
    held.release();
    await reader;
    await env.clock.settle();
    assert.equal(env.api.count, 2, 'one request, the reader’s');
    assert.equal(heard.length, 1);

    // Another tab's data arrives while this one waits for its attempt: no attempt.
    const second = loaderEnv({ crossTab: true, loader: { maxRetries: 0 } });
    const told = watch(second);
    const down = second.api.intercept(answer(503));
    assert.ok(isKhountousError(await failing(second), 'server'));
    down();
    await run(second.tab(), { kind: 'regions' });
    await second.clock.settle();
    assert.equal(told.length, 1, 'heard through the channel');
    const count = second.api.count;
    await second.clock.advance(60 * MINUTE);
    assert.equal(second.api.count, count, 'the planned attempt found fresh data and was dropped');
    assert.equal(told.length, 1, 'and the widget is not told the same data again');
  });
});

describe('the `online` listener', () => {
  test('is added once and removed once, however often it is asked for', async () => {
    const calls: string[] = [];
    await withGlobals(
      {
        addEventListener: (type: string) => calls.push(`add ${type}`),
        removeEventListener: (type: string) => calls.push(`remove ${type}`),
      },
      async () => {
        const listen = onlineListener(() => {});
        listen(false);
        listen(true);
        listen(true);
        listen(false);
        listen(false);
      },
    );
    assert.deepEqual(calls, ['add online', 'remove online']);
  });

  test('is nothing where the global has no events (a worker, a server)', async () => {
    await withGlobals({ addEventListener: undefined, removeEventListener: undefined }, async () => {
      const listen = onlineListener(() => {});
      assert.doesNotThrow(() => {
        listen(true);
        listen(false);
      });
    });
  });

  test('is there while a network failure waits for its attempt, and goes once that attempt is sent', async () => {
    const listening = new Set<unknown>();
    await withGlobals(
      {
        addEventListener: (type: string, listener: unknown) => type === 'online' && listening.add(listener),
        removeEventListener: (type: string, listener: unknown) =>
          type === 'online' && listening.delete(listener),
      },
      async () => {
        const env = loaderEnv({ loader: { maxRetries: 0 } });
        env.loader.subscribe({ kind: 'regions' }, BASE_URL, () => {});
        const stop = env.api.intercept(() => {
          throw new TypeError('Failed to fetch');
        });
        const failed = await run(env, { kind: 'regions' }).catch((error: unknown) => error);
        assert.ok(isKhountousError(failed, 'network'), String(failed));
        assert.equal(listening.size, 1);
        stop();
        const held = env.api.hold();
        await env.clock.advance(30_000);
        assert.equal(env.api.count, 2, 'the planned attempt is under way');
        assert.equal(listening.size, 0, 'no listener while it runs');
        held.release();
        await env.clock.settle();
        assert.equal(listening.size, 0);
      },
    );
  });
});
