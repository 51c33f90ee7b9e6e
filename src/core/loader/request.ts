/**
 * The requests of the page's resources: the request path of one flight, and
 * the attempts planned after a failure.
 *
 * The request path: the budget asked first (under the cross-tab budget lock),
 * If-None-Match with the cached ETag, one attempt cut after the request
 * timeout, bounded retries of 5xx and network errors with exponential backoff
 * and jitter (each counted in the budget, and sent past the browser's HTTP
 * cache, which may hold the failed answer), what the X-RateLimit-* headers say
 * adopted by the budget, a 429 closing it until its reset.
 *
 * The recovery: after a failure that may pass, while a subscriber shows the
 * resource, one more attempt at the time the rule of recovery.ts says.
 */
import { abortable, follow } from '../abort.js';
import { budgetKey, createBudget, originOf, quotaError, type Budget } from '../budget.js';
import { confirmable, type CacheEntry, type EntryCache } from '../cache.js';
import { get, type ApiResponse, type CallOptions, type FetchLike } from '../http.js';
import type { ResourceKind, Target } from '../endpoints.js';
import { isKhountousError, KhountousError, PASSING } from '../errors.js';
import { join, type Entries, type Entry } from './entry.js';
import type { Source } from './data.js';
import { nextAttempt, onlineListener } from './recovery.js';
import { answers } from './windows.js';
import type { SafeStorage } from '../storage.js';
import type { WithLock } from './cross-tab.js';
import type { Clock, LoaderStats, Settings } from './options.js';

/**
 * The requests of a loader, given by name: its `settings`, its clock (`time`, `setTimer`,
 * `clearTimer`, `random`), the `storage` of its budgets, the `fetch` to use, the
 * cross-tab `lock`; it counts in `counters` (`statsChanged`, `budgetChanged` tell of
 * it), reads what another tab brought from `cache` (`isFresh`) and stores an answer
 * with `store`; the recovery reads the `entries` and what the cache holds (`find`),
 * starts an attempt with `start`, and waits as the `freshness` of a kind says. Gives
 * back, by name: the budget of an origin, the sending of a
 * flight, the planning of a recovery after a failure and its cancelling.
 */
