/**
 * Where each resource of the API lives, and the URL and cache key of one
 * request: the endpoint table's paths and parameters (endpoints.ts), which
 * computes every URL with `requestUrl` and every cache key with `keyOf`.
 */
import type { Params } from './params.js';

/** @public (the kinds of the endpoint table) */
export interface Route {
  /** The path under the base URL; with `id`, followed by that path parameter. */
  readonly path: string;
  /** The path parameter, when there is one. */
  readonly id?: string;
  /** The query parameters besides a list's page and limit. */
  readonly query: readonly string[];
  /** Query parameters sent when not given. */
  readonly defaults: Params;
  /** A paged list: `page` and `limit` select a window of it. */
  readonly paged?: true;
  /** The list kind whose cached items can stand in for a part of this resource. */
  readonly seed?: string;
}

const fr = { lang: 'fr' };
const lang = ['lang'];

export const ROUTES = {
  administrations: {
    path: '/administrations',
    query: ['lang', 'region', 'sector', 'level'],
    defaults: fr,
    paged: true,
  },
  administration: {
    path: '/administrations/',
    id: 'slug',
    query: lang,
    defaults: fr,
    seed: 'administrations',
  },
  reports: {
    path: '/khountous',
    query: ['lang', 'region', 'category', 'status', 'period'],
    defaults: fr,
    paged: true,
  },
  report: { path: '/khountous/', id: 'slug', query: lang, defaults: fr },
  verifications: { path: '/verifications', query: lang, defaults: fr, paged: true },
  regions: { path: '/regions', query: lang, defaults: fr },
  dataset: { path: '/datasets/', id: 'id', query: [], defaults: { format: 'json' } },
} as const satisfies Record<string, Route>;

/** `a=1&b=2`, names sorted: equal parameters give equal strings. */
function canonical(params: Params): string {
  return Object.keys(params)
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(params[name]!)}`)
    .join('&');
}

/** The path of a resource under the base URL: the route's, followed by its path parameter. */
export const pathOf = (route: Route, ids: Params): string => `${route.path}${route.id ? ids[route.id] : ''}`;

/** The URL of a request: the checked base URL, the path, the query (a list's window in it). */
export const requestUrl = (base: string, route: Route, ids: Params, query: Params): string =>
  `${base}${pathOf(route, ids)}?${canonical(query)}`;

/** The cache key of a request: its URL without a list's window, then the window. */
export const keyOf = (family: string, window?: { page: number; limit: number }): string =>
  window ? `${windowsOf(family)}${window.page},${window.limit}` : family;

/** The start of the cache keys of every window of the list `family`. */
export const windowsOf = (family: string): string => `${family}#`;
