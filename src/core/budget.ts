/**
 * The rolling-window budget of the anonymous quota (60 requests per hour).
 *
 * The budget keeps a log of the requests sent within the last window; a slot
 * frees when the request that took it leaves the window, as on the API side.
 * The log is persisted in the safe storage and merged on every access
 * (read-merge-write), so the tabs of an origin share one budget; when storage
 * is unavailable the budget lives in memory.
 *
 * The server is the authority. `reconcile` takes what the X-RateLimit-*
 * headers of a response said: when the server counts fewer remaining requests
 * than the log (other sites, other browsers behind the same address), the
 * budget adopts the server's number until the server's reset time. A 429
 * (`block`) empties the budget until the reset it announced, for at most
 * MAX_BLOCK (a day): a broken Retry-After does not silence the widgets for years.
 *
 * Behind a shared cache (a site's own caching proxy in front of the API, which
 * says so on every answer: `share`), the quota of 60 per reader no longer
 * applies: the local log stops blocking for SHARED_FOR after the last such
 * answer, while what the cache says (a 429 and its reset, X-RateLimit-*) is
 * still obeyed. The mark is shared by the tabs like the log.
 *
 * A budget made with `ceiling` (a server render's total, src/ssr/render.ts) keeps
 * its limit as the caller set it: the API's headers and a 429 may lower what
 * remains, never raise the limit, and a shared cache's answers do not lift it.
 *
 * Stored state is another tab's word, or garbage: rows and floors with times
 * that are not finite, lie in the future, or block for longer than MAX_BLOCK
 * are ignored, so a corrupted storage never spends the budget for good.
 */

import { KhountousError, type RateLimit } from './errors.js';
import type { SafeStorage } from './storage.js';
import { isObject } from './is-object.js';

const DEFAULT_QUOTA_LIMIT = 60;
const DEFAULT_QUOTA_WINDOW = 60 * 60 * 1000;
/** The longest the server's word (a 429, or its remaining count) may hold the budget at zero. */
const MAX_BLOCK = 24 * 60 * 60 * 1000;
/** How long the answers of a shared cache lift the local log's limit after the last one. */
const SHARED_FOR = 24 * 60 * 60 * 1000;
/** How far in the future a stored time may lie (clocks of tabs that disagree a little). */
const SKEW = 60_000;

export interface BudgetOptions {
  /** Requests per window, until the server says otherwise. Default 60. */
  limit?: number;
  /** Window length in ms. Default one hour. */
  windowMs?: number;
  /** Where the shared state lives (the storage's JSON reads and writes); memory only when absent. */
  storage?: Pick<SafeStorage, 'getJSON' | 'setJSON'> | undefined;
  /** Storage key of this budget (one per API origin). Default `budget`. */
  storageKey?: string;
  /** The limit is a ceiling: no answer raises it (X-RateLimit-Limit) or lifts it (a shared cache). */
  ceiling?: boolean;
}

export interface Budget {
  /** Requests allowed per window, as of the last call that read the shared state (`remaining`, `record`…). */
  readonly limit: number;
  /** Requests that may still be sent now. */
  remaining(now: number): number;
  /** True when more than `reserve` requests may still be sent now. */
  canSend(now: number, reserve?: number): boolean;
  /** Records a request sent at `now`; returns its id for `reconcile`. */
  record(now: number): string;
  /** The earliest time a request may be sent (`now` when one may be sent now). */
  nextSlotAt(now: number): number;
  /** When the budget next grows: `nextSlotAt` when empty, else when the oldest request leaves the window; null when full. */
  resetAt(now: number): number | null;
  /** Adopts what a response's rate-limit headers said; `sentId` is the id `record` gave that request. */
  reconcile(rateLimit: RateLimit, now: number, sentId?: string): void;
  /** After a 429: nothing may be sent before `until`. */
  block(until: number, now: number): void;
  /** An answer came from a shared cache: the local log stops limiting (for SHARED_FOR). */
  share(now: number): void;
  /** True while answers of a shared cache lift the local log's limit. */
  shared(now: number): boolean;
}

