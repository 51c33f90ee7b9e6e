/**
 * One object per cache key, owning what the loader knows of that key besides
 * its data (which lives in the cache): the request in flight and the callers
 * waiting on it, the subscribers, the quiet period after a failed
 * revalidation, the planned recovery, and the revalidations waiting for an
 * element to come near. The registry keeps an entry while any of these is
 * alive, and drops idle ones when it grows.
 */
import { abortable } from '../abort.js';
import type { CacheEntry } from '../cache.js';
import type { Target } from '../endpoints.js';
import { KhountousError, type KhountousErrorKind } from '../errors.js';

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

/** One request (with its retries) that any number of callers wait on. */
export interface Flight {
  readonly controller: AbortController;
  promise: Promise<CacheEntry>;
  waiters: number;
  settled: boolean;
}

export interface Subscriber {
  readonly target: Target;
  readonly listener: (loaded: Loaded<unknown>) => void;
  /** Told of a part of the data seeded from a list, too (see `Endpoint.seed`). */
  readonly partial: boolean;
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

export interface Entry {
  readonly target: Target;
  flight?: Flight | undefined;
  readonly subscribers: Set<Subscriber>;
  /** Until when a failed revalidation is not tried again (a failing API is not hammered). */
  quietUntil: number;
  recovery?: Recovery | undefined;
  /**
   * A not-found answer, remembered for the resource's freshness period: an element
   * that asks after the early start's request failed gets the same answer, not a
   * second request.
   */
  missing?: { error: unknown; until: number } | undefined;
  /** Revalidations waiting for an element to come near; ended when the list or resource has no subscriber left. */
  readonly nearWaits: Set<AbortController>;
}

export interface Entries {
  /** The entry of a target's key, made when missing. */
  of(target: Target): Entry;
  find(key: string): Entry | undefined;
  all(): IterableIterator<Entry>;
  /** The entries of one list (or the one of a resource that is not a list). */
  family(family: string): Entry[];
}

/** The registry is pruned when a new entry finds it this large, or twice its size after the last pruning. */
const PRUNE_AT = 32;

export function createEntries(now: () => number): Entries {
  const map = new Map<string, Entry>();
  let pruneAt = PRUNE_AT;
  const idle = (entry: Entry) =>
    !entry.flight &&
    !entry.recovery &&
    entry.subscribers.size === 0 &&
    entry.nearWaits.size === 0 &&
    entry.quietUntil <= now() &&
    !(entry.missing && entry.missing.until > now());
  return {
    of(target) {
      let entry = map.get(target.key);
      if (entry) return entry;
      if (map.size >= pruneAt) {
        for (const [key, other] of map) if (idle(other)) map.delete(key);
        pruneAt = Math.max(PRUNE_AT, 2 * map.size);
      }
      entry = { target, subscribers: new Set(), quietUntil: 0, nearWaits: new Set() };
      map.set(target.key, entry);
      return entry;
    },
    find: (key) => map.get(key),
    all: () => map.values(),
    family: (family) => [...map.values()].filter((entry) => entry.target.family === family),
  };
}

/** Waits for `flight` on behalf of one caller, who may leave early through `signal`; the last to leave cancels it. */
export function join(flight: Flight, signal?: AbortSignal): Promise<CacheEntry> {
  return abortable(signal, (resolve, reject) => {
    flight.waiters++;
    flight.promise.then(resolve, reject);
    return (aborted) => {
      flight.waiters--;
      if (aborted) abandon(flight);
    };
  });
}

/** Cancels `flight` when no caller waits for it any more. */
export function abandon(flight: Flight): void {
  if (flight.waiters <= 0 && !flight.settled)
    flight.controller.abort(new KhountousError('aborted', 'Every caller left.'));
}

/** Tells each subscriber its view of what arrived; a listener that throws does not stop the others. */
export function tell(subscriber: Subscriber, loaded: Loaded<unknown>): void {
  try {
    subscriber.listener(loaded);
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}
