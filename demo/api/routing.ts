/**
 * Routing: a request's path (after the version prefix) picks a route, its
 * method the route's handler, which gets the instance's state and the
 * request. No route is a 404, a method the route has no handler for a 405.
 */
import type { ResourceKind } from '../../src/core/endpoints.js';
import type { Caller } from './callers.js';
import type { AdministrationRecord, KhountousData } from './data.js';
import { ApiError, notFound, type Reply } from './reply.js';
import type { ReportStore } from './reports.js';

/** The version segment every path starts with. */
export const API_PREFIX = '/v1';

/** What one instance of the API answers from. */
export interface ApiState {
  data: KhountousData;
  /** The snapshot's administrations by slug. */
  administrations: ReadonlyMap<string, AdministrationRecord>;
  reports: ReportStore;
  /** The Cache-Control of each endpoint's successful GET. */
  cacheControl: Readonly<Record<ResourceKind, string>>;
  /** The clock, in milliseconds since the Unix epoch. */
  now: () => number;
}

export interface Context {
  api: ApiState;
  request: Request;
  url: URL;
  caller: Caller;
  /** The slug or id of the path, decoded. */
  id: string;
}

type Handler = (context: Context) => Promise<Reply> | Reply;

export interface Route {
  pattern: RegExp;
  GET?: Handler;
  POST?: Handler;
}

function allowHeader(route: Route): string {
  return [...(route.GET ? ['GET', 'HEAD'] : []), ...(route.POST ? ['POST'] : []), 'OPTIONS'].join(', ');
}

const methodNotAllowed = (method: string, path: string, route: Route): ApiError =>
  new ApiError(405, 'method_not_allowed', `${method} is not allowed on ${path}.`, undefined, {
    Allow: allowHeader(route),
  });

const bodyNotTaken = (): ApiError => new ApiError(413, 'bad_request', 'This request takes no body.', 'body');

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Hands `request` to the handler of the first route its path matches. */
export function dispatch(
  routes: readonly Route[],
  api: ApiState,
  request: Request,
  caller: Caller,
): Promise<Reply> | Reply {
  const url = new URL(request.url);
  const path = url.pathname.startsWith(`${API_PREFIX}/`) ? url.pathname.slice(API_PREFIX.length) : '';
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    const id = decodeSegment(match[1] ?? '');
    if (id === undefined) break;
    if (request.method === 'OPTIONS') throw bodyNotTaken();
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const handler = method === 'GET' || method === 'POST' ? route[method] : undefined;
    if (!handler) throw methodNotAllowed(request.method, url.pathname, route);
    return handler({ api, request, url, caller, id });
  }
  throw notFound(`No endpoint at ${url.pathname}.`);
}
