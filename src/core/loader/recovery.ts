/**
 * Recovery after a failed load: the rule (`nextAttempt`, pure) and the `online`
 * listener; query.ts plans the attempts of each query.
 *
 * When a request fails for a passing cause (5xx, network, timeout, invalid
 * response, quota) and a subscriber still shows that resource, the loader
 * plans one more attempt by itself, a single request without retries, sent
 * like a background revalidation (never spending the reserve):
 * - nothing shown yet: after `delay` (30 s), then 4 times longer after each
 *   new failure, never waiting longer than the endpoint's freshness time;
 * - stale data shown: one freshness period after the failure;
 * - quota: at the reset the budget or the 429 announced, not before; when the
 *   budget was empty and nothing of the resource is shown yet, the attempt
 *   may spend the reserve (it is data the reader has never seen), so it is
 *   sent at the time the error announced even if only one slot freed by then;
 * - network: at once when the browser fires `online`, if that comes first.
 */
import type { KhountousErrorKind } from '../errors.js';

export interface Failure {
  kind: KhountousErrorKind;
  /** When a quota error said data comes back. */
  resetAt?: number | undefined;
  /** Failures in a row, this one included. */
  failures: number;
  /** Whether (stale) data of the resource is on screen. */
  shown: boolean;
  /** Whether the previous planned attempt could spend the reserve. */
  spent: boolean;
  now: number;
  /** The endpoint's freshness time, ms. */
  fresh: number;
  /** The first wait, ms. */
  delay: number;
  /** Requests kept for data never seen. */
  reserve: number;
  /** What the budget has left now, and when it next grows. */
  remaining: number;
  budgetResetAt: number | null;
}

/** When to try again (`at`, epoch ms), and whether that attempt may spend the reserve. */
export function nextAttempt(failure: Failure): { at: number; spend: boolean } {
  const { kind, now, fresh, shown, remaining } = failure;
  let at: number;
  let spend = false;
  if (kind === 'quota') {
    // A load refused on an empty budget said "back at resetAt": with nothing shown, the
    // attempt is data the reader never saw and may spend the reserve, so it comes then.
    spend = !shown && (remaining === 0 || failure.spent);
    // Refused to keep the reserve: when the oldest request leaves the window.
    const forReserve = !spend && remaining > 0 && remaining <= failure.reserve;
    at = Math.max(failure.resetAt ?? now, forReserve ? (failure.budgetResetAt ?? now) : now, now + 1000);
  } else {
    at = now + Math.min(fresh, failure.delay * 4 ** Math.min(failure.failures - 1, 16));
  }
  // Stale data is on screen: the rule of failed revalidations, one freshness period.
  if (shown) at = Math.max(at, now + fresh);
  return { at, spend };
}

/** Calls `callback` on the browser's `online` event while `listen(true)`; nothing where there is no such event. */
export function onlineListener(callback: () => void): (wanted: boolean) => void {
  const target = globalThis as Partial<Pick<Window, 'addEventListener' | 'removeEventListener'>>;
  let listening = false;
  return (wanted) => {
    if (wanted === listening || typeof target.removeEventListener !== 'function') return;
    listening = wanted;
    target[wanted ? 'addEventListener' : 'removeEventListener']!('online', callback);
  };
}
