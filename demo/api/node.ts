/**
 * Node adapters of the reference API: a connect-style middleware that Vite's
 * dev server, the web test runner (through Koa) and node:http all accept.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_PREFIX, type KhountousApi } from './handler.js';

export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** True for `/v1`, `/v1/...` and `/v1?...`. */
export function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
}

function requestOrigin(req: IncomingMessage): string {
  const protocol = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  const host = req.headers.host ?? 'localhost';
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return `${protocol}://localhost`;
  }
}

function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

async function readRequestBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The web-standard Request of a Node request; the body is read for methods that have one. */
export async function toWebRequest(req: IncomingMessage): Promise<Request> {
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', requestOrigin(req)), {
    method,
    headers: requestHeaders(req),
    body: hasBody ? new Uint8Array(await readRequestBody(req)) : null,
  });
}

/** Writes a web-standard Response to a Node response (bodies are small: buffered, with Content-Length). */
export async function writeWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (body.length === 0) {
    res.end();
    return;
  }
  res.setHeader('Content-Length', String(body.length));
  res.end(body);
}

function failInternally(res: ServerResponse, error: unknown): void {
  console.error('khountous api: adapter error', error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = 500;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify({ error: { code: 'internal', message: 'An internal error occurred.' } }));
}

/**
 * Serves the URLs under /v1 with `api` and passes every other request to
 * `next()`. The client address is the socket's remote address.
 */
export function toNodeMiddleware(api: KhountousApi): NodeMiddleware {
  return (req, res, next) => {
    if (!isApiPath(req.url ?? '/')) {
      next();
      return;
    }
    const clientAddress = req.socket.remoteAddress ?? 'unknown';
    toWebRequest(req)
      .then((request) => api.handle(request, clientAddress))
      .then((response) => writeWebResponse(response, res))
      .catch((error: unknown) => failInternally(res, error));
  };
}
