/**
 * The abort plumbing of the data layer (src/core/abort.ts) on its own: a wait
 * that a signal ends, with its clean-up run once whichever way it ends, and the
 * controllers that follow one signal or either of two.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { abortable, either, follow } from '../../src/core/abort.js';
import { isKhountousError } from '../../src/core/errors.js';

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => assert.fail('expected a rejection'),
    (error: unknown) => error,
  );

describe('abortable', () => {
  test('settles as start says, and runs the clean-up once, told the signal did not end it', async () => {
    const cleanups: boolean[] = [];
    const controller = new AbortController();
    let finish!: (value: number) => void;
    const waiting = abortable<number>(controller.signal, (resolve) => {
      finish = resolve;
      return (aborted) => cleanups.push(aborted);
    });
    finish(1);
    finish(2);
    controller.abort();
    assert.equal(await waiting, 1);
    assert.deepEqual(cleanups, [false]);
  });

  test('a rejection of start passes through, with the clean-up', async () => {
    const cleanups: boolean[] = [];
    const error = await rejection(
      abortable(undefined, (_, reject) => {
        setTimeout(() => reject(new RangeError('no')), 0);
        return (aborted) => cleanups.push(aborted);
      }),
    );
    assert.ok(error instanceof RangeError);
    assert.deepEqual(cleanups, [false]);
  });

  test('the signal first: the abort error, the clean-up told so, and no listener left', async () => {
    const cleanups: boolean[] = [];
    const controller = new AbortController();
    const waiting = abortable(controller.signal, () => (aborted) => cleanups.push(aborted));
    controller.abort();
    const error = await rejection(waiting);
    assert.ok(isKhountousError(error, 'aborted'));
    assert.deepEqual(cleanups, [true]);
  });

  test('a signal already aborted: rejected at once, start never runs', async () => {
    let started = false;
    const error = await rejection(
      abortable(AbortSignal.abort(), () => {
        started = true;
      }),
    );
    assert.ok(isKhountousError(error, 'aborted'));
    assert.equal(started, false);
  });

  test('start that settles at once: its clean-up still runs, once', async () => {
    const cleanups: boolean[] = [];
    const controller = new AbortController();
    const value = await abortable<string>(controller.signal, (resolve) => {
      resolve('now');
      return (aborted) => cleanups.push(aborted);
    });
    controller.abort();
    assert.equal(value, 'now');
    assert.deepEqual(cleanups, [false]);
  });

  test('after it settles, the signal is not listened to any more', async () => {
    const controller = new AbortController();
    const removed: string[] = [];
    const signal = controller.signal;
    const remove = signal.removeEventListener.bind(signal);
    signal.removeEventListener = (type: string, listener: never) => {
      removed.push(type);
      remove(type, listener);
    };
    await abortable<number>(signal, (resolve) => void setTimeout(() => resolve(1), 0));
    assert.deepEqual(removed, ['abort']);
  });
});

describe('follow and either', () => {
  test('follow: aborted with the parent’s reason, at once when the parent already is', () => {
    const parent = new AbortController();
    const { controller } = follow(parent.signal);
    assert.equal(controller.signal.aborted, false);
    parent.abort('gone');
    assert.equal(controller.signal.reason, 'gone');
    assert.equal(follow(AbortSignal.abort('before')).controller.signal.reason, 'before');
  });

  test('follow: dispose stops following', () => {
    const parent = new AbortController();
    const { controller, dispose } = follow(parent.signal);
    dispose();
    parent.abort('late');
    assert.equal(controller.signal.aborted, false);
  });

  test('either: aborted by the first of two, with that one’s reason', () => {
    for (const which of ['a', 'b'] as const) {
      const a = new AbortController();
      const b = new AbortController();
      const { signal } = either(a.signal, b.signal);
      (which === 'a' ? a : b).abort(which);
      assert.equal(signal.reason, which);
      (which === 'a' ? b : a).abort('second');
      assert.equal(signal.reason, which, 'the first reason stays');
    }
    assert.equal(either(new AbortController().signal, AbortSignal.abort('b')).signal.reason, 'b');
    assert.equal(either(AbortSignal.abort('a'), new AbortController().signal).signal.reason, 'a');
  });

  test('a signal that fired keeps no listener of follow or either', () => {
    const parent = new AbortController();
    follow(parent.signal);
    parent.abort('gone');
    assert.equal(getEventListeners(parent.signal, 'abort').length, 0, 'follow');
    for (const which of ['a', 'b'] as const) {
      const a = new AbortController();
      const b = new AbortController();
      either(a.signal, b.signal);
      const fired = which === 'a' ? a : b;
      fired.abort(which);
      assert.equal(getEventListeners(fired.signal, 'abort').length, 0, which);
    }
  });

  test('either: dispose stops following both', () => {
    for (const which of ['a', 'b'] as const) {
      const a = new AbortController();
      const b = new AbortController();
      const { signal, dispose } = either(a.signal, b.signal);
      dispose();
      (which === 'a' ? a : b).abort(which);
      assert.equal(signal.aborted, false, which);
    }
  });
});
