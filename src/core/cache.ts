/**
 * The entry cache: key -> { data, etag, fetchedAt, downloadedAt, lastUsed }.
 *
 * Two layers:
 * - a memory map, the hot path: a hit is one Map lookup, no serialisation;
 *   bounded by a number of entries, least recently used out;
 * - a persisted copy in the safe storage, shared by the tabs of the origin:
 *   one storage item per entry (`e:<key>`) plus a small index
 *   (`cache-index`: key -> [size, lastUsed, downloadedAt]) that keeps the
 *   persisted total under `maxStoredSize` characters (1 MB by default) by
 *   dropping the least recently used entries. An entry larger than the bound
 *   stays in memory only.
 *
 * A 304 confirms an ETag, not the data kept under it (another script may have
 * rewritten a stored entry, keeping its real ETag): it renews the freshness of
 * stored data (`fetchedAt`) but not its download time (`downloadedAt`), and an
 * entry's ETag is sent only within CONFIRM_FOR (an hour) of its download
 * (`confirmable`); later, the entry is downloaded in full when it is next
 * asked for. Data planted in storage with the real ETag thus outlives the
 * script that planted it by an hour and a freshness period at most. Entries
 * downloaded longer ago than `maxAge` (7 days by default: what a reader
 * offline may still be shown, marked stale) are dropped wherever they are met.
 * Items stored by older versions, without a download time, count it from
 * their `fetchedAt`.
 * Corrupted items are removed. The persisted `lastUsed` is updated when an
 * entry is read from storage (once per page load), not on every hit.
 */

import type { Params } from './params.js';
import type { SafeStorage } from './storage.js';
import { isObject } from './is-object.js';
import { INDEX_KEY, readCacheIndex, type Index } from './cache-index.js';

export interface CacheEntry<T = unknown> {
  readonly data: T;
  readonly etag?: string;
  /** Epoch ms when the data was fetched or last confirmed (304). */
  readonly fetchedAt: number;
  /** Epoch ms of the last full download (an answer with a body): the maximum age counts from it. */
  readonly downloadedAt: number;
  /** Epoch ms of the last read. */
  lastUsed: number;
  /** What the request asked (its parameters, a list's window): data about the data. */
  readonly asked?: Params;
}

/** @public (named by the cache's public methods) */
export interface EntryMeta {
  etag?: string | undefined;
  fetchedAt: number;
  /** The last full download, when older than `fetchedAt` (a 304 since); else `fetchedAt`. */
  downloadedAt?: number | undefined;
  asked?: Params | undefined;
}

/** Checks data read from storage or adopted from another tab; false drops it. */
export type DataCheck = (key: string, data: unknown) => boolean;

export interface EntryCacheOptions {
  storage: SafeStorage;
  now: () => number;
  /** Entries downloaded longer ago than this are dropped. Default 7 days. */
  maxAge?: number;
  /** Bound of the persisted entries, in serialized characters. Default 1,000,000. */
  maxStoredSize?: number;
  /** Bound of the memory map, in entries. Default 200. */
  maxMemoryEntries?: number;
}

export interface EntryCache {
  /** Memory first, then storage (its data checked by `check`, if given). Marks the entry used. */
  get<T>(key: string, check?: DataCheck): CacheEntry<T> | undefined;
  /** Reads the persisted copy (another tab may have stored a newer one) and keeps the newer. */
  readStored<T>(key: string, check?: DataCheck): CacheEntry<T> | undefined;
  /** Stores in memory and in storage. */
  set<T>(key: string, data: T, meta: EntryMeta): CacheEntry<T>;
  /** Stores in memory only (the sender persisted it, the caller checked it), when newer than what is there. */
  adopt<T>(key: string, data: T, meta: EntryMeta): CacheEntry<T> | undefined;
  delete(key: string): void;
  /** Keys in memory or in storage that start with `startsWith`. */
  keys(startsWith?: string): string[];
}

/** How long after its download an entry may be shown (offline, marked stale); dropped beyond. */
const DEFAULT_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/**
 * How long after its download a 304 may confirm an entry's data (above).
 *
 * @internal the tests wait by this figure rather than a copy of it
 */
export const CONFIRM_FOR = 60 * 60 * 1000;

