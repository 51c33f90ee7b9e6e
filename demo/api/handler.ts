/**
 * The reference implementation of the Khountous public read API (v1),
 * framework-free: web-standard Request in, Response out.
 *
 * It implements exactly the assumptions of docs/api-assumptions.md, with the
 * shapes of src/core/types.ts. Requests are answered from the deterministic
 * snapshot of ./data.ts plus the reports submitted to this instance.
 */
import { createHash } from 'node:crypto';
import writeExcelFile, { type Cell, type SheetData } from 'write-excel-file/node';
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
  type ApiErrorBody,
  type ApiErrorCode,
  type DatasetCell,
  type DatasetColumn,
  type DatasetFormat,
  type DatasetJson,
  type Lang,
  type Level,
  type ListEnvelope,
  type RegionCode,
  type ReportCategory,
  type ReportStatus,
  type ReportSubmission,
  type Sector,
} from '../../src/core/types.js';
import { RATE_LIMIT_HEADERS, type AccessLevel } from '../../src/core/headers.js';
import {
  REPORT_SLUG_LENGTH,
  administrationListItem,
  administrationView,
  factCheckView,
  getData,
  reportListItem,
  reportView,
  slugify,
  submittedReportRecord,
  type AdministrationRecord,
  type ReportRecord,
} from './data.js';
import { ENDPOINTS, type ResourceKind } from '../../src/core/endpoints.js';
import { clientAddress, trustedProxies, trustedProxiesFromEnv } from './address.js';
import { RateLimiter, maxCallersFromEnv, quotasFromEnv, type QuotaDecision } from './quota.js';
import { DEFAULT_MAX_SUBMITTED_REPORTS, ReportStore, maxSubmittedReportsFromEnv } from './reports.js';

/** The version segment every path starts with. */
export const API_PREFIX = '/v1';

export type KeyLevel = Exclude<AccessLevel, 'anonymous'>;

/** The keys the reference API accepts. */
export const DEMO_KEYS: Readonly<Record<string, KeyLevel>> = {
  'demo-free-key': 'free',
  'demo-partner-key': 'partner',
};

export const MAX_TITLE_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 5_000;
/**
 * Largest accepted body, in bytes; POST /khountous is the only request with
 * one. The largest valid submission, 5,200 characters of 4 bytes in UTF-8,
 * takes about 21 KB.
 */
export const MAX_BODY_BYTES = 32 * 1024;

/** Environment variable that multiplies every freshness time (tests compress time with it). */
export const FRESHNESS_SCALE_ENV = 'KHOUNTOUS_FRESHNESS_SCALE';

/** How long after its freshness an answer may still be served when the API fails: one day. */
const STALE_IF_ERROR_SECONDS = 86_400;

/** KHOUNTOUS_FRESHNESS_SCALE when set (a positive number); 1 otherwise. */
export function freshnessScaleFromEnv(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env[FRESHNESS_SCALE_ENV];
  if (raw === undefined || raw === '') return 1;
  const scale = Number(raw);
  if (!/^\d*\.?\d+$/.test(raw) || !(scale > 0))
    throw new Error(`${FRESHNESS_SCALE_ENV} must be a positive number, got "${raw}".`);
  return scale;
}

/**
 * The Cache-Control of a successful GET of `kind`, for browsers and shared
 * caches alike: public, fresh for the kit's freshness time of the endpoint
 * (src/core/endpoints.ts, times `scale`, in whole seconds, at least 1), then
 * served stale while a refresh runs for as long again, and for a day when
 * the API fails.
 */
export function cacheControlOf(kind: ResourceKind, scale = 1): string {
  const seconds = (value: number) => Math.max(1, Math.round(value * scale));
  const maxAge = seconds(ENDPOINTS[kind].fresh * 60);
  return `public, max-age=${maxAge}, stale-while-revalidate=${maxAge}, stale-if-error=${seconds(STALE_IF_ERROR_SECONDS)}`;
}

const NO_STORE = 'no-store';

export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': [
    RATE_LIMIT_HEADERS.limit,
    RATE_LIMIT_HEADERS.remaining,
    RATE_LIMIT_HEADERS.reset,
    'Retry-After',
    'ETag',
    'Content-Disposition',
    'Location',
  ].join(', '),
} as const;

export const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, If-None-Match',
  'Access-Control-Max-Age': '86400',
} as const;

