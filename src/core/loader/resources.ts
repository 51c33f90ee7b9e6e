/**
 * A loader (`createLoader`, its facade at the end) and the life of its
 * resources, key by key (entry.ts): served from the cache (the lookup),
 * fetched once however many callers (the batch, the request path: budget,
 * attempt, retries), revalidated when stale, tried again after a failure that
 * may pass (the recovery, by the rule of recovery.ts), and told to their
 * subscribers and to the other tabs (channel.ts) when new data arrives (the
 * arrivals). Its settings, clock, storage, cache, locks, channel and viewport
 * are built here from its options. One closure: its parts share their state
 * without handing it to each other.
 */
import { abortable, follow } from '../abort.js';
import { checkBaseUrl } from '../params.js';
import type { InlineData } from '../inline.js';
import { describe, urlOf } from '../endpoints.js';
import { budgetKey, createBudget, originOf, quotaError, type Budget } from '../budget.js';
import { confirmable, createEntryCache, type CacheEntry, type DataCheck, type EntryMeta } from '../cache.js';
import { is } from '../check.js';
import { get, type ApiResponse, type CallOptions } from '../http.js';
import {
  askedOf,
  at,
  ENDPOINTS,
  targetOf,
  type Resource,
  type ResourceKind,
  type Target,
} from '../endpoints.js';
import { abortError, isKhountousError, KhountousError, PASSING } from '../errors.js';
import { createSafeStorage } from '../storage.js';
import type { ListEnvelope } from '../types.js';
import { namesOf } from '../names.js';
import { defaultLocks, lockWith, type TabMessage } from './cross-tab.js';
import {
  abandon,
  createEntries,
  join,
  tell,
  type Entry,
  type Flight,
  type Loaded,
  type Subscriber,
} from './entry.js';
import { openChannel } from './channel.js';
import { nextAttempt, onlineListener } from './recovery.js';
import {
  DEFAULTS,
  FRESHNESS_MINUTES,
  QUOTA_EVENT,
  type Clock,
  type KhountousLoader,
  type LoaderOptions,
  type LoaderStats,
  type LoadOptions,
  type Settings,
} from './options.js';
import { createViewport, type ObserverConstructor, type Viewport } from './viewport.js';
import { answers, covers, group, slice } from './windows.js';

/** A cache entry that answers a target, with the target it was fetched for. */
interface Source {
  target: Target;
  entry: CacheEntry;
}

/** A list load waiting in the batch of its list. */
interface Want {
  target: Target;
  signal: AbortSignal | undefined;
  resolve(loaded: Loaded<unknown>): void;
  reject(error: unknown): void;
}

type Near = Pick<LoadOptions, 'element' | 'lazy'>;

