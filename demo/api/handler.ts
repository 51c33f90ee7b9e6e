/**
 * The reference implementation of the Khountous public read API (v1),
 * framework-free: web-standard Request in, Response out.
 *
 * It implements exactly the assumptions of docs/api-assumptions.md, with the
 * shapes of src/core/types.ts. Requests are answered from the deterministic
 * snapshot of ./data.ts plus the reports submitted to this instance.
 *
 * A request goes through, in order: its caller's address (./address.ts) and
 * key (./callers.ts), the caller's quota (./quota.ts), its route
 * (./routing.ts) and the route's endpoint (./resources.ts, ./datasets.ts,
 * ./submit.ts); the reply, or the error thrown (./reply.ts), gets the headers
 * every response carries (./response.ts).
 */
import type { AccessLevel } from '../../src/core/headers.js';
import { clientAddress, trustedProxies, trustedProxiesFromEnv } from './address.js';
import { cacheControlByKind, freshnessScaleFromEnv } from './caching.js';
import { DEMO_KEYS, identifyCaller, type Caller, type KeyLevel } from './callers.js';
import { getData } from './data.js';
import { getDataset } from './datasets.js';
import { RateLimiter, maxCallersFromEnv, quotasFromEnv } from './quota.js';
import { ApiError, errorReply, type Reply } from './reply.js';
import { DEFAULT_MAX_SUBMITTED_REPORTS, ReportStore, maxSubmittedReportsFromEnv } from './reports.js';
import {
  getAdministration,
  getReport,
  listAdministrations,
  listRegions,
  listReports,
  listVerifications,
} from './resources.js';
import { PREFLIGHT_HEADERS, rateLimitedError, toResponse } from './response.js';
import { dispatch, type ApiState, type Route } from './routing.js';
import { createReport } from './submit.js';

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

/** The endpoints, by path after the version prefix. */
const ROUTES: readonly Route[] = [
  { pattern: /^\/administrations$/, GET: listAdministrations },
  { pattern: /^\/administrations\/([^/]+)$/, GET: getAdministration },
  { pattern: /^\/khountous$/, GET: listReports, POST: createReport },
  { pattern: /^\/khountous\/([^/]+)$/, GET: getReport },
  { pattern: /^\/verifications$/, GET: listVerifications },
  { pattern: /^\/regions$/, GET: listRegions },
  { pattern: /^\/datasets\/([^/]+)$/, GET: getDataset },
];

class ReferenceApi implements KhountousApi {
  private readonly state: ApiState;
  private readonly limiter: RateLimiter;
  private readonly keys: ReadonlyMap<string, KeyLevel>;
  private readonly trustedProxies: ReadonlySet<string>;

  constructor(options: ApiOptions) {
    const data = getData();
    const administrations = new Map(data.administrations.map((a) => [a.slug, a]));
    const env = options.env ?? process.env;
    const now = options.now ?? Date.now;
    this.keys = new Map(Object.entries(options.keys ?? DEMO_KEYS));
    this.limiter = new RateLimiter({
      now,
      quotas: { ...quotasFromEnv(env), ...options.quotas },
      maxCallers: options.maxCallers ?? maxCallersFromEnv(env),
    });
    this.trustedProxies = options.trustedProxies
      ? trustedProxies(options.trustedProxies)
      : trustedProxiesFromEnv(env);
    const cacheControl = cacheControlByKind(options.freshnessScale ?? freshnessScaleFromEnv(env));
    const reports = new ReportStore(
      data.reports,
      options.maxSubmittedReports ?? maxSubmittedReportsFromEnv(env) ?? DEFAULT_MAX_SUBMITTED_REPORTS,
    );
    this.state = { data, administrations, reports, cacheControl, now };
  }

  reset(): void {
    this.limiter.reset();
    this.state.reports.clear();
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
      return await dispatch(ROUTES, this.state, request, caller);
    } catch (error) {
      if (error instanceof ApiError) return errorReply(error);
      console.error('khountous api: internal error', error);
      return errorReply(new ApiError(500, 'internal', 'An internal error occurred.'));
    }
  }
}

/** A new, independent instance of the reference API (its own quotas and submitted reports). */
export function createApi(options: ApiOptions = {}): KhountousApi {
  return new ReferenceApi(options);
}
