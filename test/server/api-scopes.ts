/**
 * A scoped instance of the reference API in the web test runner (./api.ts):
 * its own API, its fault plan, and the record of every request that reached
 * it; its control URL (/scoped/<scope>/__faults) and the serving of its
 * requests.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createApi, type KhountousApi } from '../../demo/api/handler.js';
import { closeIfBodyUnread, toWebRequest, writeWebResponse } from '../../demo/api/node.js';
import { answerWithFault } from './api-fault-answers.js';
import { faultFor, parsePlan, type Fault, type FaultPlan } from './api-faults.js';

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

export interface Scope {
  api: KhountousApi;
  plan: FaultPlan | undefined;
  requests: RecordedRequest[];
  /** When the test server sent files it held for this scope, and why it let them go. */
  released: { path: string; at: number; because: 'requests' | 'timeout' | 'deleted' }[];
}

/** A scope's fresh instance, with the document's quotas and no fault. */
export function newScope(): Scope {
  return { api: createApi(), plan: undefined, requests: [], released: [] };
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

/** The answer of a control URL: `body` as JSON, or no body. */
export function sendJson(res: ServerResponse, status: number, body?: unknown): void {
  res.statusCode = status;
  res.setHeader('Cache-Control', 'no-store');
  if (body === undefined) {
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

/** The control URL of a scope's faults. */
export async function controlFaults(scope: Scope, req: IncomingMessage, res: ServerResponse): Promise<void> {
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
}

/** A scoped instance's request: recorded, then answered by the API or by the fault planned. */
export async function serveScoped(scope: Scope, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '/').replace(/^\/v1/, '');
  const fault = req.method === 'OPTIONS' && scope.plan?.fault !== 'cors' ? null : faultFor(scope.plan, path);
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
}