const JSON_TYPE = 'application/json; charset=utf-8';
const CONTENT_TYPES: Readonly<Record<DatasetFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  json: JSON_TYPE,
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ApiOptions {
  /** The clock, in milliseconds since the Unix epoch (tests pass a fake one). */
  now?: () => number;
  /** Quotas per access level; they override the environment and the defaults. */
  quotas?: Partial<Record<AccessLevel, number>>;
  /** Accepted API keys and their levels; DEMO_KEYS by default. */
  keys?: Readonly<Record<string, KeyLevel>>;
  /** Where the KHOUNTOUS_* variables are read; `process.env` by default. */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * Addresses of the proxies the API runs behind, whose X-Forwarded-For is
   * believed; they override KHOUNTOUS_TRUSTED_PROXIES. None by default.
   */
  trustedProxies?: readonly string[];
  /** Callers the quota remembers per access level (KHOUNTOUS_QUOTA_MAX_CALLERS, 100,000). */
  maxCallers?: number;
  /** Multiplies the max-age of every answer (KHOUNTOUS_FRESHNESS_SCALE, 1). */
  freshnessScale?: number;
  /**
   * Submitted reports kept at most; past that the oldest leaves
   * (KHOUNTOUS_MAX_SUBMITTED_REPORTS, 1,000).
   */
  maxSubmittedReports?: number;
}

export interface KhountousApi {
  /**
   * Answers `request`, which came from `peerAddress` (the connection's remote
   * address); the quota's caller is derived from it (demo/api/address.ts).
   */
  handle(request: Request, peerAddress: string): Promise<Response>;
  /** Forgets the submitted reports and every quota. */
  reset(): void;
}

// ---------------------------------------------------------------------------
// Replies and errors

type Bytes = Uint8Array<ArrayBuffer>;

interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | Bytes | null;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly param?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const badRequest = (param: string, message: string): ApiError =>
  new ApiError(400, 'bad_request', message, param);

const notFound = (message: string): ApiError => new ApiError(404, 'not_found', message);

function errorReply(error: ApiError): Reply {
  const body: ApiErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.param === undefined ? {} : { param: error.param }),
    },
  };
  return {
    status: error.status,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': NO_STORE, ...error.headers },
    body: JSON.stringify(body),
  };
}

function rateLimitHeaders(decision: QuotaDecision): Record<string, string> {
  return {
    [RATE_LIMIT_HEADERS.limit]: String(decision.limit),
    [RATE_LIMIT_HEADERS.remaining]: String(decision.remaining),
    [RATE_LIMIT_HEADERS.reset]: String(decision.resetSeconds),
  };
}

function rateLimitedError(decision: QuotaDecision, level: AccessLevel): ApiError {
  const retryAfter = decision.retryAfterSeconds ?? 1;
  return new ApiError(
    429,
    'rate_limited',
    `The quota of ${decision.limit} requests of the ${level} access level is used up; retry in ${retryAfter} s.`,
    undefined,
    { 'Retry-After': String(retryAfter) },
  );
}

/** A strong validator: a hash of the body's bytes. */
function entityTag(body: string | Bytes): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** True when an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks). */
function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** A cacheable GET reply: ETag and Cache-Control, or 304 when the client has it. */
function cacheableReply(
  request: Request,
  body: string | Bytes,
  headers: Record<string, string>,
  cacheControl: string,
): Reply {
  const etag = entityTag(body);
  const validators = { ETag: etag, 'Cache-Control': cacheControl };
  if (matchesIfNoneMatch(request.headers.get('If-None-Match'), etag)) {
    return { status: 304, headers: validators, body: null };
  }
  return { status: 200, headers: { ...headers, ...validators }, body };
}

const jsonResource = (request: Request, value: unknown, cacheControl: string): Reply =>
  cacheableReply(request, JSON.stringify(value), { 'Content-Type': JSON_TYPE }, cacheControl);

// ---------------------------------------------------------------------------
// Query parameters

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

