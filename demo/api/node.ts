/**
 * Node adapters of the reference API: a connect-style middleware that Vite's
 * dev server, the web test runner (through Koa) and node:http all accept.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KhountousApi } from './handler.js';
import { CORS_HEADERS } from './response.js';
import { API_PREFIX } from './routing.js';

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

/** True when the request says a body follows (a length above 0, or chunks). */
function declaresBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The body of `req` as a web stream that reads from the socket only when its
 * reader asks for more: a body that nobody reads is never read, and a reader
 * that stops (demo/api/body.ts does at MAX_BODY_BYTES) stops the reading.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let closed = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer | string) => {
          if (closed) return;
          controller.enqueue(typeof chunk === 'string' ? Buffer.from(chunk) : new Uint8Array(chunk));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.on('end', () => {
          if (closed) return;
          closed = true;
          controller.close();
        });
        req.on('error', (error) => {
          if (closed) return;
          closed = true;
          controller.error(error);
        });
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        closed = true;
        req.pause();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * The web-standard Request of a Node request. Its body, when one is declared
 * (never on GET or HEAD, which a Request cannot carry), is a stream read on
 * demand: nothing of it has been read when the Request is made.
 */
export function toWebRequest(req: IncomingMessage): Request {
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD' && declaresBody(req);
  return new Request(new URL(req.url ?? '/', requestOrigin(req)), {
    method,
    headers: requestHeaders(req),
    ...(hasBody ? { body: bodyStream(req), duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Ends the connection after this response when the request's body was not
 * read to its end, rather than reading (and discarding) the rest of it as
 * node:http does on a kept-alive connection.
 */
export function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  if (!req.complete && !res.headersSent) res.setHeader('Connection', 'close');
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

/**
 * Methods a web-standard Request cannot carry (the Fetch standard forbids
 * them): they never reach the handler, and are answered here.
 */
const FORBIDDEN_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** The methods the API implements on some path: the Allow of a forbidden method's 405. */
export const API_METHODS = 'GET, HEAD, POST, OPTIONS';

/** 405 in the API's error shape, the connection closed (its body, if any, is not read). */
function refuseMethod(req: IncomingMessage, res: ServerResponse): void {
  const body = JSON.stringify({
    error: { code: 'method_not_allowed', message: `${req.method ?? 'This method'} is not allowed.` },
  });
  res.writeHead(405, {
    ...CORS_HEADERS,
    Allow: API_METHODS,
    'Cache-Control': 'no-store',
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  });
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
    if (FORBIDDEN_METHODS.has(req.method ?? '')) {
      refuseMethod(req, res);
      return;
    }
    const clientAddress = req.socket.remoteAddress ?? 'unknown';
    Promise.resolve()
      .then(() => api.handle(toWebRequest(req), clientAddress))
      .then((response) => {
        closeIfBodyUnread(req, res);
        return writeWebResponse(response, res);
      })
      .catch((error: unknown) => failInternally(res, error));
  };
}
