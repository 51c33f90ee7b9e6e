/**
 * Callers that leave: a request other callers wait on goes on, the last to leave cancels it.
 * On the fake clock and a fake fetch over the reference API that counts calls;
 * expected data is read from the API directly, independently of the loader.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isKhountousError } from '../../../src/core/errors.js';
import type { ListEnvelope } from '../../../src/core/types.js';
import { loaderEnv, ranking } from '../../helpers/loader-env.js';

describe('abort', () => {
  test('an aborted caller is rejected; the shared request goes on for the others', async () => {
    const env = loaderEnv();
    const held = env.api.hold();
    const leaving = new AbortController();
    const first = env.load({ kind: 'regions' }, { signal: leaving.signal });
    const second = env.load({ kind: 'regions' });
    await env.clock.settle();
    leaving.abort();
    const error = await first.catch((e: unknown) => e);
    assert.ok(isKhountousError(error, 'aborted'), "isKhountousError(error, 'aborted')");
    held.release();
    await env.clock.settle();
    assert.equal(((await second).data as ListEnvelope<unknown>).data.length, 14);
    assert.equal(env.api.calls[0]!.init.signal!.aborted, false);
    assert.equal(env.api.count, 1);
  });

  test('when every waiter leaves, the request is aborted', async () => {
    const env = loaderEnv();
    const held = env.api.hold();
    const a = new AbortController();
    const b = new AbortController();
    const outcomes = Promise.allSettled([
      env.load({ kind: 'regions' }, { signal: a.signal }),
      env.load({ kind: 'regions' }, { signal: b.signal }),
    ]);
    await env.clock.settle();
    a.abort();
    b.abort();
    await env.clock.settle();
    assert.equal(env.api.calls[0]!.init.signal!.aborted, true);
    held.release();
    for (const outcome of await outcomes) assert.equal(outcome.status, 'rejected');
  });

  test('a list load aborted before its batch is sent costs no request', async () => {
    const env = loaderEnv();
    const controller = new AbortController();
    const promise = env.load(ranking({ limit: 5 }), { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    await env.clock.settle();
    assert.ok(isKhountousError(await promise, 'aborted'), "isKhountousError(await promise, 'aborted')");
    assert.equal(env.api.count, 0);
  });
});
