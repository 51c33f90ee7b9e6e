/**
 * The page-wide loader: one cache, one request budget, shared by every widget
 * of the page (and, through storage, by the tabs of the origin).
 *
 * How a load is answered, in order:
 * 1. Cache (memory, then storage): the exact resource, or for a list a cached
 *    page of the same filters whose window covers the one asked. Fresh data
 *    is returned at once; stale data is returned at once too (`stale: true`)
 *    and revalidated in the background, subscribers hear of the new data.
 * 2. Off-screen: an element far from the viewport waits until it comes near.
 * 3. An in-flight request for the same key, or for a list window covering
 *    the one asked, is joined (dedupe, coalescing).
 * 4. List loads of one family (same filters) issued in the same tick are
 *    batched into as few covering requests as possible (limit <= MAX_LIMIT).
 * 5. A request: one tab at a time per key (Web Locks), the budget asked
 *    first, If-None-Match with the cached ETag, bounded retries of 5xx and
 *    network errors with backoff (an attempt that follows a failure bypasses
 *    the browser's HTTP cache, which may hold the failed answer), the new entry
 *    stored, announced to the other tabs (BroadcastChannel) and to subscribers.
 *
 * Budget rules: nothing is sent that the budget says will be refused; a
 * background revalidation only spends budget while more than
 * `revalidationReserve` requests remain (the last ones are kept for data the
 * reader has never seen); a revalidation that failed is not tried again before
 * one freshness period; a 429 empties the budget until its reset.
 *
 * Recovery: when a request fails for a passing cause (5xx, network, timeout,
 * invalid response, quota) and a subscriber still shows that resource, the
 * loader plans one more attempt by itself, a single request without retries,
 * sent like a background revalidation (never spending the reserve):
 * - nothing shown yet: after `recoveryDelay` (30 s), then 4 times longer after
 *   each new failure, never waiting longer than the endpoint's freshness time;
 * - stale data shown: one freshness period after the failure;
 * - quota: at the reset the budget or the 429 announced, not before; when the
 *   budget was empty and nothing of the resource is shown yet, the attempt may
 *   spend the reserve (it is data the reader has never seen), so it is sent at
 *   the time the error announced even if only one slot freed by then;
 * - network: at once when the browser fires `online`, if that comes first.
 * A load waiting for its element to come near ends (aborted) when the element
 * leaves the page first; a revalidation waiting so ends then too, or when the
 * last subscriber of the resource leaves.
 * A success tells the subscribers, which show the data. Nothing else
 * refetches on focus, visibility or reconnect: data already shown waits for a
 * load. The module imports no DOM type at run time and guards every browser
 * global: it runs in Node.
 */

import * as v from 'valibot';
import { createBudget, DEFAULT_QUOTA_LIMIT, DEFAULT_QUOTA_WINDOW, type Budget } from './budget.js';
import { createEntryCache, type CacheEntry, type EntryCache } from './cache.js';
import {
  checkAdministrationsQuery,
  checkBaseUrl,
  checkDatasetId,
  checkLangParams,
  checkReportsQuery,
  checkSlug,
  checkVerificationsQuery,
  createClient,
  type ApiResponse,
  type CallOptions,
  type FetchLike,
  type KhountousClient,
} from './client.js';
import { abortError, isKhountousError, KhountousError, type KhountousErrorKind } from './errors.js';
import {
  administrationListSchema,
  administrationSchema,
  datasetJsonSchema,
  factCheckListSchema,
  regionListSchema,
  reportListSchema,
  reportSchema,
} from './schemas.js';
import { createSafeStorage, type SafeStorage } from './storage.js';
import {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  type Administration,
  type AdministrationListItem,
  type AdministrationsQuery,
  type DatasetJson,
  type FactCheck,
  type Lang,
  type ListEnvelope,
  type RegionStats,
  type Report,
  type ReportListItem,
  type ReportsQuery,
  type VerificationsQuery,
} from './types.js';

// ---------------------------------------------------------------------------
// Public types

export type Resource =
  | { kind: 'administrations'; query?: AdministrationsQuery }
  | { kind: 'administration'; slug: string; lang?: Lang }
  | { kind: 'reports'; query?: ReportsQuery }
  | { kind: 'report'; slug: string; lang?: Lang }
  | { kind: 'verifications'; query?: VerificationsQuery }
  | { kind: 'regions'; lang?: Lang }
  | { kind: 'dataset'; id: string };

export type ResourceKind = Resource['kind'];

export interface ResourceDataMap {
  administrations: ListEnvelope<AdministrationListItem>;
  administration: Administration;
  reports: ListEnvelope<ReportListItem>;
  report: Report;
  verifications: ListEnvelope<FactCheck>;
  regions: ListEnvelope<RegionStats>;
  dataset: DatasetJson;
}

export type DataOf<R extends Resource> = ResourceDataMap[R['kind']];

export interface Loaded<T> {
  /** Shared with other widgets: treat as read-only. */
  data: T;
  /** True when older than the freshness time of its endpoint. */
  stale: boolean;
  /** Epoch ms when the data was fetched or last confirmed by the API. */
  fetchedAt: number;
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
  /** Loads answered by a request or a cached entry of a larger list window. */
  coalesced: number;
  /** Loads that joined a request already in flight for the same key. */
  deduped: number;
  /** Requests and background revalidations that ended in an error. */
  errors: number;
}

/** The surface shared by every copy of the kit on a page (version 1). Keep it small. */
export interface KhountousLoader extends EventTarget {
  readonly version: 1;
  load<R extends Resource>(resource: R, options: LoadOptions): Promise<Loaded<DataOf<R>>>;
  load<T>(resource: Resource, options: LoadOptions): Promise<Loaded<T>>;
  peek<R extends Resource>(resource: R, baseUrl: string): Loaded<DataOf<R>> | undefined;
  peekAdministrationSummary(slug: string, baseUrl: string): AdministrationListItem | undefined;
  subscribe<R extends Resource>(
    resource: R,
    baseUrl: string,
    listener: (loaded: Loaded<DataOf<R>>) => void,
  ): () => void;
  recordDownload(baseUrl: string): void;
  canDownload(baseUrl?: string): boolean;
  stats(baseUrl?: string): LoaderStats;
  configure(options: { lazy?: boolean }): void;
}

/** The name of the event that carries `stats()` in `detail`. */
export const QUOTA_EVENT = 'khountous-quota';

/** Minutes during which data is served without asking the API again. */
export const FRESHNESS_MINUTES: Readonly<Record<ResourceKind, number>> = {
  administrations: 10,
  administration: 15,
  reports: 5,
  report: 10,
  verifications: 15,
  regions: 30,
  dataset: 60,
};

// -- injectable environment ---------------------------------------------------