/** A new loader; tests and pages that want their own (most want `getLoader`, loader.ts). */
export function createLoader(options: LoaderOptions = {}): KhountousLoader {
  /** Sends the `khountous-quota` event. */
  const dispatch = () => loader.dispatchEvent(quotaEvent(stats()));
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

  // -- the request path of one flight ----------------------------------------------
  //
  // The budget asked first (under the cross-tab budget lock), If-None-Match with the
  // cached ETag, one attempt cut after the request timeout, bounded retries of 5xx and
  // network errors with exponential backoff and jitter (each counted in the budget, and
  // sent past the browser's HTTP cache, which may hold the failed answer), what the
  // X-RateLimit-* headers say adopted by the budget, a 429 closing it until its reset.

  const transport = { fetch: options.fetch, now: time };
  /** The budget of each API origin: the quota is per API host, whatever the path. */
  const budgets = new Map<string, Budget>();

  const budget = (base: string): Budget => {
    const origin = originOf(base);
    let found = budgets.get(origin);
    if (!found) {
      found = createBudget({
        limit: settings.quotaLimit,
        windowMs: settings.quotaWindow,
        storageKey: budgetKey(base),
        storage,
      });
      budgets.set(origin, found);
    }
    return found;
  };

  /**
   * Takes one request from the budget (under the cross-tab budget lock): its id, or the quota
   * error, made from the budget that refused it. Made after the lock, it could read a budget a
   * response heard meanwhile has moved (the API's count corrected), and say "until now".
   */
  const take = async (from: Budget, reserve: number): Promise<string | KhountousError> => {
    return lock('budget', undefined, async () => {
      const now = time();
      return from.canSend(now, reserve) ? from.record(now) : quotaError(from, now);
    });
  };

  /** One attempt, cut after the request timeout (a network error) or when the flight is cancelled. */
  const attempt = async (target: Target, signal: AbortSignal, call: CallOptions<unknown>) => {
    const { controller, dispose } = follow(signal);
    const timer = setTimer(
      () => controller.abort(new KhountousError('network', 'The API did not answer in time.')),
      settings.requestTimeout,
    );
    try {
      return await get(transport, target, { ...call, signal: controller.signal });
    } finally {
      clearTimer(timer);
      dispose();
    }
  };

  /**
   * What an answer (or an error answer) says of the budget: a shared cache's mark,
   * the X-RateLimit-* headers, a 429's reset.
   */
  const heard = (
    from: Budget,
    said: Pick<KhountousError, 'shared' | 'rateLimit' | 'resetAt'> & { kind?: string },
    sentId: string,
  ) => {
    const now = time();
    if (said.shared) from.share(now);
    if (said.rateLimit) from.reconcile(said.rateLimit, now, sentId);
    if (said.kind === 'quota') from.block(said.resetAt ?? now, now);
    budgetChanged();
  };

  /** Exponential backoff with equal jitter: half the delay fixed, half random. */
  const backoff = (attemptNumber: number, signal: AbortSignal) => {
    const delay = settings.retryDelay * 2 ** attemptNumber;
    const ms = delay / 2 + random() * (delay / 2);
    return abortable<void>(signal, (resolve) => {
      const timer = setTimer(resolve, ms);
      return () => clearTimer(timer);
    });
  };

  /**
   * Sends the request of one flight: `signal` cancels it (every caller left), `reserve` is what
   * the budget must keep after it, `retries` false for an automatic recovery (one attempt),
   * `cached` the copy for If-None-Match.
   */
  const send = async (
    target: Target,
    signal: AbortSignal,
    reserve: number,
    retries: boolean,
    cached: CacheEntry | undefined,
  ): Promise<CacheEntry> => {
    const spendable = budget(target.base);
    const maxRetries = retries ? settings.maxRetries : 0;
    for (let attemptNumber = 0; ; attemptNumber++) {
      if (attemptNumber > 0) {
        // Another tab may have brought fresh data during the backoff: it spares the next attempt.
        const brought = cache.get(target.key);
        if (brought && brought !== cached && isFresh(target.kind, brought)) return brought;
      }
      const sentId = await take(spendable, reserve);
      if (typeof sentId !== 'string') {
        counters.errors++;
        statsChanged();
        throw sentId;
      }
      counters.requests++;
      budgetChanged();
      const call: CallOptions<unknown> = {};
      // A 304 confirms an ETag, not the data kept under it: only that of a recent download (cache.ts).
      if (cached && confirmable(cached, time())) call.cached = { etag: cached.etag, data: cached.data };
      // Its ETag not sent, the copy is still a refresh: the browser's HTTP cache does not answer it alone.
      else if (cached) call.revalidate = true;
      // After a failure, the browser's HTTP cache may hold the bad answer: ask the network.
      if (attemptNumber > 0 || !retries) call.reload = true;
      try {
        const response = await attempt(target, signal, call);
        heard(spendable, response, sentId);
        return store(target, response, cached);
      } catch (error) {
        heard(spendable, isKhountousError(error) ? error : {}, sentId);
        const retry =
          isKhountousError(error, 'network', 'server') &&
          !signal.aborted &&
          attemptNumber < maxRetries &&
          spendable.canSend(time(), reserve);
        if (!retry) {
          if (!isKhountousError(error, 'aborted')) {
            counters.errors++;
            statsChanged();
          }
          throw error;
        }
        await backoff(attemptNumber, signal);
      }
    }
  };

  // -- the lookup: reading the cache for a target ---------------------------------
  //
  // Its own entry when fresh, else for a list the freshest cached window of the same
  // list that covers it, else its own stale entry, else (when a part will do) an item
  // of a cached list that seeds it. What is found is a `Source`: the target of the
  // entry that answers and the entry, so that its age, freshness and revalidation are
  // those of the data actually shown.

  const isFresh = (kind: ResourceKind, entry: CacheEntry) => time() - entry.fetchedAt < freshness[kind];
  /** Checks data coming from storage or another tab against the schema of `kind`. */
  const check =
    (kind: ResourceKind): DataCheck =>
    (_key, data) =>
      is(ENDPOINTS[kind].schema, data);
  const better = (found: Source | undefined, entry: CacheEntry) =>
    !found || entry.fetchedAt > found.entry.fetchedAt;

  /** The freshest entry among `keys` that `accept` takes, with its target rebuilt from what it asked. */
  const scan = (kind: ResourceKind, base: string, keys: string[], accept: (source: Source) => boolean) => {
    let found: Source | undefined;
    for (const key of keys) {
      const entry = cache.get(key, check(kind));
      if (!entry?.asked || !better(found, entry)) continue;
      const target = targetOf({ kind, ...entry.asked } as Resource, base);
      if (target?.key === key && accept({ target, entry })) found = { target, entry };
    }
    return found;
  };

  const find = (want: Target, partial = false): Source | undefined => {
    const own = cache.get(want.key, check(want.kind));
    if (own && isFresh(want.kind, own)) return { target: want, entry: own };
    let found: Source | undefined = own && { target: want, entry: own };
    const window = want.window;
    if (window) {
      const covering = scan(
        want.kind,
        want.base,
        cache.keys(`${want.family}#`).filter((key) => key !== want.key),
        ({ target, entry }) =>
          covers(target.window!, window, (entry.data as ListEnvelope<unknown>).meta.total),
      );
      if (covering && better(found, covering.entry)) found = covering;
    }
    const seed = want.ep.seed;
    if (!found && partial && seed) {
      const path = ENDPOINTS[seed.from].route.path;
      found = scan(seed.from, want.base, cache.keys(`${want.base}${path}?`), (source) => seeds(want, source));
    }
    return found;
  };

  /** What `want` sees of `source`: the data, a slice of a larger window, or a seeded part. */
  const view = (want: Target, source: Source): Loaded<unknown> => {
    const { target, entry } = source;
    const loaded = { stale: !isFresh(target.kind, entry), fetchedAt: entry.fetchedAt };
    if (target.kind !== want.kind)
      return { ...loaded, data: want.ep.seed!.pick(entry.data, want), partial: true };
    const have = target.key === want.key ? undefined : target.window;
    const data =
      have && want.window ? slice(entry.data as ListEnvelope<unknown>, have, want.window) : entry.data;
    return { ...loaded, data };
  };

  // -- arrivals: from the API, a server's inline data or another tab ----------------
  //
  // Stored in the cache, announced to the other tabs, and told to every subscriber
  // that sees it (its own key, a window it covers, a card a list seeds).

  /** Tells the subscribers that see `source`: its own, those of covered windows, partial ones it seeds. */
  function notify(source: Source): void {
    const { target, entry } = source;
    // Snapshots: a listener may subscribe again (a new selection) while it is told.
    for (const other of [...entries.all()]) {
      for (const subscriber of [...other.subscribers]) {
        const want = subscriber.target;
        const sees =
          answers(target, want, (entry.data as { meta?: { total: number } }).meta?.total) ||
          (subscriber.partial && !cache.get(want.key, check(want.kind)) && seeds(want, source));
        if (sees) tell(subscriber, view(want, source));
      }
    }
  }

  /**
   * Stores what the API answered (`cached`: the copy its request named), and tells the
   * other tabs and the subscribers.
   */
  function store(target: Target, response: ApiResponse<unknown>, cached: CacheEntry | undefined): CacheEntry {
    // A shared cache's copy is as old as the API's answer it keeps; one it serves past its
    // freshness is stale here too.
    const now = time();
    let fetchedAt = Math.min(now, response.date ?? now);
    if (response.stale) fetchedAt = Math.min(fetchedAt, now - freshness[target.kind]);
    const { data, etag } = response;
    // A 304 confirms the ETag, not the data kept under it: the download keeps its time.
    const downloadedAt = response.notModified ? cached?.downloadedAt : fetchedAt;
    return keep(target, data, { etag, fetchedAt, downloadedAt });
  }

  /** Stores `data` for `target`, tells the other tabs and the subscribers. */
  function keep(target: Target, data: unknown, meta: Omit<EntryMeta, 'asked'>): CacheEntry {
    const entry = cache.set(target.key, data, { ...meta, asked: askedOf(target) });
    const window = target.window && ([target.window.page, target.window.limit] as [number, number]);
    channel.post({ type: 'entry', key: target.key, family: target.family, window, data, ...meta });
    notify({ target, entry });
    return entry;
  }

  /**
   * Data a server wrote into the page for `target`, as the API answered it at `fetchedAt`:
   * kept as an answer of that age (stored, told to the other tabs and the subscribers), so
   * fresh for the rest of its freshness period, then revalidated as any entry; nothing of the
   * budget spent. The cache's copy stays when it is as new. False when the data is not what
   * the API answers there.
   */
  function seed(target: Target, data: unknown, fetchedAt: number): boolean {
    const checkData = check(target.kind);
    if (!checkData(target.key, data)) return false;
    const cached = cache.get(target.key, checkData);
    if (cached && cached.fetchedAt >= fetchedAt) return true;
    keep(target, data, { fetchedAt, downloadedAt: fetchedAt });
    return true;
  }

  /** What another tab announced: adopted when a resource of this page is of that list or key. */
  function receive(message: TabMessage): void {
    if (message.type === 'budget') return statsChanged();
    const { key, family = key, window, data, etag, fetchedAt, downloadedAt } = message;
    const known = entries.find(key)?.target ?? entries.family(family)[0]?.target;
    const target = known && (window ? at(known, { page: window[0], limit: window[1] }) : known);
    if (!target || target.key !== key || !check(target.kind)(key, data)) return;
    const entry = cache.adopt(key, data, { etag, fetchedAt, downloadedAt, asked: askedOf(target) });
    if (entry) notify({ target, entry });
  }

  const channel = openChannel(options.broadcastChannel, receive, names.channel);

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

  // -- recovery: the planning of attempts after a failure (recovery.ts) -------------

  /** True when a subscriber is told of what a request for the entry brings. */
  const watched = ({ target }: Entry) =>
    entries
      .family(target.family)
      .some((entry) => [...entry.subscribers].some(({ target: want }) => answers(target, want)));

  const online = onlineListener(() => {
    for (const entry of entries.all()) {
      if (entry.recovery?.kind !== 'network' || entry.recovery.timer === undefined) continue;
      clearTimer(entry.recovery.timer);
      recover(entry);
    }
    updateOnline();
  });

  /** Listens to `online` only while a network failure waits for its recovery. */
  const updateOnline = () =>
    online(
      [...entries.all()].some(({ recovery }) => recovery?.kind === 'network' && recovery.timer !== undefined),
    );

  /** After a failed request: plans the next automatic attempt, when the cause may pass and someone waits. */
  function plan(entry: Entry, error: unknown): void {
    const previous = entry.recovery;
    if (!isKhountousError(error, ...PASSING) || !watched(entry)) {
      // Cancelled callers leave a planned attempt as it was.
      if (!isKhountousError(error, 'aborted') || previous?.timer === undefined) cancel(entry);
      return;
    }
    const now = time();
    const spendable = budget(entry.target.base);
    const shown = find(entry.target) !== undefined;
    const failures = (previous?.failures ?? 0) + 1;
    const { at: when, spend } = nextAttempt({
      kind: error.kind,
      resetAt: error.resetAt,
      failures,
      shown,
      spent: previous?.spend === true,
      now,
      fresh: freshness[entry.target.kind],
      delay: settings.recoveryDelay,
      reserve: settings.revalidationReserve,
      remaining: spendable.remaining(now),
      budgetResetAt: spendable.resetAt(now),
    });
    if (shown) entry.quietUntil = when;
    if (previous?.timer !== undefined) clearTimer(previous.timer);
    entry.recovery = {
      failures,
      kind: error.kind,
      spend,
      timer: setTimer(() => recover(entry), Math.max(0, when - now)),
    };
    updateOnline();
  }

  /** The planned attempt: one request, no retries, within the reserve, if still needed. */
  function recover(entry: Entry): void {
    const recovery = entry.recovery;
    if (!recovery) return;
    recovery.timer = undefined;
    const found = find(entry.target);
    if (!watched(entry) || (found && isFresh(found.target.kind, found.entry))) return cancel(entry);
    // A request under way plans again if it fails.
    if (!entry.flight) {
      join(start(entry.target, recovery.spend ? 0 : settings.revalidationReserve, false).flight!).catch(
        () => {},
      );
    }
    updateOnline();
  }

  function cancel(entry: Entry): void {
    const recovery = entry.recovery;
    if (!recovery) return;
    if (recovery.timer !== undefined) clearTimer(recovery.timer);
    entry.recovery = undefined;
    updateOnline();
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

  // -- the facade: what every copy of the kit on the page calls (KhountousLoader) ----

  const loader = new EventTarget() as KhountousLoader & { version: 1 };
  /** The base of the last load or recorded download: the budget `stats()` tells of by default. */
  let lastBase = '/';
  /** The keys inline data was given for: a second copy is refused. */
  const seeded = new Set<string>();

  const budgetOf = (baseUrl?: string): Budget =>
    budget(baseUrl === undefined ? lastBase : checkBaseUrl(baseUrl));

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
      return load(target, asked);
    },
    peek(resource: Resource, baseUrl: string, { partial = false } = {}) {
      const target = targetOf(resource, baseUrl);
      return target && peek(target, partial);
    },
    subscribe(
      resource: Resource,
      baseUrl: string,
      listener: (loaded: Loaded<never>) => void,
      { partial = false } = {},
    ) {
      const target = targetOf(resource, baseUrl);
      return target ? subscribe(target, listener as (loaded: Loaded<unknown>) => void, partial) : () => {};
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
      if (!seed(target, inline.data, Math.min(inline.fetchedAt, time())))
        return `its data is not what the API answers at ${own}`;
      return undefined;
    },
    recordDownload(baseUrl: string) {
      const base = checkBaseUrl(baseUrl);
      lastBase = base;
      budget(base).record(time());
      counters.requests++;
      budgetChanged();
    },
    canDownload: (baseUrl?: string) => budgetOf(baseUrl).canSend(time()),
    stats,
    configure,
  }) as KhountousLoader;
}

function quotaEvent(detail: LoaderStats): Event {
  if (typeof CustomEvent === 'function') return new CustomEvent(QUOTA_EVENT, { detail });
  return Object.assign(new Event(QUOTA_EVENT), { detail });
}

/** An option where `null` says none and `undefined` takes the page's own (`fallback`). */
const given = <T>(option: T | null | undefined, fallback: () => T | undefined): T | undefined =>
  option === undefined ? fallback() : (option ?? undefined);

/** True when the list page of `source` holds an item that stands in for `want`: same query (language), item found. */
function seeds(want: Target, { target, entry }: Source): boolean {
  return (
    want.ep.seed?.from === target.kind &&
    want.base === target.base &&
    Object.keys(want.query).every((name) => want.query[name] === target.query[name]) &&
    want.ep.seed.pick(entry.data, want) !== undefined
  );
}
