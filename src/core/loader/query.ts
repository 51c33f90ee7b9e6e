/**
 * One query per cache key, owning what the loader knows of that key besides
 * its data (which the cache holds, data.ts) and what the loader does for it:
 * - its request in flight, sent once however many callers wait on it, and
 *   cancelled when the last of them leaves;
 * - its subscribers;
 * - its revalidation when stale, and the quiet period after a failed one;
 * - after a failure that may pass, while a subscriber shows the resource, one
 *   more attempt at the time the rule of recovery.ts says;
 * - a not-found answer, remembered for the resource's freshness period.
 *
 * The page's queries are kept by the loader's cache of queries (queries.ts),
 * which also holds what they share: the settings, the clock, the data, the
 * fetcher and its budgets.
 */
import { abortable } from '../abort.js';
import { quotaError } from '../budget.js';
import type { CacheEntry } from '../cache.js';
import type { Target } from '../endpoints.js';
import { abortError, isKhountousError, KhountousError, PASSING, type KhountousErrorKind } from '../errors.js';
import type { LoadOptions } from './options.js';
import { check } from './data.js';
import type { Queries } from './queries.js';
import { nextAttempt } from './recovery.js';
import { answers } from './windows.js';

export interface Loaded<T> {
  /** Shared with other widgets: treat as read-only. */
  data: T;
  /** True when older than the freshness time of its endpoint. */
  stale: boolean;
  /** Epoch ms when the data was fetched or last confirmed by the API. */
  fetchedAt: number;
  /** True when the data is a part of a cached list standing in for the resource (`partial` loads). */
  partial?: boolean;
}

export interface Subscriber {
  readonly target: Target;
  readonly listener: (loaded: Loaded<unknown>) => void;
  /** Told of a part of the data seeded from a list, too (see `Endpoint.seed`). */
  readonly partial: boolean;
}

/** What decides whether a load waits for its element to come near. */
export type Near = Pick<LoadOptions, 'element' | 'lazy'>;

/** One request (with its retries) that any number of callers wait on. */
export interface Flight {
  readonly controller: AbortController;
  promise: Promise<CacheEntry>;
  waiters: number;
  settled: boolean;
}

/** The next automatic attempt after a failure. */
interface Recovery {
  /** Failures in a row, this recovery's attempts included. */
  failures: number;
  /** The kind of the last failure. */
  kind: KhountousErrorKind;
  /** Pending timer; undefined while the attempt is in flight. */
  timer: unknown;
  /** True when the attempt may spend the reserve (a refused load, nothing shown). */
  spend: boolean;
}

export class Query {
  /** The request under way, if any. */
  flight: Flight | undefined;
  readonly subscribers = new Set<Subscriber>();
  /** Until when a failed revalidation is not tried again (a failing API is not hammered). */
  quietUntil = 0;
  recovery: Recovery | undefined;
  /**
   * A not-found answer, remembered for the resource's freshness period: an element
   * that asks after the early start's request failed gets the same answer, not a
   * second request.
   */
  missing: { error: unknown; until: number } | undefined;
  /** Revalidations waiting for an element to come near; ended when the list or resource has no subscriber left. */
  readonly nearWaits = new Set<AbortController>();

  readonly #queries: Queries;

  constructor(
    readonly target: Target,
    queries: Queries,
  ) {
    this.#queries = queries;
  }

  /** True when nothing of the query is alive at `now`: the cache of queries may drop it. */
  idle(now: number): boolean {
    return (
      !this.flight &&
      !this.recovery &&
      this.subscribers.size === 0 &&
      this.nearWaits.size === 0 &&
      this.quietUntil <= now &&
      !(this.missing && this.missing.until > now)
    );
  }

  /**
   * Starts the request of the query: under its cross-tab lock, storage read again (another
   * tab may have fetched it), then sent by the fetcher. `reserve` is what the budget must keep
   * after it, `retries` false for an automatic recovery (one attempt).
   */
  fetch(reserve = 0, retries = true): this {
    const { target } = this;
    const queries = this.#queries;
    const { data } = queries;
    const flight: Flight = {
      controller: new AbortController(),
      waiters: 0,
      settled: false,
      promise: undefined!,
    };
    const { signal } = flight.controller;
    this.flight = flight;
    const run = async () => {
      // Let the callers of this turn join; if none is left, nothing is sent.
      await Promise.resolve();
      abandon(flight);
      return queries.lock(target.key, signal, async () => {
        if (signal.aborted) throw abortError(signal);
        // Another tab may have fetched it meanwhile (it held the lock).
        const latest = queries.cache.readStored(target.key, check(target.kind));
        if (latest && data.isFresh(target.kind, latest)) {
          data.notify({ target, entry: latest });
          return latest;
        }
        return queries.fetcher.send(target, signal, reserve, retries, latest);
      });
    };
    flight.promise = run().finally(() => {
      flight.settled = true;
      if (this.flight === flight) this.flight = undefined;
    });
    flight.promise.then(
      () => {
        this.missing = undefined;
        this.cancel();
      },
      (error: unknown) => {
        if (isKhountousError(error, 'not-found'))
          this.missing = { error, until: queries.time() + queries.freshness[target.kind] };
        this.plan(error);
      },
    );
    return this;
  }

