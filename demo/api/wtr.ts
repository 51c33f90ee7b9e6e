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
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createApi } from './handler.js';
import { toNodeMiddleware } from './node.js';

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

interface KoaContext {
  req: IncomingMessage;
  res: ServerResponse;
  respond?: boolean;
}

const SCOPED = /^\/scoped\/([A-Za-z0-9_-]{1,64})(\/v1(?:[/?].*)?)$/;
const TEST_RUN_QUOTA = 1_000_000;

export function referenceApiMiddleware() {
  const shared = toNodeMiddleware(createApi({ quotas: { anonymous: TEST_RUN_QUOTA } })) as NodeMiddleware;
  const scoped = new Map<string, NodeMiddleware>();

  const scopeFor = (name: string): NodeMiddleware => {
    let middleware = scoped.get(name);
    if (!middleware) {
      middleware = toNodeMiddleware(createApi()) as NodeMiddleware;
      scoped.set(name, middleware);
    }
    return middleware;
  };

  return async (ctx: KoaContext, next: () => Promise<void>): Promise<void> => {
    const url = ctx.req.url ?? '/';
    const match = SCOPED.exec(url);
    const middleware = match ? scopeFor(match[1]!) : url.startsWith('/v1') ? shared : undefined;
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
}
