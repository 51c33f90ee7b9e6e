/**
 * The life of the page's resources, key by key (entry.ts): served from the
 * cache (lookup.ts), fetched once however many callers (batcher.ts,
 * request.ts), revalidated when stale, tried again after a failure that may
 * pass (recovery.ts), and told to their subscribers and to the other tabs
 * (channel.ts) when new data arrives (arrivals.ts).
 */
import type { EntryCache } from '../cache.js';
import type { FetchLike } from '../http.js';
import type { ResourceKind, Target } from '../endpoints.js';
import { abortError, isKhountousError, KhountousError, PASSING } from '../errors.js';
import type { SafeStorage } from '../storage.js';
import { createBatcher } from './batcher.js';
import type { Names } from '../names.js';
import { lockWith, type ChannelLike, type LocksLike } from './cross-tab.js';
import { abandon, createEntries, join, type Entry, type Flight, type Subscriber } from './entry.js';
import { openChannel } from './channel.js';
import { createRecovery } from './recovery.js';
import type { LoadOptions, LoaderStats, Settings } from './options.js';
import { createLookup, type Loaded, type Source } from './lookup.js';
import { createRequests, type Clock, type Requests } from './request.js';
import { createViewport, type ObserverConstructor, type Viewport } from './viewport.js';
import { covers } from './windows.js';
import { createArrivals } from './arrivals.js';

export interface ResourcesDeps {
  clock: Clock;
  settings: Settings;
  /** Freshness per kind, ms. */
  freshness: Record<ResourceKind, number>;
  counters: Omit<LoaderStats, 'limit' | 'remaining' | 'resetAt' | 'shared'>;
  cache: EntryCache;
  storage: SafeStorage | undefined;
  fetch: FetchLike | undefined;
  locks: LocksLike | undefined;
  channel: ((name: string) => ChannelLike) | null | undefined;
  /** The storage, lock and channel names of the loader's namespace. */
  names: Names;
  Observer: ObserverConstructor | undefined;
  lazy(): boolean;
  /** Dispatches the `khountous-quota` event. */
  dispatch(): void;
}

type Near = Pick<LoadOptions, 'element' | 'lazy'>;