export function createRequests({
  settings,
  time,
  setTimer,
  clearTimer,
  random,
  storage,
  fetch,
  lock,
  counters,
  statsChanged,
  budgetChanged,
  cache,
  isFresh,
  store,
  entries,
  find,
  start,
  freshness,
}: {
  settings: Settings;
  time: () => number;
  setTimer: Clock['setTimeout'];
  clearTimer: Clock['clearTimeout'];
  random: () => number;
  storage: SafeStorage | undefined;
  fetch: FetchLike | undefined;
  lock: WithLock;
  counters: Pick<LoaderStats, 'requests' | 'errors'>;
  statsChanged: () => void;
  budgetChanged: () => void;
  cache: EntryCache;
  isFresh: (kind: ResourceKind, entry: CacheEntry) => boolean;
  store: (target: Target, response: ApiResponse<unknown>, cached: CacheEntry | undefined) => CacheEntry;
  entries: Entries;
  find: (want: Target) => Source | undefined;
  start: (target: Target, reserve: number, retries: boolean) => Entry;
  freshness: Record<ResourceKind, number>;
}) {
  const transport = { fetch, now: time };
  /** The budget of each API origin: the quota is per API host, whatever the path. */
  const budgets = new Map<string, Budget>();

  const budget = (base: string): Budget => {
    const origin = originOf(base);
    let found = budgets.get(origin);
    if (!found) {
      found = createBudget({
        limit: settings.quotaLimit,
        windowMs: settings.quotaWindow,
        storageKey: budgetKey(base),
        storage,
      });
      budgets.set(origin, found);
    }
    return found;
  };

  /**
   * Takes one request from the budget (under the cross-tab budget lock): its id, or the quota
   * error, made from the budget that refused it. Made after the lock, it could read a budget a
   * response heard meanwhile has moved (the API's count corrected), and say "until now".
   */
  const take = async (from: Budget, reserve: number): Promise<string | KhountousError> => {
    return lock('budget', undefined, async () => {
      const now = time();
      return from.canSend(now, reserve) ? from.record(now) : quotaError(from, now);
    });
  };

  /** One attempt, cut after the request timeout (a network error) or when the flight is cancelled. */
  const attempt = async (target: Target, signal: AbortSignal, call: CallOptions<unknown>) => {
    const { controller, dispose } = follow(signal);
    const timer = setTimer(
      () => controller.abort(new KhountousError('network', 'The API did not answer in time.')),
      settings.requestTimeout,
    );
    try {
      return await get(transport, target, { ...call, signal: controller.signal });
    } finally {
      clearTimer(timer);
      dispose();
    }
  };

  /**
   * What an answer (or an error answer) says of the budget: a shared cache's mark,
   * the X-RateLimit-* headers, a 429's reset.
   */
  const heard = (
    from: Budget,
    said: Pick<KhountousError, 'shared' | 'rateLimit' | 'resetAt'> & { kind?: string },
    sentId: string,
  ) => {
    const now = time();
    if (said.shared) from.share(now);
    if (said.rateLimit) from.reconcile(said.rateLimit, now, sentId);
    if (said.kind === 'quota') from.block(said.resetAt ?? now, now);
    budgetChanged();
  };

  /** Exponential backoff with equal jitter: half the delay fixed, half random. */
  const backoff = (attemptNumber: number, signal: AbortSignal) => {
    const delay = settings.retryDelay * 2 ** attemptNumber;
    const ms = delay / 2 + random() * (delay / 2);
    return abortable<void>(signal, (resolve) => {
      const timer = setTimer(resolve, ms);
      return () => clearTimer(timer);
    });
  };

  /**
   * Sends the request of one flight: `signal` cancels it (every caller left), `reserve` is what
   * the budget must keep after it, `retries` false for an automatic recovery (one attempt),
   * `cached` the copy for If-None-Match.
   */
  const send = async (
    target: Target,
    signal: AbortSignal,
    reserve: number,
    retries: boolean,
    cached: CacheEntry | undefined,
  ): Promise<CacheEntry> => {
    const spendable = budget(target.base);
    const maxRetries = retries ? settings.maxRetries : 0;
    for (let attemptNumber = 0; ; attemptNumber++) {
      if (attemptNumber > 0) {
        // Another tab may have brought fresh data during the backoff: it spares the next attempt.
        const brought = cache.get(target.key);
        if (brought && brought !== cached && isFresh(target.kind, brought)) return brought;
      }
      const sentId = await take(spendable, reserve);
      if (typeof sentId !== 'string') {
        counters.errors++;
        statsChanged();
        throw sentId;
      }
      counters.requests++;
      budgetChanged();
      const call: CallOptions<unknown> = {};
      // A 304 confirms an ETag, not the data kept under it: only that of a recent download (cache.ts).
      if (cached && confirmable(cached, time())) call.cached = { etag: cached.etag, data: cached.data };
      // Its ETag not sent, the copy is still a refresh: the browser's HTTP cache does not answer it alone.
      else if (cached) call.revalidate = true;
      // After a failure, the browser's HTTP cache may hold the bad answer: ask the network.
      if (attemptNumber > 0 || !retries) call.reload = true;
      try {
        const response = await attempt(target, signal, call);
        heard(spendable, response, sentId);
        return store(target, response, cached);
      } catch (error) {
        heard(spendable, isKhountousError(error) ? error : {}, sentId);
        const retry =
          isKhountousError(error, 'network', 'server') &&
          !signal.aborted &&
          attemptNumber < maxRetries &&
          spendable.canSend(time(), reserve);
        if (!retry) {
          if (!isKhountousError(error, 'aborted')) {
            counters.errors++;
            statsChanged();
          }
          throw error;
        }
        await backoff(attemptNumber, signal);
      }
    }
  };

  // -- the recovery: the planning of attempts after a failure -----------------------

  /** True when a subscriber is told of what a request for the entry brings. */
  const watched = ({ target }: Entry) =>
    entries
      .family(target.family)
      .some((entry) => [...entry.subscribers].some(({ target: want }) => answers(target, want)));

  const online = onlineListener(() => {
    for (const entry of entries.all()) {
      if (entry.recovery?.kind !== 'network' || entry.recovery.timer === undefined) continue;
      clearTimer(entry.recovery.timer);
      recover(entry);
    }
    updateOnline();
  });

  /** Listens to `online` only while a network failure waits for its recovery. */
  const updateOnline = () =>
    online(
      [...entries.all()].some(({ recovery }) => recovery?.kind === 'network' && recovery.timer !== undefined),
    );

  /** After a failed request: plans the next automatic attempt, when the cause may pass and someone waits. */
  function plan(entry: Entry, error: unknown): void {
    const previous = entry.recovery;
    if (!isKhountousError(error, ...PASSING) || !watched(entry)) {
      // Cancelled callers leave a planned attempt as it was.
      if (!isKhountousError(error, 'aborted') || previous?.timer === undefined) cancel(entry);
      return;
    }
    const now = time();
    const spendable = budget(entry.target.base);
    const shown = find(entry.target) !== undefined;
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
      remaining: spendable.remaining(now),
      budgetResetAt: spendable.resetAt(now),
    });
    if (shown) entry.quietUntil = when;
    if (previous?.timer !== undefined) clearTimer(previous.timer);
    entry.recovery = {
      failures,
      kind: error.kind,
      spend,
      timer: setTimer(() => recover(entry), Math.max(0, when - now)),
    };
    updateOnline();
  }

  /** The planned attempt: one request, no retries, within the reserve, if still needed. */
  function recover(entry: Entry): void {
    const recovery = entry.recovery;
    if (!recovery) return;
    recovery.timer = undefined;
    const found = find(entry.target);
    if (!watched(entry) || (found && isFresh(found.target.kind, found.entry))) return cancel(entry);
    // A request under way plans again if it fails.
    if (!entry.flight) {
      join(start(entry.target, recovery.spend ? 0 : settings.revalidationReserve, false).flight!).catch(
        () => {},
      );
    }
    updateOnline();
  }

  function cancel(entry: Entry): void {
    const recovery = entry.recovery;
    if (!recovery) return;
    if (recovery.timer !== undefined) clearTimer(recovery.timer);
    entry.recovery = undefined;
    updateOnline();
  }

  return { budget, send, plan, cancel };
}