/** The part of `navigator.locks` the loader uses. */
export interface LocksLike {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

/** The part of BroadcastChannel the loader uses. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface ObserverLike {
  observe(target: Element): void;
  unobserve(target: Element): void;
}

export type ObserverConstructor = new (
  callback: (entries: readonly { target: Element; isIntersecting: boolean }[]) => void,
  options?: { rootMargin?: string },
) => ObserverLike;

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
}

export const CHANNEL_NAME = 'khountous-v1';
const LOCK_PREFIX = 'khountous:v1:';
const GLOBAL_KEY = Symbol.for('khountous.loader.v1');
const MINUTE = 60_000;
/** The bookkeeping maps are pruned when a write finds them this large, or twice their size after the last pruning. */
const PRUNE_AT = 32;

// ---------------------------------------------------------------------------
// Resources: checked, normalized, keyed

interface ListWindow {
  page: number;
  limit: number;
}

interface Descriptor {
  readonly kind: ResourceKind;
  readonly base: string;
  /** The cache key: the canonical request URL (sorted parameters, defaults applied). */
  readonly key: string;
  /** Lists: the key without page and limit, and the window asked. */
  readonly family?: string;
  readonly window?: ListWindow;
  /** Sends the request (for a list: of the window given, else of its own). */
  send(
    client: KhountousClient,
    options: CallOptions<unknown>,
    window?: ListWindow,
  ): Promise<ApiResponse<unknown>>;
}

function invalidResource(message: string): KhountousError {
  return new KhountousError('invalid-parameter', message, { param: 'resource' });
}

function canonical(params: Record<string, string | number | undefined>): string {
  return Object.keys(params)
    .filter((name) => params[name] !== undefined)
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(String(params[name]))}`)
    .join('&');
}

const windowKey = (family: string, { page, limit }: ListWindow) => `${family}#${page},${limit}`;

/** The window of a list key, or undefined for a key that is not a list's. */
function windowOf(key: string): ListWindow | undefined {
  const hash = key.lastIndexOf('#');
  if (hash < 0) return undefined;
  const match = /^(\d+),(\d+)$/.exec(key.slice(hash + 1));
  return match ? { page: Number(match[1]), limit: Number(match[2]) } : undefined;
}

const startOf = ({ page, limit }: ListWindow) => (page - 1) * limit;
const endOf = ({ page, limit }: ListWindow) => page * limit;

/** True when the items of `inner` are all in `outer` (or past the end of a list of `total` items). */
function covers(outer: ListWindow, inner: ListWindow, total = Infinity): boolean {
  return startOf(outer) <= startOf(inner) && (endOf(outer) >= endOf(inner) || endOf(outer) >= total);
}

/** The smallest single window (limit <= MAX_LIMIT) covering [start, end), if any. */
function coveringWindow(start: number, end: number): ListWindow | undefined {
  for (let limit = Math.max(1, end - start); limit <= MAX_LIMIT; limit++) {
    const page = Math.floor(start / limit) + 1;
    if (page * limit >= end) return { page, limit };
  }
  return undefined;
}

type Opts<T> = CallOptions<T>;

function listDescriptor<Q extends { page?: number; limit?: number; lang?: Lang }>(
  base: string,
  kind: ResourceKind,
  path: string,
  query: Q,
  send: (client: KhountousClient, query: Q, options: CallOptions<unknown>) => Promise<ApiResponse<unknown>>,
): Descriptor {
  const { page = 1, limit = DEFAULT_LIMIT, ...rest } = query;
  const filters = { ...rest, lang: rest.lang ?? 'fr' } as Q;
  const family = `${base}${path}?${canonical(filters as unknown as Record<string, string | number | undefined>)}`;
  const window = { page, limit };
  return {
    kind,
    base,
    family,
    window,
    key: windowKey(family, window),
    send: (client, options, asked = window) => send(client, { ...filters, ...asked }, options),
  };
}

function itemDescriptor(
  base: string,
  kind: ResourceKind,
  path: string,
  params: Record<string, string>,
  send: (client: KhountousClient, options: CallOptions<unknown>) => Promise<ApiResponse<unknown>>,
): Descriptor {
  return { kind, base, key: `${base}${path}?${canonical(params)}`, send };
}

/** Checks a resource (KhountousError('invalid-parameter') when wrong) and gives its descriptor. */
function describe(resource: Resource, baseUrl: string): Descriptor {
  const base = checkBaseUrl(baseUrl);
  if (typeof resource !== 'object' || resource === null)
    throw invalidResource('The resource must be an object.');
  const langOf = (lang: unknown): Lang => checkLangParams({ lang }).lang ?? 'fr';
  switch (resource.kind) {
    case 'administrations':
      return listDescriptor(
        base,
        resource.kind,
        '/administrations',
        checkAdministrationsQuery(resource.query),
        (c, q, o) => c.administrations(q, o as Opts<ListEnvelope<AdministrationListItem>>),
      );
    case 'reports':
      return listDescriptor(base, resource.kind, '/khountous', checkReportsQuery(resource.query), (c, q, o) =>
        c.reports(q, o as Opts<ListEnvelope<ReportListItem>>),
      );
    case 'verifications':
      return listDescriptor(
        base,
        resource.kind,
        '/verifications',
        checkVerificationsQuery(resource.query),
        (c, q, o) => c.verifications(q, o as Opts<ListEnvelope<FactCheck>>),
      );
    case 'administration': {
      const slug = checkSlug(resource.slug);
      const lang = langOf(resource.lang);
      return itemDescriptor(base, resource.kind, `/administrations/${slug}`, { lang }, (c, o) =>
        c.administration(slug, { lang }, o as Opts<Administration>),
      );
    }
    case 'report': {
      const slug = checkSlug(resource.slug);
      const lang = langOf(resource.lang);
      return itemDescriptor(base, resource.kind, `/khountous/${slug}`, { lang }, (c, o) =>
        c.report(slug, { lang }, o as Opts<Report>),
      );
    }
    case 'regions': {
      const lang = langOf(resource.lang);
      return itemDescriptor(base, resource.kind, '/regions', { lang }, (c, o) =>
        c.regions({ lang }, o as Opts<ListEnvelope<RegionStats>>),
      );
    }
    case 'dataset': {
      const id = checkDatasetId(resource.id);
      return itemDescriptor(base, resource.kind, `/datasets/${id}`, { format: 'json' }, (c, o) =>
        c.dataset(id, 'json', o as Opts<DatasetJson>),
      );
    }
    default:
      throw invalidResource(`Unknown resource kind "${String((resource as { kind?: unknown }).kind)}".`);
  }
}

/** The same list resource with another window. */
function withWindow(d: Descriptor, window: ListWindow): Descriptor {
  return { ...d, window, key: windowKey(d.family!, window) };
}

/** The items of `want` out of the envelope of window `have`. */
function slice(envelope: ListEnvelope<unknown>, have: ListWindow, want: ListWindow): ListEnvelope<unknown> {
  const offset = startOf(want) - startOf(have);
  return {
    data: envelope.data.slice(offset, offset + want.limit),
    meta: { page: want.page, pageSize: want.limit, total: envelope.meta.total },
  };
}

/** The schema of the data stored under a key, from the path of the key. */
function schemaOfKey(key: string): v.GenericSchema | undefined {
  const query = key.indexOf('?');
  const match = /\/(administrations|khountous|verifications|regions|datasets)(\/[^/]+)?$/.exec(
    query < 0 ? key : key.slice(0, query),
  );
  if (!match) return undefined;
  const [, collection, item] = match;
  switch (collection) {
    case 'administrations':
      return item ? administrationSchema : administrationListSchema;
    case 'khountous':
      return item ? reportSchema : reportListSchema;
    case 'verifications':
      return item ? undefined : factCheckListSchema;
    case 'regions':
      return item ? undefined : regionListSchema;
    default:
      return item ? datasetJsonSchema : undefined;
  }
}

/** Data that comes back from storage or another tab is checked again: it may be corrupted. */
function isValidStored(key: string, data: unknown): boolean {
  const schema = schemaOfKey(key);
  return schema !== undefined && v.is(schema, data);
}

/** The origin of a base URL: the quota is per API host, whatever the path. */
function originOf(base: string): string {
  const match = /^https?:\/\/[^/]+/i.exec(base);
  return match ? match[0].toLowerCase() : 'same-origin';
}

// ---------------------------------------------------------------------------
// The loader

/** A cache entry found for a descriptor: its own, or one of a covering list window. */
interface Hit {
  key: string;
  entry: CacheEntry;
}

/** One request (with its retries) that any number of callers wait on. */
interface Flight {
  readonly key: string;
  readonly d: Descriptor;
  readonly controller: AbortController;
  readonly background: boolean;
  /** Requests the budget must keep after this one's. */
  readonly reserve: number;
  /** False for an automatic recovery: one attempt, no retries. */
  readonly retries: boolean;
  promise: Promise<CacheEntry>;
  waiters: number;
  settled: boolean;
}

/** A list load waiting for the batch of its family. */
interface Want {
  d: Descriptor;
  signal: AbortSignal | undefined;
  resolve: (loaded: Loaded<unknown>) => void;
  reject: (error: unknown) => void;
  detach: () => void;
}

/** A load waiting for its element to come near the viewport. */
interface NearWaiter {
  done: () => void;
  /** Ends the wait with an error (the element left the page). */
  drop: (error: KhountousError) => void;
}

interface Subscriber {
  d: Descriptor;
  listener: (loaded: Loaded<unknown>) => void;
}

/** The next automatic attempt at a resource whose load failed. */
interface Recovery {
  d: Descriptor;
  /** Failures in a row, this recovery's attempts included. */
  failures: number;
  /** The kind of the last failure. */
  kind: KhountousErrorKind;
  /** Pending timer; undefined while the attempt is in flight. */
  timer: unknown;
  /** True when the attempt may spend the reserve (a refused load, nothing shown). */
  spend: boolean;
}

/** Failures worth another attempt later: the cause may pass. */
const PASSING: readonly KhountousErrorKind[] = ['server', 'network', 'invalid-response', 'quota'];

type Env = Required<Pick<LoaderOptions, 'now' | 'setTimeout' | 'clearTimeout' | 'random'>>;

/** The tuning options, with their defaults applied. */
type Settings = Required<
  Pick<
    LoaderOptions,
    | 'quotaLimit'
    | 'quotaWindow'
    | 'maxRetries'
    | 'retryDelay'
    | 'revalidationReserve'
    | 'requestTimeout'
    | 'recoveryDelay'
  >
>;

const DEFAULT_SETTINGS: Settings = {
  quotaLimit: DEFAULT_QUOTA_LIMIT,
  quotaWindow: DEFAULT_QUOTA_WINDOW,
  maxRetries: 2,
  retryDelay: 1000,
  revalidationReserve: 10,
  requestTimeout: 30_000,
  recoveryDelay: 30_000,
};

class Loader extends EventTarget implements KhountousLoader {
  readonly version = 1 as const;

