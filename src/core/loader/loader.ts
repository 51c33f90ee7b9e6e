/**
 * The page-wide loader: one cache, one request budget, shared by every widget
 * of the page (and, through storage, by the tabs of the origin).
 *
 * How a load is answered, in order (queries.ts, data.ts, viewport.ts,
 * query.ts, fetcher.ts):
 * 1. Cache (memory, then storage): the exact resource, or for a list a cached
 *    window of the same list that covers the one asked, or for a `partial`
 *    load an item of a cached list. Fresh data is returned at once; stale
 *    data too (`stale: true`), revalidated in the background, and the
 *    subscribers hear of the new data.
 * 2. Off-screen: an element far from the viewport waits until it comes near.
 * 3. An in-flight request for the same key, or for a list window covering the
 *    one asked, is joined (dedupe, coalescing).
 * 4. List loads of one list issued in the same tick are batched into as few
 *    covering requests as possible.
 * 5. A request: one tab at a time per key (Web Locks), the budget asked first,
 *    bounded retries, the new entry stored, announced to the other tabs and to
 *    the subscribers.
 *
 * Budget rules: nothing is sent that the budget says will be refused; a
 * background revalidation only spends budget while more than
 * `revalidationReserve` requests remain; a revalidation that failed is not
 * tried again before one freshness period; a 429 empties the budget until its
 * reset. After a failure that may pass, query.ts plans one more attempt
 * while a subscriber shows the resource. Nothing refetches on focus,
 * visibility or reconnect. The module guards every browser global: it runs in
 * Node.
 */
import type { Budget } from '../budget.js';
import { describe, targetOf, urlOf, type DataOf, type Resource } from '../endpoints.js';
import type { InlineData } from '../inline.js';
import { abortError } from '../errors.js';
import { namesOf, pageNamespace } from '../names.js';
import { checkBaseUrl } from '../params.js';
import type { LoaderOptions, LoaderStats, LoadOptions } from './options.js';
import { takeEarly } from './early.js';
import { Queries } from './queries.js';
import type { Loaded } from './query.js';

export type { Loaded, Resource };
export type { LoaderOptions, LoaderStats, LoadOptions };

