// The bench's HTTP server: the demo's host pages, a snapshot of dist/, the
// bench's own pages, and the reference API at /v1 behind a counter, so that
// every request reaching the API is seen whatever the browser did.
//
//   /demo/news.html           the demo news front page, loading the built kit
//   /demo/news-baseline.html  the same page with the baseline widgets instead
//   /dist/...                 the dist/ snapshot taken at the start of the run
//   /bench/...                bench/ (baseline widgets, measurement pages)
//   /v1/...                   the reference API instance in use (see useApi)
import { readFileSync, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { createApi } from '../demo/api/handler.ts';
import { isApiPath, toNodeMiddleware } from '../demo/api/node.ts';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * The demo's icon, as its dev server adds it to every page (vite.config.ts): without one
 * the browser asks for /favicon.ico, whose 404 is an error in the console.
 */
export const FAVICON = '<link rel="icon" href="/demo/public/favicon.svg" type="image/svg+xml" />';

/** demo/news.html with the kit's script replaced by `script`; tags renamed to `prefix-` when given. */
function newsPage(root, script, prefix) {
  const page = readFileSync(join(root, 'demo/news.html'), 'utf8');
  const withScript = page
    .replace('src="./main.ts"', `src="${script}"`)
    .replace('</title>', () => `</title>\n    ${FAVICON}`);
  if (withScript === page)
    throw new Error('demo/news.html no longer loads ./main.ts: update bench/server.mjs');
  return prefix ? withScript.replace(/<(\/?)khountous-/g, `<$1${prefix}-`) : withScript;
}

/** A file under `dir`, or undefined when the path leaves it or names nothing. */
export function fileUnder(dir, path) {
  const file = normalize(join(dir, decodeURIComponent(path)));
  if (!file.startsWith(dir + sep)) return undefined;
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

/**
 * Starts the server on a free port of 127.0.0.1.
 * @param {{ root: string, dist: string }} options the project root and the dist/ snapshot
 */
export async function startServer({ root, dist }) {
  /** Milliseconds the simulated clock is ahead of the real one (the API's and the pages' time). */
  let clockOffset = 0;
  let current;

  /**
   * Serves /v1 from a new reference-API instance (fresh quotas, its clock back to
   * real time) and returns its counter: requests that reached it, answers by
   * status, requests still in flight.
   */
  function useApi(quotas = { anonymous: 60 }) {
    clockOffset = 0;
    const api = createApi({ now: () => Date.now() + clockOffset, quotas });
    const counter = { requests: 0, byStatus: {}, inFlight: 0, lastAt: 0 };
    current = { middleware: toNodeMiddleware(api), counter };
    return counter;
  }
  useApi();

  const pages = {
    '/demo/news.html': () => newsPage(root, '/bench/pages/kit-main.js'),
    '/demo/news-baseline.html': () => newsPage(root, '/bench/baseline/main.js', 'naive'),
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (isApiPath(url.pathname)) {
      const { counter, middleware } = current;
      counter.requests += 1;
      counter.inFlight += 1;
      counter.lastAt = Date.now();
      res.on('close', () => {
        counter.inFlight -= 1;
        counter.lastAt = Date.now();
        counter.byStatus[res.statusCode] = (counter.byStatus[res.statusCode] ?? 0) + 1;
      });
      middleware(req, res, () => {
        res.statusCode = 404;
        res.end();
      });
      return;
    }
    let body;
    let type = TYPES['.html'];
    if (pages[url.pathname]) {
      body = pages[url.pathname]();
    } else {
      const [, top, rest] = /^\/(demo|dist|bench)(\/.*)$/.exec(url.pathname) ?? [];
      const dir = top === 'dist' ? dist : top ? join(root, top) : undefined;
      const file = dir && fileUnder(dir, rest);
      if (file) {
        body = readFileSync(file);
        type = TYPES[extname(file)] ?? 'application/octet-stream';
      }
    }
    if (body === undefined) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', 'no-cache');
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;

  return {
    origin,
    useApi,
    /** Moves the API's clock forward with the pages' clock. */
    advanceClock: (ms) => (clockOffset += ms),
    /** The simulated now, in epoch ms. */
    now: () => Date.now() + clockOffset,
    /** Resolves once no API request has been in flight for `quietMs`. */
    async idle(quietMs = 150, timeout = 20_000) {
      const deadline = Date.now() + timeout;
      const { counter } = current;
      while (Date.now() < deadline) {
        if (counter.inFlight === 0 && Date.now() - counter.lastAt >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
