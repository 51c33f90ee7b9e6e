/**
 * The data of the page's resources, as the cache holds it.
 *
 * The lookup: for a target, its own entry when fresh, else for a list the
 * freshest cached window of the same list that covers it, else its own stale
 * entry, else (when a part will do) an item of a cached list that seeds it.
 * What is found is a `Source`: the target of the entry that answers and the
 * entry, so that its age, freshness and revalidation are those of the data
 * actually shown.
 *
 * The arrivals: what arrives for a resource, from the API, a server's inline
 * data or another tab, is stored in the cache, announced to the other tabs,
 * and told to every subscriber that sees it (its own key, a window it covers,
 * a card a list seeds).
 */
import { isAnswer } from '../answers.js';
import type { CacheEntry, DataCheck, EntryMeta } from '../cache.js';
import {
  askedOf,
  at,
  seedPrefix,
  targetOf,
  type Resource,
  type ResourceKind,
  type Target,
} from '../endpoints.js';
import { windowsOf } from '../routes.js';
import type { ListEnvelope } from '../types.js';
import type { Loaded, Subscriber } from './query.js';
import type { Queries } from './queries.js';
import type { TabMessage } from './cross-tab.js';
import type { ApiResponse } from '../http.js';
import { answers, covers, slice } from './windows.js';

/** A cache entry that answers a target, with the target it was fetched for. */
export interface Source {
  target: Target;
  entry: CacheEntry;
}

/**
 * The data of a loader's queries, as its cache holds it: whether an entry is fresh, the
 * check of a kind's data (from storage or another tab), what answers a target and what a
 * target sees of it; then the arrivals, told to the subscribers of the queries.
 */
export class Data {
  readonly #queries: Queries;

  constructor(queries: Queries) {
    this.#queries = queries;
  }

  // -- the lookup --------------------------------------------------------------------

  isFresh(kind: ResourceKind, entry: CacheEntry): boolean {
    const queries = this.#queries;
    return queries.time() - entry.fetchedAt < queries.freshness[kind];
  }