  private readonly env: Env;
  private readonly fetchImpl: FetchLike | undefined;
  private readonly storage: SafeStorage | undefined;
  private readonly cache: EntryCache;
  private readonly channel: ChannelLike | undefined;
  private locks: LocksLike | undefined;
  private readonly Observer: ObserverConstructor | undefined;
  private observer: ObserverLike | undefined;
  private readonly nearWaiters = new Map<Element, Set<NearWaiter>>();
  /** Topic -> the revalidations waiting for an element to come near; ended when the last subscriber leaves. */
  private readonly nearRevalidations = new Map<string, Set<AbortController>>();
  private readonly freshness: Record<ResourceKind, number>;
  private readonly settings: Settings;
  private lazy: boolean;

  private readonly clients = new Map<string, KhountousClient>();
  private readonly budgets = new Map<string, Budget>();
  private currentOrigin: string | undefined;
  private readonly flights = new Map<string, Flight>();
  private readonly batches = new Map<string, Want[]>();
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  /** Key -> until when a failed revalidation is not tried again (a failing API is not hammered). */
  private readonly quietUntil = new Map<string, number>();
  /** List key -> the key of the covering entry that last answered it (skips the scan on hits). */
  private readonly aliases = new Map<string, string>();
  /** Sizes at which a write prunes `quietUntil` and `aliases` (amortized: nothing on hits). */
  private quietPruneAt = PRUNE_AT;
  private aliasPruneAt = PRUNE_AT;
  /** Key -> the automatic attempt planned after a failure. */
  private readonly recoveries = new Map<string, Recovery>();
  /** True while a listener waits for `online` (only while a network failure awaits recovery). */
  private listeningOnline = false;
  private readonly counters = {
    requests: 0,
    cacheHits: 0,
    cacheMisses: 0,
    coalesced: 0,
    deduped: 0,
    errors: 0,
  };
  private statsQueued = false;

