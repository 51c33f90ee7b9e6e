/**
 * Reading the cache for a target: its own entry when fresh, else for a list
 * the freshest cached window of the same list that covers it, else its own
 * stale entry, else (when a part will do) an item of a cached list that
 * seeds it. What is found is a `Source`: the target of the entry that answers
 * and the entry, so that its age, freshness and revalidation are those of the
 * data actually shown.
 */
import type { CacheEntry, DataCheck, EntryCache } from '../cache.js';
import { ENDPOINTS, targetOf, type Resource, type ResourceKind, type Target } from '../endpoints.js';
import type { ListEnvelope } from '../types.js';
import { is } from '../check.js';
import { covers, slice } from './windows.js';

export interface Loaded<T> {
  /** Shared with other widgets: treat as read-only. */
  data: T;
  /** True when older than the freshness time of its endpoint. */
  stale: boolean;
  /** Epoch ms when the data was fetched or last confirmed by the API. */
  fetchedAt: number;
  /** True when the data is a part of a cached list standing in for the resource (`partial` loads). */
  partial?: boolean;
}

/** A cache entry that answers a target, with the target it was fetched for. */
export interface Source {
  target: Target;
  entry: CacheEntry;
}

export interface Lookup {
  isFresh(kind: ResourceKind, entry: CacheEntry): boolean;
  /** Checks data coming from storage or another tab against the schema of `kind`. */
  check(kind: ResourceKind): DataCheck;
  find(target: Target, partial?: boolean): Source | undefined;
  /** What `want` sees of `source`: the data, a slice of a larger window, or a seeded part. */
  view(want: Target, source: Source): Loaded<unknown>;
}

export function createLookup(
  cache: EntryCache,
  now: () => number,
  freshness: Record<ResourceKind, number>,
): Lookup {
  const isFresh = (kind: ResourceKind, entry: CacheEntry) => now() - entry.fetchedAt < freshness[kind];
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

  return { isFresh, check, find, view };
}

/** True when the list page of `source` holds an item that stands in for `want`: same query (language), item found. */
export function seeds(want: Target, { target, entry }: Source): boolean {
  return (
    want.ep.seed?.from === target.kind &&
    want.base === target.base &&
    Object.keys(want.query).every((name) => want.query[name] === target.query[name]) &&
    want.ep.seed.pick(entry.data, want) !== undefined
  );
}
