/**
 * The HTTP client of the Khountous read API (v1). It knows requests and
 * responses, nothing else: no cache, no budget (the loader's work).
 *
 * - Requests are built from the endpoint table (endpoints.ts): parameters
 *   are checked before anything is sent; a bad one rejects with
 *   KhountousError('invalid-parameter') and never reaches `fetch`.
 * - Requests are anonymous and cookie-free (`credentials: 'omit'`,
 *   `mode: 'cors'`); the caller's AbortSignal is passed through.
 * - Responses are checked: status, content type, JSON syntax, then the schema.
 * - Each call returns the data with the status, the ETag and what the
 *   X-RateLimit-* headers said (when CORS exposes them).
 */
import * as v from 'valibot';
import { describe, urlOf, type Resource, type Target } from './endpoints.js';
import { KhountousError, abortError, invalid, isKhountousError, type RateLimit } from './errors.js';
import { checkBaseUrl, matching, oneOf } from './params.js';
import { apiErrorBodySchema, datasetJsonSchema, reportSchema } from './schemas.js';
import {
  DATASET_FORMATS,
  LANGS,
  RATE_LIMIT_HEADERS,
  REGION_CODES,
  REPORT_CATEGORIES,
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

/** How requests go out: the fetch to use and the clock (for `resetAt` from Retry-After). */
export interface Transport {
  fetch?: FetchLike | undefined;
  now?: (() => number) | undefined;
}

export interface ClientOptions extends Transport {
  /** The API base URL ending with `/v1`: http(s), or an absolute path such as `/v1`. */
  baseUrl: string;
  /** A key for `Authorization: Bearer`; required by `submitReport` only. Keep partner keys on servers. */
  apiKey?: string;
}

/** @public (named by KhountousClient) */
export interface DatasetByFormat {
  json: DatasetJson;
  csv: string;
  xlsx: ArrayBuffer;
}

/** @public (named by KhountousClient) */
export interface LangParams {
  lang?: Lang;
}

type Call<T> = Promise<ApiResponse<T>>;

export interface KhountousClient {
  readonly baseUrl: string;
  administrations(
    query?: AdministrationsQuery,
    options?: CallOptions<ListEnvelope<AdministrationListItem>>,
  ): Call<ListEnvelope<AdministrationListItem>>;
  administration(
    slug: string,
    params?: LangParams,
    options?: CallOptions<Administration>,
  ): Call<Administration>;
  reports(
    query?: ReportsQuery,
    options?: CallOptions<ListEnvelope<ReportListItem>>,
  ): Call<ListEnvelope<ReportListItem>>;
  report(slug: string, params?: LangParams, options?: CallOptions<Report>): Call<Report>;
  verifications(
    query?: VerificationsQuery,
    options?: CallOptions<ListEnvelope<FactCheck>>,
  ): Call<ListEnvelope<FactCheck>>;
  regions(
    params?: LangParams,
    options?: CallOptions<ListEnvelope<RegionStats>>,
  ): Call<ListEnvelope<RegionStats>>;
  dataset<F extends DatasetFormat = 'json'>(
    id: string,
    format?: F,
    options?: CallOptions<DatasetByFormat[F]>,
  ): Call<DatasetByFormat[F]>;
  /** The URL of a dataset download, for a plain link. */
  datasetUrl(id: string, format?: DatasetFormat): string;
  /** POST /khountous with the partner key. Refused without `apiKey`. */
  submitReport(body: ReportSubmission, options?: { signal?: AbortSignal }): Call<Report>;
}

// ---------------------------------------------------------------------------
// Responses

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Wait after a 429 that announced no reset at all. */
const UNKNOWN_RESET_WAIT = 5 * 60 * 1000;

/** How a successful body is read and checked. */
type BodyReader<T> = (response: Response) => Promise<T>;

function expectType(response: Response, pattern: RegExp, what: string): void {
  const type = response.headers.get('Content-Type') ?? '';
  if (!pattern.test(type)) {
    throw new KhountousError('invalid-response', `Expected ${what}, got content type "${type || 'none'}".`, {
      status: response.status,
    });
  }
}

/** A body read as `read` gives it, after a check of its content type. */
const bodyOf =
  <T>(pattern: RegExp, what: string, read: (response: Response) => Promise<T>): BodyReader<T> =>
  async (response) => {
    expectType(response, pattern, what);
    try {
      return await read(response);
    } catch (cause) {
      // A failure while reading is a network error (connection reset) or an abort.
      if (isAbort(cause)) throw new KhountousError('aborted', 'The request was aborted.', { cause });
      throw new KhountousError('network', 'The connection failed while reading the response.', {
        status: response.status,
        cause,
      });
    }
  };

const textBody = bodyOf(JSON_TYPE, 'JSON', (response) => response.text());

/** A JSON body that must match `schema`. */
function jsonBody<T>(schema: v.GenericSchema<unknown, T>): BodyReader<T> {
  return async (response) => {
    const text = await textBody(response);
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
    if (result.success) return result.output;
    const issue = result.issues[0];
    throw new KhountousError(
      'invalid-response',
      `The response does not match its schema at ${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`,
      { status: response.status },
    );
  };
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function readInteger(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  return raw !== null && /^\s*\d+\s*$/.test(raw) ? Number(raw) : undefined;
}

/** The X-RateLimit-* headers, when all three are present and numeric. */
function readRateLimit(headers: Headers): RateLimit | undefined {
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

const KIND_OF_STATUS: Record<number, KhountousError['kind']> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  429: 'quota',
};

/** The error for a non-success status, with what the error body says when it says it. */
async function errorFor(response: Response, now: number): Promise<KhountousError> {
  const status = response.status;
  let message = `The API answered ${status}.`;
  let details: Record<string, unknown> = { status };
  if (JSON_TYPE.test(response.headers.get('Content-Type') ?? '')) {
    try {
      const body = v.safeParse(apiErrorBodySchema, await response.json());
      if (body.success) {
        const { message: said, param, code } = body.output.error;
        message = said;
        details = { ...details, param, code };
      }
    } catch {
      // an unreadable error body changes nothing
    }
  }
  details['rateLimit'] = readRateLimit(response.headers);
  if (status === 429) details['resetAt'] = readQuotaReset(response.headers, now);
  for (const name in details) if (details[name] === undefined) delete details[name];
  const kind = KIND_OF_STATUS[status] ?? (status >= 500 ? 'server' : status >= 400 ? 'bad-request' : 0);
  if (!kind) return new KhountousError('invalid-response', `Unexpected status ${status}.`, { status });
  return new KhountousError(kind, message, details);
}

// ---------------------------------------------------------------------------
// Requests

interface Request<T> {
  url: string;
  read: BodyReader<T>;
  method?: 'GET' | 'POST';
  accept?: string;
  apiKey?: string | undefined;
  body?: unknown;
}

async function call<T>(transport: Transport, request: Request<T>, options: CallOptions<T> = {}): Call<T> {
  const { signal, cached, reload } = options;
  const { method = 'GET', accept = 'application/json', apiKey, body } = request;
  if (signal?.aborted) throw abortError(signal);
  const headers: Record<string, string> = { Accept: accept };
  if (apiKey !== undefined) headers['Authorization'] = `Bearer ${apiKey}`;
  if (cached) headers['If-None-Match'] = cached.etag;
  const init: RequestInit = { method, headers, credentials: 'omit', mode: 'cors' };
  if (reload) init.cache = 'reload';
  if (signal) init.signal = signal;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const fetchImpl = transport.fetch ?? ((input, init) => (globalThis.fetch as FetchLike)(input, init));
  const aborted = (error: unknown) => (signal?.aborted ? abortError(signal) : error);
  let response: Response;
  try {
    response = await fetchImpl(request.url, init);
  } catch (cause) {
    if (signal?.aborted || isKhountousError(cause)) throw aborted(cause);
    if (isAbort(cause)) throw new KhountousError('aborted', 'The request was aborted.', { cause });
    throw new KhountousError('network', 'The API could not be reached (offline, CORS or connection reset).', {
      cause,
    });
  }
  const rateLimit = readRateLimit(response.headers);
  const etag = response.headers.get('ETag') ?? undefined;
  const meta = { status: response.status, ...(etag ? { etag } : {}), ...(rateLimit ? { rateLimit } : {}) };
  if (response.status === 304 && cached) {
    return { ...meta, etag: etag ?? cached.etag, data: cached.data, notModified: true };
  }
  try {
    if (response.status < 200 || response.status > 299)
      throw await errorFor(response, (transport.now ?? Date.now)());
    return { ...meta, data: await request.read(response) };
  } catch (error) {
    throw aborted(error);
  }
}

/** GET of a target, its JSON body checked against its endpoint's schema. */
export function get<T>(transport: Transport, target: Target, options?: CallOptions<T>): Call<T> {
  return call(
    transport,
    { url: urlOf(target), read: jsonBody(target.ep.schema as v.GenericSchema<unknown, T>) },
    options,
  );
}

/** The URL of a dataset download, for a plain link. */
export function datasetUrl(baseUrl: string, id: string, format: DatasetFormat = 'json'): string {
  const target = describe({ kind: 'dataset', id }, baseUrl);
  return urlOf({ ...target, query: { format: oneOf(DATASET_FORMATS)(format, 'format') } });
}

// ---------------------------------------------------------------------------
// The client of direct calls (widgets use the loader, which calls `get`)

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const datasetReaders = (): {
  [F in DatasetFormat]: [accept: string, read: BodyReader<DatasetByFormat[F]>];
} => ({
  json: ['application/json', jsonBody(datasetJsonSchema)],
  csv: ['text/csv', bodyOf(/^(?:text\/csv|application\/csv|text\/plain)\s*(?:;|$)/i, 'CSV', (r) => r.text())],
  xlsx: [
    XLSX_MIME,
    bodyOf(
      /^(?:application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet|application\/octet-stream)\s*(?:;|$)/i,
      'a spreadsheet',
      (r) => r.arrayBuffer(),
    ),
  ],
});

const text = (param: string, max: number) => (value: unknown) => {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max) {
    throw invalid(param, `${param} must be a non-empty text of at most ${max} characters.`);
  }
  return value;
};

/** The checks of a report submission, field by field. */
const submissionChecks = (): Record<keyof ReportSubmission, (value: unknown, param: string) => unknown> => ({
  title: text('title', 200),
  description: text('description', 5000),
  category: oneOf(REPORT_CATEGORIES),
  region: oneOf(REGION_CODES),
  administration: matching(SLUG_PATTERN, 'an administration slug'),
  lang: oneOf(LANGS),
});

export function createClient(clientOptions: ClientOptions): KhountousClient {
  const baseUrl = checkBaseUrl(clientOptions.baseUrl);
  const { apiKey } = clientOptions;
  if (apiKey !== undefined && (typeof apiKey !== 'string' || !/^[\x21-\x7e]+$/.test(apiKey))) {
    throw invalid('apiKey', 'The API key must be a non-empty printable ASCII string.');
  }
  const send = async <T>(resource: Resource, options?: CallOptions<T>, format?: DatasetFormat) => {
    const target = describe(resource, baseUrl);
    if (!format)
      return call<T>(
        clientOptions,
        { url: urlOf(target), read: jsonBody(target.ep.schema as v.GenericSchema<unknown, T>), apiKey },
        options,
      );
    const [accept, read] = datasetReaders()[format];
    return call<T>(
      clientOptions,
      {
        url: datasetUrl(baseUrl, target.ids['id'] as string, format),
        read: read as BodyReader<T>,
        accept,
        apiKey,
      },
      options,
    );
  };
  const list =
    (kind: 'administrations' | 'reports' | 'verifications') =>
    (query?: object, options?: CallOptions<never>) =>
      send({ kind, query } as Resource, options);
  const item =
    (kind: 'administration' | 'report') =>
    (slug: string, params?: LangParams, options?: CallOptions<never>) =>
      send({ kind, slug, ...params }, options);
  return {
    baseUrl,
    administrations: list('administrations'),
    administration: item('administration'),
    reports: list('reports'),
    report: item('report'),
    verifications: list('verifications'),
    regions: (params, options) => send({ kind: 'regions', ...params }, options),
    dataset: async (id, format = 'json' as never, options) =>
      send({ kind: 'dataset', id }, options, oneOf(DATASET_FORMATS)(format, 'format') as DatasetFormat),
    datasetUrl: (id, format) => datasetUrl(baseUrl, id, format),
    async submitReport(body, options = {}) {
      if (apiKey === undefined) {
        throw invalid(
          'apiKey',
          'Submitting a report needs a partner key; do it from a server, never from a page.',
        );
      }
      if (typeof body !== 'object' || body === null) throw invalid('body', 'The report must be an object.');
      const checked: Record<string, unknown> = {};
      for (const [param, check] of Object.entries(submissionChecks())) {
        checked[param] = check((body as unknown as Record<string, unknown>)[param], param);
      }
      return call(
        clientOptions,
        {
          method: 'POST',
          url: `${baseUrl}/khountous`,
          body: checked,
          read: jsonBody(reportSchema),
          apiKey,
        },
        options,
      );
    },
  } as KhountousClient;
}
