/**
 * The reference API on its own: `npm run api` (or `npx tsx demo/api/server.ts`).
 * Serves /v1 on PORT (8787 by default; HOST, every interface by default) and a
 * short landing page at /, with the keys of demo/api/keys.ts (never the demo's).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createApi, type KhountousApi } from './handler.js';
import { API_PREFIX } from './routing.js';
import { serverKeys } from './keys.js';
import { API_METHODS, closeIfBodyUnread, toNodeMiddleware } from './node.js';

export const DEFAULT_PORT = 8787;

const ENDPOINTS = [
  'GET  /administrations?region=&sector=&level=&page=&limit=&lang=',
  'GET  /administrations/{slug}?lang=',
  'GET  /khountous?region=&category=&status=&period=&page=&limit=&lang=',
  'GET  /khountous/{slug}?lang=',
  'POST /khountous  (partner key)',
  'GET  /verifications?page=&limit=&lang=',
  'GET  /regions?lang=',
  'GET  /datasets/{id}?format=csv|json|xlsx',
];

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

function landingPage(): string {
  const endpoints = ENDPOINTS.map((line) => `<li><code>${escapeHtml(line)}</code></li>`).join('\n');
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Khountous reference API</title>
<h1>Khountous reference API</h1>
<p>Base URL: <code>${API_PREFIX}</code>. Try <a href="${API_PREFIX}/administrations?limit=5">${API_PREFIX}/administrations?limit=5</a>.</p>
<ul>
${endpoints}
</ul>
<p>Every GET works without a key. A key, from whoever runs this server, goes in the header
<code>Authorization: Bearer &lt;key&gt;</code>.</p>
<p>Assumptions: docs/api-assumptions.md.</p>
</html>
`;
}

function sendPlain(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.end(body);
}

/** Timeouts (milliseconds) and caps of the server; docs/api-assumptions.md §15. */
export interface ServerLimits {
  /** Time to receive a request's headers (node:http's `headersTimeout`). */
  headersTimeout: number;
  /** Time to receive a whole request, headers and body (`requestTimeout`). */
  requestTimeout: number;
  /** How long an idle kept-alive connection waits for its next request (`keepAliveTimeout`). */
  keepAliveTimeout: number;
  /** How long a connection may stay silent in either direction, while an answer is written too (`timeout`). */
  idleTimeout: number;
  /** How often the two request timeouts are checked (`connectionsCheckingInterval`). */
  checkInterval: number;
  /** Open connections at most; those beyond are closed at once (`maxConnections`). */
  maxConnections: number;
  /** Request headers at most; those beyond are dropped (`maxHeadersCount`). */
  maxHeadersCount: number;
  /** Requests served on one connection, after which it is closed (`maxRequestsPerSocket`). */
  maxRequestsPerSocket: number;
}

export const SERVER_LIMITS: Readonly<ServerLimits> = {
  headersTimeout: 10_000,
  requestTimeout: 15_000,
  keepAliveTimeout: 5_000,
  idleTimeout: 30_000,
  checkInterval: 1_000,
  maxConnections: 512,
  maxHeadersCount: 64,
  maxRequestsPerSocket: 1_000,
};

/**
 * A node:http server: /v1 through the middleware, the landing page at /, 404
 * elsewhere, with the timeouts and caps of SERVER_LIMITS (or `limits`).
 */
export function createKhountousServer(
  api: KhountousApi = createApi(),
  limits: Partial<ServerLimits> = {},
): Server {
  const middleware = toNodeMiddleware(api);
  const settings = { ...SERVER_LIMITS, ...limits };
  const options = {
    headersTimeout: settings.headersTimeout,
    requestTimeout: settings.requestTimeout,
    connectionsCheckingInterval: settings.checkInterval,
  };
  const server = createServer(options, (req, res) => {
    middleware(req, res, () => {
      closeIfBodyUnread(req, res);
      if (req.url === '/' || req.url === '/index.html') {
        sendPlain(res, 200, 'text/html; charset=utf-8', landingPage());
      } else {
        sendPlain(res, 404, 'text/plain; charset=utf-8', 'Not found. The API is under /v1.\n');
      }
    });
  });
  // node:http hands CONNECT to this event rather than to the request handler: not a proxy.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${API_METHODS}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
  server.keepAliveTimeout = settings.keepAliveTimeout;
  server.timeout = settings.idleTimeout;
  server.maxConnections = settings.maxConnections;
  server.maxHeadersCount = settings.maxHeadersCount;
  server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
  return server;
}

function portFromEnv(): number {
  const raw = process.env.PORT;
  if (raw === undefined || raw === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be a port number, got "${raw}".`);
  return port;
}

/** Where the server listens: HOST, else every interface. */
function hostFromEnv(): string | undefined {
  const host = process.env.HOST;
  return host === undefined || host === '' ? undefined : host;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (isMain) {
  let keys: ReturnType<typeof serverKeys>;
  let api: KhountousApi;
  let port: number;
  try {
    keys = serverKeys(process.env);
    api = createApi({ keys: keys.keys });
    port = portFromEnv();
  } catch (error) {
    console.error(`Khountous reference API: ${(error as Error).message}`);
    process.exit(1);
  }
  const host = hostFromEnv();
  for (const line of keys.notice) console.log(line);
  const server = createKhountousServer(api);
  server.listen(port, host, () => {
    const address = server.address();
    const bound = typeof address === 'object' && address ? address.port : port;
    const name = host === undefined ? 'localhost' : host.includes(':') ? `[${host}]` : host;
    console.log(`Khountous reference API: http://${name}:${bound}${API_PREFIX}`);
  });
}
