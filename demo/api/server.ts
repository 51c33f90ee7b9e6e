/**
 * The reference API on its own: `npm run api` (or `npx tsx demo/api/server.ts`).
 * Serves /v1 on PORT (8787 by default) and a short landing page at /.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { API_PREFIX, DEMO_KEYS, createApi, type KhountousApi } from './handler.js';
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
  const keys = Object.entries(DEMO_KEYS)
    .map(([key, level]) => `<li><code>${key}</code> (${level})</li>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Khountous reference API</title>
<h1>Khountous reference API</h1>
<p>Base URL: <code>${API_PREFIX}</code>. Try <a href="${API_PREFIX}/administrations?limit=5">${API_PREFIX}/administrations?limit=5</a>.</p>
<ul>
${endpoints}
</ul>
<p>Keys (header <code>Authorization: Bearer &lt;key&gt;</code>):</p>
<ul>
${keys}
</ul>
<p>Assumptions: docs/api-assumptions.md.</p>
</html>
`;
}

function sendPlain(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.end(body);
}

/** A node:http server: /v1 through the middleware, the landing page at /, 404 elsewhere. */
export function createKhountousServer(api: KhountousApi = createApi()): Server {
  const middleware = toNodeMiddleware(api);
  const server = createServer((req, res) => {
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

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (isMain) {
  const server = createKhountousServer();
  server.listen(portFromEnv(), () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : DEFAULT_PORT;
    console.log(`Khountous reference API: http://localhost:${port}${API_PREFIX}`);
  });
}
