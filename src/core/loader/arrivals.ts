/**
 * What arrives for the page's resources, from the API, a server's inline data
 * or another tab: stored in the cache, announced to the other tabs, and told
 * to every subscriber that sees it (its own key, a window it covers, a card a
 * list seeds).
 */
import type { CacheEntry, EntryCache, EntryMeta } from '../cache.js';
import { askedOf, at, type ResourceKind, type Target } from '../endpoints.js';
import type { ApiResponse } from '../http.js';
import type { TabMessage } from './cross-tab.js';
import { tell, type Entries } from './entry.js';
import { seeds, type Lookup, type Source } from './lookup.js';
import { answers } from './windows.js';

export interface ArrivalsDeps {
  cache: EntryCache;
  lookup: Lookup;
  entries: Entries;
  /** Freshness per kind, ms. */
  freshness: Record<ResourceKind, number>;
  now(): number;
  /** Tells the other tabs. */
  post(message: TabMessage): void;
  /** The loader's figures changed (an event is due). */
  statsChanged(): void;
}

export function createArrivals({
  cache,
  lookup,
  entries,
  freshness,
  now: clockNow,
  post,
  statsChanged,
}: ArrivalsDeps) {
  /** Tells the subscribers that see `source`: its own, those of covered windows, partial ones it seeds. */
  function notify(source: Source): void {
    const { target, entry } = source;
    // Snapshots: a listener may subscribe again (a new selection) while it is told.
    for (const other of [...entries.all()]) {
      for (const subscriber of [...other.subscribers]) {
        const want = subscriber.target;
        const sees =
          answers(target, want, (entry.data as { meta?: { total: number } }).meta?.total) ||
          (subscriber.partial && !cache.get(want.key, lookup.check(want.kind)) && seeds(want, source));
        if (sees) tell(subscriber, lookup.view(want, source));
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
    const now = clockNow();
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
    post({ type: 'entry', key: target.key, family: target.family, window, data, ...meta });
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
    const check = lookup.check(target.kind);
    if (!check(target.key, data)) return false;
    const cached = cache.get(target.key, check);
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
    if (!target || target.key !== key || !lookup.check(target.kind)(key, data)) return;
    const entry = cache.adopt(key, data, { etag, fetchedAt, downloadedAt, asked: askedOf(target) });
    if (entry) notify({ target, entry });
  }

  return { notify, store, seed, receive };
}
