/**
 * The loader's cache of queries (query.ts: one per cache key) and what they
 * share: the settings and clock, the cache of data (data.ts), the one fetcher
 * and its budgets (fetcher.ts), the cross-tab lock and channel, the viewport.
 *
 * A load is served from the cache (revalidated when stale), joins the flight
 * of a query that already covers it, waits in the batch of its list (loads of
 * one list in one turn share as few covering requests as possible), or starts
 * the flight of its own query.
 */
import { abortable } from '../abort.js';
import { createEntryCache, type EntryCache } from '../cache.js';
import { at, type ResourceKind, type Target } from '../endpoints.js';
import { abortError } from '../errors.js';
import { createSafeStorage } from '../storage.js';
import { namesOf } from '../names.js';
import { defaultLocks, lockWith, type WithLock } from './cross-tab.js';
import { openChannel, type Channel } from './channel.js';
import { Data, type Source } from './data.js';
import { Fetcher } from './fetcher.js';
import {
  DEFAULTS,
  FRESHNESS_MINUTES,
  type Clock,
  type LoaderOptions,
  type LoadOptions,
  type Settings,
} from './options.js';
import { Query, type Loaded, type Near, type Subscriber } from './query.js';
import { onlineListener } from './recovery.js';
import { createViewport, type ObserverConstructor, type Viewport } from './viewport.js';
import { covers, group } from './windows.js';

/** A list load waiting in the batch of its list. */
interface Want {
  target: Target;
  signal: AbortSignal | undefined;
  resolve(loaded: Loaded<unknown>): void;
  reject(error: unknown): void;
}

/** The cache of queries is pruned when a new query finds it this large, or twice its size after the last pruning. */
const PRUNE_AT = 32;

