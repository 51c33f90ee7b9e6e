/**
 * List windows as data: which window covers which, the smallest window that
 * covers a range, a page cut out of a larger one, and the grouping of the
 * windows asked in one tick into the fewest covering requests.
 */
import type { ListWindow, Target } from '../endpoints.js';
import { MAX_LIMIT, type ListEnvelope } from '../types.js';

const startOf = ({ page, limit }: ListWindow) => (page - 1) * limit;
const endOf = ({ page, limit }: ListWindow) => page * limit;

/** True when the items of `inner` are all in `outer` (or past the end of a list of `total` items). */
export function covers(outer: ListWindow, inner: ListWindow, total = Infinity): boolean {
  return startOf(outer) <= startOf(inner) && (endOf(outer) >= endOf(inner) || endOf(outer) >= total);
}

/**
 * True when the data fetched for `target` answers `want`: the same key, or a window of the
 * same list that covers `want`'s (in a list of `total` items).
 */
export const answers = (target: Target, want: Target, total?: number): boolean =>
  want.key === target.key ||
  (want.family === target.family &&
    !!want.window &&
    !!target.window &&
    covers(target.window, want.window, total));

/** The smallest single window (limit <= MAX_LIMIT) covering items [start, end), if any. */
function coveringWindow(start: number, end: number): ListWindow | undefined {
  for (let limit = Math.max(1, end - start); limit <= MAX_LIMIT; limit++) {
    const page = Math.floor(start / limit) + 1;
    if (page * limit >= end) return { page, limit };
  }
  return undefined;
}

/** The items of `want` out of the envelope of window `have`. */
export function slice<T>(envelope: ListEnvelope<T>, have: ListWindow, want: ListWindow): ListEnvelope<T> {
  const offset = startOf(want) - startOf(have);
  return {
    data: envelope.data.slice(offset, offset + want.limit),
    meta: { page: want.page, pageSize: want.limit, total: envelope.meta.total },
  };
}

/**
 * Groups the windows of `items` into the fewest requests: items sorted by
 * start, each group served by one window that covers all of its members.
 */
export function group<T>(
  items: T[],
  windowOfItem: (item: T) => ListWindow,
): { cover: ListWindow; members: T[] }[] {
  const groups: { cover: ListWindow; members: T[] }[] = [];
  const sorted = [...items].sort((a, b) => startOf(windowOfItem(a)) - startOf(windowOfItem(b)));
  for (const item of sorted) {
    const window = windowOfItem(item);
    const last = groups.at(-1);
    const widened =
      last &&
      coveringWindow(
        Math.min(startOf(last.cover), startOf(window)),
        Math.max(endOf(last.cover), endOf(window)),
      );
    if (last && widened) {
      last.members.push(item);
      last.cover = widened;
    } else groups.push({ cover: window, members: [item] });
  }
  return groups;
}
