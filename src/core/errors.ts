/**
 * Typed errors of the kit.
 *
 * Every failure the client or the loader reports is a `KhountousError` whose
 * `kind` says what went wrong. The extra fields are plain data (status, param,
 * resetAt, code) so that an element can pick a localized sentence; `message`
 * is an English sentence for developers and logs, never shown to readers as is.
 */

import type { ApiErrorCode } from './types.js';

/** What the X-RateLimit-* headers of a response said. */
export interface RateLimit {
  /** Requests allowed in the window. */
  limit: number;
  /** Requests left after this one. */
  remaining: number;
  /** Epoch ms when one more request becomes available. */
  resetAt: number;
}

/** @internal the one list of error kinds, which the tests go through */
export const ERROR_KINDS = [
  /** A parameter failed its check; nothing was sent. `param` names it. */
  'invalid-parameter',
  /** The API answered 400 (or another 4xx without a kind of its own). */
  'bad-request',
  /** 404: unknown slug or id. */
  'not-found',
  /** 401: unknown API key. */
  'unauthorized',
  /** 403: the key does not allow this. */
  'forbidden',
  /** 429, or the local budget is spent. `resetAt` says when data can be fetched again. */
  'quota',
  /** Offline, CORS refusal, connection reset, timeout. */
  'network',
  /** 5xx. `status` holds the status. */
  'server',
  /** Wrong content type, malformed or truncated JSON, or a body that fails its schema. */
  'invalid-response',
  /** The caller's AbortSignal fired. */
  'aborted',
] as const;

export type KhountousErrorKind = (typeof ERROR_KINDS)[number];

/** Failures worth another attempt later: the cause may pass. */
export const PASSING: readonly KhountousErrorKind[] = ['server', 'network', 'invalid-response', 'quota'];

export interface KhountousErrorDetails {
  /** HTTP status, when a response was received. */
  status?: number;
  /** The parameter (or body field) at fault. */
  param?: string;
  /** Epoch milliseconds when a request can succeed again (kind `quota`). */
  resetAt?: number;
  /** The `error.code` of the API's error body, when there was one. */
  code?: ApiErrorCode;
  /** What the X-RateLimit-* headers of the error response said (an error is counted too). */
  rateLimit?: RateLimit;
  /** The answer came from a shared cache in front of the API. */
  shared?: boolean;
  cause?: unknown;
}

/** Marks errors of any copy of the kit, so `isKhountousError` works across bundles. */
const BRAND = Symbol.for('khountous.error');

export class KhountousError extends Error {
  readonly kind: KhountousErrorKind;
  readonly status?: number;
  readonly param?: string;
  readonly resetAt?: number;
  readonly code?: ApiErrorCode;
  readonly rateLimit?: RateLimit;
  readonly shared?: boolean;

  constructor(kind: KhountousErrorKind, message: string, details: KhountousErrorDetails = {}) {
    const { cause, ...given } = details;
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'KhountousError';
    this.kind = kind;
    // Only the details given: an undefined one (or `shared: false`) leaves no property.
    for (const [name, value] of Object.entries(given))
      if (value !== undefined && value !== false) (this as Record<string, unknown>)[name] = value;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/**
 * True for a `KhountousError` (from this copy of the kit or another one on the
 * page), optionally of one of the given kinds.
 */
export function isKhountousError(value: unknown, ...kinds: KhountousErrorKind[]): value is KhountousError {
  if (typeof value !== 'object' || value === null) return false;
  if (!(value instanceof KhountousError) && (value as Record<symbol, unknown>)[BRAND] !== true) {
    return false;
  }
  return kinds.length === 0 || kinds.includes((value as KhountousError).kind);
}

/** The error to reject with when an AbortSignal fired. */
export const abortError = (signal?: AbortSignal): KhountousError => abortedBy(signal?.reason);

/** The error of an abort for `reason`: the reason itself when it is the kit's error. */
export const abortedBy = (reason: unknown): KhountousError =>
  isKhountousError(reason)
    ? reason
    : new KhountousError('aborted', 'The request was aborted.', { cause: reason });

/** A KhountousError('invalid-parameter') naming the parameter at fault. */
export function invalid(param: string, message: string): KhountousError {
  return new KhountousError('invalid-parameter', message, { param });
}

/** `error` as the kit's error: itself, or an invalid answer that names it (a load's unexpected failure). */
export function asKhountousError(error: unknown): KhountousError {
  if (isKhountousError(error)) return error;
  return new KhountousError('invalid-response', error instanceof Error ? error.message : String(error), {
    cause: error,
  });
}
