/**
 * The reference API inside the web test runner's server (Koa).
 *
 * - `/v1/...`: one shared instance whose anonymous quota is raised, so that the
 *   many test files of a run, all from 127.0.0.1, do not exhaust it.
 * - `/scoped/<scope>/v1/...`: a fresh instance per scope with the document's
 *   quotas (60 per hour anonymous), for tests that count requests or reach the
 *   quota. A test picks a unique scope, so no test sees another's traffic.
 *
 * Scoped instances exist only in the test runner; `npm start` and `npm run api`
 * serve /v1 alone.
 *
 * Fault injection (scoped instances only, for the hardening tests): a control
 * URL next to the instance tells it to fail.
 *
 *   POST   /scoped/<scope>/__faults  {"fault": "...", "times"?: n, "paths"?: ["/regions"],
 *                                     "delayMs"?: ms, "retryAfter"?: s}
 *          From now on, requests under /scoped/<scope>/v1 whose path (after /v1, with
 *          the query) contains one of `paths` (all when absent) get `fault`, for the
 *          next `times` such requests (all when absent). Replaces the previous fault.
 *   DELETE /scoped/<scope>/__faults  The API recovers: answers are real again.
 *   GET    /scoped/<scope>/__faults  {"fault": {...} | null, "requests": [{method, path,
 *                                     fault, cookie, origin, at}]}: every request that
 *                                     reached the instance, with the fault it got and
 *                                     whether a Cookie header came with it.
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
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createApi, type KhountousApi } from './handler.js';
import { CORS_HEADERS } from './response.js';
import { closeIfBodyUnread, isApiPath, toNodeMiddleware, toWebRequest, writeWebResponse } from './node.js';

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

interface KoaContext {
  req: IncomingMessage;
  res: ServerResponse;
  respond?: boolean;
}

const SCOPED = /^\/scoped\/([A-Za-z0-9_-]{1,64})(\/v1(?:[/?].*)?)$/;
const CONTROL = /^\/scoped\/([A-Za-z0-9_-]{1,64})\/__faults$/;
const HOLD = /^\/scoped\/([A-Za-z0-9_-]{1,64})\/__hold$/;
const TEST_RUN_QUOTA = 1_000_000;

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

export interface RecordedRequest {
  method: string;
  path: string;
  fault: Fault | null;
  cookie: boolean;
  origin: string | null;
  /** The Referer header, as it arrived. */
  referer: string | null;
  at: number;
}

interface Scope {
  api: KhountousApi;
  plan: FaultPlan | undefined;
  requests: RecordedRequest[];
  /** When the test server sent files it held for this scope, and why it let them go. */
  released: { path: string; at: number; because: 'requests' | 'timeout' | 'deleted' }[];
}

const HANG_LIMIT_MS = 60_000;

function parsePlan(body: unknown): FaultPlan | string {
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

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown;
  } catch {
    return undefined;
  }
}

