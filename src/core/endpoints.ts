/**
 * The endpoint table: what each resource kind of the API is, in one place.
 * The client builds its requests from it, the loader its cache keys,
 * freshness, list windows and seeds. Adding an endpoint is one entry here
 * plus its types (types.ts, schemas.ts, the check of its answer in answers.ts,
 * and the `Resource` and `ResourceDataMap` below).
 */
import { invalid } from './errors.js';
import { keyOf, requestUrl, ROUTES, type Route } from './routes.js';
import {
  checkBaseUrl,
  checkLang,
  checkLimit,
  checkPage,
  checkParams,
  matching,
  oneOf,
  type Check,
  type Params,
} from './params.js';
import {
  DATASET_ID_PATTERN,
  DEFAULT_LIMIT,
  LEVELS,
  PERIOD_PATTERN,
  REGION_CODES,
  REPORT_CATEGORIES,
  REPORT_STATUSES,
  SECTORS,
  SLUG_PATTERN,
  type Administration,
  type AdministrationListItem,
  type AdministrationsQuery,
  type DatasetJson,
  type FactCheck,
  type Lang,
  type ListEnvelope,
  type RegionStats,
  type Report,
  type ReportListItem,
  type ReportsQuery,
  type VerificationsQuery,
} from './types.js';

/** What a widget asks the loader for. */
export type Resource =
  | { kind: 'administrations'; query?: AdministrationsQuery }
  | { kind: 'administration'; slug: string; lang?: Lang }
  | { kind: 'reports'; query?: ReportsQuery }
  | { kind: 'report'; slug: string; lang?: Lang }
  | { kind: 'verifications'; query?: VerificationsQuery }
  | { kind: 'regions'; lang?: Lang }
  | { kind: 'dataset'; id: string };

export type ResourceKind = Resource['kind'];

/** @public (named by the loader's types) */
export interface ResourceDataMap {
  administrations: ListEnvelope<AdministrationListItem>;
  administration: Administration;
  reports: ListEnvelope<ReportListItem>;
  report: Report;
  verifications: ListEnvelope<FactCheck>;
  regions: ListEnvelope<RegionStats>;
  dataset: DatasetJson;
}

export type DataOf<R extends Resource> = ResourceDataMap[R['kind']];

/** A window of a paged list: `limit` items from item `(page - 1) * limit`. */
export interface ListWindow {
  readonly page: number;
  readonly limit: number;
}

export interface Endpoint {
  /** Where it lives (routes.ts): path, parameters, defaults. */
  route: Route;
  /** Path parameters: required, checked. */
  ids?: Record<string, Check>;
  /** Query parameters besides a list's page and limit: optional, checked. */
  query: Record<string, Check>;
  /** Minutes during which the data is served without asking the API again. */
  fresh: number;
  /**
   * A cached list that can stand in for this resource when a part of it will
   * do: the list kind, and the item of a list page that matches `want`.
   */
  seed?: { from: ResourceKind; pick(list: unknown, want: Target): unknown };
}

const lang = { lang: checkLang };
const slug = { slug: matching(SLUG_PATTERN, 'a slug (lower-case letters, digits and hyphens)') };

export const ENDPOINTS: Readonly<Record<ResourceKind, Endpoint>> = {
  administrations: {
    route: ROUTES.administrations,
    query: { ...lang, region: oneOf(REGION_CODES), sector: oneOf(SECTORS), level: oneOf(LEVELS) },
    fresh: 10,
  },
  administration: {
    route: ROUTES.administration,
    ids: slug,
    query: lang,
    fresh: 15,
    // A compact card needs only the fields of a ranking row.
    seed: {
      from: 'administrations',
      pick: (list, want) =>
        (list as ListEnvelope<AdministrationListItem>).data.find((item) => item.slug === want.ids['slug']),
    },
  },
  reports: {
    route: ROUTES.reports,
    query: {
      ...lang,
      region: oneOf(REGION_CODES),
      category: oneOf(REPORT_CATEGORIES),
      status: oneOf(REPORT_STATUSES),
      period: matching(PERIOD_PATTERN, 'a year (2026) or a month (2026-03)', 7),
    },
    fresh: 5,
  },
  report: { route: ROUTES.report, ids: slug, query: lang, fresh: 10 },
  verifications: { route: ROUTES.verifications, query: lang, fresh: 15 },
  regions: { route: ROUTES.regions, query: lang, fresh: 30 },
  dataset: {
    route: ROUTES.dataset,
    ids: { id: matching(DATASET_ID_PATTERN, 'a dataset id (lower-case letters, digits and hyphens)') },
    query: {},
    fresh: 60,
  },
};

