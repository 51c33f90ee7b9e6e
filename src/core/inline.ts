/**
 * Inline data: what the API answered for one widget, written into the page by
 * a server (the site's own, at request or build time) so that the widget is
 * painted with the page and the reader's browser spends nothing of its quota.
 *
 *   <khountous-ranking limit="5">
 *     <script type="application/json">
 *       {"khountous":1,"path":"/administrations?lang=fr&limit=5&page=1",
 *        "fetchedAt":"2026-11-26T12:00:00.000Z","data":{...the API's answer...}}
 *     </script>
 *   </khountous-ranking>
 *
 * `path` is the request's path and query below the base URL, as the loader
 * writes them (parameters sorted, defaults applied: endpoints.ts urlOf), so that
 * data for another selection is told apart; `fetchedAt` is when the API answered
 * (ISO 8601 or epoch milliseconds); `data` is its answer's body, checked as any
 * answer is. The loader adopts it as a cache entry of that age (loader.seed).
 * Nothing of it is ever markup: the widget renders its fields as text.
 */

import { describe, urlOf, type Resource } from './endpoints.js';

/** The version of the format this kit reads. */
export const INLINE_VERSION = 1;

/**
 * The inline data a server wrote inside `element` (its `<script type="application/json">`
 * child), or null: the element adopts it, and neither early start sends its request.
 */
export const inlineScriptOf = (element: Element): Element | null =>
  element.querySelector(':scope > script[type="application/json"]');

/** How far ahead of this browser's clock a server's clock may be. */
const CLOCK_SKEW = 5 * 60_000;

export interface InlineData {
  /** Below the base URL: `/administrations?lang=fr&limit=5&page=1`. */
  path: string;
  /** Epoch ms of the API's answer. */
  fetchedAt: number;
  data: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads inline data from its text (a `<script type="application/json">`'s) or
 * from an object (a property set by a script): the data, or why it cannot be used.
 */
export function readInline(source: unknown, now: number): InlineData | string {
  let value = source;
  if (typeof source === 'string') {
    try {
      value = JSON.parse(source);
    } catch {
      return 'it is not JSON';
    }
  }
  if (!isObject(value)) return 'it is not an object';
  if (value['khountous'] !== INLINE_VERSION) return `its "khountous" is not ${INLINE_VERSION}`;
  const { path, fetchedAt, data } = value;
  if (typeof path !== 'string' || !path.startsWith('/')) return 'its "path" is not a path below the base URL';
  const time =
    typeof fetchedAt === 'number' ? fetchedAt : typeof fetchedAt === 'string' ? Date.parse(fetchedAt) : NaN;
  if (!Number.isFinite(time)) return 'its "fetchedAt" is not a time';
  if (time > now + CLOCK_SKEW) return 'its "fetchedAt" is in the future';
  if (data === undefined) return 'it has no "data"';
  return { path, fetchedAt: time, data };
}

/** The path below the base URL at which the loader asks for `resource`, as inline data names it. */
export function inlinePath(resource: Resource, baseUrl: string): string {
  const target = describe(resource, baseUrl);
  return urlOf(target).slice(target.base.length);
}

/** Whether `inline` is the data of `resource` (its path); false for a resource that is not valid. */
export function inlineMatches(resource: Resource, baseUrl: string, inline: InlineData): boolean {
  try {
    return inlinePath(resource, baseUrl) === inline.path;
  } catch {
    return false;
  }
}
