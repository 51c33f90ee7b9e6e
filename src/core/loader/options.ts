/**
 * The loader's options and the shapes its facade and its parts share: what a
 * load takes, what `stats()` gives, and the tuning settings with their defaults.
 */
import type { Budget } from '../budget.js';
import type { FetchLike } from '../http.js';
import { ENDPOINTS, type ResourceKind } from '../endpoints.js';
import type { SafeStorage } from '../storage.js';
import type { ChannelLike, LocksLike } from './cross-tab.js';
import type { Early } from './early.js';
import type { ObserverConstructor } from './viewport.js';

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** For the jitter of retries. */
  random(): number;
}

export interface LoadOptions {
  /** The API base URL, ending with /v1. */
  baseUrl: string;
  /** Rejects this caller with KhountousError('aborted'); a request other callers wait on goes on. */
  signal?: AbortSignal;
  /** The element that shows the data: while it is far off-screen nothing is fetched for it. */
  element?: Element;
  /** False fetches even while `element` is off-screen. */
  lazy?: boolean;
  /** A part of the data seeded from a cached list will do (`Loaded.partial`), e.g. a ranking row for a compact card. */
  partial?: boolean;
}

export interface LoaderStats {
  /** Requests allowed per window (from the API's headers once one answered). */
  limit: number;
  /** Requests that may still be sent now. */
  remaining: number;
  /** Epoch ms when one more request becomes available (now when the window is empty). */
  resetAt: number;
  /** HTTP requests sent by this page, retries and recorded downloads included. */
  requests: number;
  /** Loads answered from the cache. */
  cacheHits: number;
  /** Loads that waited for the network. */
  cacheMisses: number;
  /** Loads answered by a request or a cached entry of a larger list window (or a seeding list). */
  coalesced: number;
  /** Loads that joined a request already in flight for the same key. */
  deduped: number;
  /** Requests and background revalidations that ended in an error. */
  errors: number;
  /** True while the API's answers come from a shared cache (deploy/nginx/, deploy/varnish/): the per-reader quota does not limit. */
  shared: boolean;
}

export interface LoaderOptions {
  fetch?: FetchLike;
  now?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** For the jitter of retries. */
  random?: () => number;
  /** The safe storage; `null` keeps everything in memory. */
  storage?: SafeStorage | null;
  /** Creates the cross-tab channel; `null` for none. */
  broadcastChannel?: ((name: string) => ChannelLike) | null;
  /** `navigator.locks`-like; `null` for none. */
  locks?: LocksLike | null;
  /** IntersectionObserver; `null` when there is none (everything loads at once). */
  intersectionObserver?: ObserverConstructor | null;
  /** Wait for elements to come near the viewport before fetching. Default true. */
  lazy?: boolean;
  /**
   * The budget of an API origin (`base`), kept by the caller: several loaders then spend one
   * total (the server render's, one per API and key). By default each loader makes its own,
   * of `quotaLimit` per `quotaWindow`, shared with the other tabs through `storage`.
   */
  budget?: (base: string) => Budget;
  /** Requests per window until the API says otherwise. Default 60. */
  quotaLimit?: number;
  /** Window of the quota, ms. Default one hour. */
  quotaWindow?: number;
  /** Freshness times in minutes, per endpoint. */
  freshness?: Partial<Record<ResourceKind, number>>;
  /** Retries of a 5xx or network error. Default 2. */
  maxRetries?: number;
  /** First retry delay in ms (doubled each time, with jitter). Default 1000. */
  retryDelay?: number;
  /** Background revalidations leave this many requests for data never seen. Default 10. */
  revalidationReserve?: number;
  /** An attempt that has not answered after this many ms fails as a network error. Default 30000. */
  requestTimeout?: number;
  /**
   * First automatic attempt after a failed load that a subscriber waits for, in ms; each new
   * failure waits 4 times longer, up to the endpoint's freshness time. Default 30000.
   */
  recoveryDelay?: number;
  /** Bound of the persisted cache, in serialized characters. Default 1,000,000. */
  maxStoredSize?: number;
  /** Entries older than this (ms) are dropped. Default 7 days. */
  maxAge?: number;
  /**
   * The set of names of its storage, locks and channel (names.ts `namesOf`):
   * '' (the default) shares them with every page of the origin that sets none.
   * `getLoader()` takes the page's `<meta name="khountous:namespace">`.
   */
  namespace?: string;
  /**
   * The early flights this loader adopts (early.ts): the page's loader's (`getLoader`).
   *
   * @internal the page's loader, and the tests of adoption
   */
  early?: Early;
}

export const DEFAULTS = {
  quotaLimit: 60,
  quotaWindow: 60 * 60 * 1000,
  maxRetries: 2,
  retryDelay: 1000,
  revalidationReserve: 10,
  requestTimeout: 30_000,
  recoveryDelay: 30_000,
};

export type Settings = typeof DEFAULTS;

/** Minutes during which data is served without asking the API again, from the endpoint table. */
export const FRESHNESS_MINUTES = Object.fromEntries(
  Object.entries(ENDPOINTS).map(([kind, endpoint]) => [kind, endpoint.fresh]),
) as Readonly<Record<ResourceKind, number>>;
