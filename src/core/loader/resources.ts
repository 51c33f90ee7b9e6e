/**
 * The life of the page's resources, key by key (entry.ts): served from the
 * cache (data.ts), fetched once however many callers (the batch here, the
 * request path in request.ts), revalidated when stale, tried again after a
 * failure that may pass (request.ts, by the rule of recovery.ts), and told to
 * their subscribers and to the other tabs (channel.ts) when new data arrives
 * (data.ts). Its settings, clock, storage, cache, locks, channel and viewport
 * are built here from the loader's options. The parts take what they use as
 * named arguments and give their functions back by name: each
 * says what it takes, and nothing is passed through one part to another.
 */
import { abortable } from '../abort.js';
import { quotaError } from '../budget.js';
import { createEntryCache } from '../cache.js';
import { at, type ResourceKind, type Target } from '../endpoints.js';
import { abortError, isKhountousError, KhountousError, PASSING } from '../errors.js';
import { createSafeStorage } from '../storage.js';
import { namesOf } from '../names.js';
import { defaultLocks, lockWith } from './cross-tab.js';
import {
  abandon,
  createEntries,
  join,
  type Entry,
  type Flight,
  type Loaded,
  type Subscriber,
} from './entry.js';
import { openChannel } from './channel.js';
import { createData, type Source } from './data.js';
import { createRequests } from './request.js';
import {
  DEFAULTS,
  FRESHNESS_MINUTES,
  type Clock,
  type LoaderOptions,
  type LoadOptions,
  type Settings,
} from './options.js';
import { createViewport, type ObserverConstructor, type Viewport } from './viewport.js';
import { covers, group } from './windows.js';

type Near = Pick<LoadOptions, 'element' | 'lazy'>;

/** A list load waiting in the batch of its list. */
interface Want {
  target: Target;
  signal: AbortSignal | undefined;
  resolve(loaded: Loaded<unknown>): void;
  reject(error: unknown): void;
}

/**
 * The resources of a loader made with `options`; `dispatch` sends the `khountous-quota`
 * event. What the loader's facade (loader.ts) calls comes back by name.
 */
