/**
 * The typed client of the Khountous read API (v1): one method per endpoint.
 *
 * - Parameters are checked before anything is sent; a bad one throws
 *   KhountousError('invalid-parameter') and never reaches `fetch`.
 * - Requests are anonymous and cookie-free (`credentials: 'omit'`,
 *   `mode: 'cors'`); the caller's AbortSignal is passed through.
 * - Responses are checked: status, content type, JSON syntax, then the schema.
 * - Each call returns the data with the status, the ETag and what the
 *   X-RateLimit-* headers said (when CORS exposes them).
 *
 * The client has no cache and no budget: that is the loader's work.
 */

import * as v from 'valibot';
import { KhountousError, abortError, isKhountousError } from './errors.js';
import {
  administrationListSchema,
  administrationSchema,
  apiErrorBodySchema,
  datasetJsonSchema,
  factCheckListSchema,
  regionListSchema,
  reportListSchema,
  reportSchema,
} from './schemas.js';
import {
  DATASET_FORMATS,
  DATASET_ID_PATTERN,
  LANGS,
  LEVELS,
  MAX_ID_LENGTH,
  MAX_LIMIT,
  PERIOD_PATTERN,
  RATE_LIMIT_HEADERS,
  REGION_CODES,
  REPORT_CATEGORIES,
  REPORT_STATUSES,
  SECTORS,
  SLUG_PATTERN,
  type Administration,
  type AdministrationListItem,
  type AdministrationsQuery,
  type DatasetFormat,
  type DatasetJson,
  type FactCheck,
  type Lang,
  type ListEnvelope,
  type RegionStats,
  type Report,
  type ReportListItem,
  type ReportSubmission,
  type ReportsQuery,
  type VerificationsQuery,
} from './types.js';

// ---------------------------------------------------------------------------
// Public types

/** What the X-RateLimit-* headers of a response said. */
export interface RateLimit {
  /** Requests allowed in the window. */
  limit: number;
  /** Requests left after this one. */
  remaining: number;
  /** Epoch ms when one more request becomes available. */
  resetAt: number;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  etag?: string;
  rateLimit?: RateLimit;
  /** True after a 304: `data` is the cached data given in `cached`. */
  notModified?: boolean;
}

export interface CallOptions<T> {
  signal?: AbortSignal;
  /** A cached copy: its ETag goes out as If-None-Match, and a 304 answers with its data. */
  cached?: { etag: string; data: T };
  /**
   * Bypasses the browser's HTTP cache (`cache: 'reload'`): for an attempt that
   * follows a failure, which the browser may have stored (a cacheable error
   * page, an answer refused by CORS).
   */
  reload?: boolean;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /** The API base URL ending with `/v1`: http(s), or an absolute path such as `/v1`. */
  baseUrl: string;
  /** Defaults to the global `fetch`. */
  fetch?: FetchLike;
  /** A key for `Authorization: Bearer`; required by `submitReport` only. Keep partner keys on servers. */
  apiKey?: string;
  /** Clock, for `resetAt` derived from Retry-After. Defaults to `Date.now`. */
  now?: () => number;
}

export interface DatasetByFormat {
  json: DatasetJson;
  csv: string;
  xlsx: ArrayBuffer;
}

export interface LangParams {
  lang?: Lang;
}

export interface KhountousClient {
  readonly baseUrl: string;
  administrations(
    query?: AdministrationsQuery,
    options?: CallOptions<ListEnvelope<AdministrationListItem>>,
  ): Promise<ApiResponse<ListEnvelope<AdministrationListItem>>>;
  administration(
    slug: string,
    params?: LangParams,
    options?: CallOptions<Administration>,
  ): Promise<ApiResponse<Administration>>;
  reports(
    query?: ReportsQuery,
    options?: CallOptions<ListEnvelope<ReportListItem>>,
  ): Promise<ApiResponse<ListEnvelope<ReportListItem>>>;
  report(slug: string, params?: LangParams, options?: CallOptions<Report>): Promise<ApiResponse<Report>>;
  verifications(
    query?: VerificationsQuery,
    options?: CallOptions<ListEnvelope<FactCheck>>,
  ): Promise<ApiResponse<ListEnvelope<FactCheck>>>;
  regions(
    params?: LangParams,
    options?: CallOptions<ListEnvelope<RegionStats>>,
  ): Promise<ApiResponse<ListEnvelope<RegionStats>>>;
  dataset<F extends DatasetFormat = 'json'>(
    id: string,
    format?: F,
    options?: CallOptions<DatasetByFormat[F]>,
  ): Promise<ApiResponse<DatasetByFormat[F]>>;
  /** The URL of a dataset download, for a plain link. */
  datasetUrl(id: string, format?: DatasetFormat): string;
  /** POST /khountous with the partner key. Refused without `apiKey`. */
  submitReport(body: ReportSubmission, options?: { signal?: AbortSignal }): Promise<ApiResponse<Report>>;
}

