/**
 * How a scoped instance of the reference API answers a request that gets a
 * fault (./api-faults.ts describes each): a made-up answer, the real one
 * altered, late or cut, or none at all.
 */
import type { ServerResponse } from 'node:http';
import { writeWebResponse } from '../../demo/api/node.js';
import { CORS_HEADERS } from '../../demo/api/response.js';
import type { Fault, FaultPlan } from './api-faults.js';

const HANG_LIMIT_MS = 60_000;

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
export async function answerWithFault(
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
    case '429-shared':
      return write(
        429,
        {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-store',
          'Retry-After': String(plan.retryAfter ?? 1),
          'X-Khountous-Cache': 'shared',
          'X-Cache-Status': 'MISS',
        },
        JSON.stringify({
          error: {
            code: 'rate_limited',
            message: `This site is busy: its share of the API is in use; retry in ${plan.retryAfter ?? 1} s.`,
          },
        }),
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
