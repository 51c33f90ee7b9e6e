/**
 * Query parameters and lists: each parameter's check, the parsing of a query
 * string against the parameters an endpoint accepts, the filters of the lists
 * and their pagination into the list envelope.
 */
import {
  DATASET_FORMATS,
  DEFAULT_LIMIT,
  LANGS,
  LEVELS,
  MAX_LIMIT,
  PERIOD_PATTERN,
  REGION_CODES,
  REPORT_CATEGORIES,
  REPORT_STATUSES,
  SECTORS,
  type DatasetFormat,
  type Lang,
  type Level,
  type ListEnvelope,
  type RegionCode,
  type ReportCategory,
  type ReportStatus,
  type Sector,
} from '../../src/core/types.js';
import { badRequest } from './reply.js';

interface QueryValues {
  page?: number;
  limit?: number;
  lang?: Lang;
  format?: DatasetFormat;
  region?: RegionCode;
  sector?: Sector;
  level?: Level;
  category?: ReportCategory;
  status?: ReportStatus;
  period?: string;
}
type QueryParam = keyof QueryValues;

function positiveInteger(param: string, raw: string): number {
  const value = Number(raw);
  if (!/^[1-9]\d*$/.test(raw) || !Number.isSafeInteger(value)) {
    throw badRequest(param, `${param} must be a positive integer, got "${raw}".`);
  }
  return value;
}

/** A check that `param` is one of `values`; a request's body fields use it too (./submit.ts). */
export function oneOf<T extends string>(param: string, values: readonly T[]) {
  return (raw: string): T => {
    if (!(values as readonly string[]).includes(raw)) {
      throw badRequest(param, `${param} must be one of ${values.join(', ')}; got "${raw}".`);
    }
    return raw as T;
  };
}

const PARSERS: { [K in QueryParam]-?: (raw: string) => NonNullable<QueryValues[K]> } = {
  page: (raw) => positiveInteger('page', raw),
  limit: (raw) => {
    const limit = positiveInteger('limit', raw);
    if (limit > MAX_LIMIT) throw badRequest('limit', `limit must not exceed ${MAX_LIMIT}, got ${limit}.`);
    return limit;
  },
  lang: oneOf('lang', LANGS),
  format: oneOf('format', DATASET_FORMATS),
  region: oneOf('region', REGION_CODES),
  sector: oneOf('sector', SECTORS),
  level: oneOf('level', LEVELS),
  category: oneOf('category', REPORT_CATEGORIES),
  status: oneOf('status', REPORT_STATUSES),
  period: (raw) => {
    if (!PERIOD_PATTERN.test(raw)) {
      throw badRequest('period', `period must be a year (YYYY) or a month (YYYY-MM), got "${raw}".`);
    }
    return raw;
  },
};

const isQueryParam = (name: string, allowed: readonly QueryParam[]): name is QueryParam =>
  (allowed as readonly string[]).includes(name);

/** Parses the query string; an unknown, repeated or invalid parameter is a 400. */
export function parseQuery(params: URLSearchParams, allowed: readonly QueryParam[]): QueryValues {
  const values: Record<string, unknown> = {};
  for (const [name, raw] of params) {
    if (!isQueryParam(name, allowed)) {
      const accepted = allowed.length > 0 ? allowed.join(', ') : 'no query parameter';
      throw badRequest(name, `Unknown query parameter "${name}"; this endpoint accepts ${accepted}.`);
    }
    if (name in values) throw badRequest(name, `The query parameter "${name}" is repeated.`);
    values[name] = PARSERS[name](raw);
  }
  return values as QueryValues;
}

/** The parameters every list accepts. */
export const LIST_PARAMS = ['page', 'limit', 'lang'] as const satisfies readonly QueryParam[];

export function paginate<T, U>(
  items: readonly T[],
  query: QueryValues,
  view: (item: T) => U,
): ListEnvelope<U> {
  const page = query.page ?? 1;
  const pageSize = query.limit ?? DEFAULT_LIMIT;
  const start = (page - 1) * pageSize;
  return {
    data: items.slice(start, start + pageSize).map(view),
    meta: { page, pageSize, total: items.length },
  };
}

/** True when every given filter equals the record's field. */
export function matchesFilters<T extends object>(record: T, filters: Partial<T>): boolean {
  return (Object.keys(filters) as (keyof T)[]).every(
    (key) => filters[key] === undefined || filters[key] === record[key],
  );
}
