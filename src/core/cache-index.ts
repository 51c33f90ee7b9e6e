/**
 * The persisted index of the entry cache (cache.ts): `cache-index`, each stored entry's key
 * with [size, lastUsed, downloadedAt]. Read on its own by the early flights
 * (loader/early.ts), which send nothing where storage may answer, before the cache itself
 * has arrived.
 */
import type { SafeStorage } from './storage.js';
import { isObject } from './is-object.js';

/** The storage key of the index. */
export const INDEX_KEY = 'cache-index';

/** [size, lastUsed, downloadedAt] (items of older versions: their fetchedAt) */
type IndexRow = [number, number, number];
export type Index = Record<string, IndexRow>;

/**
 * The persisted index (`cache-index`): its sound rows, by key.
 *
 * The cache's, the early flights' and the tests', which read what the cache stored as a later page would
 */
export function readCacheIndex(storage: Pick<SafeStorage, 'getJSON'>): Index {
  const raw = storage.getJSON(INDEX_KEY);
  const index: Index = Object.create(null) as Index;
  if (!isObject(raw)) return index;
  for (const [key, row] of Object.entries(raw as Record<string, unknown>)) {
    if (Array.isArray(row) && row.length === 3 && row.every((n) => typeof n === 'number')) {
      index[key] = row as IndexRow;
    }
  }
  return index;
}