function oneOf<T extends string>(param: string, values: readonly T[]) {
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
function parseQuery(params: URLSearchParams, allowed: readonly QueryParam[]): QueryValues {
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

const LIST_PARAMS = ['page', 'limit', 'lang'] as const satisfies readonly QueryParam[];

function paginate<T, U>(items: readonly T[], query: QueryValues, view: (item: T) => U): ListEnvelope<U> {
  const page = query.page ?? 1;
  const pageSize = query.limit ?? DEFAULT_LIMIT;
  const start = (page - 1) * pageSize;
  return {
    data: items.slice(start, start + pageSize).map(view),
    meta: { page, pageSize, total: items.length },
  };
}

/** True when every given filter equals the record's field. */
function matchesFilters<T extends object>(record: T, filters: Partial<T>): boolean {
  return (Object.keys(filters) as (keyof T)[]).every(
    (key) => filters[key] === undefined || filters[key] === record[key],
  );
}

// ---------------------------------------------------------------------------
// Datasets

/**
 * What a spreadsheet reads as the start of a formula in a text cell: OWASP's
 * list (=, +, -, @, tab, carriage return) and the full-width forms of the
 * first four, which some locales of Excel accept as well.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A text cell that a spreadsheet would read as a formula gets a leading single
 * quote (OWASP's advice on CSV injection), so that it is shown as text, never
 * computed. Numbers are written as numbers, a negative one included.
 */
function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function csvField(value: DatasetCell): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : neutraliseCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180: CRLF line ends, a header row of column keys; a BOM so Excel reads UTF-8. */
export function toCsv(dataset: DatasetJson): string {
  const keys = dataset.columns.map((column) => column.key);
  const lines = [
    keys.map(csvField).join(','),
    ...dataset.rows.map((row) => keys.map((key) => csvField(row[key] ?? null)).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function xlsxCell(value: DatasetCell, type: DatasetColumn['type']): Cell {
  if (value === null) return null;
  if (type === 'date' && typeof value === 'string') {
    return { value: new Date(value), type: Date, format: 'yyyy-mm-dd hh:mm' };
  }
  return value;
}

async function toXlsx(dataset: DatasetJson): Promise<Bytes> {
  const header: Cell[] = dataset.columns.map((column) => ({ value: column.key, fontWeight: 'bold' }));
  const rows: SheetData = dataset.rows.map((row) =>
    dataset.columns.map((column) => xlsxCell(row[column.key] ?? null, column.type)),
  );
  const buffer = await writeExcelFile([header, ...rows], {
    sheet: dataset.id.slice(0, 31),
    stickyRowsCount: 1,
  }).toBuffer();
  return new Uint8Array(buffer);
}

const SERIALIZERS: Readonly<Record<DatasetFormat, (dataset: DatasetJson) => Promise<string | Bytes>>> = {
  csv: async (dataset) => toCsv(dataset),
  json: async (dataset) => JSON.stringify(dataset),
  xlsx: toXlsx,
};

/**
 * Serialized datasets, built once per process: the snapshot never changes,
 * and a workbook carries its build time, so building it once keeps every
 * response (and its ETag) identical within a process.
 */
const serializedDatasets = new Map<string, Promise<string | Bytes>>();

function serializeDataset(dataset: DatasetJson, format: DatasetFormat): Promise<string | Bytes> {
  const key = `${dataset.id}.${format}`;
  let body = serializedDatasets.get(key);
  if (!body) {
    body = SERIALIZERS[format](dataset);
    serializedDatasets.set(key, body);
  }
  return body;
}

const contentDisposition = (id: string, format: DatasetFormat): string =>
  `${format === 'json' ? 'inline' : 'attachment'}; filename="${id}.${format}"`;

// ---------------------------------------------------------------------------
// Report submissions

const SUBMISSION_FIELDS = [
  'title',
  'description',
  'category',
  'region',
  'administration',
  'lang',
] as const satisfies readonly (keyof ReportSubmission)[];

/** A non-empty string of at most `maxLength` characters (code points, once trimmed). */
function requiredText(body: Record<string, unknown>, field: string, maxLength: number): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw badRequest(field, `${field} must be a non-empty string.`);
  }
  const length = [...value.trim()].length;
  if (length > maxLength) {
    throw badRequest(field, `${field} must not exceed ${maxLength} characters, got ${length}.`);
  }
  return value;
}

function requiredChoice<T extends string>(
  body: Record<string, unknown>,
  field: string,
  values: readonly T[],
): T {
  const value = body[field];
  if (typeof value !== 'string') throw badRequest(field, `${field} must be a string.`);
  return oneOf(field, values)(value);
}

function knownAdministration(body: Record<string, unknown>, slugs: ReadonlyMap<string, unknown>): string {
  const value = body.administration;
  if (typeof value !== 'string') throw badRequest('administration', 'administration must be a string.');
  if (!slugs.has(value)) {
    throw badRequest('administration', `No administration has the slug "${value}".`);
  }
  return value;
}

function parseJsonObject(text: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('body', 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('body', 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

/** Validates a ReportSubmission: exactly its fields, each of the right type and value. */
function parseSubmission(text: string, administrations: ReadonlyMap<string, unknown>): ReportSubmission {
  const body = parseJsonObject(text);
  const unknown = Object.keys(body).find(
    (field) => !(SUBMISSION_FIELDS as readonly string[]).includes(field),
  );
  if (unknown !== undefined) throw badRequest(unknown, `Unknown field "${unknown}".`);
  const missing = SUBMISSION_FIELDS.find((field) => !Object.hasOwn(body, field));
  if (missing !== undefined) throw badRequest(missing, `The field "${missing}" is required.`);
  return {
    title: requiredText(body, 'title', MAX_TITLE_LENGTH),
    description: requiredText(body, 'description', MAX_DESCRIPTION_LENGTH),
    category: requiredChoice(body, 'category', REPORT_CATEGORIES),
    region: requiredChoice(body, 'region', REGION_CODES),
    administration: knownAdministration(body, administrations),
    lang: requiredChoice(body, 'lang', LANGS),
  };
}

/** `application/json`, with no parameter but a UTF-8 charset (RFC 8259: JSON is UTF-8). */
const JSON_MEDIA_TYPE = /^application\/json[ \t]*(?:;[ \t]*charset[ \t]*=[ \t]*(?:utf-8|"utf-8")[ \t]*)?$/i;

const isJsonType = (header: string | null): boolean => header !== null && JSON_MEDIA_TYPE.test(header.trim());

const unsupportedMediaType = (): ApiError =>
  new ApiError(
    415,
    'bad_request',
    'The request body must be JSON, sent with Content-Type: application/json.',
    'Content-Type',
    { 'Accept-Post': 'application/json' },
  );

const bodyTooLarge = (): ApiError =>
  new ApiError(413, 'bad_request', `The request body must not exceed ${MAX_BODY_BYTES} bytes.`, 'body');

/**
 * The body as text, read with a counter: a declared Content-Length over
 * MAX_BODY_BYTES is refused before a byte is read, and a body that grows past
 * it while it is read (chunked, or lying about its length) is refused there,
 * the rest left unread. Both answer 413.
 */
async function readBody(request: Request): Promise<string> {
  const declared = request.headers.get('Content-Length');
  if (declared !== null && !(Number(declared) <= MAX_BODY_BYTES)) throw bodyTooLarge();
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw badRequest('body', 'The request body could not be read.');
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > MAX_BODY_BYTES) {
      reader.cancel().catch(() => undefined);
      throw bodyTooLarge();
    }
    chunks.push(chunk.value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

// ---------------------------------------------------------------------------
// Callers

interface Caller {
  level: AccessLevel;
  /** The client address (anonymous) or the key. */
  id: string;
  /** Set when an Authorization header was sent but is malformed or unknown. */
  authError?: ApiError;
}

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;
const REALM = 'Bearer realm="khountous"';

const unauthorized = (message: string, invalidToken: boolean): ApiError =>
  new ApiError(401, 'unauthorized', message, undefined, {
    'WWW-Authenticate': invalidToken ? `${REALM}, error="invalid_token"` : REALM,
  });

/** Who is calling; a bad key is counted against the client address, as anonymous. */
function identifyCaller(
  header: string | null,
  clientAddress: string,
  keys: ReadonlyMap<string, KeyLevel>,
): Caller {
  const anonymous = { level: 'anonymous' as const, id: clientAddress };
  if (header === null) return anonymous;
  const key = BEARER.exec(header.trim())?.[1];
  if (key === undefined) {
    return {
      ...anonymous,
      authError: unauthorized('The Authorization header must read "Bearer <API key>".', true),
    };
  }
  const level = keys.get(key);
  if (level === undefined)
    return { ...anonymous, authError: unauthorized('The API key is not valid.', true) };
  return { level, id: key };
}

// ---------------------------------------------------------------------------
// Routing

interface Context {
  request: Request;
  url: URL;
  caller: Caller;
  /** The slug or id of the path, decoded. */
  id: string;
}

type Handler = (context: Context) => Promise<Reply> | Reply;

interface Route {
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

class ReferenceApi implements KhountousApi {
  private readonly data = getData();
  private readonly administrations = new Map(this.data.administrations.map((a) => [a.slug, a]));
  private readonly limiter: RateLimiter;
  private readonly keys: ReadonlyMap<string, KeyLevel>;
  private readonly now: () => number;
  private readonly trustedProxies: ReadonlySet<string>;
  private readonly cacheControl: Readonly<Record<ResourceKind, string>>;
  private readonly reports: ReportStore;

  private readonly routes: readonly Route[] = [
    { pattern: /^\/administrations$/, GET: (c) => this.listAdministrations(c) },
    { pattern: /^\/administrations\/([^/]+)$/, GET: (c) => this.getAdministration(c) },
    {
      pattern: /^\/khountous$/,
      GET: (c) => this.listReports(c),
      POST: (c) => this.createReport(c),
    },
    { pattern: /^\/khountous\/([^/]+)$/, GET: (c) => this.getReport(c) },
    { pattern: /^\/verifications$/, GET: (c) => this.listVerifications(c) },
    { pattern: /^\/regions$/, GET: (c) => this.listRegions(c) },
    { pattern: /^\/datasets\/([^/]+)$/, GET: (c) => this.getDataset(c) },
  ];

  constructor(options: ApiOptions) {
    const env = options.env ?? process.env;
    this.now = options.now ?? Date.now;
    this.keys = new Map(Object.entries(options.keys ?? DEMO_KEYS));
    this.limiter = new RateLimiter({
      now: this.now,
      quotas: { ...quotasFromEnv(env), ...options.quotas },
      maxCallers: options.maxCallers ?? maxCallersFromEnv(env),
    });
    this.trustedProxies = options.trustedProxies
      ? trustedProxies(options.trustedProxies)
      : trustedProxiesFromEnv(env);
    const scale = options.freshnessScale ?? freshnessScaleFromEnv(env);
    this.cacheControl = Object.fromEntries(
      Object.keys(ENDPOINTS).map((kind) => [kind, cacheControlOf(kind as ResourceKind, scale)]),
    ) as Record<ResourceKind, string>;
    this.reports = new ReportStore(
      this.data.reports,
      options.maxSubmittedReports ?? maxSubmittedReportsFromEnv(env) ?? DEFAULT_MAX_SUBMITTED_REPORTS,
    );
  }

  reset(): void {
    this.limiter.reset();
    this.reports.clear();
  }

  async handle(request: Request, peerAddress: string): Promise<Response> {
    const address = clientAddress(peerAddress, request.headers.get('X-Forwarded-For'), this.trustedProxies);
    // A preflight carries no body; an OPTIONS with one is counted like any request.
    if (request.method === 'OPTIONS' && request.body === null) {
      const decision = this.limiter.peek('anonymous', address);
      return toResponse({ status: 204, headers: { ...PREFLIGHT_HEADERS }, body: null }, decision, false);
    }
    const caller = identifyCaller(request.headers.get('Authorization'), address, this.keys);
    const decision = this.limiter.consume(caller.level, caller.id);
    const reply = decision.allowed
      ? await this.answer(request, caller)
      : errorReply(rateLimitedError(decision, caller.level));
    return toResponse(reply, decision, request.method === 'HEAD');
  }

  private async answer(request: Request, caller: Caller): Promise<Reply> {
    try {
      if (caller.authError) throw caller.authError;
      return await this.route(request, caller);
    } catch (error) {
      if (error instanceof ApiError) return errorReply(error);
      console.error('khountous api: internal error', error);
      return errorReply(new ApiError(500, 'internal', 'An internal error occurred.'));
    }
  }

  private route(request: Request, caller: Caller): Promise<Reply> | Reply {
    const url = new URL(request.url);
    const path = url.pathname.startsWith(`${API_PREFIX}/`) ? url.pathname.slice(API_PREFIX.length) : '';
    for (const route of this.routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const id = decodeSegment(match[1] ?? '');
      if (id === undefined) break;
      if (request.method === 'OPTIONS') throw bodyNotTaken();
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const handler = method === 'GET' || method === 'POST' ? route[method] : undefined;
      if (!handler) throw methodNotAllowed(request.method, url.pathname, route);
      return handler({ request, url, caller, id });
    }
    throw notFound(`No endpoint at ${url.pathname}.`);
  }

  // -- endpoints ------------------------------------------------------------

  private listAdministrations({ request, url }: Context): Reply {
    const query = parseQuery(url.searchParams, ['region', 'sector', 'level', ...LIST_PARAMS]);
    const { region, sector, level } = query;
    const items = this.data.administrations.filter((admin) =>
      matchesFilters<AdministrationRecord>(admin, { region, sector, level }),
    );
    return jsonResource(
      request,
      paginate(items, query, administrationListItem),
      this.cacheControl.administrations,
    );
  }

  private getAdministration({ request, url, id }: Context): Reply {
    const { lang = 'fr' } = parseQuery(url.searchParams, ['lang']);
    const admin = this.administrations.get(id);
    if (!admin) throw notFound(`No administration has the slug "${id}".`);
    return jsonResource(
      request,
      administrationView(admin, lang, this.administrations.size),
      this.cacheControl.administration,
    );
  }

  private listReports({ request, url }: Context): Reply {
    const query = parseQuery(url.searchParams, ['region', 'category', 'status', 'period', ...LIST_PARAMS]);
    const { region, category, status, period, lang = 'fr' } = query;
    const items = this.reports
      .list()
      .filter(
        (report) =>
          matchesFilters<ReportRecord>(report, { region, category, status }) &&
          (period === undefined || report.submittedAt.startsWith(period)),
      );
    return jsonResource(
      request,
      paginate(items, query, (report) => reportListItem(report, lang)),
      this.cacheControl.reports,
    );
  }

  private getReport({ request, url, id }: Context): Reply {
    const { lang = 'fr' } = parseQuery(url.searchParams, ['lang']);
    const report = this.reports.get(id);
    if (!report) throw notFound(`No report has the slug "${id}".`);
    return jsonResource(request, reportView(report, lang), this.cacheControl.report);
  }

  private listVerifications({ request, url }: Context): Reply {
    const query = parseQuery(url.searchParams, LIST_PARAMS);
    const { lang = 'fr' } = query;
    return jsonResource(
      request,
      paginate(this.data.factChecks, query, (check) => factCheckView(check, lang)),
      this.cacheControl.verifications,
    );
  }

  private listRegions({ request, url }: Context): Reply {
    parseQuery(url.searchParams, ['lang']);
    const regions = this.data.regions;
    return jsonResource(
      request,
      { data: regions, meta: { page: 1, pageSize: regions.length, total: regions.length } },
      this.cacheControl.regions,
    );
  }

  private async getDataset({ request, url, id }: Context): Promise<Reply> {
    const { format = 'json' } = parseQuery(url.searchParams, ['format']);
    const dataset = this.data.datasets.find((candidate) => candidate.id === id);
    if (!dataset) throw notFound(`No dataset has the id "${id}".`);
    const body = await serializeDataset(dataset, format);
    return cacheableReply(
      request,
      body,
      { 'Content-Type': CONTENT_TYPES[format], 'Content-Disposition': contentDisposition(id, format) },
      this.cacheControl.dataset,
    );
  }

  private async createReport({ request, url, caller }: Context): Promise<Reply> {
    if (caller.level === 'anonymous') {
      throw unauthorized('Submitting a report requires a partner key.', false);
    }
    if (caller.level !== 'partner') {
      throw new ApiError(
        403,
        'forbidden',
        'Submitting a report requires a partner key; this key is a free key.',
      );
    }
    parseQuery(url.searchParams, []);
    if (!isJsonType(request.headers.get('Content-Type'))) throw unsupportedMediaType();
    const submission = parseSubmission(await readBody(request), this.administrations);
    const admin = this.administrations.get(submission.administration) as AdministrationRecord;
    const base = slugify(submission.title, REPORT_SLUG_LENGTH) || 'signalement';
    const record = this.reports.add(base, this.now(), (slug, submittedAt) =>
      submittedReportRecord(submission, { slug: admin.slug, name: admin.name }, slug, submittedAt),
    );
    return {
      status: 201,
      headers: {
        'Content-Type': JSON_TYPE,
        'Cache-Control': NO_STORE,
        Location: `${API_PREFIX}/khountous/${record.slug}`,
      },
      body: JSON.stringify(reportView(record, submission.lang)),
    };
  }
}

/** Adds the headers every response carries and builds the Response. */
function toResponse(reply: Reply, decision: QuotaDecision, omitBody: boolean): Response {
  const headers = new Headers({ ...reply.headers, ...CORS_HEADERS, ...rateLimitHeaders(decision) });
  return new Response(omitBody ? null : reply.body, { status: reply.status, headers });
}

/** A new, independent instance of the reference API (its own quotas and submitted reports). */
export function createApi(options: ApiOptions = {}): KhountousApi {
  return new ReferenceApi(options);
}
