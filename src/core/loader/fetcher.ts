/**
 * The loader's one fetcher: the budget of each API origin, and the request
 * path of a query's flight.
 *
 * The budget asked first (under the cross-tab budget lock), If-None-Match
 * with the cached ETag, one attempt cut after the request timeout, bounded
 * retries of 5xx and network errors with exponential backoff and jitter (each
 * counted in the budget, and sent past the browser's HTTP cache, which may
 * hold the failed answer), what the X-RateLimit-* headers say adopted by the
 * budget, a 429 closing it until its reset. An answer is checked against the
 * schema of its kind (answers.ts) before it is stored: the early flights' too.
 */
import { abortable } from '../abort.js';
import { ANSWERS, checkedAnswer } from '../answers.js';
import { originOf, quotaError, type Budget } from '../budget.js';
import { confirmable, type CacheEntry } from '../cache.js';
import type { ApiResponse, CallOptions, FetchLike } from '../http.js';
import type { Target } from '../endpoints.js';
import { isKhountousError, type KhountousError } from '../errors.js';
import type { SafeStorage } from '../storage.js';
import { attempt, newBudget, type Early } from './early.js';
import type { LoaderOptions } from './options.js';
import type { Queries } from './queries.js';

export class Fetcher {
  /** The budget of each API origin: the quota is per API host, whatever the path. */
  readonly #budgets = new Map<string, Budget>();
  readonly #queries: Queries;
  readonly #transport: { fetch: FetchLike | undefined; now: () => number };
  readonly #storage: SafeStorage | undefined;
  readonly #made: ((base: string) => Budget) | undefined;
  /** The page's early flights (early.ts), which the page's loader adopts. */
  readonly #early: Early | undefined;

  /**
   * The fetcher of `queries`, sending with the options' `fetch` (the page's own when undefined),
   * its budgets the options' `budget` or its own, kept in `storage`.
   */
  constructor(
    queries: Queries,
    { fetch, budget, early }: Pick<LoaderOptions, 'fetch' | 'budget' | 'early'>,
    storage: SafeStorage | undefined,
  ) {
    this.#queries = queries;
    this.#transport = { fetch, now: queries.time };
    this.#storage = storage;
    this.#made = budget;
    this.#early = early;
  }

  /** The budget of the origin of `base`, made when first asked (the early flights' own for the page's loader). */
  budget(base: string): Budget {
    const origin = originOf(base);
    let found = this.#budgets.get(origin);
    if (!found) {
      found =
        this.#made?.(base) ??
        this.#early?.budget(base) ??
        newBudget(base, this.#queries.settings, this.#storage);
      this.#budgets.set(origin, found);
    }
    return found;
  }

  /**
   * Sends the request of one flight: `signal` cancels it (every caller left), `reserve` is what
   * the budget must keep after it, `retries` false for an automatic recovery (one attempt),
   * `cached` the copy for If-None-Match. The answer is stored (data.ts), which tells the
   * subscribers and the other tabs.
   */
  async send(
    target: Target,
    signal: AbortSignal,
    reserve: number,
    retries: boolean,
    cached: CacheEntry | undefined,
  ): Promise<CacheEntry> {
    const queries = this.#queries;
    const { settings, counters, time, data } = queries;
    const spendable = this.budget(target.base);
    const maxRetries = retries ? settings.maxRetries : 0;
    for (let attemptNumber = 0; ; attemptNumber++) {
      if (attemptNumber > 0) {
        // Another tab may have brought fresh data during the backoff: it spares the next attempt.
        const brought = queries.cache.get(target.key);
        if (brought && brought !== cached && data.isFresh(target.kind, brought)) return brought;
      }
      // The first attempt may be an early flight of the page's (early.ts), its request taken already.
      const early = attemptNumber === 0 ? this.#early?.claim(target.key) : undefined;
      const sentId = early ? early.sentId : await this.#take(spendable, reserve);
      if (typeof sentId !== 'string') {
        counters.errors++;
        queries.statsChanged();
        throw sentId;
      }
      counters.requests++;
      queries.budgetChanged();
      const call: CallOptions<unknown> = {};
      // A 304 confirms an ETag, not the data kept under it: only that of a recent download (cache.ts).
      if (cached && confirmable(cached, time())) call.cached = { etag: cached.etag, data: cached.data };
      // Its ETag not sent, the copy is still a refresh: the browser's HTTP cache does not answer it alone.
      else if (cached) call.revalidate = true;
      // After a failure, the browser's HTTP cache may hold the bad answer: ask the network.
      if (attemptNumber > 0 || !retries) call.reload = true;
      try {
        const response = early
          ? await abortable<ApiResponse<unknown>>(signal, (resolve, reject) => {
              early.answer.then(resolve, reject);
            })
          : await this.#attempt(target, signal, call);
        this.#heard(spendable, response, sentId);
        return data.store(target, checkedAnswer(ANSWERS[target.kind], response), cached);
      } catch (error) {
        this.#heard(spendable, isKhountousError(error) ? error : {}, sentId);
        const retry =
          isKhountousError(error, 'network', 'server') &&
          !signal.aborted &&
          attemptNumber < maxRetries &&
          spendable.canSend(time(), reserve);
        if (!retry) {
          if (!isKhountousError(error, 'aborted')) {
            counters.errors++;
            queries.statsChanged();
          }
          throw error;
        }
        await this.#backoff(attemptNumber, signal);
      }
    }
  }

  /**
   * Takes one request from the budget (under the cross-tab budget lock): its id, or the quota
   * error, made from the budget that refused it. Made after the lock, it could read a budget a
   * response heard meanwhile has moved (the API's count corrected), and say "until now".
   */
  #take(from: Budget, reserve: number): Promise<string | KhountousError> {
    const { lock, time } = this.#queries;
    return lock('budget', undefined, async () => {
      const now = time();
      return from.canSend(now, reserve) ? from.record(now) : quotaError(from, now);
    });
  }

  /** One attempt, cut after the request timeout (a network error) or when the flight is cancelled. */
  #attempt(target: Target, signal: AbortSignal, call: CallOptions<unknown>) {
    const { setTimer, clearTimer, settings } = this.#queries;
    return attempt(this.#transport, target, call, signal, settings.requestTimeout, {
      setTimeout: setTimer,
      clearTimeout: clearTimer,
    });
  }

  /**
   * What an answer (or an error answer) says of the budget: a shared cache's mark,
   * the X-RateLimit-* headers, a 429's reset.
   */
  #heard(
    from: Budget,
    said: Pick<KhountousError, 'shared' | 'rateLimit' | 'resetAt'> & { kind?: string },
    sentId: string,
  ): void {
    const now = this.#queries.time();
    if (said.shared) from.share(now);
    if (said.rateLimit) from.reconcile(said.rateLimit, now, sentId);
    if (said.kind === 'quota') from.block(said.resetAt ?? now, now);
    this.#queries.budgetChanged();
  }

  /** Exponential backoff with equal jitter: half the delay fixed, half random. */
  #backoff(attemptNumber: number, signal: AbortSignal): Promise<void> {
    const { settings, random, setTimer, clearTimer } = this.#queries;
    const delay = settings.retryDelay * 2 ** attemptNumber;
    const ms = delay / 2 + random() * (delay / 2);
    return abortable<void>(signal, (resolve) => {
      const timer = setTimer(resolve, ms);
      return () => clearTimer(timer);
    });
  }
}