/** The surface shared by every copy of the kit on a page (version 1). Keep it small. */
export interface KhountousLoader extends EventTarget {
  readonly version: 1;
  load<R extends Resource>(resource: R, options: LoadOptions): Promise<Loaded<DataOf<R>>>;
  load<T>(resource: Resource, options: LoadOptions): Promise<Loaded<T>>;
  peek<R extends Resource>(
    resource: R,
    baseUrl: string,
    options?: { partial?: boolean },
  ): Loaded<DataOf<R>> | undefined;
  subscribe<R extends Resource>(
    resource: R,
    baseUrl: string,
    listener: (loaded: Loaded<DataOf<R>>) => void,
    options?: { partial?: boolean },
  ): () => void;
  /**
   * Adopts inline data (src/core/inline.ts) for `resource` as an answer of its age;
   * returns why it was not adopted (another selection, not the API's shape, a second
   * copy of the same resource), or undefined.
   */
  seed(resource: Resource, baseUrl: string, inline: InlineData): string | undefined;
  recordDownload(baseUrl: string): void;
  canDownload(baseUrl?: string): boolean;
  stats(baseUrl?: string): LoaderStats;
  configure(options: { lazy?: boolean }): void;
  /** `khountous-quota`: `detail` is `stats()`, whenever it changes. */
  addEventListener(
    type: 'khountous-quota',
    listener: (event: CustomEvent<LoaderStats>) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener(
    type: 'khountous-quota',
    listener: (event: CustomEvent<LoaderStats>) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | EventListenerOptions,
  ): void;
}

/** The name of the event that carries `stats()` in `detail`. */
export const QUOTA_EVENT = 'khountous-quota';

/** A new loader; tests and pages that want their own (most want `getLoader`). */
export function createLoader(options: LoaderOptions = {}): KhountousLoader {
  const loader = new EventTarget() as KhountousLoader & { version: 1 };
  /** The base of the last load or recorded download: the budget `stats()` tells of by default. */
  let lastBase = '/';
  /** The keys inline data was given for: a second copy is refused. */
  const seeded = new Set<string>();
  const queries = new Queries(options, () => loader.dispatchEvent(quotaEvent(stats())));
  const { time, counters, fetcher } = queries;

  const budgetOf = (baseUrl?: string): Budget =>
    fetcher.budget(baseUrl === undefined ? lastBase : checkBaseUrl(baseUrl));

  const stats = (baseUrl?: string): LoaderStats => {
    const budget = budgetOf(baseUrl);
    const now = time();
    return {
      // `remaining` first: it reads what the other tabs stored, the limit the API told them included.
      remaining: budget.remaining(now),
      limit: budget.limit,
      resetAt: budget.resetAt(now) ?? now,
      shared: budget.shared(now),
      ...counters,
    };
  };

  return Object.assign(loader, {
    version: 1 as const,
    async load(resource: Resource, asked: LoadOptions) {
      const target = describe(resource, asked.baseUrl);
      if (asked.signal?.aborted) throw abortError(asked.signal);
      lastBase = target.base;
      return queries.load(target, asked);
    },
    peek(resource: Resource, baseUrl: string, { partial = false } = {}) {
      const target = targetOf(resource, baseUrl);
      return target && queries.peek(target, partial);
    },
    subscribe(
      resource: Resource,
      baseUrl: string,
      listener: (loaded: Loaded<never>) => void,
      { partial = false } = {},
    ) {
      const target = targetOf(resource, baseUrl);
      return target
        ? queries.subscribe(target, listener as (loaded: Loaded<unknown>) => void, partial)
        : () => {};
    },
    seed(resource: Resource, baseUrl: string, inline: InlineData) {
      let target;
      try {
        target = describe(resource, baseUrl);
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
      const own = urlOf(target).slice(target.base.length);
      if (inline.path !== own) return `it is the data of ${inline.path}, not of ${own}`;
      if (seeded.has(target.key)) return `the page already gave the data of ${own}`;
      seeded.add(target.key);
      if (!queries.data.seed(target, inline.data, Math.min(inline.fetchedAt, time())))
        return `its data is not what the API answers at ${own}`;
      return undefined;
    },
    recordDownload(baseUrl: string) {
      const base = checkBaseUrl(baseUrl);
      lastBase = base;
      fetcher.budget(base).record(time());
      counters.requests++;
      queries.budgetChanged();
    },
    canDownload: (baseUrl?: string) => budgetOf(baseUrl).canSend(time()),
    stats,
    configure: (configured: { lazy?: boolean }) => queries.configure(configured),
  }) as KhountousLoader;
}

function quotaEvent(detail: LoaderStats): Event {
  if (typeof CustomEvent === 'function') return new CustomEvent(QUOTA_EVENT, { detail });
  return Object.assign(new Event(QUOTA_EVENT), { detail });
}

function isLoader(value: unknown): value is KhountousLoader {
  const loader = value as Partial<KhountousLoader> | null;
  return typeof loader === 'object' && loader?.version === 1 && typeof loader.load === 'function';
}

/**
 * The page-wide loader, kept on globalThis under Symbol.for('khountous.loader.v1')
 * (or its namespace's key, names.ts): a second copy of the kit on the page finds
 * and uses the first one's.
 */
export function getLoader(): KhountousLoader {
  const holder = globalThis as unknown as Record<symbol, unknown>;
  const namespace = pageNamespace();
  const key = namesOf(namespace).global;
  const existing = holder[key];
  if (isLoader(existing)) return existing;
  // What the early start sent before it was made (early.ts) is its own.
  const early = takeEarly(namespace);
  // Its cache in the storage its budgets write to: one evictor frees room for both.
  const loader = createLoader({ namespace, early, ...(early ? { storage: early.storage } : {}) });
  Object.defineProperty(holder, key, { value: loader, configurable: true, writable: true });
  return loader;
}
