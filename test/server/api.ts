/**
 * The reference API inside the web test runner's server (Koa).
 *
 * - `/v1/...`: one shared instance whose anonymous quota is raised, so that the
 *   many test files of a run, all from 127.0.0.1, do not exhaust it.
 * - `/scoped/<scope>/v1/...`: a fresh instance per scope with the document's
 *   quotas (60 per hour anonymous), for tests that count requests or reach the
 *   quota. A test picks a unique scope, so no test sees another's traffic
 *   (./api-scopes.ts).
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
 * The faults are listed in ./api-faults.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createApi } from '../../demo/api/handler.js';
import { isApiPath, toNodeMiddleware, type NodeMiddleware } from '../../demo/api/node.js';
import { controlFaults, newScope, sendJson, serveScoped, type Scope } from './api-scopes.js';

interface KoaContext {
  req: IncomingMessage;
  res: ServerResponse;
  respond?: boolean;
}

const SCOPED = /^\/scoped\/([A-Za-z0-9_-]{1,64})(\/v1(?:[/?].*)?)$/;
const CONTROL = /^\/scoped\/([A-Za-z0-9_-]{1,64})\/__faults$/;
const HOLD = /^\/scoped\/([A-Za-z0-9_-]{1,64})\/__hold$/;
const TEST_RUN_QUOTA = 1_000_000;

export function referenceApiMiddleware() {
  const shared = toNodeMiddleware(createApi({ quotas: { anonymous: TEST_RUN_QUOTA } }));
  const scopes = new Map<string, Scope>();

  const scopeFor = (name: string): Scope => {
    let scope = scopes.get(name);
    if (!scope) {
      scope = newScope();
      scopes.set(name, scope);
    }
    return scope;
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

  /**
   * The element code (with `files=all`, every file the script tag loads after itself) held
   * back until scope `scope` has received `count` requests (at most until `until`).
   */
  const holds = new Map<string, { count: number; until: number; all: boolean }>();

  const middleware = async (ctx: KoaContext, next: () => Promise<void>): Promise<void> => {
    const url = ctx.req.url ?? '/';
    const holdMatch = HOLD.exec(url.split('?')[0]!);
    if (holdMatch) {
      ctx.respond = false;
      if (ctx.req.method === 'DELETE') holds.delete(holdMatch[1]!);
      else {
        const query = new URL(url, 'http://test').searchParams;
        const count = Number(query.get('count'));
        if (!Number.isInteger(count) || count < 1 || count > 100)
          return sendJson(ctx.res, 400, { error: 'count' });
        scopeFor(holdMatch[1]!);
        holds.set(holdMatch[1]!, { count, until: Date.now() + 10_000, all: query.get('files') === 'all' });
      }
      return sendJson(ctx.res, 204);
    }
    const controlMatch = CONTROL.exec(url.split('?')[0]!);
    if (controlMatch) {
      ctx.respond = false;
      await controlFaults(scopeFor(controlMatch[1]!), ctx.req, ctx.res);
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
