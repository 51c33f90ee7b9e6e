/**
 * Rolling-window rate limiting, one sliding log per caller.
 *
 * Each access level has a quota over its own window: anonymous callers 60
 * requests per hour (per client address), free keys 1,000 per day and partner
 * keys 20,000 per day (per key). A request is allowed when fewer than `limit`
 * requests were counted in the window that ends now; only allowed requests
 * are recorded, so answering 429 costs the caller nothing.
 *
 * Who the caller is (an IPv4 address, an IPv6 /64, or a key) is decided by
 * the handler (./address.ts); this module only counts.
 */
import { DEFAULT_QUOTAS, QUOTA_WINDOWS, type AccessLevel } from '../../src/core/headers.js';

export const ACCESS_LEVELS: readonly AccessLevel[] = ['anonymous', 'free', 'partner'];

// The quotas of the API document and their windows: src/core/headers.ts, which the server
// render's total and this API both read.
export { DEFAULT_QUOTAS, QUOTA_WINDOWS };

/** Environment variables that override a quota (for development). */
export const QUOTA_ENV_VARS: Readonly<Record<AccessLevel, string>> = {
  anonymous: 'KHOUNTOUS_QUOTA_ANONYMOUS',
  free: 'KHOUNTOUS_QUOTA_FREE',
  partner: 'KHOUNTOUS_QUOTA_PARTNER',
};

/** Quotas set by the environment; a value that is not a positive integer throws. */
export function quotasFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): Partial<Record<AccessLevel, number>> {
  const quotas: Partial<Record<AccessLevel, number>> = {};
  for (const level of ACCESS_LEVELS) {
    const name = QUOTA_ENV_VARS[level];
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    if (!/^[1-9]\d*$/.test(raw)) throw new Error(`${name} must be a positive integer, got "${raw}".`);
    quotas[level] = Number(raw);
  }
  return quotas;
}

/** The state of a caller's quota, as the X-RateLimit-* headers report it. */
export interface QuotaDecision {
  allowed: boolean;
  /** Requests allowed in the window. */
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** Unix time in seconds when one more request becomes available. */
  resetSeconds: number;
  /** Seconds to wait before retrying; set when the request is refused. */
  retryAfterSeconds?: number;
}

export interface RateLimiterOptions {
  now?: () => number;
  quotas?: Partial<Record<AccessLevel, number>>;
  /** Callers remembered per access level (DEFAULT_MAX_CALLERS). */
  maxCallers?: number;
}

/** Callers remembered per access level, unless configured otherwise. */
export const DEFAULT_MAX_CALLERS = 100_000;

/** Environment variable that overrides DEFAULT_MAX_CALLERS. */
export const MAX_CALLERS_ENV = 'KHOUNTOUS_QUOTA_MAX_CALLERS';

/** KHOUNTOUS_QUOTA_MAX_CALLERS when set; a value that is not a positive integer throws. */
export function maxCallersFromEnv(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const raw = env[MAX_CALLERS_ENV];
  if (raw === undefined || raw === '') return undefined;
  if (!/^[1-9]\d*$/.test(raw))
    throw new Error(`${MAX_CALLERS_ENV} must be a positive integer, got "${raw}".`);
  return Number(raw);
}

/** Expired callers dropped at most per decision: the work of a decision stays small. */
const SWEEP_STEP = 64;

/** Drops the times at or before `cutoff` from a log (oldest first). */
function prune(times: number[], cutoff: number): void {
  let expired = 0;
  while (expired < times.length && (times[expired] as number) <= cutoff) expired += 1;
  if (expired > 0) times.splice(0, expired);
}

/** A caller's log, linked in the order its requests were last counted. */
interface Log {
  readonly caller: string;
  /** The times of its counted requests, oldest first. */
  readonly times: number[];
  older: Log | undefined;
  newer: Log | undefined;
}

/** The logs of one access level: a map for lookups, a list from least to most recently counted. */
class Logs {
  readonly byCaller = new Map<string, Log>();
  oldest: Log | undefined;
  newest: Log | undefined;