function sendJson(res: ServerResponse, status: number, body?: unknown): void {
  res.statusCode = status;
  res.setHeader('Cache-Control', 'no-store');
  if (body === undefined) {
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

/** The fault for this request, if the plan covers it (and counts it). */
function faultFor(scope: Scope, path: string): Fault | null {
  const plan = scope.plan;
  if (!plan) return null;
  if (plan.paths && !plan.paths.some((fragment) => path.includes(fragment))) return null;
  if (plan.times !== undefined) {
    if (plan.times <= 0) return null;
    plan.times -= 1;
  }
  return plan.fault;
}

/** The target of the field faults: the first item of a list envelope, else the object itself. */
function targetOf(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const data = (body as { data?: unknown }).data;
  const first: unknown = Array.isArray(data) && data.length > 0 ? data[0] : body;
  return typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : undefined;
}

function editFields(fault: Fault, body: unknown): unknown {
  if (fault === 'first-item') {
    const list = body as { data?: unknown };
    if (Array.isArray(list.data)) list.data = list.data.slice(0, 1);
    return body;
  }
  const target = targetOf(body);
  if (!target) return body;
  if (fault === 'missing-field') {
    const first = Object.keys(target)[0];
    if (first !== undefined) delete target[first];
  } else if (fault === 'wrong-field') {
    const text = Object.keys(target).find((key) => typeof target[key] === 'string');
    if (text !== undefined) target[text] = 42;
  } else {
    const extra = {
      __html: '<img src=x onerror="window.__pwned=1">',
      script: '<script>window.__pwned=1</script>',
      href: 'javascript:window.__pwned=1',
    };
    Object.assign(target, extra);
    if (target !== body) Object.assign(body as Record<string, unknown>, { extra });
  }
  return body;
}

function stripCors(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const name of [...headers.keys()]) if (name.startsWith('access-control-')) headers.delete(name);
  return new Response(response.body, { status: response.status, headers });
}

const corsOnly = { ...CORS_HEADERS, 'Cache-Control': 'no-store' };

/** Answers `request` as `fault` says; returns when the answer is written or the socket is gone. */
async function answerWithFault(
  fault: Fault,
  plan: FaultPlan,
  real: () => Promise<Response>,
  res: ServerResponse,
): Promise<void> {
  const write = (status: number, headers: Record<string, string>, body: string) =>
    writeWebResponse(new Response(body, { status, headers: { ...corsOnly, ...headers } }), res);
  switch (fault) {
    case '500':
      return write(
        500,
        { 'Content-Type': 'application/json; charset=utf-8' },
        JSON.stringify({ error: { code: 'internal', message: 'An internal error occurred.' } }),
      );
    case '503':
      return write(
        503,
        { 'Content-Type': 'text/html; charset=utf-8' },
        '<!doctype html><title>503 Service Unavailable</title><h1>Service Unavailable</h1>',
      );
    case 'slow':
      await new Promise((resolve) => setTimeout(resolve, plan.delayMs ?? 300));
      if (res.destroyed) return;
      return writeWebResponse(await real(), res);
    case 'hang':
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, HANG_LIMIT_MS);
        res.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      res.destroy();
      return;
    case 'malformed-json':
      return write(200, { 'Content-Type': 'application/json; charset=utf-8' }, '{"data": [{"slug": "x",, }');
    case 'html-200':
      return write(
        200,
        { 'Content-Type': 'text/html; charset=utf-8' },
        '<!doctype html><title>Maintenance</title><h1>Back soon</h1><script>window.__pwned = 1</script>',
      );
    case 'wrong-type': {
      const response = await real();
      return write(response.status, { 'Content-Type': 'text/plain; charset=utf-8' }, await response.text());
    }
    case 'truncated': {
      const response = await real();
      const body = Buffer.from(await response.arrayBuffer());
      res.statusCode = response.status;
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.setHeader('Content-Length', String(body.length));
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => res.destroy(), 20));
      await new Promise((resolve) => res.once('close', resolve));
      return;
    }
    case 'truncated-json': {
      const response = await real();
      const text = await response.text();
      return write(
        200,
        { 'Content-Type': 'application/json; charset=utf-8' },
        text.slice(0, text.length >> 1),
      );
    }
    case '429':
      return write(
        429,
        {
          'Content-Type': 'application/json; charset=utf-8',
          'Retry-After': String(plan.retryAfter ?? 1),
        },
        JSON.stringify({ error: { code: 'rate_limited', message: 'The quota is used up.' } }),
      );
    case '429-bare':
      return write(
        429,
        { 'Content-Type': 'application/json; charset=utf-8' },
        JSON.stringify({ error: { code: 'rate_limited', message: 'The quota is used up.' } }),
      );
    case 'reset': {
      // A TCP RST where the platform allows it, else a plain close.
      const socket = res.socket as (typeof res.socket & { resetAndDestroy?: () => void }) | null;
      if (socket?.resetAndDestroy) socket.resetAndDestroy();
      else socket?.destroy();
      res.destroy();
      return;
    }
    case 'cors':
      return writeWebResponse(stripCors(await real()), res);
    case 'missing-field':
    case 'extra-field':
    case 'wrong-field':
    case 'first-item': {
      const response = await real();
      if (!(response.headers.get('Content-Type') ?? '').includes('json') || !response.ok) {
        return writeWebResponse(response, res);
      }
      const body = editFields(fault, await response.json());
      const headers = Object.fromEntries(response.headers);
      delete headers['content-length'];
      delete headers['etag'];
      return write(response.status, headers, JSON.stringify(body));
    }
  }
}