/** What the server said, kept while `now < until`. */
interface Floor {
  /** Requests the server said remained after the request numbered `seq`. */
  remaining: number;
  /** Requests numbered after it may not have been counted yet: they are subtracted. */
  seq: number;
  until: number;
  /** When it was said; the latest wins when tabs merge. */
  at: number;
}

/** A request in the log: when it was sent, and its number in the order of sending. */
interface Sent {
  at: number;
  seq: number;
}

interface PersistedState {
  /** [sent at, id, seq] */
  log: [number, string, number][];
  floor?: Floor;
  limit?: [number, number];
  /** When an answer last came from a shared cache. */
  shared?: number;
}

/** The origin of a base URL (`same-origin` for a path). */
export function originOf(base: string): string {
  return /^https?:\/\/[^/]+/i.exec(base)?.[0].toLowerCase() ?? 'same-origin';
}

/** The storage key of the budget of `base`'s API origin: the quota is per API host, whatever the path. */
export const budgetKey = (base: string): string => `budget:${originOf(base)}`;

/** A new id for the log, unique across tabs. */
const newId = (): string => Math.random().toString(36).slice(2, 10);

export function createBudget(options: BudgetOptions = {}): Budget {
  const windowMs = options.windowMs ?? DEFAULT_QUOTA_WINDOW;
  const storage = options.storage;
  const storageKey = options.storageKey ?? 'budget';
  const ceiling = options.ceiling === true;
  const idPrefix = newId();
  let counter = 0;
  // The budget's state: its log merged from every tab, and what the server said.
  /** id -> request. Ids are unique across tabs, so merging is a union. */
  const log = new Map<string, Sent>();
  /** The highest request number seen (across tabs). */
  let lastSeq = 0;
  let floor: Floor | undefined;
  /** [limit, when the server said it] */
  let limit: [number, number] = [options.limit ?? DEFAULT_QUOTA_LIMIT, 0];
  /** When an answer last came from a shared cache (0: never). */
  let sharedAt = 0;

  const prune = (now: number) => {
    for (const [id, sent] of log) if (sent.at <= now - windowMs) log.delete(id);
    if (floor && floor.until <= now) floor = undefined;
  };

  /** Merges the persisted state of all tabs (another tab's word, or garbage) into this one. */
  const sync = (now: number) => {
    const raw = storage?.getJSON(storageKey);
    if (isObject(raw)) {
      const stored = raw as Partial<PersistedState>;
      if (Array.isArray(stored.log)) {
        for (const row of stored.log) {
          if (
            Array.isArray(row) &&
            isTime(row[0], now) &&
            typeof row[1] === 'string' &&
            Number.isSafeInteger(row[2]) &&
            row[2] >= 0
          ) {
            log.set(row[1], { at: row[0], seq: row[2] });
            lastSeq = Math.max(lastSeq, row[2]);
          }
        }
      }
      if (isFloor(stored.floor, now) && (!floor || stored.floor.at > floor.at)) floor = stored.floor;
      if (isTime(stored.shared, now)) sharedAt = Math.max(sharedAt, stored.shared);
      const said = stored.limit;
      if (
        !ceiling &&
        Array.isArray(said) &&
        isPositiveInteger(said[0]) &&
        isTime(said[1], now) &&
        said[1] > limit[1]
      )
        limit = [said[0], said[1]];
    }
    prune(now);
  };

  const commit = () => {
    if (!storage) return;
    const out: PersistedState = { log: [...log].map(([id, sent]) => [sent.at, id, sent.seq]) };
    if (floor) out.floor = floor;
    if (limit[1] > 0) out.limit = limit;
    if (sharedAt > 0) out.shared = sharedAt;
    storage.setJSON(storageKey, out);
  };

  const isShared = (now: number) => !ceiling && now - sharedAt < SHARED_FOR;

  const floorRemaining = (now: number): number => {
    if (!floor || floor.until <= now) return Infinity;
    let after = 0;
    for (const sent of log.values()) if (sent.seq > floor.seq) after++;
    return floor.remaining - after;
  };

  /** Requests that may still be sent now: the local log's room (none of a limit behind a shared cache), and the server's word. */
  function remaining(now: number): number {
    sync(now);
    const local = isShared(now) ? Infinity : limit[0] - log.size;
    return Math.max(0, Math.min(local, floorRemaining(now)));
  }

  const oldestSends = (): number[] => [...log.values()].map((sent) => sent.at).sort((a, b) => a - b);

  const budget: Budget = {
    get limit() {
      return limit[0];
    },
    remaining,
    canSend(now, reserve = 0) {
      return remaining(now) > reserve;
    },
    record(now) {
      sync(now);
      const id = `${idPrefix}.${(counter++).toString(36)}`;
      log.set(id, { at: now, seq: ++lastSeq });
      commit();
      return id;
    },
    nextSlotAt(now) {
      if (remaining(now) > 0) return now;
      let at = now;
      const excess = log.size - limit[0];
      if (excess >= 0 && !isShared(now)) at = Math.max(at, (oldestSends()[excess] ?? now) + windowMs);
      if (floor && floorRemaining(now) <= 0) at = Math.max(at, floor.until);
      return at;
    },
    resetAt(now) {
      if (remaining(now) === 0) return budget.nextSlotAt(now);
      const oldest = oldestSends()[0];
      return oldest === undefined ? null : oldest + windowMs;
    },
    reconcile(rateLimit, now, sentId) {
      sync(now);
      if (!ceiling && isPositiveInteger(rateLimit.limit)) limit = [rateLimit.limit, now];
      if (Number.isFinite(rateLimit.remaining) && Number.isFinite(rateLimit.resetAt)) {
        const sent = sentId === undefined ? undefined : log.get(sentId);
        floor = {
          remaining: Math.max(0, rateLimit.remaining),
          seq: sent?.seq ?? lastSeq,
          until: Math.min(rateLimit.resetAt, now + MAX_BLOCK),
          at: now,
        };
      }
      prune(now);
      commit();
    },
    block(until, now) {
      sync(now);
      const current = floor && floorRemaining(now) <= 0 ? floor.until : 0;
      const bounded = Number.isFinite(until) ? Math.min(until, now + MAX_BLOCK) : now;
      floor = { remaining: 0, seq: lastSeq, until: Math.max(bounded, current), at: now };
      prune(now);
      commit();
    },
    share(now) {
      sync(now);
      sharedAt = Math.max(sharedAt, now);
      commit();
    },
    shared(now) {
      sync(now);
      return isShared(now);
    },
  };
  return budget;
}

