/**
 * The endpoint table: what each resource kind of the API is, in one place.
 * The client builds its requests from it, the loader its cache keys,
 * freshness, list windows and seeds, and persistence its response checks.
 * Adding an endpoint is one entry here plus its types (types.ts, schemas.ts,
 * and the `Resource` and `ResourceDataMap` below).
 */
import type { Schema } from './check.js';
import { KhountousError } from './errors.js';
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
  administrationListSchema,
  administrationSchema,
  datasetJsonSchema,
  factCheckListSchema,
  regionListSchema,
  reportListSchema,
  reportSchema,
} from './schemas.js';
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
  /** The path under the base URL, from the checked path parameters. */
  path(ids: Params): string;
  /** Path parameters: required, checked. */
  ids?: Record<string, Check>;
  /** Query parameters besides a list's page and limit: optional, checked. */
  query: Record<string, Check>;
  /** Query parameters sent when not given. */
  defaults: Params;
  /** A paged list: `page` and `limit` select a window of it. */
  paged?: true;
  /** The check of a successful JSON body. */
  schema: Schema;
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
const fr = { lang: 'fr' };

export const ENDPOINTS: Readonly<Record<ResourceKind, Endpoint>> = {
  administrations: {
    path: () => '/administrations',
    query: { ...lang, region: oneOf(REGION_CODES), sector: oneOf(SECTORS), level: oneOf(LEVELS) },
    defaults: fr,
    paged: true,
    schema: administrationListSchema,
    fresh: 10,
  },
  administration: {
    path: (ids) => `/administrations/${ids['slug']}`,
    ids: slug,
    query: lang,
    defaults: fr,
    schema: administrationSchema,
    fresh: 15,
    // A compact card needs only the fields of a ranking row.
    seed: {
      from: 'administrations',
      pick: (list, want) =>
        (list as ListEnvelope<AdministrationListItem>).data.find((item) => item.slug === want.ids['slug']),
    },
  },
  reports: {
    path: () => '/khountous',
    query: {
      ...lang,
      region: oneOf(REGION_CODES),
      category: oneOf(REPORT_CATEGORIES),
      status: oneOf(REPORT_STATUSES),
      period: matching(PERIOD_PATTERN, 'a year (2026) or a month (2026-03)', 7),
    },
    defaults: fr,
    paged: true,
    schema: reportListSchema,
    fresh: 5,
  },
  report: {
    path: (ids) => `/khountous/${ids['slug']}`,
    ids: slug,
    query: lang,
    defaults: fr,
    schema: reportSchema,
    fresh: 10,
  },
  verifications: {
    path: () => '/verifications',
    query: lang,
    defaults: fr,
    paged: true,
    schema: factCheckListSchema,
    fresh: 15,
  },
  regions: { path: () => '/regions', query: lang, defaults: fr, schema: regionListSchema, fresh: 30 },
  dataset: {
    path: (ids) => `/datasets/${ids['id']}`,
    ids: { id: matching(DATASET_ID_PATTERN, 'a dataset id (lower-case letters, digits and hyphens)') },
    query: {},
    defaults: { format: 'json' },
    schema: datasetJsonSchema,
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

/** `a=1&b=2`, names sorted: equal parameters give equal strings. */
function canonical(params: Params): string {
  return Object.keys(params)
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(params[name]!)}`)
    .join('&');
}

/** Checks a resource (KhountousError('invalid-parameter') when wrong) and gives its target. */
export function describe(resource: Resource, baseUrl: string): Target {
  const base = checkBaseUrl(baseUrl);
  const kind = (resource as { kind?: unknown } | null)?.kind;
  const ep = typeof kind === 'string' && Object.hasOwn(ENDPOINTS, kind) ? ENDPOINTS[kind as ResourceKind] : 0;
  if (!ep) {
    throw new KhountousError('invalid-parameter', `Unknown resource kind "${String(kind)}".`, {
      param: 'resource',
    });
  }
  const given = { ...resource, ...(resource as { query?: object }).query } as Record<string, unknown>;
  const ids: Params = {};
  for (const name in ep.ids) ids[name] = ep.ids[name]!(given[name], name);
  const query = { ...ep.defaults, ...checkParams(ep.query, given) };
  const window = ep.paged
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
      family: `${base}${ep.path(ids)}?${canonical(query)}`,
      key: '',
    },
    window,
  );
}

/** The same target with another list window (or none). */
export function at(target: Target, window: ListWindow | undefined): Target {
  const key = window ? `${target.family}#${window.page},${window.limit}` : target.family;
  return window ? { ...target, window, key } : { ...target, key };
}

/** The request URL of a target: its family with the window's page and limit. */
export function urlOf(target: Target): string {
  const { base, ep, ids, query, window } = target;
  return `${base}${ep.path(ids)}?${canonical(window ? { ...query, ...window } : query)}`;
}

/** What a target asked, as plain data that `describe` takes back (persisted with its entry). */
export function askedOf(target: Target): Params {
  return { ...target.ids, ...target.query, ...target.window };
}
