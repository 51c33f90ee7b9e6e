/**
 * The page-wide loader: one cache, one request budget, shared by every widget
 * of the page (and, through storage, by the tabs of the origin).
 *
 * `createLoader` makes one (resources.ts); `getLoader` finds the page's.
 *
 * How a load is answered, in order (resources.ts, viewport.ts, entry.ts):
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
 * reset. After a failure that may pass, recovery.ts plans one more attempt
 * while a subscriber shows the resource. Nothing refetches on focus,
 * visibility or reconnect. The module guards every browser global: it runs in
 * Node.
 */
import type { Resource, ResourceKind } from '../endpoints.js';
import { namesOf, pageNamespace } from '../names.js';
import type { ChannelLike, LocksLike } from './cross-tab.js';
import type { KhountousLoader, LoaderOptions, LoaderStats, LoadOptions } from './options.js';
import { createLoader } from './resources.js';
import type { Loaded } from './entry.js';
import type { ObserverConstructor } from './viewport.js';

export type { ChannelLike, KhountousLoader, Loaded, LocksLike, ObserverConstructor, Resource, ResourceKind };
export { FRESHNESS_MINUTES, QUOTA_EVENT } from './options.js';
export type { LoaderOptions, LoaderStats, LoadOptions };
export type { ObserverLike } from './viewport.js';
export { createLoader };

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
  const loader = createLoader({ namespace });
  Object.defineProperty(holder, key, { value: loader, configurable: true, writable: true });
  return loader;
}