/** When `spent` refills, as of `now`: an ISO date, or `later` beyond the dates a Date holds. */
export function refillText(spent: Budget, now: number): string {
  const resetAt = spent.nextSlotAt(now);
  return Math.abs(resetAt) <= 8.64e15 ? new Date(resetAt).toISOString() : 'later';
}

/** The error of a load `spent` refuses at `now`, with when it can be sent. */
export function quotaError(spent: Budget, now: number): KhountousError {
  return new KhountousError('quota', `The request budget is spent until ${refillText(spent, now)}.`, {
    resetAt: spent.nextSlotAt(now),
  });
}

// Number.isInteger and Number.isFinite are false for anything but a number.
const isPositiveInteger = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) > 0;

/** A finite time that is not in the future (beyond a little clock skew). */
const isTime = (value: unknown, now: number): value is number =>
  Number.isFinite(value) && (value as number) <= now + SKEW;

/** A stored floor that is sound: finite numbers, said in the past, blocking for at most MAX_BLOCK. */
function isFloor(value: unknown, now: number): value is Floor {
  if (!isObject(value)) return false;
  const floor = value as Partial<Floor>;
  return (
    Number.isFinite(floor.remaining) &&
    Number.isSafeInteger(floor.seq) &&
    isTime(floor.until, now + MAX_BLOCK) &&
    isTime(floor.at, now)
  );
}
