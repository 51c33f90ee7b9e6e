/**
 * HTTP caching of the successful GETs: their Cache-Control (the kit's
 * freshness time of each endpoint, src/core/endpoints.ts) and their ETag, with
 * a 304 when the client already has the body.
 */
import { createHash } from 'node:crypto';
import { ENDPOINTS, type ResourceKind } from '../../src/core/endpoints.js';
import { JSON_TYPE, type Bytes, type Reply } from './reply.js';

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

/** The Cache-Control of every endpoint, at freshness scale `scale`. */
export function cacheControlByKind(scale: number): Readonly<Record<ResourceKind, string>> {
  return Object.fromEntries(
    Object.keys(ENDPOINTS).map((kind) => [kind, cacheControlOf(kind as ResourceKind, scale)]),
  ) as Record<ResourceKind, string>;
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
export function cacheableReply(
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

export const jsonResource = (request: Request, value: unknown, cacheControl: string): Reply =>
  cacheableReply(request, JSON.stringify(value), { 'Content-Type': JSON_TYPE }, cacheControl);
