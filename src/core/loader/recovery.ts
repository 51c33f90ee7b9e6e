/**
 * Recovery after a failed load: the rule (`nextAttempt`, pure), the `online`
 * listener, and the planning of attempts for the loader's entries.
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
import type { ResourceKind, Target } from '../endpoints.js';
import { isKhountousError, PASSING, type KhountousErrorKind } from '../errors.js';
import { join, type Entries, type Entry } from './entry.js';
import type { Lookup } from './lookup.js';
import type { Clock, Requests } from './request.js';
import { answers } from './windows.js';

export { PASSING } from '../errors.js';

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

export interface RecoveryContext {
  clock: Clock;
  settings: { revalidationReserve: number; recoveryDelay: number };
  /** Freshness per kind, ms. */
  freshness: Record<ResourceKind, number>;
  entries: Entries;
  lookup: Lookup;
  requests: Requests;
  /** Starts a request (resources.ts). */
  start(target: Target, reserve: number, retries: boolean): Entry;
}

export interface Recovery {
  /** After a failed request: plans the next automatic attempt, when the cause may pass and someone waits. */
  plan(entry: Entry, error: unknown): void;
  cancel(entry: Entry): void;
}

export function createRecovery(context: RecoveryContext): Recovery {
  const { clock, settings, freshness, entries, lookup, requests } = context;

  /** True when a subscriber is told of what a request for the entry brings. */
  const watched = ({ target }: Entry) =>
    entries
      .family(target.family)
      .some((entry) => [...entry.subscribers].some(({ target: want }) => answers(target, want)));

  const online = onlineListener(() => {
    for (const entry of entries.all()) {
      if (entry.recovery?.kind !== 'network' || entry.recovery.timer === undefined) continue;
      clock.clearTimeout(entry.recovery.timer);
      recover(entry);
    }
    updateOnline();
  });

  /** Listens to `online` only while a network failure waits for its recovery. */
  const updateOnline = () =>
    online(
      [...entries.all()].some(({ recovery }) => recovery?.kind === 'network' && recovery.timer !== undefined),
    );

  function plan(entry: Entry, error: unknown): void {
    const previous = entry.recovery;
    if (!isKhountousError(error, ...PASSING) || !watched(entry)) {
      // Cancelled callers leave a planned attempt as it was.
      if (!isKhountousError(error, 'aborted') || previous?.timer === undefined) cancel(entry);
      return;
    }
    const now = clock.now();
    const budget = requests.budget(entry.target.base);
    const shown = lookup.find(entry.target) !== undefined;
    const failures = (previous?.failures ?? 0) + 1;
    const { at: when, spend } = nextAttempt({
      kind: error.kind,
      resetAt: error.resetAt,
      failures,
      shown,
      spent: previous?.spend === true,
      now,
      fresh: freshness[entry.target.kind],
      delay: settings.recoveryDelay,
      reserve: settings.revalidationReserve,
      remaining: budget.remaining(now),
      budgetResetAt: budget.resetAt(now),
    });
    if (shown) entry.quietUntil = when;
    if (previous?.timer !== undefined) clock.clearTimeout(previous.timer);
    entry.recovery = {
      failures,
      kind: error.kind,
      spend,
      timer: clock.setTimeout(() => recover(entry), Math.max(0, when - now)),
    };
    updateOnline();
  }

  /** The planned attempt: one request, no retries, within the reserve, if still needed. */
  function recover(entry: Entry): void {
    const recovery = entry.recovery;
    if (!recovery) return;
    recovery.timer = undefined;
    const found = lookup.find(entry.target);
    if (!watched(entry) || (found && lookup.isFresh(found.target.kind, found.entry))) return cancel(entry);
    // A request under way plans again if it fails.
    if (!entry.flight) {
      join(
        context.start(entry.target, recovery.spend ? 0 : settings.revalidationReserve, false).flight!,
      ).catch(() => {});
    }
    updateOnline();
  }

  function cancel(entry: Entry): void {
    const recovery = entry.recovery;
    if (!recovery) return;
    if (recovery.timer !== undefined) clock.clearTimeout(recovery.timer);
    entry.recovery = undefined;
    updateOnline();
  }

  return { plan, cancel };
}
