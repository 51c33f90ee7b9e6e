/**
 * The headers every response carries (CORS, and the caller's quota in the
 * X-RateLimit-* headers), the preflight's, the 429 of a quota used up, and the
 * Response built from a Reply.
 */
import { RATE_LIMIT_HEADERS, type AccessLevel } from '../../src/core/headers.js';
import type { QuotaDecision } from './quota.js';
import { ApiError, type Reply } from './reply.js';

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

function rateLimitHeaders(decision: QuotaDecision): Record<string, string> {
  return {
    [RATE_LIMIT_HEADERS.limit]: String(decision.limit),
    [RATE_LIMIT_HEADERS.remaining]: String(decision.remaining),
    [RATE_LIMIT_HEADERS.reset]: String(decision.resetSeconds),
  };
}

export function rateLimitedError(decision: QuotaDecision, level: AccessLevel): ApiError {
  const retryAfter = decision.retryAfterSeconds ?? 1;
  return new ApiError(
    429,
    'rate_limited',
    `The quota of ${decision.limit} requests of the ${level} access level is used up; retry in ${retryAfter} s.`,
    undefined,
    { 'Retry-After': String(retryAfter) },
  );
}

/** Adds the headers every response carries and builds the Response. */
export function toResponse(reply: Reply, decision: QuotaDecision, omitBody: boolean): Response {
  const headers = new Headers({ ...reply.headers, ...CORS_HEADERS, ...rateLimitHeaders(decision) });
  return new Response(omitBody ? null : reply.body, { status: reply.status, headers });
}
