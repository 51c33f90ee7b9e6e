// The paint bench's two origins on the loopback: the page and the kit on one
// server, the API on another (another port: another origin, with its own connections).
//
// The network model. Chromium's throttling is per request: each request waits
// `latency` (one round trip here) from being sent to its first byte, and the
// bytes share the emulated throughput; opening a connection costs nothing, the
// loopback being instant. Lighthouse, which throttles the same way, folds
// connection set-up into a per-request latency multiplied by 3.75
// (core/config/constants.js): every request pays it, so a warm connection or a
// preconnect would change nothing. Here the API's server adds the set-up once
// per connection instead: DNS taken as cached, TCP and TLS 1.3 cost
// SETUP_ROUND_TRIPS round trips from the moment the browser opens its first
// socket to the API's origin. A request that arrives before that set-up is over
// is held until it is, plus one round trip (the server's hold replaces
// Chromium's latency, which runs from the same instant and would otherwise
// overlap it). Once one socket is set up, requests on any socket of the origin
// go through at once, as they would over one HTTP/2 connection. The page's
// origin counts as connected already (the reader has just loaded its HTML).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createApi } from '../demo/api/handler.ts';
import { isApiPath, toNodeMiddleware } from '../demo/api/node.ts';
import { fileUnder } from './server.mjs';

/** Round trips to set a connection up: TCP, then TLS 1.3 (DNS counted as cached). */
export const SETUP_ROUND_TRIPS = 2;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * Serves /dist, /demo and /bench files, the other build of `--compare` under
 * /dist-compare, the npm package as a Vite app bundles it (`npmApp`) under /npm-app,
 * and the `pages` by path; undefined when nothing matched.
 */
function staticFile(root, { dist, compareDist, npmApp }, pathname, pages) {
  if (pages[pathname]) return { body: pages[pathname](), type: TYPES['.html'] };
  const [, top, rest] = /^\/(demo|dist|dist-compare|npm-app|bench)(\/.*)$/.exec(pathname) ?? [];
  const built = { dist, 'dist-compare': compareDist, 'npm-app': npmApp };
  const dir = top in built ? built[top] : top ? join(root, top) : undefined;
  const file = dir && fileUnder(dir, rest);
  if (!file) return undefined;
  return {
    body: readFileSync(file),
    type: TYPES[extname(file)] ?? 'application/octet-stream',
    // Content-hashed names: dist/chunks/, and the Vite app's chunks/.
    hashed: top in built && rest.startsWith('/chunks/'),
  };
}

/**
 * Answers with `found`, gzip-compressed (level 9, as the size figures count
 * bytes) when the browser accepts it, as a site or a CDN serves the kit: with
 * an ETag (and a 304 when the request names it), dist/chunks/ (content-hashed
 * names) immutable, the rest revalidated at each view. Without a validator,
 * each iframe of the embed page would download its own copy of every file.
 */
function send(req, res, found) {
  if (!found) {
    res.statusCode = 404;
    res.end('not found');
    return;
  }
  res.setHeader('Content-Type', found.type);
  res.setHeader('Cache-Control', found.hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  const etag = `W/"${createHash('sha256').update(found.body).digest('base64url').slice(0, 22)}"`;
  res.setHeader('ETag', etag);
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    res.setHeader('Content-Encoding', 'gzip');
    res.end(gzipSync(found.body, { level: 9 }));
  } else {
    res.end(found.body);
  }
}

/**
 * The API's server: the reference API at /v1 (and dist/, for the embed page,
 * which accepts an API on its own origin only), with the connection set-up
 * model above and a log of the API requests.
 */
export async function startApiServer({ root, dist }) {
  const api = createApi({ quotas: { anonymous: 1_000_000 } });
  const middleware = toNodeMiddleware(api);
  /** Sockets opened since the last reset, with the time each is set up. */
  let sockets = new Map();
  let rttMs = 0;
  const log = [];
  /** Since the last reset (ms): when each socket to the API opened, when the first API request arrived. */
  let resetAt = performance.now();
  const connections = [];
  let firstRequestMs;
  let inFlight = 0;
  const server = createServer((req, res) => {
    const now = performance.now();
    if (!sockets.has(req.socket)) sockets.set(req.socket, now + SETUP_ROUND_TRIPS * rttMs);
    const readyAt = Math.min(...[...sockets].filter(([socket]) => !socket.destroyed).map(([, at]) => at));
    const hold = readyAt > now ? readyAt - now + rttMs : 0;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const serve = () => {
      if (isApiPath(url.pathname)) {
        if (req.method === 'GET') log.push(url.pathname + url.search);
        firstRequestMs ??= now - resetAt;
        inFlight += 1;
        res.on('close', () => (inFlight -= 1));
        res.setHeader('Timing-Allow-Origin', '*');
        middleware(req, res, () => send(req, res, undefined));
        return;
      }
      send(req, res, staticFile(root, { dist }, url.pathname, {}));
    };
    if (hold > 0) setTimeout(serve, hold);
    else serve();
  });
  server.on('connection', (socket) => {
    const now = performance.now();
    sockets.set(socket, now + SETUP_ROUND_TRIPS * rttMs);
    connections.push(now - resetAt);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    log,
    get inFlight() {
      return inFlight;
    },
    /** When the first socket to the API opened and the first API request arrived, ms after the reset. */
    get timeline() {
      return { firstSocketMs: connections[0], firstRequestMs, sockets: connections.length };
    },
    /** After a warm-up: times from now on, the warm connection kept. */
    startTimeline() {
      resetAt = performance.now();
      connections.length = 0;
      firstRequestMs = undefined;
    },
    /** A new run: every connection closed, the next one cold, the log emptied. */
    reset(profileRtt) {
      server.closeAllConnections();
      sockets = new Map();
      rttMs = profileRtt;
      log.length = 0;
      resetAt = performance.now();
      connections.length = 0;
      firstRequestMs = undefined;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/** The page's server: demo/ (its styles), dist/, bench/, the Vite app and the variant pages under /paint/. */
export async function startPageServer({ root, dist, compareDist, npmApp }) {
  let pages = {};
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    send(
      req,
      res,
      staticFile(
        root,
        { dist, compareDist, npmApp },
        url.pathname.replace(/^\/paint\/(?=[a-z]+\.css$)/, '/demo/'),
        pages,
      ),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    setPages: (value) => (pages = value),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