export function referenceApiMiddleware() {
  const shared = toNodeMiddleware(createApi({ quotas: { anonymous: TEST_RUN_QUOTA } })) as NodeMiddleware;
  const scopes = new Map<string, Scope>();

  const scopeFor = (name: string): Scope => {
    let scope = scopes.get(name);
    if (!scope) {
      scope = { api: createApi(), plan: undefined, requests: [], released: [] };
      scopes.set(name, scope);
    }
    return scope;
  };

  /** The control URL of a scope's faults. */
  const control = async (scope: Scope, req: IncomingMessage, res: ServerResponse): Promise<void> => {
    switch (req.method) {
      case 'GET':
        return sendJson(res, 200, {
          fault: scope.plan ?? null,
          requests: scope.requests,
          released: scope.released,
        });
      case 'DELETE':
        scope.plan = undefined;
        return sendJson(res, 204);
      case 'POST': {
        const plan = parsePlan(await readJson(req));
        if (typeof plan === 'string') return sendJson(res, 400, { error: plan });
        scope.plan = plan;
        return sendJson(res, 204);
      }
      default:
        return sendJson(res, 405, { error: 'GET, POST or DELETE' });
    }
  };

  /** A scoped instance's request: recorded, then answered by the API or by the fault planned. */
  const serveScoped = async (scope: Scope, req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').replace(/^\/v1/, '');
    const fault = req.method === 'OPTIONS' && scope.plan?.fault !== 'cors' ? null : faultFor(scope, path);
    const origin = req.headers.origin;
    scope.requests.push({
      method: req.method ?? 'GET',
      path,
      fault,
      cookie: req.headers.cookie !== undefined,
      origin: typeof origin === 'string' ? origin : null,
      referer: typeof req.headers.referer === 'string' ? req.headers.referer : null,
      at: Date.now(),
    });
    const request = toWebRequest(req);
    // A faulty answer replaces the body: the real one is asked for in full (never a 304).
    if (fault !== null) request.headers.delete('If-None-Match');
    const real = () => scope.api.handle(request, req.socket.remoteAddress ?? 'unknown');
    if (fault === null) {
      const response = await real();
      closeIfBodyUnread(req, res);
      return writeWebResponse(response, res);
    }
    return answerWithFault(fault, scope.plan!, real, res);
  };

  const scopedMiddleware =
    (name: string): NodeMiddleware =>
    (req, res, next) => {
      if (!isApiPath(req.url ?? '/')) return next();
      serveScoped(scopeFor(name), req, res).catch((error: unknown) => {
        console.error('khountous api (scoped): adapter error', error);
        if (!res.headersSent) sendJson(res, 500, { error: { code: 'internal', message: 'Adapter error.' } });
        else res.destroy();
      });
    };

  /** The element code held back until scope `scope` has received `count` requests (at most until `until`). */
  const holds = new Map<string, { count: number; until: number }>();

  const middleware = async (ctx: KoaContext, next: () => Promise<void>): Promise<void> => {
    const url = ctx.req.url ?? '/';
    const holdMatch = HOLD.exec(url.split('?')[0]!);
    if (holdMatch) {
      ctx.respond = false;
      if (ctx.req.method === 'DELETE') holds.delete(holdMatch[1]!);
      else {
        const count = Number(new URL(url, 'http://test').searchParams.get('count'));
        if (!Number.isInteger(count) || count < 1 || count > 100)
          return sendJson(ctx.res, 400, { error: 'count' });
        scopeFor(holdMatch[1]!);
        holds.set(holdMatch[1]!, { count, until: Date.now() + 10_000 });
      }
      return sendJson(ctx.res, 204);
    }
    const controlMatch = CONTROL.exec(url.split('?')[0]!);
    if (controlMatch) {
      ctx.respond = false;
      await control(scopeFor(controlMatch[1]!), ctx.req, ctx.res);
      return;
    }
    const match = SCOPED.exec(url);
    const middleware = match ? scopedMiddleware(match[1]!) : url.startsWith('/v1') ? shared : undefined;
    if (!middleware) return next();
    if (match) ctx.req.url = match[2];
    ctx.respond = false;
    await new Promise<void>((resolve) => {
      ctx.res.once('close', resolve);
      ctx.res.once('finish', resolve);
      middleware(ctx.req, ctx.res, () => {
        ctx.respond = true;
        resolve();
      });
    });
    if (ctx.respond) await next();
  };
  /** How many requests the scoped instance `name` has received so far (0 for a scope never used). */
  const received = (name: string): number => scopes.get(name)?.requests.length ?? 0;
  /** Notes that the test server sent a file it held for scope `name` (GET .../__faults lists it). */
  const release = (name: string, path: string, because: 'requests' | 'timeout' | 'deleted'): void => {
    scopeFor(name).released.push({ path, at: Date.now(), because });
  };
  /** The hold of scope `name` armed by POST /scoped/<name>/__hold?count=n, if any. */
  const hold = (name: string) => holds.get(name);
  return Object.assign(middleware, { received, release, hold });
}
