/**
 * The faults a scoped instance of the reference API can be told to inject in
 * the web test runner (./api.ts), and the plan that says which requests get
 * one. ./api-fault-answers.ts answers with them.
 *
 * Faults:
 *   500            status 500, a JSON error body
 *   503            status 503, an HTML page (as a gateway sends)
 *   slow           the real answer after `delayMs` (default 300 ms)
 *   hang           no answer at all until the client gives up (closed after 60 s)
 *   malformed-json status 200, application/json, a body that is not JSON
 *   html-200       status 200, text/html: a maintenance page
 *   wrong-type     the real body, labelled text/plain
 *   truncated      the real headers and Content-Length, half the body, then the socket is cut
 *   truncated-json status 200, a complete response holding the first half of the JSON
 *   429            status 429 with Retry-After: `retryAfter` (default 1 s)
 *   429-bare       status 429 without Retry-After nor X-RateLimit-* headers
 *   429-shared     status 429 with Retry-After: `retryAfter` (default 1 s) from a shared cache
 *                  tier in front of the API (X-Khountous-Cache: shared), as the tier refuses
 *                  when the site key's total is in use (deploy/nginx/khountous-key.lua)
 *   reset          the socket is destroyed before any byte (connection reset)
 *   cors           the real answer without any Access-Control-* header: a cross-origin
 *                  page (the API on 127.0.0.1 for a page on localhost) cannot read it
 *   missing-field  the real JSON with the first field of the first item (or of the
 *                  object) removed
 *   extra-field    the real JSON with extra fields holding markup in items and envelope
 *   wrong-field    the real JSON with the first text field of the first item (or of the
 *                  object) turned into a number
 *   first-item     the real JSON of a list with its first item only (a list that no longer
 *                  holds what a widget asks for, as when the API drops a record)
 */

export const FAULTS = [
  '500',
  '503',
  'slow',
  'hang',
  'malformed-json',
  'html-200',
  'wrong-type',
  'truncated',
  'truncated-json',
  '429',
  '429-bare',
  '429-shared',
  'reset',
  'cors',
  'missing-field',
  'extra-field',
  'first-item',
  'wrong-field',
] as const;

export type Fault = (typeof FAULTS)[number];

export interface FaultPlan {
  fault: Fault;
  /** Requests still to fail; undefined for all. */
  times?: number;
  /** Path fragments (after /v1) the fault applies to; undefined for all. */
  paths?: string[];
  delayMs?: number;
  retryAfter?: number;
}

/** The plan of a POST to the control URL, or what is wrong with it. */
export function parsePlan(body: unknown): FaultPlan | string {
  if (typeof body !== 'object' || body === null) return 'the body must be a JSON object';
  const { fault, times, paths, delayMs, retryAfter } = body as Record<string, unknown>;
  if (!FAULTS.includes(fault as Fault)) return `fault must be one of ${FAULTS.join(', ')}`;
  const plan: FaultPlan = { fault: fault as Fault };
  if (times !== undefined) {
    if (!Number.isInteger(times) || (times as number) < 0) return 'times must be an integer >= 0';
    plan.times = times as number;
  }
  if (paths !== undefined) {
    if (!Array.isArray(paths) || !paths.every((path) => typeof path === 'string')) {
      return 'paths must be an array of strings';
    }
    plan.paths = paths as string[];
  }
  for (const [name, value] of [
    ['delayMs', delayMs],
    ['retryAfter', retryAfter],
  ] as const) {
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      return `${name} must be a number >= 0`;
    plan[name] = value;
  }
  return plan;
}

/** The fault for a request to `path`, if the plan covers it (and counts it). */
export function faultFor(plan: FaultPlan | undefined, path: string): Fault | null {
  if (!plan) return null;
  if (plan.paths && !plan.paths.some((fragment) => path.includes(fragment))) return null;
  if (plan.times !== undefined) {
    if (plan.times <= 0) return null;
    plan.times -= 1;
  }
  return plan.fault;
}