export function createResources(options: LoaderOptions, dispatch: () => void) {
  const settings = { ...DEFAULTS };
  for (const name of Object.keys(settings) as (keyof Settings)[])
    settings[name] = options[name] ?? settings[name];
  // The clock (the options' own in tests).
  const time = options.now ?? Date.now;
  const setTimer: Clock['setTimeout'] =
    options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const clearTimer: Clock['clearTimeout'] =
    options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as number));
  const random = options.random ?? Math.random;
  const names = namesOf(options.namespace);
  const storage = given(options.storage, () => createSafeStorage({ prefix: names.storage }));
  const freshness = { ...FRESHNESS_MINUTES, ...options.freshness };
  for (const kind in freshness) freshness[kind as ResourceKind] *= 60_000;
  let lazy = options.lazy ?? true;
  const counters = { requests: 0, cacheHits: 0, cacheMisses: 0, coalesced: 0, deduped: 0, errors: 0 };
  const cache = createEntryCache({
    storage: storage ?? createSafeStorage({ backend: null }),
    now: time,
    maxStoredSize: options.maxStoredSize,
    maxAge: options.maxAge,
  });
  const entries = createEntries(time);
  const viewport: Viewport = createViewport(
    given(
      options.intersectionObserver,
      () => (globalThis as { IntersectionObserver?: ObserverConstructor }).IntersectionObserver,
    ),
  );
  const lock = lockWith(given(options.locks, defaultLocks), names.lock);

  // -- observability ----------------------------------------------------------

  let statsQueued = false;
  /** One `khountous-quota` event per turn, whatever the number of changes. */
  const statsChanged = () => {
    if (statsQueued) return;
    statsQueued = true;
    queueMicrotask(() => {
      statsQueued = false;
      dispatch();
    });
  };

  const budgetChanged = () => {
    channel.post({ type: 'budget' });
    statsChanged();
  };

  const { isFresh, check, find, view, notify, store, seed, receive } = createData({
    cache,
    entries,
    time,
    freshness,
    post: (message) => channel.post(message),
    statsChanged,
  });
  const channel = openChannel(options.broadcastChannel, receive, names.channel);

  const { budget, send, plan, cancel } = createRequests({
    settings,
    time,
    setTimer,
    clearTimer,
    random,
    storage,
    fetch: options.fetch,
    lock,
    counters,
    statsChanged,
    budgetChanged,
    cache,
    isFresh,
    store,
    entries,
    find,
    start,
    freshness,
  });

  // -- loads --------------------------------------------------------------------

  const near = (options: Near, signal: AbortSignal | undefined) =>
    options.element && options.lazy !== false && lazy
      ? viewport.whenNear(options.element, signal)
      : Promise.resolve();

  function serve(want: Target, source: Source, options: Near): Loaded<unknown> {
    counters.cacheHits++;
    if (source.target.key !== want.key) counters.coalesced++;
    statsChanged();
    const loaded = view(want, source);
    if (loaded.stale) void revalidate(source.target, options);
    return loaded;
  }

  /**
   * What the loader already knows of `want`: cached data (served), a not-found
   * it remembers (thrown), or nothing. Asked before and after the viewport
   * wait, since another caller's request may have ended during the wait.
   */
  function known(want: Target, options: LoadOptions): Loaded<unknown> | undefined {
    const cached = find(want, options.partial);
    if (cached) return serve(want, cached, options);
    const missing = entries.find(want.key)?.missing;
    if (missing && missing.until > time()) throw missing.error;
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
      return view(want, { target: entry.target, entry: await join(entry.flight!, signal) });
    } catch (error) {
      const fallback = isKhountousError(error, ...PASSING) ? find(want) : undefined;
      if (fallback) return view(want, fallback);
      throw error;
    }
  }

  // -- the batch: list loads of one list in one turn --------------------------------
  //
  // The loads of one list (same filters) issued in the same turn of the event loop are
  // served by as few covering requests as possible (`limit=5` and `limit=10`: one
  // request with `limit=10`, each caller its own slice). A load that leaves before the
  // batch is sent is taken out of it.

  const batches = new Map<string, Want[]>();

  const flush = (family: string) => {
    const wants = batches.get(family) ?? [];
    batches.delete(family);
    const pending: Want[] = [];
    for (const want of wants) {
      const entry = inFlight(want.target);
      if (entry) wait(entry, want.target, want.signal).then(want.resolve, want.reject);
      else pending.push(want);
    }
    for (const { cover, members } of group(pending, (want) => want.target.window!)) {
      const first = members[0]!.target;
      const target = members.length === 1 ? first : at(first, cover);
      const same = entries.find(target.key);
      const entry = same?.flight ? same : start(target);
      for (const want of members) {
        if (want.target.key !== entry.target.key) counters.coalesced++;
        wait(entry, want.target, want.signal).then(want.resolve, want.reject);
      }
    }
  };

  const batch = (target: Target, signal: AbortSignal | undefined) =>
    abortable<Loaded<unknown>>(signal, (resolve, reject) => {
      let wants = batches.get(target.family);
      if (!wants) {
        batches.set(target.family, (wants = []));
        setTimer(() => flush(target.family), 0);
      }
      const want: Want = { target, signal, resolve, reject };
      const queued = wants;
      queued.push(want);
      return (aborted) => {
        const index = queued.indexOf(want);
        if (aborted && index >= 0) queued.splice(index, 1);
      };
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
        const latest = cache.readStored(target.key, check(target.kind));
        if (latest && isFresh(target.kind, latest)) {
          notify({ target, entry: latest });
          return latest;
        }
        return send(target, signal, reserve, retries, latest);
      });
    };
    flight.promise = run().finally(() => {
      flight.settled = true;
      if (entry.flight === flight) entry.flight = undefined;
    });
    flight.promise.then(
      () => {
        entry.missing = undefined;
        cancel(entry);
      },
      (error: unknown) => {
        if (isKhountousError(error, 'not-found'))
          entry.missing = { error, until: time() + freshness[target.kind] };
        plan(entry, error);
      },
    );
    return entry;
  }

  /** Revalidates a stale entry in the background when the budget can spare it. */
  async function revalidate(target: Target, options: Near): Promise<void> {
    const entry = entries.of(target);
    if (entry.flight || entry.quietUntil > time()) return;
    const spendable = budget(target.base);
    if (!spendable.canSend(time(), settings.revalidationReserve)) {
      // No budget to spare now: a subscriber still gets fresh data later.
      if (entry.recovery?.timer === undefined) plan(entry, quotaError(spendable, time()));
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
    if (entry.flight || (own && isFresh(target.kind, own))) return;
    join(start(target, settings.revalidationReserve).flight!).then(
      () => (entry.quietUntil = 0),
      // Failed (server down, resource gone, budget spent): wait one freshness period.
      (error: unknown) => {
        if (!isKhountousError(error, 'aborted')) entry.quietUntil = time() + freshness[target.kind];
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
    const found = find(target, partial);
    return found && view(target, found);
  };

  /** Turns lazy loading on or off; off ends every wait for the viewport. */
  function configure(configured: { lazy?: boolean }): void {
    if (configured.lazy !== undefined) lazy = configured.lazy;
    if (!lazy) viewport.releaseAll();
  }

  return { time, counters, budget, budgetChanged, load, peek, subscribe, seed, configure };
}

/** An option where `null` says none and `undefined` takes the page's own (`fallback`). */
const given = <T>(option: T | null | undefined, fallback: () => T | undefined): T | undefined =>
  option === undefined ? fallback() : (option ?? undefined);
