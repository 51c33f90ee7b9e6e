import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
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