  /** Moves (or adds) `log` to the most recent end. */
  touch(log: Log): void {
    if (this.byCaller.get(log.caller) === log) this.unlink(log);
    else this.byCaller.set(log.caller, log);
    log.older = this.newest;
    log.newer = undefined;
    if (this.newest) this.newest.newer = log;
    else this.oldest = log;
    this.newest = log;
  }

  drop(log: Log): void {
    if (this.byCaller.get(log.caller) !== log) return;
    this.unlink(log);
    this.byCaller.delete(log.caller);
  }

  clear(): void {
    this.byCaller.clear();
    this.oldest = undefined;
    this.newest = undefined;
  }

  private unlink(log: Log): void {
    if (log.older) log.older.newer = log.newer;
    else this.oldest = log.newer;
    if (log.newer) log.newer.older = log.older;
    else this.newest = log.older;
  }
}

/**
 * The limiter. Each access level keeps one log per caller, in a map for
 * lookups and in a list that runs from the least to the most recently
 * counted caller (a caller moves to its end each time a request is counted).
 * The callers whose requests all left the window are therefore at its start,
 * and each decision drops a few of them: no sweep of the whole table, however
 * large. A level never holds more than `maxCallers` callers: past that, the
 * least recently counted caller is forgotten (it then starts again with a
 * full quota), as nginx's limit_req does with its zone. Every operation is
 * O(1) and memory is bounded by maxCallers and the quota.
 */
export class RateLimiter {
  private readonly now: () => number;
  private readonly limits: Readonly<Record<AccessLevel, number>>;
  private readonly maxCallers: number;
  private readonly logs: Record<AccessLevel, Logs> = {
    anonymous: new Logs(),
    free: new Logs(),
    partner: new Logs(),
  };

  constructor(options: RateLimiterOptions = {}) {
    this.now = options.now ?? Date.now;
    this.limits = { ...DEFAULT_QUOTAS, ...options.quotas };
    this.maxCallers = options.maxCallers ?? DEFAULT_MAX_CALLERS;
  }

  limitOf(level: AccessLevel): number {
    return this.limits[level];
  }

  /** Callers remembered for `level`. */
  callers(level: AccessLevel): number {
    return this.logs[level].byCaller.size;
  }

  /** Counts one request of `caller` if the quota allows it. */
  consume(level: AccessLevel, caller: string): QuotaDecision {
    return this.decide(level, caller, true);
  }

  /** The quota state of `caller`, without counting a request. */
  peek(level: AccessLevel, caller: string): QuotaDecision {
    return this.decide(level, caller, false);
  }

  /** Forgets every caller. */
  reset(): void {
    for (const level of ACCESS_LEVELS) this.logs[level].clear();
  }

  private decide(level: AccessLevel, caller: string, count: boolean): QuotaDecision {
    const now = this.now();
    const window = QUOTA_WINDOWS[level];
    const limit = this.limits[level];
    const logs = this.logs[level];
    this.sweep(logs, now - window);
    const log: Log = logs.byCaller.get(caller) ?? { caller, times: [], older: undefined, newer: undefined };
    const { times } = log;
    prune(times, now - window);
    const allowed = times.length < limit;
    if (allowed && count) {
      times.push(now);
      logs.touch(log);
      if (logs.byCaller.size > this.maxCallers && logs.oldest) logs.drop(logs.oldest);
    } else if (times.length === 0) {
      logs.drop(log);
    }
    const availableAt = (times[0] ?? now) + window;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - times.length),
      resetSeconds: Math.ceil(availableAt / 1000),
      ...(allowed ? {} : { retryAfterSeconds: Math.max(1, Math.ceil((availableAt - now) / 1000)) }),
    };
  }

  /** Drops up to SWEEP_STEP of the least recently counted callers whose last request is at or before `cutoff`. */
  private sweep(logs: Logs, cutoff: number): void {
    for (let dropped = 0; dropped < SWEEP_STEP && logs.oldest; dropped += 1) {
      const last = logs.oldest.times[logs.oldest.times.length - 1];
      if (last !== undefined && last > cutoff) return;
      logs.drop(logs.oldest);
    }
  }
}
