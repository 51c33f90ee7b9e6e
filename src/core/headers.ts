/**
 * What the API and a shared cache in front of it say in headers: the rate
 * limit of the caller's access level, and what the shared cache did. Read by
 * the client (http.ts); written by the reference API (demo/api/).
 */

/** Names of the rate-limit headers every response carries (see docs/api-assumptions.md). */
export const RATE_LIMIT_HEADERS = {
  /** Requests allowed in the window of the caller's access level. */
  limit: 'X-RateLimit-Limit',
  /** Requests left in the window, after this one. */
  remaining: 'X-RateLimit-Remaining',
  /** Unix time in seconds when one more request becomes available (rolling window). */
  reset: 'X-RateLimit-Reset',
} as const;

export type AccessLevel = 'anonymous' | 'free' | 'partner';

/** The quotas of the API document, per access level (the reference API's and the server render's defaults). */
export const DEFAULT_QUOTAS: Readonly<Record<AccessLevel, number>> = {
  anonymous: 60,
  free: 1_000,
  partner: 20_000,
};

/** Length of the rolling window of each access level, in milliseconds. */
export const QUOTA_WINDOWS: Readonly<Record<AccessLevel, number>> = {
  anonymous: 3_600_000,
  free: 86_400_000,
  partner: 86_400_000,
};

/**
 * A shared cache in front of the API (a site's caching proxy, deploy/nginx/ or deploy/varnish/)
 * sends this header with the value `shared` on every answer: the answers are
 * shared by the readers behind it, and the per-reader quota is the cache's
 * business (docs/scaling.md).
 */
export const SHARED_CACHE_HEADER = 'X-Khountous-Cache';

/**
 * What the shared cache did (nginx's $upstream_cache_status, in the same words from Varnish): `STALE` or
 * `UPDATING` when it serves a copy past its freshness. Read only on answers
 * of a shared cache, with their `Date` (when the API produced the data).
 */
export const CACHE_STATUS_HEADER = 'X-Cache-Status';