  /** The freshest entry among `keys` that `accept` takes, with its target rebuilt from what it asked. */
  #scan(kind: ResourceKind, base: string, keys: string[], accept: (source: Source) => boolean) {
    let found: Source | undefined;
    for (const key of keys) {
      const entry = this.#queries.cache.get(key, check(kind));
      if (!entry?.asked || !better(found, entry)) continue;
      const target = targetOf({ kind, ...entry.asked } as Resource, base);
      if (target?.key === key && accept({ target, entry })) found = { target, entry };
    }
    return found;
  }

  /**
   * What answers `want`: its own entry when fresh, else for a list the freshest cached
   * window that covers it, else its own stale entry, else (`partial`) a list that seeds it.
   */
  find(want: Target, partial = false): Source | undefined {
    const { cache } = this.#queries;
    const own = cache.get(want.key, check(want.kind));
    if (own && this.isFresh(want.kind, own)) return { target: want, entry: own };
    let found: Source | undefined = own && { target: want, entry: own };
    const window = want.window;
    if (window) {
      const covering = this.#scan(
        want.kind,
        want.base,
        cache.keys(windowsOf(want.family)).filter((key) => key !== want.key),
        ({ target, entry }) =>
          covers(target.window!, window, (entry.data as ListEnvelope<unknown>).meta.total),
      );
      if (covering && better(found, covering.entry)) found = covering;
    }
    const seed = want.ep.seed;
    const seeding = seedPrefix(want);
    if (!found && partial && seed && seeding) {
      found = this.#scan(seed.from, want.base, cache.keys(seeding), (source) => seeds(want, source));
    }
    return found;
  }

  /** What `want` sees of `source`: the data, a slice of a larger window, or a seeded part. */
  view(want: Target, source: Source): Loaded<unknown> {
    const { target, entry } = source;
    const loaded = { stale: !this.isFresh(target.kind, entry), fetchedAt: entry.fetchedAt };
    if (target.kind !== want.kind)
      return { ...loaded, data: want.ep.seed!.pick(entry.data, want), partial: true };
    const have = target.key === want.key ? undefined : target.window;
    const data =
      have && want.window ? slice(entry.data as ListEnvelope<unknown>, have, want.window) : entry.data;
    return { ...loaded, data };
  }

  // -- the arrivals ------------------------------------------------------------------

  /** Tells the subscribers that see `source`: its own, those of covered windows, partial ones it seeds. */
  notify(source: Source): void {
    const { target, entry } = source;
    const queries = this.#queries;
    // Snapshots: a listener may subscribe again (a new selection) while it is told.
    for (const query of [...queries.all()]) {
      for (const subscriber of [...query.subscribers]) {
        const want = subscriber.target;
        const sees =
          answers(target, want, (entry.data as { meta?: { total: number } }).meta?.total) ||
          (subscriber.partial && !queries.cache.get(want.key, check(want.kind)) && seeds(want, source));
        if (sees) tell(subscriber, this.view(want, source));
      }
    }
  }

  /**
   * Stores what the API answered (`cached`: the copy its request named), and tells the
   * other tabs and the subscribers.
   */
  store(target: Target, response: ApiResponse<unknown>, cached: CacheEntry | undefined): CacheEntry {
    // A shared cache's copy is as old as the API's answer it keeps; one it serves past its
    // freshness is stale here too.
    const now = this.#queries.time();
    let fetchedAt = Math.min(now, response.date ?? now);
    if (response.stale) fetchedAt = Math.min(fetchedAt, now - this.#queries.freshness[target.kind]);
    const { data, etag } = response;
    // A 304 confirms the ETag, not the data kept under it: the download keeps its time.
    const downloadedAt = response.notModified ? cached?.downloadedAt : fetchedAt;
    return this.#keep(target, data, { etag, fetchedAt, downloadedAt });
  }

  /** Stores `data` for `target`, tells the other tabs and the subscribers. */
  #keep(target: Target, data: unknown, meta: Omit<EntryMeta, 'asked'>): CacheEntry {
    const queries = this.#queries;
    const entry = queries.cache.set(target.key, data, { ...meta, asked: askedOf(target) });
    const window = target.window && ([target.window.page, target.window.limit] as [number, number]);
    queries.channel.post({ type: 'entry', key: target.key, family: target.family, window, data, ...meta });
    this.notify({ target, entry });
    return entry;
  }

  /**
   * Data a server wrote into the page for `target`, as the API answered it at `fetchedAt`:
   * kept as an answer of that age (stored, told to the other tabs and the subscribers), so
   * fresh for the rest of its freshness period, then revalidated as any entry; nothing of the
   * budget spent. The cache's copy stays when it is as new. False when the data is not what
   * the API answers there.
   */
  seed(target: Target, data: unknown, fetchedAt: number): boolean {
    const checkData = check(target.kind);
    if (!checkData(target.key, data)) return false;
    const cached = this.#queries.cache.get(target.key, checkData);
    if (cached && cached.fetchedAt >= fetchedAt) return true;
    this.#keep(target, data, { fetchedAt, downloadedAt: fetchedAt });
    return true;
  }

  /** What another tab announced: adopted when a resource of this page is of that list or key. */
  receive(message: TabMessage): void {
    const queries = this.#queries;
    if (message.type === 'budget') return queries.statsChanged();
    const { key, family = key, window, data, etag, fetchedAt, downloadedAt } = message;
    const known = queries.find(key)?.target ?? queries.family(family)[0]?.target;
    const target = known && (window ? at(known, { page: window[0], limit: window[1] }) : known);
    if (!target || target.key !== key || !check(target.kind)(key, data)) return;
    const entry = queries.cache.adopt(key, data, { etag, fetchedAt, downloadedAt, asked: askedOf(target) });
    if (entry) this.notify({ target, entry });
  }
}

/** Checks data coming from storage or another tab against the schema of `kind`. */
export const check =
  (kind: ResourceKind): DataCheck =>
  (_key, data) =>
    isAnswer(kind, data);

const better = (found: Source | undefined, entry: CacheEntry) =>
  !found || entry.fetchedAt > found.entry.fetchedAt;

/** Tells a subscriber its view of what arrived; a listener that throws does not stop the others. */
function tell(subscriber: Subscriber, loaded: Loaded<unknown>): void {
  try {
    subscriber.listener(loaded);
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

/** True when the list page of `source` holds an item that stands in for `want`: same query (language), item found. */
function seeds(want: Target, { target, entry }: Source): boolean {
  return (
    want.ep.seed?.from === target.kind &&
    want.base === target.base &&
    Object.keys(want.query).every((name) => want.query[name] === target.query[name]) &&
    want.ep.seed.pick(entry.data, want) !== undefined
  );
}
