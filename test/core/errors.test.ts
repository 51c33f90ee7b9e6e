import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type * as errors from '../../src/core/errors.js';
import { abortError, isKhountousError, KhountousError } from '../../src/core/errors.js';

describe('KhountousError', () => {
  test('carries plain data for localized messages', () => {
    const error = new KhountousError('quota', 'Spent.', { status: 429, resetAt: 1000 });
    assert.ok(error instanceof Error, 'error instanceof Error');
    assert.equal(error.name, 'KhountousError');
    assert.deepEqual(
      { kind: error.kind, status: error.status, resetAt: error.resetAt, param: error.param },
      { kind: 'quota', status: 429, resetAt: 1000, param: undefined },
    );
  });

  test('isKhountousError filters by kind and recognizes errors of another copy of the kit', () => {
    const error = new KhountousError('not-found', 'No.');
    assert.ok(isKhountousError(error), 'isKhountousError(error)');
    assert.ok(
      isKhountousError(error, 'server', 'not-found'),
      "isKhountousError(error, 'server', 'not-found')",
    );
    assert.ok(!isKhountousError(error, 'quota'), "!isKhountousError(error, 'quota')");
    assert.ok(!isKhountousError(new Error('plain')), "!isKhountousError(new Error('plain'))");
    assert.ok(!isKhountousError({ kind: 'quota' }), 'a look-alike without the brand');
    const fromOtherCopy = Object.assign(new Error('x'), {
      kind: 'network',
      [Symbol.for('khountous.error')]: true,
    });
    assert.ok(isKhountousError(fromOtherCopy, 'network'), "isKhountousError(fromOtherCopy, 'network')");
  });

  test('an error holds only the details it was given, and its cause when it has one', () => {
    const bare = new KhountousError('network', 'Offline.', {
      status: undefined,
      shared: false,
      cause: undefined,
    });
    assert.deepEqual({ ...bare }, { name: 'KhountousError', kind: 'network' });
    assert.equal(Object.hasOwn(bare, 'cause'), false, 'no cause');
    const rateLimit = { limit: 60, remaining: 0, resetAt: 1_800_000_000_000 };
    const cause = new TypeError('fetch failed');
    const full = new KhountousError('quota', 'Spent.', {
      status: 429,
      param: 'limit',
      resetAt: 1000,
      code: 'rate_limited',
      rateLimit,
      shared: true,
      cause,
    });
    assert.deepEqual(
      { ...full },
      {
        name: 'KhountousError',
        kind: 'quota',
        status: 429,
        param: 'limit',
        resetAt: 1000,
        code: 'rate_limited',
        rateLimit,
        shared: true,
      },
    );
    assert.equal(full.cause, cause);
  });

  test('only objects can be KhountousErrors: null, undefined and other values are not', () => {
    for (const value of [null, undefined, 'KhountousError', 0, true, Symbol.for('khountous.error')]) {
      assert.equal(isKhountousError(value), false, String(value));
      assert.equal(isKhountousError(value, 'network'), false, String(value));
    }
  });

  test('errors of a second copy of the module are recognized both ways', async () => {
    const href = new URL('../../src/core/errors.ts?second-copy', import.meta.url).href;
    const other = (await import(href)) as typeof errors;
    assert.notEqual(other.KhountousError, KhountousError, 'a copy of its own');
    const theirs = new other.KhountousError('network', 'Offline.');
    assert.ok(isKhountousError(theirs, 'network'), 'theirs, here');
    assert.ok(!isKhountousError(theirs, 'quota'), 'theirs, of another kind');
    assert.ok(other.isKhountousError(new KhountousError('quota', 'Spent.'), 'quota'), 'ours, there');
    // A timeout of one copy aborting a wait of the other keeps its error.
    assert.equal(abortError(AbortSignal.abort(theirs)), theirs);
  });

  test('abortError wraps any other reason as the cause of an aborted error', () => {
    const controller = new AbortController();
    const reason = new RangeError('navigated away');
    controller.abort(reason);
    const error = abortError(controller.signal);
    assert.equal(error.kind, 'aborted');
    assert.equal(error.cause, reason);
    assert.match(error.message, /abort/i);
    const signalless = abortError();
    assert.equal(signalless.kind, 'aborted');
    assert.equal(Object.hasOwn(signalless, 'cause'), false);
  });

  test('abortError keeps a KhountousError reason and wraps any other', () => {
    const controller = new AbortController();
    controller.abort();
    assert.equal(abortError(controller.signal).kind, 'aborted');
    const timedOut = new AbortController();
    const reason = new KhountousError('network', 'Timed out.');
    timedOut.abort(reason);
    assert.equal(abortError(timedOut.signal), reason);
  });
});