// ---------------------------------------------------------------------------
// Parameter checks (shared with the loader)

function invalid(param: string, message: string): KhountousError {
  return new KhountousError('invalid-parameter', message, { param });
}

/** Validates and normalizes a base URL: http(s) URL or absolute path, no query, no trailing slash. */
export function checkBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') {
    throw invalid('baseUrl', 'The base URL is missing.');
  }
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  const absolute = /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/i.test(trimmed);
  const path = /^\/(?!\/)[^?#\s]*$/.test(trimmed);
  if (!absolute && !path) {
    throw invalid('baseUrl', `The base URL must be an http(s) URL or an absolute path, not "${baseUrl}".`);
  }
  if (absolute) {
    try {
      const url = new URL(trimmed);
      if (url.username || url.password) throw new Error('credentials');
    } catch {
      throw invalid('baseUrl', `The base URL "${baseUrl}" is not a valid URL.`);
    }
  }
  return trimmed;
}

type Check = (value: unknown, param: string) => string | number;

const integerIn =
  (min: number, max: number): Check =>
  (value, param) => {
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
      throw invalid(param, `${param} must be an integer from ${min} to ${max}.`);
    }
    return n;
  };

const oneOf =
  (values: readonly string[]): Check =>
  (value, param) => {
    if (typeof value !== 'string' || !values.includes(value)) {
      throw invalid(param, `${param} must be one of ${values.join(', ')}.`);
    }
    return value;
  };

const matching =
  (pattern: RegExp, what: string, maxLength = MAX_ID_LENGTH): Check =>
  (value, param) => {
    if (typeof value !== 'string' || value.length > maxLength || !pattern.test(value)) {
      throw invalid(param, `${param} must be ${what}.`);
    }
    return value;
  };

const checkPage = integerIn(1, Number.MAX_SAFE_INTEGER);
const checkLimit = integerIn(1, MAX_LIMIT);
const checkLangValue = oneOf(LANGS);

const ADMINISTRATIONS_QUERY: Record<keyof AdministrationsQuery, Check> = {
  page: checkPage,
  limit: checkLimit,
  region: oneOf(REGION_CODES),
  sector: oneOf(SECTORS),
  level: oneOf(LEVELS),
  lang: checkLangValue,
};

const REPORTS_QUERY: Record<keyof ReportsQuery, Check> = {
  page: checkPage,
  limit: checkLimit,
  region: oneOf(REGION_CODES),
  category: oneOf(REPORT_CATEGORIES),
  status: oneOf(REPORT_STATUSES),
  period: matching(PERIOD_PATTERN, 'a year (2026) or a month (2026-03)', 7),
  lang: checkLangValue,
};

const VERIFICATIONS_QUERY: Record<keyof VerificationsQuery, Check> = {
  page: checkPage,
  limit: checkLimit,
  lang: checkLangValue,
};

/** Keeps the known parameters that are set, checked; unknown keys are ignored. */
function checkQuery<Q extends object>(spec: Record<keyof Q, Check>, query: unknown): Q {
  if (query !== undefined && query !== null && typeof query !== 'object') {
    throw invalid('query', 'The query must be an object.');
  }
  const source = (query ?? {}) as Record<string, unknown>;
  const checked: Record<string, string | number> = {};
  for (const [param, check] of Object.entries(spec) as [string, Check][]) {
    const value = source[param];
    if (value !== undefined && value !== null) checked[param] = check(value, param);
  }
  return checked as Q;
}