  constructor(options: LoaderOptions) {
    super();
    this.settings = { ...DEFAULT_SETTINGS };
    for (const name of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
      const value = options[name];
      if (value !== undefined) this.settings[name] = value;
    }
    this.env = {
      now: options.now ?? Date.now,
      setTimeout: options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms)),
      clearTimeout:
        options.clearTimeout ??
        ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>)),
      random: options.random ?? Math.random,
    };
    this.fetchImpl = options.fetch;
    this.storage = options.storage === undefined ? createSafeStorage() : (options.storage ?? undefined);
    this.cache = createEntryCache({
      storage: this.storage ?? createSafeStorage({ backend: null }),
      now: this.env.now,
      validate: isValidStored,
      ...(options.maxStoredSize === undefined ? {} : { maxStoredSize: options.maxStoredSize }),
      ...(options.maxAge === undefined ? {} : { maxAge: options.maxAge }),
    });
    this.locks = options.locks === undefined ? defaultLocks() : (options.locks ?? undefined);
    this.Observer =
      options.intersectionObserver === undefined
        ? (globalThis as { IntersectionObserver?: ObserverConstructor }).IntersectionObserver
        : (options.intersectionObserver ?? undefined);
    this.lazy = options.lazy ?? true;
    const freshness = { ...FRESHNESS_MINUTES, ...options.freshness };
    this.freshness = Object.fromEntries(
      Object.entries(freshness).map(([kind, minutes]) => [kind, minutes * MINUTE]),
    ) as Record<ResourceKind, number>;
    this.channel = openChannel(options.broadcastChannel);
    this.channel?.addEventListener('message', (event) => this.onMessage(event.data));
  }

  // -- public -----------------------------------------------------------------

  load<R extends Resource>(resource: R, options: LoadOptions): Promise<Loaded<DataOf<R>>>;
  load<T>(resource: Resource, options: LoadOptions): Promise<Loaded<T>>;
  async load(resource: Resource, options: LoadOptions): Promise<Loaded<unknown>> {
    const d = describe(resource, options.baseUrl);
    const { signal } = options;
    if (signal?.aborted) throw abortError(signal);
    this.currentOrigin = originOf(d.base);
    const hit = this.lookup(d);
    if (hit) return this.serveHit(d, hit, options);
    await this.whenNear(options, signal);
    return this.fetchFor(d, options);
  }

  peek<R extends Resource>(resource: R, baseUrl: string): Loaded<DataOf<R>> | undefined {
    let d: Descriptor;
    try {
      d = describe(resource, baseUrl);
    } catch {
      return undefined;
    }
    const hit = this.lookup(d);
    return hit ? (this.toLoaded(d, hit) as Loaded<DataOf<R>>) : undefined;
  }

  peekAdministrationSummary(slug: string, baseUrl: string): AdministrationListItem | undefined {
    let base: string;
    try {
      base = checkBaseUrl(baseUrl);
      checkSlug(slug);
    } catch {
      return undefined;
    }
    let best: { item: AdministrationListItem; fetchedAt: number } | undefined;
    const consider = (item: AdministrationListItem | undefined, fetchedAt: number) => {
      if (item && (!best || fetchedAt > best.fetchedAt)) best = { item, fetchedAt };
    };
    for (const key of this.cache.keys(`${base}/administrations?`)) {
      const entry = this.cache.get<ListEnvelope<AdministrationListItem>>(key);
      consider(
        entry?.data.data.find((item) => item.slug === slug),
        entry?.fetchedAt ?? 0,
      );
    }
    for (const key of this.cache.keys(`${base}/administrations/${slug}?`)) {
      const entry = this.cache.get<Administration>(key);
      if (entry) {
        const { name, score, responseRate, avgDelayDays } = entry.data;
        consider({ slug, name, score, responseRate, avgDelayDays }, entry.fetchedAt);
      }
    }
    return best?.item;
  }

  subscribe<R extends Resource>(
    resource: R,
    baseUrl: string,
    listener: (loaded: Loaded<DataOf<R>>) => void,
  ): () => void {
    let d: Descriptor;
    try {
      d = describe(resource, baseUrl);
    } catch {
      return () => {};
    }
    const topic = d.family ?? d.key;
    const subscriber: Subscriber = { d, listener: listener as (loaded: Loaded<unknown>) => void };
    let set = this.subscribers.get(topic);
    if (!set) this.subscribers.set(topic, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.subscribers.get(topic) === set) {
        this.subscribers.delete(topic);
        // Nobody shows the resource any more: revalidations waiting for an element end.
        const waits = this.nearRevalidations.get(topic);
        this.nearRevalidations.delete(topic);
        for (const controller of waits ?? []) {
          controller.abort(new KhountousError('aborted', 'Nobody shows the resource any more.'));
        }
      }
    };
  }

  recordDownload(baseUrl: string): void {
    const base = checkBaseUrl(baseUrl);
    this.currentOrigin = originOf(base);
    this.budgetFor(base).record(this.env.now());
    this.counters.requests++;
    this.budgetChanged();
  }

  canDownload(baseUrl?: string): boolean {
    return this.currentBudget(baseUrl).canSend(this.env.now());
  }

  stats(baseUrl?: string): LoaderStats {
    const budget = this.currentBudget(baseUrl);
    const now = this.env.now();
    return {
      limit: budget.limit,
      remaining: budget.remaining(now),
      resetAt: budget.resetAt(now) ?? now,
      ...this.counters,
    };
  }

  configure(options: { lazy?: boolean }): void {
    if (options.lazy !== undefined) this.lazy = options.lazy;
    if (!this.lazy) for (const element of [...this.nearWaiters.keys()]) this.becameNear(element);
  }

  // -- cache ------------------------------------------------------------------

  private isFresh(kind: ResourceKind, entry: CacheEntry): boolean {
    return this.env.now() - entry.fetchedAt < this.freshness[kind];
  }

  /**
   * The best cached answer for `d`: its own entry when fresh, else for a list
   * the freshest entry of its family whose window covers it, else its own
   * stale entry. Cheap when the entry is in memory and fresh.
   */
  private lookup(d: Descriptor): Hit | undefined {
    const own = this.cache.get(d.key);
    if (own && this.isFresh(d.kind, own)) return { key: d.key, entry: own };
    let best: Hit | undefined = own ? { key: d.key, entry: own } : undefined;
    const alias = this.aliases.get(d.key);
    if (alias !== undefined) {
      // The window covered the one asked when the alias was set; a refresh may have grown the list.
      const entry = this.cache.get<ListEnvelope<unknown>>(alias);
      const have = windowOf(alias);
      if (!entry || !have || !d.window || !covers(have, d.window, entry.data.meta.total)) {
        this.aliases.delete(d.key);
      } else if (this.isFresh(d.kind, entry)) return { key: alias, entry };
    }
    if (d.family && d.window) {
      for (const key of this.cache.keys(`${d.family}#`)) {
        const window = windowOf(key);
        if (key === d.key || !window || startOf(window) > startOf(d.window)) continue;
        const entry = this.cache.get<ListEnvelope<unknown>>(key);
        if (!entry || !covers(window, d.window, entry.data.meta.total)) continue;
        if (!best || entry.fetchedAt > best.entry.fetchedAt) best = { key, entry };
      }
    }
    return best;
  }

  private toLoaded(d: Descriptor, { key, entry }: Hit): Loaded<unknown> {
    const stale = !this.isFresh(d.kind, entry);
    const have = key === d.key ? undefined : windowOf(key);
    if (have && this.aliases.get(d.key) !== key) this.setAlias(d.key, key);
    const data = have && d.window ? slice(entry.data as ListEnvelope<unknown>, have, d.window) : entry.data;
    return { data, stale, fetchedAt: entry.fetchedAt };
  }

  /** Remembers an alias; a write that finds the map large drops aliases whose entry is gone. */
  private setAlias(from: string, to: string): void {
    if (this.aliases.size >= this.aliasPruneAt) {
      const present = new Set(this.cache.keys());
      for (const [alias, target] of this.aliases) if (!present.has(target)) this.aliases.delete(alias);
      this.aliasPruneAt = Math.max(PRUNE_AT, 2 * this.aliases.size);
    }
    this.aliases.set(from, to);
  }

  /** Sets a quiet period; a write that finds the map large drops the periods that ended. */
  private setQuiet(key: string, until: number): void {
    if (this.quietUntil.size >= this.quietPruneAt) {
      const now = this.env.now();
      for (const [other, end] of this.quietUntil) if (end <= now) this.quietUntil.delete(other);
      this.quietPruneAt = Math.max(PRUNE_AT, 2 * this.quietUntil.size);
    }
    this.quietUntil.set(key, until);
  }

  private serveHit(d: Descriptor, hit: Hit, options: Pick<LoadOptions, 'element' | 'lazy'>): Loaded<unknown> {
    this.counters.cacheHits++;
    if (hit.key !== d.key) this.counters.coalesced++;
    this.statsChanged();
    const loaded = this.toLoaded(d, hit);
    if (loaded.stale) {
      const target = hit.key === d.key ? d : withWindow(d, windowOf(hit.key)!);
      void this.revalidate(target, options);
    }
    return loaded;
  }

  /** Stores a new entry and tells the other tabs and the subscribers. */
  private store(key: string, d: Descriptor, data: unknown, etag: string | undefined): CacheEntry {
    const fetchedAt = this.env.now();
    const entry = this.cache.set(key, data, etag === undefined ? { fetchedAt } : { etag, fetchedAt });
    try {
      this.channel?.postMessage({ v: 1, type: 'entry', key, data, etag, fetchedAt });
    } catch {
      // a closed channel or data that cannot be cloned: the other tabs read storage
    }
    this.notify(key, d, entry);
    return entry;
  }

  private notify(key: string, d: Pick<Descriptor, 'family' | 'key'>, entry: CacheEntry): void {
    const set = this.subscribers.get(d.family ?? d.key);
    if (!set) return;
    const window = windowOf(key);
    for (const subscriber of [...set]) {
      const wanted = subscriber.d.window;
      if (subscriber.d.key !== key) {
        if (!window || !wanted) continue;
        if (!covers(window, wanted, (entry.data as ListEnvelope<unknown>).meta.total)) continue;
      }
      try {
        subscriber.listener(this.toLoaded(subscriber.d, { key, entry }));
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  private onMessage(message: unknown): void {
    if (typeof message !== 'object' || message === null) return;
    const { v, type, key, data, etag, fetchedAt } = message as Record<string, unknown>;
    if (v !== 1) return;
    if (type === 'budget') {
      this.statsChanged();
      return;
    }
    if (type !== 'entry' || typeof key !== 'string' || typeof fetchedAt !== 'number' || data === undefined)
      return;
    if (etag !== undefined && typeof etag !== 'string') return;
    const entry = this.cache.adopt(key, data, etag === undefined ? { fetchedAt } : { etag, fetchedAt });
    if (!entry) return;
    const hash = key.lastIndexOf('#');
    const family = windowOf(key) ? key.slice(0, hash) : undefined;
    this.notify(key, family === undefined ? { key } : { key, family }, entry);
  }

  // -- requests ---------------------------------------------------------------

  private clientFor(base: string): KhountousClient {
    let client = this.clients.get(base);
    if (!client) {
      client = createClient({
        baseUrl: base,
        now: this.env.now,
        ...(this.fetchImpl ? { fetch: this.fetchImpl } : {}),
      });
      this.clients.set(base, client);
    }
    return client;
  }

  private budgetFor(base: string): Budget {
    const origin = originOf(base);
    let budget = this.budgets.get(origin);
    if (!budget) {
      budget = createBudget({
        limit: this.settings.quotaLimit,
        windowMs: this.settings.quotaWindow,
        storageKey: `budget:${origin}`,
        ...(this.storage ? { storage: this.storage } : {}),
      });
      this.budgets.set(origin, budget);
    }
    return budget;
  }

  private currentBudget(baseUrl?: string): Budget {
    if (baseUrl !== undefined) return this.budgetFor(checkBaseUrl(baseUrl));
    const origin = this.currentOrigin ?? 'same-origin';
    return this.budgetFor(origin === 'same-origin' ? '/' : origin);
  }

  /** After a load missed the cache and its element is near: join, batch or send. */
  private async fetchFor(d: Descriptor, options: LoadOptions): Promise<Loaded<unknown>> {
    if (options.signal?.aborted) throw abortError(options.signal);
    const hit = this.lookup(d);
    if (hit) return this.serveHit(d, hit, options);
    this.counters.cacheMisses++;
    this.statsChanged();
    const joined = this.inFlightFor(d);
    if (joined) return this.attach(joined, d, options.signal);
    if (d.family) return this.enqueue(d, options.signal);
    return this.attach(this.startFlight(d, false), d, options.signal);
  }

  /** A flight for the same key (dedupe) or for a covering window of the same list (coalescing). */
  private inFlightFor(d: Descriptor): Flight | undefined {
    const same = this.flights.get(d.key);
    if (same) {
      this.counters.deduped++;
      return same;
    }
    if (!d.family || !d.window) return undefined;
    for (const flight of this.flights.values()) {
      const window = flight.d.window;
      if (flight.d.family === d.family && window && covers(window, d.window)) {
        this.counters.coalesced++;
        return flight;
      }
    }
    return undefined;
  }

  /** Joins `d` to the batch of its list family, flushed on the next turn of the event loop. */
  private enqueue(d: Descriptor, signal: AbortSignal | undefined): Promise<Loaded<unknown>> {
    const family = d.family!;
    let batch = this.batches.get(family);
    if (!batch) {
      this.batches.set(family, (batch = []));
      this.env.setTimeout(() => this.flush(family), 0);
    }
    const wants = batch;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const index = wants.indexOf(want);
        if (index >= 0) wants.splice(index, 1);
        reject(abortError(signal));
      };
      const want: Want = {
        d,
        signal,
        resolve,
        reject,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      wants.push(want);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Sends the fewest covering requests for the batched loads of one family. */
  private flush(family: string): void {
    const wants = this.batches.get(family) ?? [];
    this.batches.delete(family);
    const pending: Want[] = [];
    for (const want of wants) {
      want.detach();
      if (want.signal?.aborted) {
        want.reject(abortError(want.signal));
        continue;
      }
      const flight = this.inFlightFor(want.d);
      if (flight) this.attach(flight, want.d, want.signal).then(want.resolve, want.reject);
      else pending.push(want);
    }
    pending.sort((a, b) => startOf(a.d.window!) - startOf(b.d.window!));
    let group: Want[] = [];
    let cover: ListWindow | undefined;
    const send = () => {
      if (group.length === 0 || !cover) return;
      const first = group[0]!.d;
      const target = group.length === 1 ? first : withWindow(first, cover);
      const flight = this.flights.get(target.key) ?? this.startFlight(target, false);
      for (const want of group) {
        if (want.d.key !== target.key) this.counters.coalesced++;
        this.attach(flight, want.d, want.signal).then(want.resolve, want.reject);
      }
    };
    for (const want of pending) {
      const window = want.d.window!;
      const widened =
        cover &&
        coveringWindow(Math.min(startOf(cover), startOf(window)), Math.max(endOf(cover), endOf(window)));
      if (cover && widened) {
        group.push(want);
        cover = widened;
      } else {
        send();
        group = [want];
        cover = window;
      }
    }
    send();
    this.statsChanged();
  }

  /** Waits for `flight` on behalf of one caller, who may leave early through `signal`. */
  private attach(flight: Flight, d: Descriptor, signal: AbortSignal | undefined): Promise<Loaded<unknown>> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    flight.waiters++;
    return new Promise((resolve, reject) => {
      let done = false;
      const finish = () => {
        done = true;
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        if (done) return;
        finish();
        this.release(flight);
        reject(abortError(signal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (entry) => {
          if (done) return;
          finish();
          flight.waiters--;
          resolve(this.toLoaded(d, { key: flight.key, entry }));
        },
        (error: unknown) => {
          if (done) return;
          finish();
          flight.waiters--;
          const fallback = isKhountousError(error, 'quota', 'network', 'server', 'invalid-response')
            ? this.lookup(d)
            : undefined;
          if (fallback) resolve(this.toLoaded(d, fallback));
          else reject(error);
        },
      );
    });
  }

  /** A caller left: when nobody waits any more, the request is cancelled. */
  private release(flight: Flight): void {
    flight.waiters--;
    if (flight.waiters <= 0 && !flight.settled) {
      flight.controller.abort(new KhountousError('aborted', 'Every caller left.'));
    }
  }

  /** Revalidates a stale entry in the background when the budget can spare it. */
  private async revalidate(d: Descriptor, options: Pick<LoadOptions, 'element' | 'lazy'>): Promise<void> {
    if (this.flights.has(d.key) || (this.quietUntil.get(d.key) ?? 0) > this.env.now()) return;
    const budget = this.budgetFor(d.base);
    if (!budget.canSend(this.env.now(), this.settings.revalidationReserve)) {
      // No budget to spare now: a subscriber still gets fresh data later.
      if (this.recoveries.get(d.key)?.timer === undefined) this.planRecovery(d, this.quotaError(budget));
      return;
    }
    if (!(await this.revalidationNear(d, options))) return;
    if (this.flights.has(d.key)) return;
    const own = this.cache.get(d.key);
    if (own && this.isFresh(d.kind, own)) return;
    const flight = this.startFlight(d, true);
    flight.waiters++;
    flight.promise.then(
      () => {
        flight.waiters--;
        this.quietUntil.delete(d.key);
      },
      (error: unknown) => {
        flight.waiters--;
        // Failed (server down, resource gone, budget spent): wait one freshness period.
        if (!isKhountousError(error, 'aborted'))
          this.setQuiet(d.key, this.env.now() + this.freshness[d.kind]);
      },
    );
  }

  /** Waits until the element of a revalidation comes near; false when the wait ended otherwise. */
  private async revalidationNear(
    d: Descriptor,
    options: Pick<LoadOptions, 'element' | 'lazy'>,
  ): Promise<boolean> {
    const topic = d.family ?? d.key;
    const controller = new AbortController();
    let waits = this.nearRevalidations.get(topic);
    if (!waits) this.nearRevalidations.set(topic, (waits = new Set()));
    waits.add(controller);
    try {
      await this.whenNear(options, controller.signal);
      return true;
    } catch {
      return false;
    } finally {
      waits.delete(controller);
      if (waits.size === 0 && this.nearRevalidations.get(topic) === waits)
        this.nearRevalidations.delete(topic);
    }
  }

  private startFlight(
    d: Descriptor,
    background: boolean,
    retries = true,
    reserve = background ? this.settings.revalidationReserve : 0,
  ): Flight {
    const flight: Flight = {
      key: d.key,
      d,
      controller: new AbortController(),
      background,
      reserve,
      retries,
      promise: Promise.resolve(undefined as never),
      waiters: 0,
      settled: false,
    };
    this.flights.set(d.key, flight);
    flight.promise = this.run(flight).finally(() => {
      flight.settled = true;
      if (this.flights.get(d.key) === flight) this.flights.delete(d.key);
    });
    flight.promise.then(
      () => this.cancelRecovery(d.key),
      (error: unknown) => this.planRecovery(d, error),
    );
    return flight;
  }

  // -- recovery ---------------------------------------------------------------

  /** True when a subscriber is told of what a request for `d` brings. */
  private isWatched(d: Descriptor): boolean {
    for (const subscriber of this.subscribers.get(d.family ?? d.key) ?? []) {
      if (subscriber.d.key === d.key) return true;
      if (d.window && subscriber.d.window && covers(d.window, subscriber.d.window)) return true;
    }
    return false;
  }

  /** After a failed request: plans the next automatic attempt, when the cause may pass and someone waits. */
  private planRecovery(d: Descriptor, error: unknown): void {
    const previous = this.recoveries.get(d.key);
    if (!isKhountousError(error, ...PASSING) || !this.isWatched(d)) {
      // Cancelled callers leave a planned attempt as it was.
      if (!isKhountousError(error, 'aborted') || previous?.timer === undefined) this.cancelRecovery(d.key);
      return;
    }
    const now = this.env.now();
    const fresh = this.freshness[d.kind];
    const shown = this.lookup(d) !== undefined;
    const failures = (previous?.failures ?? 0) + 1;
    let at: number;
    let spend = false;
    if (isKhountousError(error, 'quota')) {
      // At the reset, not before; refused to keep the reserve: when the oldest request leaves the window.
      const budget = this.budgetFor(d.base);
      const remaining = budget.remaining(now);
      // A load refused on an empty budget said "back at resetAt": with nothing shown, the
      // attempt is data the reader never saw and may spend the reserve, so it comes then.
      spend = !shown && (remaining === 0 || previous?.spend === true);
      const forReserve = !spend && remaining > 0 && remaining <= this.settings.revalidationReserve;
      at = Math.max(error.resetAt ?? now, forReserve ? (budget.resetAt(now) ?? now) : now, now + 1000);
    } else {
      at = now + Math.min(fresh, this.settings.recoveryDelay * 4 ** Math.min(failures - 1, 16));
    }
    if (shown) {
      // Stale data is on screen: the rule of failed revalidations, one freshness period.
      at = Math.max(at, now + fresh);
      this.setQuiet(d.key, at);
    }
    if (previous?.timer !== undefined) this.env.clearTimeout(previous.timer);
    const recovery: Recovery = { d, failures, kind: error.kind, timer: undefined, spend };
    recovery.timer = this.env.setTimeout(() => this.recover(d.key), Math.max(0, at - now));
    this.recoveries.set(d.key, recovery);
    this.updateOnlineListener();
  }

  /** The planned attempt: one request, no retries, within the reserve, if still needed. */
  private recover(key: string): void {
    const recovery = this.recoveries.get(key);
    if (!recovery) return;
    recovery.timer = undefined;
    const { d } = recovery;
    const hit = this.lookup(d);
    if (!this.isWatched(d) || (hit && this.isFresh(d.kind, hit.entry))) {
      this.cancelRecovery(key);
      return;
    }
    // A request under way plans again if it fails.
    if (!this.flights.has(key)) {
      const flight = this.startFlight(d, true, false, recovery.spend ? 0 : undefined);
      flight.waiters++;
      flight.promise.then(
        () => flight.waiters--,
        () => flight.waiters--,
      );
    }
    this.updateOnlineListener();
  }

  private cancelRecovery(key: string): void {
    const recovery = this.recoveries.get(key);
    if (!recovery) return;
    if (recovery.timer !== undefined) this.env.clearTimeout(recovery.timer);
    this.recoveries.delete(key);
    this.updateOnlineListener();
  }

  /** Back online: the loads that failed for the network are tried at once. */
  private readonly onOnline = (): void => {
    for (const [key, recovery] of [...this.recoveries]) {
      if (recovery.kind !== 'network' || recovery.timer === undefined) continue;
      this.env.clearTimeout(recovery.timer);
      this.recover(key);
    }
    this.updateOnlineListener();
  };

  /** Listens to `online` only while a network failure waits for its recovery. */
  private updateOnlineListener(): void {
    const target = globalThis as {
      addEventListener?: (type: string, listener: () => void) => void;
      removeEventListener?: (type: string, listener: () => void) => void;
    };
    if (typeof target.addEventListener !== 'function' || typeof target.removeEventListener !== 'function')
      return;
    let wanted = false;
    for (const recovery of this.recoveries.values()) {
      if (recovery.kind === 'network' && recovery.timer !== undefined) wanted = true;
    }
    if (wanted === this.listeningOnline) return;
    this.listeningOnline = wanted;
    if (wanted) target.addEventListener('online', this.onOnline);
    else target.removeEventListener('online', this.onOnline);
  }

  /** One key, one tab: under the key's lock, read storage again, then send. */
  private async run(flight: Flight): Promise<CacheEntry> {
    // Let the callers of this turn attach; if none is left, nothing is sent.
    await Promise.resolve();
    const signal = flight.controller.signal;
    if (flight.waiters <= 0) flight.controller.abort(new KhountousError('aborted', 'Every caller left.'));
    const task = async (): Promise<CacheEntry> => {
      if (signal.aborted) throw abortError(signal);
      // Another tab may have fetched it meanwhile (it held the lock).
      const latest = this.cache.readStored(flight.key);
      if (latest && this.isFresh(flight.d.kind, latest)) {
        this.notify(flight.key, flight.d, latest);
        return latest;
      }
      return this.send(flight, latest);
    };
    return this.withLock(LOCK_PREFIX + flight.key, signal, task);
  }

  /**
   * Runs `task` holding the cross-tab lock `name` when Web Locks are there.
   * Where they refuse to work (an opaque origin), the loader goes on without.
   */
  private async withLock<T>(
    name: string,
    signal: AbortSignal | undefined,
    task: () => Promise<T>,
  ): Promise<T> {
    const locks = this.locks;
    if (!locks) return task();
    let started = false;
    try {
      return await locks.request(name, signal ? { signal } : {}, () => {
        started = true;
        return task();
      });
    } catch (error) {
      if (started || isKhountousError(error)) throw error;
      if (signal?.aborted) throw abortError(signal);
      this.locks = undefined;
      return task();
    }
  }

  /** Sends the request, with bounded retries of 5xx and network errors, within the budget. */
  private async send(flight: Flight, cached: CacheEntry | undefined): Promise<CacheEntry> {
    const { d, key } = flight;
    const budget = this.budgetFor(d.base);
    const maxRetries = flight.retries ? this.settings.maxRetries : 0;
    const reserve = flight.reserve;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) {
        // Another tab may have brought the data during the backoff.
        const latest = this.cache.get(key);
        if (latest && latest !== cached && this.isFresh(d.kind, latest)) return latest;
      }
      const sentId = await this.reserve(budget, reserve);
      if (sentId === undefined) {
        this.counters.errors++;
        this.statsChanged();
        throw this.quotaError(budget);
      }
      const options: CallOptions<unknown> = {};
      if (cached?.etag !== undefined) options.cached = { etag: cached.etag, data: cached.data };
      // After a failure, the browser's HTTP cache may hold the bad answer: ask the network.
      if (attempt > 0 || !flight.retries) options.reload = true;
      try {
        const response = await this.attempt(flight, options);
        if (response.rateLimit) budget.reconcile(response.rateLimit, this.env.now(), sentId);
        this.budgetChanged();
        const etag = response.notModified ? (response.etag ?? cached?.etag) : response.etag;
        return this.store(key, d, response.data, etag);
      } catch (error) {
        if (isKhountousError(error) && error.rateLimit)
          budget.reconcile(error.rateLimit, this.env.now(), sentId);
        if (isKhountousError(error, 'quota')) budget.block(error.resetAt ?? this.env.now(), this.env.now());
        this.budgetChanged();
        const retry =
          isKhountousError(error, 'network', 'server') &&
          !flight.controller.signal.aborted &&
          attempt < maxRetries &&
          budget.canSend(this.env.now(), reserve);
        if (!retry) {
          if (!isKhountousError(error, 'aborted')) {
            this.counters.errors++;
            this.statsChanged();
          }
          throw error;
        }
        await this.delay(this.backoff(attempt), flight.controller.signal);
      }
    }
  }

  /** One attempt, cut after the request timeout (a network error) or when the flight is cancelled. */
  private async attempt(flight: Flight, options: CallOptions<unknown>): Promise<ApiResponse<unknown>> {
    const controller = new AbortController();
    const parent = flight.controller.signal;
    const forward = () => controller.abort(parent.reason);
    if (parent.aborted) forward();
    parent.addEventListener('abort', forward, { once: true });
    const timer = this.env.setTimeout(
      () => controller.abort(new KhountousError('network', 'The API did not answer in time.')),
      this.settings.requestTimeout,
    );
    try {
      return await flight.d.send(
        this.clientFor(flight.d.base),
        { ...options, signal: controller.signal },
        flight.d.window,
      );
    } finally {
      this.env.clearTimeout(timer);
      parent.removeEventListener('abort', forward);
    }
  }

  /** Takes one request from the budget (under a cross-tab lock when there is one); undefined when spent. */
  private async reserve(budget: Budget, reserve: number): Promise<string | undefined> {
    const take = () => {
      const now = this.env.now();
      if (!budget.canSend(now, reserve)) return undefined;
      this.counters.requests++;
      return budget.record(now);
    };
    const id = await this.withLock(`${LOCK_PREFIX}budget`, undefined, async () => take());
    if (id !== undefined) this.budgetChanged();
    return id;
  }

  private quotaError(budget: Budget): KhountousError {
    const resetAt = budget.nextSlotAt(this.env.now());
    const until =
      Number.isFinite(resetAt) && Math.abs(resetAt) <= 8.64e15 ? new Date(resetAt).toISOString() : 'later';
    return new KhountousError('quota', `The request budget is spent until ${until}.`, { resetAt });
  }

  /** Exponential backoff with equal jitter: half the delay fixed, half random. */
  private backoff(attempt: number): number {
    const delay = this.settings.retryDelay * 2 ** attempt;
    return delay / 2 + this.env.random() * (delay / 2);
  }

  private delay(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(abortError(signal));
      const onAbort = () => {
        this.env.clearTimeout(timer);
        reject(abortError(signal));
      };
      const timer = this.env.setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  // -- off-screen -------------------------------------------------------------

  /** Resolves once `element` is within about one viewport of the visible area. */
  private whenNear(
    options: Pick<LoadOptions, 'element' | 'lazy'>,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const { element } = options;
    const Observer = this.Observer;
    if (!element || options.lazy === false || !this.lazy || !Observer) return Promise.resolve();
    // Elements removed before they came near never will: their waits end (checked here and
    // when the observer reports, not on a timer).
    this.dropDisconnected();
    return new Promise((resolve, reject) => {
      this.observer ??= new Observer(
        (entries) => {
          this.dropDisconnected();
          for (const entry of entries) if (entry.isIntersecting) this.becameNear(entry.target);
        },
        { rootMargin: '100%' },
      );
      let waiters = this.nearWaiters.get(element);
      if (!waiters) {
        this.nearWaiters.set(element, (waiters = new Set()));
        this.observer.observe(element);
      }
      const set = waiters;
      const leave = () => {
        signal?.removeEventListener('abort', onAbort);
        set.delete(waiter);
        if (set.size === 0 && this.nearWaiters.get(element) === set) {
          this.nearWaiters.delete(element);
          this.observer?.unobserve(element);
        }
      };
      const waiter: NearWaiter = {
        done: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        drop: (error) => {
          leave();
          reject(error);
        },
      };
      const onAbort = () => {
        leave();
        reject(abortError(signal));
      };
      set.add(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private becameNear(element: Element): void {
    const waiters = this.nearWaiters.get(element);
    this.nearWaiters.delete(element);
    this.observer?.unobserve(element);
    for (const waiter of waiters ?? []) waiter.done();
  }

  /** Ends the waits of elements no longer in the document. */
  private dropDisconnected(): void {
    for (const [element, waiters] of [...this.nearWaiters]) {
      if ((element as { isConnected?: boolean }).isConnected !== false) continue;
      const error = new KhountousError('aborted', 'The element left the page before it came near.');
      for (const waiter of [...waiters]) waiter.drop(error);
    }
  }

  // -- observability ----------------------------------------------------------

  private budgetChanged(): void {
    try {
      this.channel?.postMessage({ v: 1, type: 'budget' });
    } catch {
      // nothing to tell
    }
    this.statsChanged();
  }

  /** Dispatches one `khountous-quota` event per turn, whatever the number of changes. */
  private statsChanged(): void {
    if (this.statsQueued) return;
    this.statsQueued = true;
    queueMicrotask(() => {
      this.statsQueued = false;
      this.dispatchEvent(quotaEvent(this.stats()));
    });
  }
}

function quotaEvent(detail: LoaderStats): Event {
  if (typeof CustomEvent === 'function') return new CustomEvent(QUOTA_EVENT, { detail });
  return Object.assign(new Event(QUOTA_EVENT), { detail });
}

function defaultLocks(): LocksLike | undefined {
  const locks = (globalThis as { navigator?: { locks?: LocksLike } }).navigator?.locks;
  if (!locks || typeof locks.request !== 'function') return undefined;
  return { request: (name, options, callback) => locks.request(name, options, callback) };
}

function openChannel(factory: LoaderOptions['broadcastChannel']): ChannelLike | undefined {
  try {
    if (factory) return factory(CHANNEL_NAME);
    if (factory === null) return undefined;
    const Channel = (
      globalThis as { BroadcastChannel?: new (name: string) => ChannelLike & { unref?: () => void } }
    ).BroadcastChannel;
    if (!Channel) return undefined;
    const channel = new Channel(CHANNEL_NAME);
    channel.unref?.(); // Node: do not keep the process alive
    return channel;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------
// Entry points

/** A new loader; tests and pages that want their own (most want `getLoader`). */
export function createLoader(options: LoaderOptions = {}): KhountousLoader {
  return new Loader(options);
}

function isLoader(value: unknown): value is KhountousLoader {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { version?: unknown }).version === 1 &&
    typeof (value as { load?: unknown }).load === 'function'
  );
}

/**
 * The page-wide loader, kept on globalThis under Symbol.for('khountous.loader.v1'):
 * a second copy of the kit on the page finds and uses the first one's.
 */
export function getLoader(): KhountousLoader {
  const holder = globalThis as unknown as Record<symbol, unknown>;
  const existing = holder[GLOBAL_KEY];
  if (isLoader(existing)) return existing;
  const loader = createLoader();
  Object.defineProperty(holder, GLOBAL_KEY, { value: loader, configurable: true, writable: true });
  return loader;
}
