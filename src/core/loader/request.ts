/**
 * The request path of one flight: the budget asked first (under the
 * cross-tab budget lock), If-None-Match with the cached ETag, one attempt cut
 * after the request timeout, bounded retries of 5xx and network errors with
 * exponential backoff and jitter (each counted in the budget, and sent past
 * the browser's HTTP cache, which may hold the failed answer), what the
 * X-RateLimit-* headers say adopted by the budget, a 429 closing it until
 * its reset.
 */
import { abortable, follow } from '../abort.js';
import { budgetKey, createBudget, originOf, type Budget } from '../budget.js';
import { confirmable, type CacheEntry } from '../cache.js';
import { get, type ApiResponse, type CallOptions, type Transport } from '../http.js';
import type { Target } from '../endpoints.js';
import { isKhountousError, KhountousError } from '../errors.js';
import type { SafeStorage } from '../storage.js';
import type { WithLock } from './cross-tab.js';

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** For the jitter of retries. */
  random(): number;
}

interface RequestSettings {
  quotaLimit: number;
  quotaWindow: number;
  maxRetries: number;
  retryDelay: number;
  requestTimeout: number;
}

/** How one flight is sent. */
interface Send {
  /** Cancels the flight (every caller left). */
  signal: AbortSignal;
  /** Requests the budget must keep after this one's. */
  reserve: number;
  /** False for an automatic recovery: one attempt, no retries. */
  retries: boolean;
  /** The cached copy, for If-None-Match. */
  cached: CacheEntry | undefined;
  /** A fresh entry another tab brought meanwhile, which spares the next attempt. */
  brought(): CacheEntry | undefined;
  /** Stores what the API answered. */
  store(response: ApiResponse<unknown>): CacheEntry;
}

export interface Requests {
  /** The budget of an API origin: the quota is per API host, whatever the path. */
  budget(base: string): Budget;
  /** The error of a load the budget refuses, with when it can be sent. */
  quotaError(budget: Budget, now?: number): KhountousError;
  send(target: Target, send: Send): Promise<CacheEntry>;
}

export interface RequestDeps {
  clock: Clock;
  transport: Transport;
  settings: RequestSettings;
  storage: SafeStorage | undefined;
  lock: WithLock;
  /** A request was sent (counted in the budget). */
  sent(): void;
  /** The budget changed. */
  changed(): void;
  /** A request ended in an error. */
  failed(): void;
}

export function createRequests(deps: RequestDeps): Requests {
  const { clock, settings } = deps;
  const budgets = new Map<string, Budget>();

  const budget = (base: string): Budget => {
    const origin = originOf(base);
    let found = budgets.get(origin);
    if (!found) {
      found = createBudget({
        limit: settings.quotaLimit,
        windowMs: settings.quotaWindow,
        storageKey: budgetKey(base),
        storage: deps.storage,
      });
      budgets.set(origin, found);
    }
    return found;
  };

  const quotaError = (spent: Budget, now = clock.now()): KhountousError => {
    const resetAt = spent.nextSlotAt(now);
    const until = Math.abs(resetAt) <= 8.64e15 ? new Date(resetAt).toISOString() : 'later';
    return new KhountousError('quota', `The request budget is spent until ${until}.`, { resetAt });
  };

  /**
   * Takes one request from the budget (under the cross-tab budget lock): its id, or the quota
   * error, made from the budget that refused it. Made after the lock, it could read a budget a
   * response heard meanwhile has moved (the API's count corrected), and say "until now".
   */
  const take = async (from: Budget, reserve: number): Promise<string | KhountousError> => {
    return deps.lock('budget', undefined, async () => {
      const now = clock.now();
      return from.canSend(now, reserve) ? from.record(now) : quotaError(from, now);
    });
  };

  /** One attempt, cut after the request timeout (a network error) or when the flight is cancelled. */
  const attempt = async (target: Target, signal: AbortSignal, options: CallOptions<unknown>) => {
    const { controller, dispose } = follow(signal);
    const timer = clock.setTimeout(
      () => controller.abort(new KhountousError('network', 'The API did not answer in time.')),
      settings.requestTimeout,
    );
    try {
      return await get(deps.transport, target, { ...options, signal: controller.signal });
    } finally {
      clock.clearTimeout(timer);
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
    const now = clock.now();
    if (said.shared) from.share(now);
    if (said.rateLimit) from.reconcile(said.rateLimit, now, sentId);
    if (said.kind === 'quota') from.block(said.resetAt ?? now, now);
    deps.changed();
  };

  /** Exponential backoff with equal jitter: half the delay fixed, half random. */
  const backoff = (attemptNumber: number, signal: AbortSignal) => {
    const delay = settings.retryDelay * 2 ** attemptNumber;
    const ms = delay / 2 + clock.random() * (delay / 2);
    return abortable<void>(signal, (resolve) => {
      const timer = clock.setTimeout(resolve, ms);
      return () => clock.clearTimeout(timer);
    });
  };

  const send = async (target: Target, flight: Send): Promise<CacheEntry> => {
    const spendable = budget(target.base);
    const { cached, reserve, signal } = flight;
    const maxRetries = flight.retries ? settings.maxRetries : 0;
    for (let attemptNumber = 0; ; attemptNumber++) {
      if (attemptNumber > 0) {
        // Another tab may have brought the data during the backoff.
        const brought = flight.brought();
        if (brought) return brought;
      }
      const sentId = await take(spendable, reserve);
      if (typeof sentId !== 'string') {
        deps.failed();
        throw sentId;
      }
      deps.sent();
      deps.changed();
      const options: CallOptions<unknown> = {};
      // A 304 confirms an ETag, not the data kept under it: only that of a recent download (cache.ts).
      if (cached && confirmable(cached, clock.now()))
        options.cached = { etag: cached.etag, data: cached.data };
      // Its ETag not sent, the copy is still a refresh: the browser's HTTP cache does not answer it alone.
      else if (cached) options.revalidate = true;
      // After a failure, the browser's HTTP cache may hold the bad answer: ask the network.
      if (attemptNumber > 0 || !flight.retries) options.reload = true;
      try {
        const response = await attempt(target, signal, options);
        heard(spendable, response, sentId);
        return flight.store(response);
      } catch (error) {
        heard(spendable, isKhountousError(error) ? error : {}, sentId);
        const retry =
          isKhountousError(error, 'network', 'server') &&
          !signal.aborted &&
          attemptNumber < maxRetries &&
          spendable.canSend(clock.now(), reserve);
        if (!retry) {
          if (!isKhountousError(error, 'aborted')) deps.failed();
          throw error;
        }
        await backoff(attemptNumber, signal);
      }
    }
  };

  return { budget, quotaError, send };
}