export class Queries {
  readonly settings: Settings = { ...DEFAULTS };
  /** The freshness time of each kind, ms. */
  readonly freshness: Record<ResourceKind, number>;
  // The clock (the options' own in tests).
  readonly time: () => number;
  readonly setTimer: Clock['setTimeout'];
  readonly clearTimer: Clock['clearTimeout'];
  readonly random: () => number;
  readonly counters = { requests: 0, cacheHits: 0, cacheMisses: 0, coalesced: 0, deduped: 0, errors: 0 };
  readonly cache: EntryCache;
  readonly data: Data;
  readonly fetcher: Fetcher;
  readonly lock: WithLock;
  readonly channel: Channel;
  readonly #viewport: Viewport;
  readonly #dispatch: () => void;
  readonly #map = new Map<string, Query>();
  #pruneAt = PRUNE_AT;
  #lazy: boolean;
  #statsQueued = false;
  /** The loads of each list waiting for the end of the turn. */
  readonly #batches = new Map<string, Want[]>();
  readonly #online = onlineListener(() => {
    for (const query of this.#map.values()) {
      const recovery = query.recovery;
      if (recovery?.kind !== 'network' || recovery.timer === undefined) continue;
      this.clearTimer(recovery.timer);
      query.recover();
    }
    this.watchOnline();
  });

  /** The queries of a loader made with `options`; `dispatch` sends the `khountous-quota` event. */
  constructor(options: LoaderOptions, dispatch: () => void) {
    const settings = this.settings;
    for (const name of Object.keys(settings) as (keyof Settings)[])
      settings[name] = options[name] ?? settings[name];
    this.time = options.now ?? Date.now;
    this.setTimer = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
    this.clearTimer = options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as number));
    this.random = options.random ?? Math.random;
    this.#dispatch = dispatch;
    this.#lazy = options.lazy ?? true;
    const names = namesOf(options.namespace);
    const storage = given(options.storage, () => createSafeStorage({ prefix: names.storage }));
    const freshness = { ...FRESHNESS_MINUTES, ...options.freshness };
    for (const kind in freshness) freshness[kind as ResourceKind] *= 60_000;
    this.freshness = freshness;
    this.cache = createEntryCache({
      storage: storage ?? createSafeStorage({ backend: null }),
      now: this.time,
      maxStoredSize: options.maxStoredSize,
      maxAge: options.maxAge,
    });
    this.#viewport = createViewport(
      given(
        options.intersectionObserver,
        () => (globalThis as { IntersectionObserver?: ObserverConstructor }).IntersectionObserver,
      ),
    );
    this.lock = lockWith(given(options.locks, defaultLocks), names.lock, options.early);
    const data = (this.data = new Data(this));
    this.channel = openChannel(options.broadcastChannel, (message) => data.receive(message), names.channel);
    this.fetcher = new Fetcher(this, options, storage);
  }

  // -- the cache of queries -------------------------------------------------------------

  /** The query of a target's key, made when missing (idle queries are dropped when the cache grows). */
  of(target: Target): Query {
    const map = this.#map;
    let query = map.get(target.key);
    if (query) return query;
    if (map.size >= this.#pruneAt) {
      const now = this.time();
      for (const [key, other] of map) if (other.idle(now)) map.delete(key);
      this.#pruneAt = Math.max(PRUNE_AT, 2 * map.size);
    }
    query = new Query(target, this);
    map.set(target.key, query);
    return query;
  }

  find(key: string): Query | undefined {
    return this.#map.get(key);
  }

  all(): IterableIterator<Query> {
    return this.#map.values();
  }

  /** The queries of one list (or the one of a resource that is not a list). */
  family(family: string): Query[] {
    return [...this.#map.values()].filter((query) => query.target.family === family);
  }

  // -- observability ----------------------------------------------------------------------

  /** One `khountous-quota` event per turn, whatever the number of changes. */
  statsChanged(): void {
    if (this.#statsQueued) return;
    this.#statsQueued = true;
    queueMicrotask(() => {
      this.#statsQueued = false;
      this.#dispatch();
    });
  }

  /** The budget changed: the other tabs and the page hear of it. */
  budgetChanged(): void {
    this.channel.post({ type: 'budget' });
    this.statsChanged();
  }

  /** Listens to `online` only while a network failure waits for its recovery. */
  watchOnline(): void {
    this.#online(
      [...this.#map.values()].some(
        ({ recovery }) => recovery?.kind === 'network' && recovery.timer !== undefined,
      ),
    );
  }

  // -- loads ----------------------------------------------------------------------------

  /** Resolves when the element of a lazy load comes near the viewport (at once for the others). */
  near(options: Near, signal: AbortSignal | undefined): Promise<void> {
    return options.element && options.lazy !== false && this.#lazy
      ? this.#viewport.whenNear(options.element, signal)
      : Promise.resolve();
  }

  #serve(want: Target, source: Source, options: Near): Loaded<unknown> {
    const { counters } = this;
    counters.cacheHits++;
    if (source.target.key !== want.key) counters.coalesced++;
    this.statsChanged();
    const loaded = this.data.view(want, source);
    if (loaded.stale) void this.of(source.target).revalidate(options);
    return loaded;
  }

  /**
   * What the loader already knows of `want`: cached data (served), a not-found
   * it remembers (thrown), or nothing. Asked before and after the viewport
   * wait, since another caller's request may have ended during the wait.
   */
  #known(want: Target, options: LoadOptions): Loaded<unknown> | undefined {
    const cached = this.data.find(want, options.partial);
    if (cached) return this.#serve(want, cached, options);
    const missing = this.find(want.key)?.missing;
    if (missing && missing.until > this.time()) throw missing.error;
    return undefined;
  }

  async load(want: Target, options: LoadOptions): Promise<Loaded<unknown>> {
    const { signal } = options;
    const before = this.#known(want, options);
    if (before) return before;
    await this.near(options, signal);
    if (signal?.aborted) throw abortError(signal);
    const after = this.#known(want, options);
    if (after) return after;
    this.counters.cacheMisses++;
    this.statsChanged();
    const joined = this.#inFlight(want);
    if (joined) return joined.wait(want, signal);
    if (want.window) return this.#batch(want, signal);
    return this.of(want).fetch().wait(want, signal);
  }

  /** The query whose request already covers `want`: the same key (dedupe), or a larger window of the list. */
  #inFlight(want: Target): Query | undefined {
    const same = this.find(want.key);
    if (same?.flight) {
      this.counters.deduped++;
      return same;
    }
    const window = want.window;
    if (!window) return undefined;
    const covering = this.family(want.family).find(
      (query) => query.flight && covers(query.target.window!, window),
    );
    if (covering) this.counters.coalesced++;
    return covering;
  }

  // -- the batch: list loads of one list in one turn --------------------------------
  //
  // The loads of one list (same filters) issued in the same turn of the event loop are
  // served by as few covering requests as possible (`limit=5` and `limit=10`: one
  // request with `limit=10`, each caller its own slice). A load that leaves before the
  // batch is sent is taken out of it.

  #flush(family: string): void {
    const wants = this.#batches.get(family) ?? [];
    this.#batches.delete(family);
    const pending: Want[] = [];
    for (const want of wants) {
      const query = this.#inFlight(want.target);
      if (query) query.wait(want.target, want.signal).then(want.resolve, want.reject);
      else pending.push(want);
    }
    for (const { cover, members } of group(pending, (want) => want.target.window!)) {
      const first = members[0]!.target;
      const target = members.length === 1 ? first : at(first, cover);
      const same = this.find(target.key);
      const query = same?.flight ? same : this.of(target).fetch();
      for (const want of members) {
        if (want.target.key !== query.target.key) this.counters.coalesced++;
        query.wait(want.target, want.signal).then(want.resolve, want.reject);
      }
    }
  }

  #batch(target: Target, signal: AbortSignal | undefined): Promise<Loaded<unknown>> {
    return abortable<Loaded<unknown>>(signal, (resolve, reject) => {
      const batches = this.#batches;
      let wants = batches.get(target.family);
      if (!wants) {
        batches.set(target.family, (wants = []));
        this.setTimer(() => this.#flush(target.family), 0);
      }
      const want: Want = { target, signal, resolve, reject };
      const queued = wants;
      queued.push(want);
      return (aborted) => {
        const index = queued.indexOf(want);
        if (aborted && index >= 0) queued.splice(index, 1);
      };
    });
  }

  // -- subscriptions --------------------------------------------------------------

  subscribe(target: Target, listener: Subscriber['listener'], partial: boolean): () => void {
    return this.of(target).subscribe({ target, listener, partial });
  }

  peek(target: Target, partial: boolean): Loaded<unknown> | undefined {
    const found = this.data.find(target, partial);
    return found && this.data.view(target, found);
  }

  /** Turns lazy loading on or off; off ends every wait for the viewport. */
  configure(configured: { lazy?: boolean }): void {
    if (configured.lazy !== undefined) this.#lazy = configured.lazy;
    if (!this.#lazy) this.#viewport.releaseAll();
  }
}

/** An option where `null` says none and `undefined` takes the page's own (`fallback`). */
const given = <T>(option: T | null | undefined, fallback: () => T | undefined): T | undefined =>
  option === undefined ? fallback() : (option ?? undefined);
