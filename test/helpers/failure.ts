import assert from 'node:assert/strict';
import { isKhountousError, type KhountousError } from '../../src/core/errors.js';

/** The KhountousError `promise` rejects with; fails the test if it resolves or rejects with anything else. */
export async function failure(promise: Promise<unknown>): Promise<KhountousError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(isKhountousError(error), `not a KhountousError: ${String(error)}`);
    return error;
  }
  assert.fail('expected a failure');
}