/** A resource checked against its endpoint: what to send, and where its data is cached. */
export interface Target {
  readonly kind: ResourceKind;
  readonly ep: Endpoint;
  /** The checked base URL. */
  readonly base: string;
  readonly ids: Params;
  /** The query, defaults applied, without a list's window. */
  readonly query: Params;
  readonly window?: ListWindow;
  /** The URL without a list's window: the windows of one list share it. */
  readonly family: string;
  /** The cache key: the family, and for a list its window. */
  readonly key: string;
}

/** Checks a resource (KhountousError('invalid-parameter') when wrong) and gives its target. */
export function describe(resource: Resource, baseUrl: string): Target {
  const base = checkBaseUrl(baseUrl);
  const kind = (resource as { kind?: unknown } | null)?.kind;
  const ep = typeof kind === 'string' && Object.hasOwn(ENDPOINTS, kind) ? ENDPOINTS[kind as ResourceKind] : 0;
  if (!ep) throw invalid('resource', `Unknown resource kind "${String(kind)}".`);
  const given = { ...resource, ...(resource as { query?: object }).query } as Record<string, unknown>;
  const ids: Params = {};
  for (const name in ep.ids) ids[name] = ep.ids[name]!(given[name], name);
  const query = { ...ep.route.defaults, ...checkParams(ep.query, given) };
  const window = ep.route.paged
    ? {
        page: checkPage(given['page'] ?? 1, 'page') as number,
        limit: checkLimit(given['limit'] ?? DEFAULT_LIMIT, 'limit') as number,
      }
    : undefined;
  return at(
    {
      kind: kind as ResourceKind,
      ep,
      base,
      ids,
      query,
      family: requestUrl(base, ep.route, ids, query),
      key: '',
    },
    window,
  );
}

/** The target of a resource, or undefined where `describe` refuses it. */
export function targetOf(resource: Resource, baseUrl: string): Target | undefined {
  try {
    return describe(resource, baseUrl);
  } catch {
    return undefined;
  }
}

/**
 * The kind of resource at `path` below the base URL, as inline data names it
 * (`/regions?lang=fr`: regions; `/administrations/mairie-de-dakar?lang=fr`: administration);
 * undefined for a path of none.
 */
export function kindAt(path: string): ResourceKind | undefined {
  const bare = path.split('?')[0]!;
  return (Object.keys(ENDPOINTS) as ResourceKind[]).find((kind) => {
    const { path: route, id } = ENDPOINTS[kind].route;
    return id
      ? bare.startsWith(route) && bare.length > route.length && !bare.includes('/', route.length)
      : bare === route;
  });
}

/** The same target with another list window (or none). */
export function at(target: Target, window: ListWindow | undefined): Target {
  const key = keyOf(target.family, window);
  return window ? { ...target, window, key } : { ...target, key };
}

/** The request URL of a target: its family with the window's page and limit. */
export function urlOf(target: Target): string {
  const { base, ep, ids, query, window } = target;
  return requestUrl(base, ep.route, ids, window ? { ...query, ...window } : query);
}

/** The start of the cache keys of the lists that may seed `want` (its endpoint's `seed`), if any. */
export const seedPrefix = (want: Target): string | undefined =>
  want.ep.seed && `${want.base}${ENDPOINTS[want.ep.seed.from].route.path}?`;

/** What a target asked, as plain data that `describe` takes back (persisted with its entry). */
export function askedOf(target: Target): Params {
  return { ...target.ids, ...target.query, ...target.window };
}
