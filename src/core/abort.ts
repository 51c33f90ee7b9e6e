/**
 * Abort plumbing, written once for the whole data layer: every wait of the
 * loader (a batch, a flight, a backoff, the viewport) is `abortable`.
 */
import { abortError } from './errors.js';

/**
 * A promise that `start` settles, or that the abort error rejects when
 * `signal` fires first. `start` may return a clean-up, run once whichever
 * way the promise settles, told whether the signal ended it.
 */
export function abortable<T>(
  signal: AbortSignal | undefined,
  start: (
    resolve: (value: T) => void,
    reject: (error: unknown) => void,
  ) => ((aborted: boolean) => void) | void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    let done = false;
    let cleanup: ((aborted: boolean) => void) | void;
    const settle = (aborted: boolean, finish: () => void) => {
      if (done) return;
      done = true;
      signal?.removeEventListener('abort', onAbort);
      cleanup?.(aborted);
      finish();
    };
    const onAbort = () => settle(true, () => reject(abortError(signal)));
    signal?.addEventListener('abort', onAbort, { once: true });
    const after = start(
      (value) => settle(false, () => resolve(value)),
      (error) => settle(false, () => reject(error)),
    );
    if (done) after?.(false);
    else cleanup = after;
  });
}

/** A controller aborted with `parent`'s reason when `parent` fires; `dispose` stops following it. */
export function follow(parent: AbortSignal): { controller: AbortController; dispose: () => void } {
  const controller = new AbortController();
  const forward = () => controller.abort(parent.reason);
  if (parent.aborted) forward();
  else parent.addEventListener('abort', forward, { once: true });
  return { controller, dispose: () => parent.removeEventListener('abort', forward) };
}

/** A signal aborted when either of two is, with that one's reason; `dispose` stops following both. */
export function either(a: AbortSignal, b: AbortSignal): { signal: AbortSignal; dispose: () => void } {
  const { controller, dispose } = follow(a);
  const forward = () => controller.abort(b.reason);
  if (b.aborted) forward();
  else b.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      dispose();
      b.removeEventListener('abort', forward);
    },
  };
}