export function createResources(deps: ResourcesDeps) {
  const { clock, settings, freshness, counters, cache } = deps;
  const lookup = createLookup(cache, clock.now, freshness);
  const entries = createEntries(clock.now);
  const viewport: Viewport = createViewport(deps.Observer);
  const lock = lockWith(deps.locks, deps.names.lock);

  // -- observability ----------------------------------------------------------

  let statsQueued = false;
  /** One `khountous-quota` event per turn, whatever the number of changes. */
  const statsChanged = () => {
    if (statsQueued) return;
    statsQueued = true;
    queueMicrotask(() => {
      statsQueued = false;
      deps.dispatch();
    });
  };

  const budgetChanged = () => {
    channel.post({ type: 'budget' });
    statsChanged();
  };

  const requests: Requests = createRequests({
    clock,
    settings,
    storage: deps.storage,
    transport: { fetch: deps.fetch, now: clock.now },
    lock,
    sent: () => counters.requests++,
    changed: budgetChanged,
    failed: () => {
      counters.errors++;
      statsChanged();
    },
  });

  const { notify, store, seed, receive } = createArrivals({
    cache,
    lookup,
    entries,
    freshness,
    now: clock.now,
    post: (message) => channel.post(message),
    statsChanged,
  });
  const channel = openChannel(deps.channel, receive, deps.names.channel);
  const recovery = createRecovery({ clock, settings, freshness, entries, lookup, requests, start });

  // -- loads --------------------------------------------------------------------

  const near = (options: Near, signal: AbortSignal | undefined) =>
    options.element && options.lazy !== false && deps.lazy()
      ? viewport.whenNear(options.element, signal)
      : Promise.resolve();

  function serve(want: Target, source: Source, options: Near): Loaded<unknown> {
    counters.cacheHits++;
    if (source.target.key !== want.key) counters.coalesced++;
    statsChanged();
    const loaded = lookup.view(want, source);
    if (loaded.stale) void revalidate(source.target, options);
    return loaded;
  }

  /**
   * What the loader already knows of `want`: cached data (served), a not-found
   * it remembers (thrown), or nothing. Asked before and after the viewport
   * wait, since another caller's request may have ended during the wait.
   */
  function known(want: Target, options: LoadOptions): Loaded<unknown> | undefined {
    const cached = lookup.find(want, options.partial);
    if (cached) return serve(want, cached, options);
    const missing = entries.find(want.key)?.missing;
    if (missing && missing.until > clock.now()) throw missing.error;
    return undefined;
  }

  async function load(want: Target, options: LoadOptions): Promise<Loaded<unknown>> {
    const { signal } = options;
    const before = known(want, options);
    if (before) return before;
    await near(options, signal);
    if (signal?.aborted) throw abortError(signal);
    const after = known(want, options);
    if (after) return after;
    counters.cacheMisses++;
    statsChanged();
    const joined = inFlight(want);
    if (joined) return wait(joined, want, signal);
    if (want.window) return batch(want, signal);
    return wait(start(want), want, signal);
  }

  /** The entry whose request already covers `want`: the same key (dedupe), or a larger window of the list. */
  function inFlight(want: Target): Entry | undefined {
    const same = entries.find(want.key);
    if (same?.flight) {
      counters.deduped++;
      return same;
    }
    const window = want.window;
    if (!window) return undefined;
    const covering = entries
      .family(want.family)
      .find((entry) => entry.flight && covers(entry.target.window!, window));
    if (covering) counters.coalesced++;
    return covering;
  }

  /** Waits for the flight of `entry` for one caller; a failure that may pass falls back on cached data. */
  async function wait(entry: Entry, want: Target, signal: AbortSignal | undefined): Promise<Loaded<unknown>> {
    try {
      return lookup.view(want, { target: entry.target, entry: await join(entry.flight!, signal) });
    } catch (error) {
      const fallback = isKhountousError(error, ...PASSING) ? lookup.find(want) : undefined;
      if (fallback) return lookup.view(want, fallback);
      throw error;
    }
  }

  const batch = createBatcher({
    schedule: (flush) => clock.setTimeout(flush, 0),
    inFlight,
    flying: (target) => {
      const entry = entries.find(target.key);
      return entry?.flight ? entry : start(target);
    },
    wait,
    coalesced: () => counters.coalesced++,
  });

  /** Starts the request of `target`: under its cross-tab lock, storage read again, then sent. */
  function start(target: Target, reserve = 0, retries = true): Entry {
    const entry = entries.of(target);
    const flight: Flight = {
      controller: new AbortController(),
      waiters: 0,
      settled: false,
      promise: undefined!,
    };
    const { signal } = flight.controller;
    entry.flight = flight;
    const run = async () => {
      // Let the callers of this turn join; if none is left, nothing is sent.
      await Promise.resolve();
      abandon(flight);
      return lock(target.key, signal, async () => {
        if (signal.aborted) throw abortError(signal);
        // Another tab may have fetched it meanwhile (it held the lock).
        const latest = cache.readStored(target.key, lookup.check(target.kind));
        if (latest && lookup.isFresh(target.kind, latest)) {
          notify({ target, entry: latest });
          return latest;
        }
        return requests.send(target, {
          signal,
          reserve,
          retries,
          cached: latest,
          brought: () => {
            const now = cache.get(target.key);
            return now && now !== latest && lookup.isFresh(target.kind, now) ? now : undefined;
          },
          store: (response) => store(target, response, latest),
        });
      });
    };
    flight.promise = run().finally(() => {
      flight.settled = true;
      if (entry.flight === flight) entry.flight = undefined;
    });
    flight.promise.then(
      () => {
        entry.missing = undefined;
        recovery.cancel(entry);
      },
      (error: unknown) => {
        if (isKhountousError(error, 'not-found'))
          entry.missing = { error, until: clock.now() + freshness[target.kind] };
        recovery.plan(entry, error);
      },
    );
    return entry;
  }

  /** Revalidates a stale entry in the background when the budget can spare it. */
  async function revalidate(target: Target, options: Near): Promise<void> {
    const entry = entries.of(target);
    if (entry.flight || entry.quietUntil > clock.now()) return;
    const budget = requests.budget(target.base);
    if (!budget.canSend(clock.now(), settings.revalidationReserve)) {
      // No budget to spare now: a subscriber still gets fresh data later.
      if (entry.recovery?.timer === undefined) recovery.plan(entry, requests.quotaError(budget));
      return;
    }
    // Wait for the element to come near; the wait ends when nobody shows the resource any more.
    const waiting = new AbortController();
    entry.nearWaits.add(waiting);
    try {
      await near(options, waiting.signal);
    } catch {
      return;
    } finally {
      entry.nearWaits.delete(waiting);
    }
    const own = cache.get(target.key);
    if (entry.flight || (own && lookup.isFresh(target.kind, own))) return;
    join(start(target, settings.revalidationReserve).flight!).then(
      () => (entry.quietUntil = 0),
      // Failed (server down, resource gone, budget spent): wait one freshness period.
      (error: unknown) => {
        if (!isKhountousError(error, 'aborted')) entry.quietUntil = clock.now() + freshness[target.kind];
      },
    );
  }

  // -- subscriptions --------------------------------------------------------------

  function subscribe(target: Target, listener: Subscriber['listener'], partial: boolean): () => void {
    const entry = entries.of(target);
    const subscriber: Subscriber = { target, listener, partial };
    entry.subscribers.add(subscriber);
    return () => {
      entry.subscribers.delete(subscriber);
      const family = entries.family(target.family);
      if (family.some((other) => other.subscribers.size > 0)) return;
      // Nobody shows the resource any more: revalidations waiting for an element end.
      for (const other of family) {
        for (const waiting of other.nearWaits)
          waiting.abort(new KhountousError('aborted', 'Nobody shows the resource any more.'));
      }
    };
  }

  const peek = (target: Target, partial: boolean) => {
    const found = lookup.find(target, partial);
    return found && lookup.view(target, found);
  };

  return { load, peek, subscribe, seed, requests, viewport, budgetChanged };
}