export const checkAdministrationsQuery = (query?: unknown): AdministrationsQuery =>
  checkQuery<AdministrationsQuery>(ADMINISTRATIONS_QUERY, query);
export const checkReportsQuery = (query?: unknown): ReportsQuery =>
  checkQuery<ReportsQuery>(REPORTS_QUERY, query);
export const checkVerificationsQuery = (query?: unknown): VerificationsQuery =>
  checkQuery<VerificationsQuery>(VERIFICATIONS_QUERY, query);
export const checkLangParams = (params?: unknown): LangParams =>
  checkQuery<LangParams>({ lang: checkLangValue }, params);

export function checkSlug(slug: unknown): string {
  return matching(SLUG_PATTERN, 'a slug (lower-case letters, digits and hyphens)')(slug, 'slug') as string;
}

export function checkDatasetId(id: unknown): string {
  return matching(DATASET_ID_PATTERN, 'a dataset id (lower-case letters, digits and hyphens)')(
    id,
    'id',
  ) as string;
}

export function checkFormat(format: unknown = 'json'): DatasetFormat {
  return oneOf(DATASET_FORMATS)(format, 'format') as DatasetFormat;
}

function checkSubmission(body: unknown): ReportSubmission {
  if (typeof body !== 'object' || body === null) throw invalid('body', 'The report must be an object.');
  const source = body as Record<string, unknown>;
  const text = (param: string, max: number): string => {
    const value = source[param];
    if (typeof value !== 'string' || value.trim() === '' || value.length > max) {
      throw invalid(param, `${param} must be a non-empty text of at most ${max} characters.`);
    }
    return value;
  };
  return {
    title: text('title', 200),
    description: text('description', 5000),
    category: oneOf(REPORT_CATEGORIES)(source['category'], 'category') as ReportSubmission['category'],
    region: oneOf(REGION_CODES)(source['region'], 'region') as ReportSubmission['region'],
    administration: matching(SLUG_PATTERN, 'an administration slug')(
      source['administration'],
      'administration',
    ) as string,
    lang: checkLangValue(source['lang'], 'lang') as Lang,
  };
}

// ---------------------------------------------------------------------------
// Response handling

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const CSV_TYPE = /^(?:text\/csv|application\/csv|text\/plain)\s*(?:;|$)/i;
const XLSX_TYPE =
  /^(?:application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet|application\/octet-stream)\s*(?:;|$)/i;

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ACCEPT: Record<DatasetFormat, string> = {
  json: 'application/json',
  csv: 'text/csv',
  xlsx: XLSX_MIME,
};

/** Wait after a 429 that announced no reset at all. */
const UNKNOWN_RESET_WAIT = 5 * 60 * 1000;

/** How a successful body is read and checked. */
type BodyReader<T> = (response: Response) => Promise<T>;

function jsonBody<T>(schema: v.GenericSchema<unknown, T>): BodyReader<T> {
  return async (response) => {
    expectType(response, JSON_TYPE, 'JSON');
    const text = await readBody(response, () => response.text());
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (cause) {
      throw new KhountousError(
        'invalid-response',
        'The response is not valid JSON (malformed or truncated).',
        {
          status: response.status,
          cause,
        },
      );
    }
    const result = v.safeParse(schema, json);
    if (!result.success) {
      const issue = result.issues[0];
      const path = v.getDotPath(issue) ?? '(root)';
      throw new KhountousError(
        'invalid-response',
        `The response does not match its schema at ${path}: ${issue.message}`,
        {
          status: response.status,
        },
      );
    }
    return result.output;
  };
}

const csvBody: BodyReader<string> = async (response) => {
  expectType(response, CSV_TYPE, 'CSV');
  return readBody(response, () => response.text());
};

const xlsxBody: BodyReader<ArrayBuffer> = async (response) => {
  expectType(response, XLSX_TYPE, 'a spreadsheet');
  return readBody(response, () => response.arrayBuffer());
};

function expectType(response: Response, pattern: RegExp, what: string): void {
  const type = response.headers.get('Content-Type') ?? '';
  if (!pattern.test(type)) {
    throw new KhountousError('invalid-response', `Expected ${what}, got content type "${type || 'none'}".`, {
      status: response.status,
    });
  }
}

