/**
 * Rolling-window rate limiting, one sliding log per caller.
 *
 * Each access level has a quota over its own window: anonymous callers 60
 * requests per hour (per client address), free keys 1,000 per day and partner
 * keys 20,000 per day (per key). A request is allowed when fewer than `limit`
 * requests were counted in the window that ends now; only allowed requests
 * are recorded, so answering 429 costs the caller nothing.
 */
import type { AccessLevel } from '../../src/core/types.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const ACCESS_LEVELS: readonly AccessLevel[] = ['anonymous', 'free', 'partner'];

/** The quotas of the API document. */
export const DEFAULT_QUOTAS: Readonly<Record<AccessLevel, number>> = {
  anonymous: 60,
  free: 1_000,
  partner: 20_000,
};

/** Length of the rolling window of each access level, in milliseconds. */
export const QUOTA_WINDOWS: Readonly<Record<AccessLevel, number>> = {
  anonymous: HOUR,
  free: DAY,
  partner: DAY,
};

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
}

/** The request times of one caller, oldest first. */
class SlidingLog {
  private times: number[] = [];
  private start = 0;

  /** Forgets the times at or before `cutoff`. */
  prune(cutoff: number): void {
    while (this.start < this.times.length && (this.times[this.start] as number) <= cutoff) {
      this.start += 1;
    }
    if (this.start > 1024 && this.start * 2 > this.times.length) {
      this.times = this.times.slice(this.start);
      this.start = 0;
    }
  }

  get size(): number {
    return this.times.length - this.start;
  }

  get oldest(): number | undefined {
    return this.times[this.start];
  }

  record(time: number): void {
    this.times.push(time);
  }
}

const SWEEP_EVERY = 1_000;

export class RateLimiter {
  private readonly now: () => number;
  private readonly limits: Readonly<Record<AccessLevel, number>>;
  private readonly logs = new Map<string, SlidingLog>();
  private decisionsSinceSweep = 0;

  constructor(options: RateLimiterOptions = {}) {
    this.now = options.now ?? Date.now;
    this.limits = { ...DEFAULT_QUOTAS, ...options.quotas };
  }

  limitOf(level: AccessLevel): number {
    return this.limits[level];
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
    this.logs.clear();
    this.decisionsSinceSweep = 0;
  }

  private decide(level: AccessLevel, caller: string, count: boolean): QuotaDecision {
    const now = this.now();
    const window = QUOTA_WINDOWS[level];
    const limit = this.limits[level];
    const key = `${level}:${caller}`;
    const log = this.logs.get(key) ?? new SlidingLog();
    log.prune(now - window);
    const allowed = log.size < limit;
    if (allowed && count) {
      log.record(now);
      this.logs.set(key, log);
    }
    this.sweepSometimes(now);
    const oldest = log.oldest ?? now;
    const availableAt = oldest + window;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - log.size),
      resetSeconds: Math.ceil(availableAt / 1000),
      ...(allowed ? {} : { retryAfterSeconds: Math.max(1, Math.ceil((availableAt - now) / 1000)) }),
    };
  }

  /** Drops the logs whose requests all left their window, so memory stays bounded. */
  private sweepSometimes(now: number): void {
    this.decisionsSinceSweep += 1;
    if (this.decisionsSinceSweep < SWEEP_EVERY) return;
    this.decisionsSinceSweep = 0;
    for (const [key, log] of this.logs) {
      const level = key.slice(0, key.indexOf(':')) as AccessLevel;
      log.prune(now - QUOTA_WINDOWS[level]);
      if (log.size === 0) this.logs.delete(key);
    }
  }
}