/** Whether `entry`'s ETag may go out as If-None-Match at `now`: downloaded within CONFIRM_FOR. */
export const confirmable = (entry: CacheEntry, now: number): entry is CacheEntry & { etag: string } =>
  entry.etag !== undefined && entry.downloadedAt >= now - CONFIRM_FOR;
/** @internal the tests fill the storage up to this figure rather than a copy of it */
export const DEFAULT_MAX_STORED_SIZE = 1_000_000;
const DEFAULT_MAX_MEMORY_ENTRIES = 200;

/** The storage key of a persisted entry is ITEM_PREFIX + its key. */
const ITEM_PREFIX = 'e:';

/** Persisted shape of one entry. */
interface StoredItem {
  d: unknown;
  e?: string | undefined;
  f: number;
  /** The last full download, when older than `f`; absent: `f` (as in items of older versions). */
  b?: number | undefined;
  a?: Params | undefined;
}

export function createEntryCache(options: EntryCacheOptions): EntryCache {
  const { storage, now } = options;
  const maxAge = options.maxAge ?? DEFAULT_MAX_AGE;
  const maxStoredSize = options.maxStoredSize ?? DEFAULT_MAX_STORED_SIZE;
  const maxMemoryEntries = options.maxMemoryEntries ?? DEFAULT_MAX_MEMORY_ENTRIES;
  const memory = new Map<string, CacheEntry>();

  const expired = (downloadedAt: number) => downloadedAt < now() - maxAge;

  // -- memory ---------------------------------------------------------------

  function remember(key: string, entry: CacheEntry): void {
    memory.delete(key);
    memory.set(key, entry);
    while (memory.size > maxMemoryEntries) {
      const oldest = memory.keys().next().value;
      if (oldest === undefined) break;
      memory.delete(oldest);
    }
  }

  // -- index ----------------------------------------------------------------

  const readIndex = (): Index => readCacheIndex(storage);

  function writeIndex(index: Index): void {
    storage.setJSON(INDEX_KEY, index);
  }

  /** Removes the persisted entry of `key` and its row of `index` (written by the caller). */
  function drop(index: Index, key: string): void {
    storage.remove(ITEM_PREFIX + key);
    delete index[key];
  }

  function total(index: Index, except?: string): number {
    let sum = 0;
    for (const key in index) if (key !== except) sum += index[key]![0];
    return sum;
  }

  /** Removes the least recently used persisted entry other than `except`; false when none. */
  function evictOne(except?: string): boolean {
    const index = readIndex();
    let victim: string | undefined;
    let oldest = Infinity;
    for (const key in index) {
      const lastUsed = index[key]![1];
      if (key !== except && lastUsed < oldest) {
        oldest = lastUsed;
        victim = key;
      }
    }
    if (victim === undefined) return false;
    drop(index, victim);
    writeIndex(index);
    return true;
  }

  /** Drops the persisted entries past their maximum age. */
  function pruneExpired(): void {
    const index = readIndex();
    let changed = false;
    for (const key in index) {
      if (expired(index[key]![2])) {
        drop(index, key);
        changed = true;
      }
    }
    if (changed) writeIndex(index);
  }

  /** The key being written, which an eviction must spare. */
  let pending: string | undefined;
  let evicting = false;
  storage.evictor = () => {
    if (evicting) return false;
    evicting = true;
    try {
      return evictOne(pending);
    } finally {
      evicting = false;
    }
  };

  function persist(key: string, entry: CacheEntry): void {
    if (!storage.persistent) return;
    // Undefined fields are left out of the text by JSON.stringify.
    const item: StoredItem = {
      d: entry.data,
      f: entry.fetchedAt,
      b: entry.downloadedAt < entry.fetchedAt ? entry.downloadedAt : undefined,
      e: entry.etag,
      a: entry.asked,
    };
    let text: string;
    try {
      text = JSON.stringify(item);
    } catch {
      return;
    }
    const size = ITEM_PREFIX.length + key.length + text.length;
    pruneExpired();
    if (size > maxStoredSize) {
      forgetStored(key);
      return;
    }
    while (total(readIndex(), key) + size > maxStoredSize && evictOne(key)) {
      // evictOne removed one entry; check again
    }
    pending = key;
    const stored = storage.set(ITEM_PREFIX + key, text);
    pending = undefined;
    const index = readIndex();
    if (stored) index[key] = [size, entry.lastUsed, entry.downloadedAt];
    else drop(index, key);
    writeIndex(index);
  }

  function forgetStored(key: string): void {
    const index = readIndex();
    const indexed = key in index;
    drop(index, key);
    if (indexed) writeIndex(index);
  }

  function parseItem(raw: unknown): StoredItem | undefined {
    if (!isObject(raw)) return undefined;
    const item = raw as Partial<StoredItem>;
    if (!('d' in item) || !Number.isFinite(item.f)) return undefined;
    if (item.b !== undefined && !Number.isFinite(item.b)) return undefined;
    if (item.e !== undefined && typeof item.e !== 'string') return undefined;
    if (item.a !== undefined && !isObject(item.a)) return undefined;
    return item as StoredItem;
  }

  /**
   * A time in the future (another tab's clock, a corrupted storage) is taken as now:
   * data dated later than now would otherwise stay fresh for ever. A download
   * cannot be later than the last confirmation.
   */
  function makeEntry<T>(
    data: T,
    meta: EntryMeta,
    fetchedAt = Math.min(meta.fetchedAt, now()),
  ): CacheEntry<T> {
    const entry: Omit<CacheEntry<T>, 'etag' | 'asked'> & { etag?: string; asked?: Params } = {
      data,
      fetchedAt,
      downloadedAt: Math.min(meta.downloadedAt ?? fetchedAt, fetchedAt),
      lastUsed: now(),
    };
    if (meta.etag !== undefined) entry.etag = meta.etag;
    if (meta.asked !== undefined) entry.asked = meta.asked;
    return entry;
  }

  // -- public ---------------------------------------------------------------

  const cache: EntryCache = {
    get<T>(key: string, check?: DataCheck) {
      const entry = memory.get(key);
      // Past its maximum age, the copy in memory goes (readStored); another tab may have stored a newer one.
      if (!entry || expired(entry.downloadedAt)) return cache.readStored<T>(key, check);
      entry.lastUsed = now();
      remember(key, entry);
      return entry as CacheEntry<T>;
    },

    readStored<T>(key: string, check: DataCheck = () => true) {
      let inMemory = memory.get(key) as CacheEntry<T> | undefined;
      if (inMemory && expired(inMemory.downloadedAt)) {
        memory.delete(key);
        inMemory = undefined;
      }
      const raw = storage.getJSON(ITEM_PREFIX + key);
      if (raw === undefined) return inMemory;
      const item = parseItem(raw);
      const entry =
        item &&
        makeEntry(item.d as T, { etag: item.e, fetchedAt: item.f, downloadedAt: item.b, asked: item.a });
      if (!entry || expired(entry.downloadedAt) || !check(key, entry.data)) {
        forgetStored(key);
        return inMemory;
      }
      if (inMemory && inMemory.fetchedAt >= entry.fetchedAt) return inMemory;
      // A time in the future is taken as now, and stored so, once.
      if (entry.fetchedAt < item.f) persist(key, entry);
      remember(key, entry);
      const index = readIndex();
      const row = index[key];
      if (row) {
        row[1] = entry.lastUsed;
        writeIndex(index);
      }
      return entry;
    },

    set<T>(key: string, data: T, meta: EntryMeta) {
      const entry = makeEntry(data, meta);
      remember(key, entry);
      persist(key, entry);
      return entry;
    },

    adopt<T>(key: string, data: T, meta: EntryMeta) {
      const current = memory.get(key);
      const entry = makeEntry(data, meta);
      if ((current && current.fetchedAt >= meta.fetchedAt) || expired(entry.downloadedAt)) return undefined;
      remember(key, entry);
      return entry;
    },

    delete(key) {
      memory.delete(key);
      forgetStored(key);
    },

    keys(startsWith = '') {
      const found = new Set<string>();
      for (const key of memory.keys()) if (key.startsWith(startsWith)) found.add(key);
      if (storage.persistent) {
        for (const key in readIndex()) if (key.startsWith(startsWith)) found.add(key);
      }
      return [...found];
    },
  };
  return cache;
}
