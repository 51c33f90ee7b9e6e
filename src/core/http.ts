/**
 * HTTP for the Khountous read API (v1): one request and its response, nothing
 * else (no cache, no budget: the loader's work).
 *
 * - The URL comes from the endpoint table (endpoints.ts), parameters checked.
 * - Requests are anonymous and cookie-free (`credentials: 'omit'`,
 *   `mode: 'cors'`); the caller's AbortSignal is passed through.
 * - Responses are checked: status, content type, size and JSON syntax; the
 *   schema of each kind of answer is the loader's to apply (answers.ts), before
 *   it stores or shows the data: it comes with the rest of the loader, while the
 *   first requests, sent with this module alone, travel.
 * - Each call returns the data with the status, the ETag and what the
 *   X-RateLimit-* headers said (when CORS exposes them).
 */
import { boundedText } from './bounded.js';
import { describe, urlOf, type Target } from './endpoints.js';
import {
  KhountousError,
  abortError,
  abortedBy,
  isKhountousError,
  type KhountousErrorDetails,
  type RateLimit,
} from './errors.js';
import { isObject } from './is-object.js';
import { oneOf } from './params.js';
import { CACHE_STATUS_HEADER, RATE_LIMIT_HEADERS, SHARED_CACHE_HEADER } from './headers.js';
import {
  DATASET_FORMATS,
  ERROR_CODES,
  MAX_ANSWER_BYTES,
  type ApiErrorBody,
  type DatasetFormat,
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
  /** True when a shared cache in front of the API answered (SHARED_CACHE_HEADER). */
  shared?: boolean;
  /** A shared cache's answer: epoch ms when the API produced the data (its `Date`). */
  date?: number;
  /** A shared cache's answer: the cache served a copy past its freshness (CACHE_STATUS_HEADER). */
  stale?: boolean;
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
  /**
   * Asks the network, with the browser's own validators (`cache: 'no-cache'`):
   * a refresh of a copy whose ETag the kit does not send (cache.ts `confirmable`),
   * which the browser's HTTP cache must not answer on its own.
   */
  revalidate?: boolean;
  /**
   * The request a first paint waits for (`priority: 'high'`): before the files a page asks
   * for at the same time, which a browser may otherwise schedule first.
   */
  urgent?: boolean;
}

export type Call<T> = Promise<ApiResponse<T>>;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** How requests go out: the fetch to use and the clock (for `resetAt` from Retry-After). */
export interface Transport {
  fetch?: FetchLike | undefined;
  now?: (() => number) | undefined;
}

// ---------------------------------------------------------------------------
// Responses

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Wait after a 429 that announced no reset at all. */
const UNKNOWN_RESET_WAIT = 5 * 60 * 1000;

/** How a successful body is read and checked. */
type BodyReader<T> = (response: Response) => Promise<T>;

/** The error of an answer that is not what was asked for. */
const invalidResponse = (response: Response, message: string, cause?: unknown) =>
  new KhountousError('invalid-response', message, { status: response.status, cause });

function expectType(response: Response, pattern: RegExp, what: string): void {
  const type = response.headers.get('Content-Type') ?? '';
  if (!pattern.test(type))
    throw invalidResponse(response, `Expected ${what}, got content type "${type || 'none'}".`);
}

/** A body read as `read` gives it, after a check of its content type. */
const bodyOf =
  <T>(pattern: RegExp, what: string, read: (response: Response) => Promise<T>): BodyReader<T> =>
  async (response) => {
    expectType(response, pattern, what);
    try {
      return await read(response);
    } catch (cause) {
      // A failure while reading is a network error (connection reset) or an abort, or the
      // reader's own verdict (an answer too large).
      throw networkFailure(cause, 'The connection failed while reading the response.', response.status);
    }
  };

/** The error for a body larger than MAX_ANSWER_BYTES. */
const tooLarge = (response: Response, size: string) =>
  invalidResponse(
    response,
    `The response is too large to show (${size}; at most ${MAX_ANSWER_BYTES} bytes).`,
  );

const textBody = bodyOf(JSON_TYPE, 'JSON', (response) =>
  boundedText(response, (size) => tooLarge(response, size)),
);

/** A JSON body, parsed (its schema is the loader's to check: answers.ts). */
const jsonBody: BodyReader<unknown> = async (response) => {
  const text = await textBody(response);
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw invalidResponse(response, 'The response is not valid JSON (malformed or truncated).', cause);
  }
};

/**
 * What an error body of the API's shape (types.ts `ApiErrorBody`) says, or undefined for any
 * other body: a code of ERROR_CODES, a message, and a parameter when one is named.
 *
 * @internal tested on its own
 */
export function errorBodyOf(body: unknown): ApiErrorBody['error'] | undefined {
  const error = isObject(body) ? body['error'] : undefined;
  if (!isObject(error)) return undefined;
  const { code, message, param } = error;
  const known = (ERROR_CODES as readonly unknown[]).includes(code);
  if (!known || typeof message !== 'string' || (param !== undefined && typeof param !== 'string'))
    return undefined;
  return { code: code as ApiErrorBody['error']['code'], message, ...(param === undefined ? {} : { param }) };
}