  /** Waits for the flight on behalf of one caller, who may leave early through `signal`; the last to leave cancels it. */
  join(signal?: AbortSignal): Promise<CacheEntry> {
    const flight = this.flight!;
    return abortable(signal, (resolve, reject) => {
      flight.waiters++;
      flight.promise.then(resolve, reject);
      return (aborted) => {
        flight.waiters--;
        if (aborted) abandon(flight);
      };
    });
  }

  /** What `want` sees of the flight's answer; a failure that may pass falls back on cached data. */
  async wait(want: Target, signal: AbortSignal | undefined): Promise<Loaded<unknown>> {
    const { data } = this.#queries;
    try {
      return data.view(want, { target: this.target, entry: await this.join(signal) });
    } catch (error) {
      const fallback = isKhountousError(error, ...PASSING) ? data.find(want) : undefined;
      if (fallback) return data.view(want, fallback);
      throw error;
    }
  }

  /** Revalidates the stale data of the query in the background when the budget can spare it. */
  async revalidate(near: Near): Promise<void> {
    const { target } = this;
    const queries = this.#queries;
    const { settings, time } = queries;
    if (this.flight || this.quietUntil > time()) return;
    const spendable = queries.fetcher.budget(target.base);
    if (!spendable.canSend(time(), settings.revalidationReserve)) {
      // No budget to spare now: a subscriber still gets fresh data later.
      if (this.recovery?.timer === undefined) this.plan(quotaError(spendable, time()));
      return;
    }
    // Wait for the element to come near; the wait ends when nobody shows the resource any more.
    const waiting = new AbortController();
    this.nearWaits.add(waiting);
    try {
      await queries.near(near, waiting.signal);
    } catch {
      return;
    } finally {
      this.nearWaits.delete(waiting);
    }
    const own = queries.cache.get(target.key);
    if (this.flight || (own && queries.data.isFresh(target.kind, own))) return;
    this.fetch(settings.revalidationReserve)
      .join()
      .then(
        () => (this.quietUntil = 0),
        // Failed (server down, resource gone, budget spent): wait one freshness period.
        (error: unknown) => {
          if (!isKhountousError(error, 'aborted')) this.quietUntil = time() + queries.freshness[target.kind];
        },
      );
  }

  /** Adds a subscriber; the function returned removes it. */
  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => {
      this.subscribers.delete(subscriber);
      const family = this.#queries.family(this.target.family);
      if (family.some((other) => other.subscribers.size > 0)) return;
      // Nobody shows the resource any more: revalidations waiting for an element end.
      for (const other of family) {
        for (const waiting of other.nearWaits)
          waiting.abort(new KhountousError('aborted', 'Nobody shows the resource any more.'));
      }
    };
  }

  // -- the recovery: the planning of attempts after a failure -----------------------

  /** True when a subscriber is told of what a request of the query brings. */
  #watched(): boolean {
    const { target } = this;
    return this.#queries
      .family(target.family)
      .some((query) => [...query.subscribers].some(({ target: want }) => answers(target, want)));
  }

  /** After a failed request: plans the next automatic attempt, when the cause may pass and someone waits. */
  plan(error: unknown): void {
    const { target } = this;
    const queries = this.#queries;
    const { settings } = queries;
    const previous = this.recovery;
    if (!isKhountousError(error, ...PASSING) || !this.#watched()) {
      // Cancelled callers leave a planned attempt as it was.
      if (!isKhountousError(error, 'aborted') || previous?.timer === undefined) this.cancel();
      return;
    }
    const now = queries.time();
    const spendable = queries.fetcher.budget(target.base);
    const shown = queries.data.find(target) !== undefined;
    const failures = (previous?.failures ?? 0) + 1;
    const { at: when, spend } = nextAttempt({
      kind: error.kind,
      resetAt: error.resetAt,
      failures,
      shown,
      spent: previous?.spend === true,
      now,
      fresh: queries.freshness[target.kind],
      delay: settings.recoveryDelay,
      reserve: settings.revalidationReserve,
      remaining: spendable.remaining(now),
      budgetResetAt: spendable.resetAt(now),
    });
    if (shown) this.quietUntil = when;
    if (previous?.timer !== undefined) queries.clearTimer(previous.timer);
    this.recovery = {
      failures,
      kind: error.kind,
      spend,
      timer: queries.setTimer(() => this.recover(), Math.max(0, when - now)),
    };
    queries.watchOnline();
  }

  /** The planned attempt: one request, no retries, within the reserve, if still needed. */
  recover(): void {
    const { recovery } = this;
    const queries = this.#queries;
    if (!recovery) return;
    recovery.timer = undefined;
    const found = queries.data.find(this.target);
    if (!this.#watched() || (found && queries.data.isFresh(found.target.kind, found.entry)))
      return this.cancel();
    // A request under way plans again if it fails.
    if (!this.flight)
      this.fetch(recovery.spend ? 0 : queries.settings.revalidationReserve, false)
        .join()
        .catch(() => {});
    queries.watchOnline();
  }

  /** Drops the planned attempt, if any. */
  cancel(): void {
    const { recovery } = this;
    const queries = this.#queries;
    if (!recovery) return;
    if (recovery.timer !== undefined) queries.clearTimer(recovery.timer);
    this.recovery = undefined;
    queries.watchOnline();
  }
}

/** Cancels `flight` when no caller waits for it any more. */
function abandon(flight: Flight): void {
  if (flight.waiters <= 0 && !flight.settled)
    flight.controller.abort(new KhountousError('aborted', 'Every caller left.'));
}