/** Reads a body; a failure while reading is a network error (connection reset) or an abort. */
async function readBody<T>(response: Response, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (cause) {
    if (isAbort(cause)) throw new KhountousError('aborted', 'The request was aborted.', { cause });
    throw new KhountousError('network', 'The connection failed while reading the response.', {
      status: response.status,
      cause,
    });
  }
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function readInteger(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return undefined;
  return Number(raw);
}

/** The X-RateLimit-* headers, when all three are present and numeric. */
export function readRateLimit(headers: Headers): RateLimit | undefined {
  const limit = readInteger(headers, RATE_LIMIT_HEADERS.limit);
  const remaining = readInteger(headers, RATE_LIMIT_HEADERS.remaining);
  const reset = readInteger(headers, RATE_LIMIT_HEADERS.reset);
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  return { limit, remaining, resetAt: reset * 1000 };
}

/** When a 429 says data can be fetched again: Retry-After, else X-RateLimit-Reset, else a default wait. */
export function readQuotaReset(headers: Headers, now: number): number {
  const retryAfter = headers.get('Retry-After');
  if (retryAfter !== null) {
    if (/^\s*\d+\s*$/.test(retryAfter)) return now + Number(retryAfter) * 1000;
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(now, date);
  }
  const reset = readInteger(headers, RATE_LIMIT_HEADERS.reset);
  if (reset !== undefined) return Math.max(now, reset * 1000);
  return now + UNKNOWN_RESET_WAIT;
}

/** The error for a non-success status, with what the error body says when it says it. */
async function errorFor(response: Response, now: number): Promise<KhountousError> {
  const status = response.status;
  let message = `The API answered ${status}.`;
  let param: string | undefined;
  let code: KhountousError['code'];
  if (JSON_TYPE.test(response.headers.get('Content-Type') ?? '')) {
    try {
      const body = v.safeParse(apiErrorBodySchema, await response.json());
      if (body.success) {
        message = body.output.error.message;
        param = body.output.error.param;
        code = body.output.error.code;
      }
    } catch {
      // an unreadable error body changes nothing
    }
  }
  const rateLimit = readRateLimit(response.headers);
  const details = {
    status,
    ...(param === undefined ? {} : { param }),
    ...(code === undefined ? {} : { code }),
    ...(rateLimit === undefined ? {} : { rateLimit }),
  };
  if (status === 429)
    return new KhountousError('quota', message, {
      ...details,
      resetAt: readQuotaReset(response.headers, now),
    });
  if (status === 401) return new KhountousError('unauthorized', message, details);
  if (status === 403) return new KhountousError('forbidden', message, details);
  if (status === 404) return new KhountousError('not-found', message, details);
  if (status >= 500) return new KhountousError('server', message, details);
  if (status >= 400) return new KhountousError('bad-request', message, details);
  return new KhountousError('invalid-response', `Unexpected status ${status}.`, { status });
}

// ---------------------------------------------------------------------------
// The client

interface Call<T> {
  method?: 'GET' | 'POST';
  path: string;
  params?: object;
  read: BodyReader<T>;
  accept?: string;
  body?: unknown;
  options?: CallOptions<T>;
}

export function createClient(clientOptions: ClientOptions): KhountousClient {
  const baseUrl = checkBaseUrl(clientOptions.baseUrl);
  const fetchImpl: FetchLike =
    clientOptions.fetch ?? ((input, init) => (globalThis.fetch as FetchLike)(input, init));
  const now = clientOptions.now ?? Date.now;
  const apiKey = clientOptions.apiKey;
  if (apiKey !== undefined && (typeof apiKey !== 'string' || !/^[\x21-\x7e]+$/.test(apiKey))) {
    throw invalid('apiKey', 'The API key must be a non-empty printable ASCII string.');
  }

  function url(path: string, params: object = {}): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (value !== undefined) search.set(key, String(value));
    }
    const query = search.toString();
    return `${baseUrl}${path}${query ? `?${query}` : ''}`;
  }

  async function call<T>({
    method = 'GET',
    path,
    params,
    read,
    accept,
    body,
    options = {},
  }: Call<T>): Promise<ApiResponse<T>> {
    const { signal, cached, reload } = options;
    if (signal?.aborted) throw abortError(signal);
    const headers: Record<string, string> = { Accept: accept ?? 'application/json' };
    if (apiKey !== undefined) headers['Authorization'] = `Bearer ${apiKey}`;
    if (cached) headers['If-None-Match'] = cached.etag;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const init: RequestInit = { method, headers, credentials: 'omit', mode: 'cors' };
    if (reload) init.cache = 'reload';
    if (signal) init.signal = signal;
    if (body !== undefined) init.body = JSON.stringify(body);

    let response: Response;
    try {
      response = await fetchImpl(url(path, params), init);
    } catch (cause) {
      if (signal?.aborted) throw abortError(signal);
      if (isKhountousError(cause)) throw cause;
      if (isAbort(cause)) throw new KhountousError('aborted', 'The request was aborted.', { cause });
      throw new KhountousError(
        'network',
        'The API could not be reached (offline, CORS or connection reset).',
        {
          cause,
        },
      );
    }

    const rateLimit = readRateLimit(response.headers);
    const etag = response.headers.get('ETag') ?? undefined;
    const meta = {
      status: response.status,
      ...(etag === undefined ? {} : { etag }),
      ...(rateLimit === undefined ? {} : { rateLimit }),
    };

    if (response.status === 304 && cached) {
      return { ...meta, etag: etag ?? cached.etag, data: cached.data, notModified: true };
    }
    if (response.status < 200 || response.status > 299) {
      const error = await errorFor(response, now());
      if (signal?.aborted) throw abortError(signal);
      throw error;
    }
    try {
      return { ...meta, data: await read(response) };
    } catch (error) {
      if (signal?.aborted) throw abortError(signal);
      throw error;
    }
  }

  const listCall =
    <Q extends object, T>(path: string, check: (query?: unknown) => Q, schema: v.GenericSchema<unknown, T>) =>
    async (query?: Q, options?: CallOptions<T>) =>
      call<T>({ path, params: check(query), read: jsonBody(schema), ...(options ? { options } : {}) });

  const detailCall =
    <T>(path: string, schema: v.GenericSchema<unknown, T>) =>
    async (slug: string, params?: LangParams, options?: CallOptions<T>) =>
      call<T>({
        path: `${path}/${checkSlug(slug)}`,
        params: checkLangParams(params),
        read: jsonBody(schema),
        ...(options ? { options } : {}),
      });

  const readers: { [F in DatasetFormat]: BodyReader<DatasetByFormat[F]> } = {
    json: jsonBody(datasetJsonSchema),
    csv: csvBody,
    xlsx: xlsxBody,
  };

  return {
    baseUrl,
    administrations: listCall('/administrations', checkAdministrationsQuery, administrationListSchema),
    administration: detailCall('/administrations', administrationSchema),
    reports: listCall('/khountous', checkReportsQuery, reportListSchema),
    report: detailCall('/khountous', reportSchema),
    verifications: listCall('/verifications', checkVerificationsQuery, factCheckListSchema),
    regions: async (params, options) =>
      call({
        path: '/regions',
        params: checkLangParams(params),
        read: jsonBody(regionListSchema),
        ...(options ? { options } : {}),
      }),
    async dataset<F extends DatasetFormat = 'json'>(
      id: string,
      format?: F,
      options?: CallOptions<DatasetByFormat[F]>,
    ) {
      const checkedFormat = checkFormat(format) as F;
      return call<DatasetByFormat[F]>({
        path: `/datasets/${checkDatasetId(id)}`,
        params: { format: checkedFormat },
        read: readers[checkedFormat],
        accept: ACCEPT[checkedFormat],
        ...(options ? { options } : {}),
      });
    },
    datasetUrl(id, format = 'json') {
      return url(`/datasets/${checkDatasetId(id)}`, { format: checkFormat(format) });
    },
    async submitReport(body, options = {}) {
      if (apiKey === undefined) {
        throw invalid(
          'apiKey',
          'Submitting a report needs a partner key; do it from a server, never from a page.',
        );
      }
      return call({
        method: 'POST',
        path: '/khountous',
        body: checkSubmission(body),
        read: jsonBody(reportSchema),
        options,
      });
    },
  };
}