/** What a failed fetch or read throws: the kit's own error as it is, an abort, else a network error. */
const networkFailure = (cause: unknown, message: string, status?: number) =>
  isKhountousError(cause) || (cause as { name?: unknown } | null)?.name === 'AbortError'
    ? abortedBy(cause)
    : new KhountousError('network', message, { status, cause });

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

/** True when a shared cache in front of the API answered. */
const isShared = (headers: Headers) => /^\s*shared\s*$/i.test(headers.get(SHARED_CACHE_HEADER) ?? '');

/** What a shared cache says of its copy: shared, when the API produced it, whether it is past its freshness. */
function sharedCopy(headers: Headers): Pick<ApiResponse<unknown>, 'shared' | 'date' | 'stale'> {
  const date = Date.parse(headers.get('Date') ?? '');
  const stale = /^\s*(STALE|UPDATING)\s*$/i.test(headers.get(CACHE_STATUS_HEADER) ?? '');
  return { shared: true, ...(Number.isFinite(date) ? { date } : {}), ...(stale ? { stale } : {}) };
}

/** When a 429 says data can be fetched again: Retry-After, else X-RateLimit-Reset, else a default wait. */
function readQuotaReset(headers: Headers, now: number): number {
  const seconds = readInteger(headers, 'Retry-After');
  if (seconds !== undefined) return now + seconds * 1000;
  const date = Date.parse(headers.get('Retry-After') ?? '');
  if (Number.isFinite(date)) return Math.max(now, date);
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
  const { status, headers } = response;
  let message = `The API answered ${status}.`;
  // Undefined details (and `shared: false`) give the error no property.
  let details: KhountousErrorDetails = {
    status,
    rateLimit: readRateLimit(headers),
    shared: isShared(headers),
    resetAt: status === 429 ? readQuotaReset(headers, now) : undefined,
  };
  if (JSON_TYPE.test(headers.get('Content-Type') ?? '')) {
    // An unreadable error body, or one not of the API's shape, changes nothing.
    const said = errorBodyOf(await response.json().catch(() => undefined));
    if (said) {
      message = said.message;
      details = { ...details, param: said.param, code: said.code };
    }
  }
  const kind = KIND_OF_STATUS[status] ?? (status >= 500 ? 'server' : status >= 400 ? 'bad-request' : 0);
  if (!kind) return invalidResponse(response, `Unexpected status ${status}.`);
  return new KhountousError(kind, message, details);
}

// ---------------------------------------------------------------------------
// Requests

/** GET of a target: its JSON body as sent, which the loader checks (answers.ts `checkedAnswer`). */
export function get(transport: Transport, target: Target, options: CallOptions<unknown> = {}): Call<unknown> {
  const init: Init = { method: 'GET', headers: { Accept: 'application/json' } };
  return send(transport, urlOf(target), init, jsonBody, options);
}

/**
 * How every request of the kit goes out: anonymous and cookie-free, in CORS
 * mode, and with at most the page's origin as its referrer, whatever the host
 * page's referrer policy.
 */
const ANONYMOUS = {
  credentials: 'omit',
  mode: 'cors',
  referrerPolicy: 'strict-origin',
} as const satisfies RequestInit;

type Init = RequestInit & { headers: Record<string, string> };

/** Sends `init` to `url`, anonymously, and reads the answer with `read`. */
async function send<T>(
  transport: Transport,
  url: string,
  init: Init,
  read: BodyReader<T>,
  options: CallOptions<T>,
): Call<T> {
  const { signal, cached, reload, revalidate, urgent } = options;
  if (signal?.aborted) throw abortError(signal);
  Object.assign(init, ANONYMOUS);
  if (cached) init.headers['If-None-Match'] = cached.etag;
  if (reload) init.cache = 'reload';
  else if (revalidate) init.cache = 'no-cache';
  if (signal) init.signal = signal;
  if (urgent) (init as RequestInit & { priority?: string }).priority = 'high';
  const fetchImpl = transport.fetch ?? ((input, init) => (globalThis.fetch as FetchLike)(input, init));
  const aborted = (error: unknown) => (signal?.aborted ? abortError(signal) : error);
  let response: Response;
  try {
    response = await fetchImpl(url, init);
  } catch (cause) {
    throw signal?.aborted
      ? abortError(signal)
      : networkFailure(cause, 'The API could not be reached (offline, CORS or connection reset).');
  }
  const rateLimit = readRateLimit(response.headers);
  const etag = response.headers.get('ETag') ?? undefined;
  const meta = {
    status: response.status,
    ...(etag ? { etag } : {}),
    ...(rateLimit ? { rateLimit } : {}),
    ...(isShared(response.headers) ? sharedCopy(response.headers) : {}),
  };
  if (response.status === 304 && cached) {
    return { ...meta, etag: etag ?? cached.etag, data: cached.data, notModified: true };
  }
  try {
    if (response.status < 200 || response.status > 299)
      throw await errorFor(response, (transport.now ?? Date.now)());
    return { ...meta, data: await read(response) };
  } catch (error) {
    throw aborted(error);
  }
}

/** The URL of a dataset download, for a plain link. */
export function datasetUrl(baseUrl: string, id: string, format: DatasetFormat = 'json'): string {
  const target = describe({ kind: 'dataset', id }, baseUrl);
  return urlOf({ ...target, query: { format: oneOf(DATASET_FORMATS)(format, 'format') } });
}
