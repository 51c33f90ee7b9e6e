// What a reader feels on a slow mobile network: the news front page in headless
// Chromium with its network throttled (CDP Network.emulateNetworkConditions),
// timed from navigation to the first skeleton painted and to the data painted,
// for the script tag, the autoloader and the iframe embed, against the
// baseline page (bench/baseline/) and the floor: a page whose inline script
// starts the same API requests at navigation and writes their text.
//
//   node --import tsx bench/paint.mjs              full run, prints a table
//   node --import tsx bench/paint.mjs --quick      fewer runs, same code paths
//     --dist DIR --runs N --profiles slow-3g,fast-4g   another build, run count, profiles
//   node --import tsx bench/paint.mjs --write      also writes its figures into bench/results.json
//                                       and docs/benchmarks.md (the rest kept as it is)
//     --compare DIR [--compare-name NAME]   also the script tag and the autoloader of another
//                                       build (DIR, say main's dist/), alternating with this one's
//     --variants a,b --connections cold,warm   a part of the grid
//     --lab-runs N                      views of each page under Lighthouse's mobile settings
//                                       (bench/lab.mjs; 0: none)
//
// bench/run.mjs calls measurePaint() as one of its phases.
//
// Two origins on the loopback: the page and the kit on one server, the API on
// another (another port: another origin, with its own connections).
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
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, sep } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createApi } from '../demo/api/handler.ts';
import { isApiPath, toNodeMiddleware } from '../demo/api/node.ts';
import { LAB_RUNS, measureLab } from './lab.mjs';
import { VARIANTS, paintTables } from './paint-tables.mjs';
import { FAVICON } from './server.mjs';

export { LAB_RUNS, VARIANTS, paintTables };

/** Round trips to set a connection up: TCP, then TLS 1.3 (DNS counted as cached). */
export const SETUP_ROUND_TRIPS = 2;

/** Network profiles: throughput in kbit/s, round trip in ms. */
export const PROFILES = {
  // 400 kbit/s and 400 ms as in the issue; upload as Chrome DevTools' "Slow 3G" (same as download).
  'slow-3g': { downKbps: 400, upKbps: 400, rttMs: 400 },
  // Chrome DevTools' "Fast 4G" before its 0.9 factor: 9 Mbit/s down, 1.5 Mbit/s up, 60 ms.
  'fast-4g': { downKbps: 9000, upKbps: 1500, rttMs: 60 },
};

/** Page views per variant and condition. */
export const PAINT_RUNS = { full: 7, quick: 1 };

/**
 * What `npm test` runs (the bench's quick mode): a smoke run of five page views,
 * fast 4G with the API connection cold, proving the pages, the marks and the
 * request bound still work; `npm run bench` runs the whole grid.
 */
export const PAINT_QUICK = {
  profiles: ['fast-4g'],
  connections: ['cold'],
  variants: ['floor', 'script', 'autoloader', 'embed', 'seeded'],
};

/** A mobile viewport: what the reader sees decides what the kit loads without scrolling. */
export const VIEWPORT = { width: 412, height: 915 };

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export const median = (values) => {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value, digits = 0) =>
  value === undefined ? undefined : Math.round(value * 10 ** digits) / 10 ** digits;

function fileUnder(dir, path) {
  const file = normalize(join(dir, decodeURIComponent(path)));
  if (!file.startsWith(dir + sep)) return undefined;
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

/**
 * Serves /dist, /demo and /bench files, the other build of `--compare` under
 * /dist-compare, and the `pages` by path; undefined when nothing matched.
 */
function staticFile(root, dist, pathname, pages, compareDist) {
  if (pages[pathname]) return { body: pages[pathname](), type: TYPES['.html'] };
  const [, top, rest] = /^\/(demo|dist|dist-compare|bench)(\/.*)$/.exec(pathname) ?? [];
  const dir =
    top === 'dist' ? dist : top === 'dist-compare' ? compareDist : top ? join(root, top) : undefined;
  const file = dir && fileUnder(dir, rest);
  if (!file) return undefined;
  return {
    body: readFileSync(file),
    type: TYPES[extname(file)] ?? 'application/octet-stream',
    hashed: (top === 'dist' || top === 'dist-compare') && rest.startsWith('/chunks/'),
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
      send(req, res, staticFile(root, dist, url.pathname, {}));
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

/** The kit's elements of the news page and their attributes, in page order. */
function newsWidgets(html) {
  return [...html.matchAll(/<khountous-([a-z-]+)([^>]*)><\/khountous-\1>/g)].map((match) => ({
    source: match[0],
    widget: match[1],
    attributes: Object.fromEntries([...match[2].matchAll(/([a-z-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  }));
}

/**
 * The news page's widgets rendered with their data by the package's server renderer
 * (lib/ssr/render.js, `khountous-widgets/ssr`) from the API at `apiOrigin`, as a site's
 * server does at request time: a new process cache each time, so the data is fresh.
 */
export async function renderSeeded(root, apiOrigin, html) {
  const entry = join(root, 'lib/ssr/render.js');
  if (!existsSync(entry)) throw new Error('lib/ssr/render.js is missing: run `npm run build` first.');
  const { renderWidget, resetRenderCache } = await import(pathToFileURL(entry).href);
  resetRenderCache();
  const baseUrl = `${apiOrigin}/v1`;
  return Promise.all(
    newsWidgets(html).map(({ widget, attributes }) =>
      renderWidget(`khountous-${widget}`, attributes, { baseUrl }),
    ),
  );
}

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * The variants of demo/news.html, each with the API at `api` (its origin with /v1).
 * `floorUrls`: the API URLs the floor page asks for at navigation; `seeded()`: the
 * widgets as the server rendered them last (renderSeeded), in page order.
 */
export function variantPages(root, apiOrigin, floorUrls, compareName, seeded = () => []) {
  const source = readFileSync(join(root, 'demo/news.html'), 'utf8');
  const api = `${apiOrigin}/v1`;
  const withBase = source.replace('<meta name="khountous:base-url" content="/v1" />', () => {
    return `<meta name="khountous:base-url" content="${api}" />`;
  });
  if (withBase === source)
    throw new Error('demo/news.html has no khountous:base-url meta: update bench/paint.mjs');
  const script = '<script type="module" src="./main.ts"></script>';
  if (!withBase.includes(script))
    throw new Error('demo/news.html no longer loads ./main.ts: update bench/paint.mjs');
  const preconnect = `<link rel="preconnect" href="${apiOrigin}" crossorigin />`;
  // The demo page may carry its own preconnect to the demo's API: the bench decides.
  const bare = withBase
    .replace(/\s*<link rel="preconnect"[^>]*>/g, '')
    .replace('</title>', () => `</title>\n    ${FAVICON}`);
  const withScript = (tag, extra = '') => bare.replace(script, `${extra}${tag}`);
  const widgets = newsWidgets(bare);

  const embed = () => {
    let page = withScript('');
    for (const { source: element, widget, attributes } of widgets) {
      const params = new URLSearchParams({ widget, ...attributes, 'base-url': api });
      params.delete('href-template');
      const src = `${apiOrigin}/dist/embed.html?${params}`;
      page = page.replace(
        element,
        `<iframe src="${escapeHtml(src)}" title="${widget}" style="width:100%;height:24rem;border:0"></iframe>`,
      );
    }
    return page;
  };

  const floor = () => {
    let page = withScript('');
    widgets.forEach(({ source: element }, index) => {
      page = page.replace(element, `<p class="floor" data-floor="${index}" state="loading"></p>`);
    });
    // At navigation: the requests the kit sends for this page, each answer's text written at once.
    const inline = `<script>
      const slots = document.getElementsByClassName('floor');
      ${JSON.stringify(floorUrls.map((path) => apiOrigin + path))}.forEach((url, index) => {
        fetch(url, { credentials: 'omit', mode: 'cors' })
          .then((response) => response.json())
          .then((body) => {
            const items = Array.isArray(body.data) ? body.data : [body];
            const text = items.map((item) => [item.name, item.score ?? item.value ?? ''].join(' ')).join(' · ');
            const slot = slots[index] ?? document.body.appendChild(document.createElement('p'));
            slot.textContent = text;
            slot.setAttribute('state', 'ready');
          });
      });
    </script>`;
    return page.replace('</head>', `${inline}\n  </head>`);
  };

  // The server-seeded page: each widget with its declarative shadow DOM and inline data,
  // then the script tag, which defines the elements; they adopt the data and send nothing.
  const seededPage = () => {
    const rendered = seeded();
    if (rendered.length !== widgets.length) throw new Error('the seeded page was not rendered');
    let page = withScript('<script type="module" src="/dist/khountous.js"></script>');
    widgets.forEach(({ source: element }, index) => {
      page = page.replace(element, () => rendered[index]);
    });
    return page;
  };

  const baseline = () =>
    withScript('<script type="module" src="/bench/baseline/main.js"></script>').replace(
      /<(\/?)khountous-/g,
      '<$1naive-',
    );

  return {
    '/paint/floor.html': floor,
    '/paint/baseline.html': baseline,
    '/paint/script.html': () => withScript('<script type="module" src="/dist/khountous.js"></script>'),
    '/paint/script+preconnect.html': () =>
      withScript('<script type="module" src="/dist/khountous.js"></script>', `${preconnect}\n    `),
    '/paint/autoloader.html': () => withScript('<script type="module" src="/dist/autoloader.js"></script>'),
    '/paint/autoloader+preconnect.html': () =>
      withScript('<script type="module" src="/dist/autoloader.js"></script>', `${preconnect}\n    `),
    '/paint/embed.html': embed,
    '/paint/seeded.html': seededPage,
    // The other build's script tag and autoloader (--compare), served from /dist-compare/.
    ...(compareName
      ? Object.fromEntries(
          ['khountous', 'autoloader'].flatMap((file) => {
            const variant = file === 'khountous' ? 'script' : 'autoloader';
            const tag = `<script type="module" src="/dist-compare/${file}.js"></script>`;
            return [
              [`/paint/${compareName}:${variant}.html`, () => withScript(tag)],
              [
                `/paint/${compareName}:${variant}+preconnect.html`,
                () => withScript(tag, `${preconnect}\n    `),
              ],
            ];
          }),
        )
      : {}),
  };
}

/** The page's server: demo/ (its styles), dist/, bench/ and the variant pages under /paint/. */
export async function startPageServer({ root, dist, compareDist }) {
  let pages = {};
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    send(
      req,
      res,
      staticFile(
        root,
        dist,
        url.pathname.replace(/^\/paint\/(?=[a-z]+\.css$)/, '/demo/'),
        pages,
        compareDist,
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

/**
 * Runs in every frame before its scripts. A widget's `state` attribute (the
 * kit's elements and the baseline's reflect it after each render, the floor's
 * paragraphs get it with their text, a server-rendered widget is parsed with it)
 * changing to (or arriving with) `loading` or data, or the script tag's text
 * paint of its data (a `<khountous-paint>` written inside it), marks
 * the frame in which the change is drawn: a requestAnimationFrame callback,
 * then a MessageChannel message posted from it, which runs once that frame's
 * style, layout and paint are done. The time is epoch-based
 * (timeOrigin + now) so that frames can be compared with the top page.
 */
function observePaint() {
  const marks = {
    skeleton: [],
    data: [],
    errors: [],
    fcp: undefined,
    defined: undefined,
    origin: performance.timeOrigin,
  };
  Object.defineProperty(window, '__khountousPaint', { value: marks });
  const seen = new WeakMap();
  const stamp = (list, label) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => list.push({ label, at: performance.timeOrigin + performance.now() });
      channel.port2.postMessage(0);
    });
  const look = (element) => {
    // The first of the kit's elements defined: the kit's code has run by then.
    if (element.localName.startsWith('khountous-') && marks.defined === undefined)
      customElements.whenDefined(element.localName).then(() => {
        marks.defined ??= performance.timeOrigin + performance.now();
      });
    const state = element.getAttribute('state');
    const before = seen.get(element) ?? {};
    if (state === 'loading' && !before.skeleton) {
      seen.set(element, { ...before, skeleton: true });
      if (element.localName !== 'p') stamp(marks.skeleton, element.localName);
    } else if ((state === 'ready' || state === 'empty') && !before.data) {
      seen.set(element, { ...before, data: true });
      stamp(marks.data, element.localName);
    } else if (state === 'error' && !before.error) {
      seen.set(element, { ...before, error: true });
      marks.errors.push(element.localName);
    }
  };
  const painted = (element) => {
    const before = seen.get(element) ?? {};
    if (before.data) return;
    seen.set(element, { ...before, data: true });
    stamp(marks.data, element.localName);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        if (record.target instanceof Element) look(record.target);
        continue;
      }
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        // An element that arrives with its state (a server-rendered widget, parsed with state="ready").
        if (node.hasAttribute('state')) look(node);
        // The script tag's text paint of a widget's data (src/boot/paint.ts): its data painted.
        else if (node.localName === 'khountous-paint' && node.parentElement) painted(node.parentElement);
      }
    }
  }).observe(document, { attributes: true, attributeFilter: ['state'], childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') marks.fcp = performance.timeOrigin + entry.startTime;
  }).observe({ type: 'paint', buffered: true });
}

/** Loads one page view and returns its marks, relative to the top page's navigation. */
export async function pageView(browser, { url, profile, warm, api, apiOrigin, quietMs }) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript(observePaint);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    api.reset(profile.rttMs);
    if (warm) {
      // Warm: one request to the API's origin from this page (same credentials mode as the kit),
      // answered before the measured navigation starts; its connection stays open.
      await page.goto(`${new URL(url).origin}/bench/paint-blank`).catch(() => undefined);
      await page.evaluate(
        (origin) => fetch(`${origin}/v1/`, { credentials: 'omit', mode: 'cors' }).then((r) => r.status),
        apiOrigin,
      );
      api.log.length = 0;
      api.startTimeline();
    }
    // What the console shows as errors from now on (the warm-up's blank page and its request to the
    // API's root are no part of the view), in any frame: a failed load counts, as Lighthouse counts it.
    const consoleErrors = [];
    context.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
    });
    context.on('weberror', (error) => consoleErrors.push(String(error.error())));
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.rttMs,
      downloadThroughput: (profile.downKbps * 1000) / 8,
      uploadThroughput: (profile.upKbps * 1000) / 8,
    });
    // Settled: the load event fired and nothing in flight (any frame, any origin) for quietMs.
    // (A set, not a counter: an event of the warm-up request may still arrive.)
    const pending = new Set();
    let lastAt = Date.now();
    const up = (request) => (pending.add(request), (lastAt = Date.now()));
    const down = (request) => (pending.delete(request), (lastAt = Date.now()));
    // The bytes each response brought (its headers and its body as sent: gzip for the page's files).
    const sizes = [];
    context.on('request', up);
    context.on('requestfinished', (request) => {
      down(request);
      sizes.push(
        request
          .sizes()
          .then(({ responseHeadersSize, responseBodySize }) => ({
            url: request.url(),
            bytes: responseHeadersSize + responseBodySize,
          }))
          .catch(() => undefined),
      );
    });
    context.on('requestfailed', down);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (pending.size > 0 || api.inFlight > 0 || Date.now() - lastAt < quietMs))
      await new Promise((resolve) => setTimeout(resolve, 50));
    // The last marks wait for a frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    const frames = [];
    for (const frame of page.frames()) {
      const marks = await frame.evaluate(() => window.__khountousPaint).catch(() => undefined);
      if (marks) frames.push(marks);
    }
    // When the first of the kit's files had arrived in the top page: no kit code runs before.
    const kitFileAt = await page.evaluate(() => {
      const ends = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/dist/'))
        .map((entry) => entry.responseEnd);
      return ends.length ? performance.timeOrigin + Math.min(...ends) : undefined;
    });
    const bytes = { page: 0, kit: 0, api: 0, other: 0 };
    const pageOrigin = new URL(url).origin;
    for (const size of await Promise.all(sizes)) {
      if (!size) continue;
      const { origin: from, pathname } = new URL(size.url);
      const kind = isApiPath(pathname)
        ? 'api'
        : pathname.startsWith('/dist/')
          ? 'kit'
          : from === pageOrigin && pathname.startsWith('/paint/')
            ? 'page'
            : 'other';
      bytes[kind] += size.bytes;
    }
    const origin = frames[0].origin;
    const rel = (list) => list.map((mark) => mark.at - origin);
    const skeleton = frames.flatMap((marks) => rel(marks.skeleton));
    const data = frames.flatMap((marks) => rel(marks.data));
    return {
      fcpMs: frames[0].fcp === undefined ? undefined : frames[0].fcp - origin,
      kitFileMs: kitFileAt === undefined ? undefined : kitFileAt - origin,
      definedMs: frames[0].defined === undefined ? undefined : frames[0].defined - origin,
      bytes,
      skeletonMs: skeleton.length ? Math.min(...skeleton) : undefined,
      firstDataMs: data.length ? Math.min(...data) : undefined,
      lastDataMs: data.length ? Math.max(...data) : undefined,
      widgetsWithData: data.length,
      errors: frames.flatMap((marks) => marks.errors),
      consoleErrors,
      apiRequests: [...api.log],
      api: api.timeline,
    };
  } finally {
    await context.close();
  }
}

/**
 * The paint bench: every variant × profile × connection, `runs` times,
 * variants alternating within each run. Returns medians, ratios and samples;
 * `failures` lists a kit page that sent more API requests than resources.
 */
export async function measurePaint(
  browser,
  {
    root,
    dist,
    runs,
    quietMs = 1000,
    profiles = Object.keys(PROFILES),
    connections = ['cold', 'warm'],
    variants: chosen = VARIANTS,
    compare,
    labRuns = 0,
    log = () => {},
  },
) {
  // `compare`: { name, dist } of another build, whose script tag and autoloader alternate with these.
  const variants = [
    ...chosen,
    ...(compare
      ? ['script', 'script+preconnect', 'autoloader', 'autoloader+preconnect']
          .filter((variant) => chosen.includes(variant))
          .map((variant) => `${compare.name}:${variant}`)
      : []),
  ];
  if (!variants.includes('floor')) throw new Error('the paint bench needs the floor among its variants');
  const api = await startApiServer({ root, dist });
  const pages = await startPageServer({ root, dist, compareDist: compare?.dist });
  try {
    // The floor asks for what the script tag asks for on this page, unthrottled, API warm.
    pages.setPages(variantPages(root, api.origin, [], compare?.name));
    const reference = await pageView(browser, {
      url: `${pages.origin}/paint/script.html`,
      profile: { downKbps: 1e6, upKbps: 1e6, rttMs: 0 },
      warm: true,
      api,
      apiOrigin: api.origin,
      quietMs: 300,
    });
    const floorUrls = [...new Set(reference.apiRequests)];
    if (floorUrls.length === 0) throw new Error('the script-tag page sent no API request');
    let seeded = [];
    pages.setPages(variantPages(root, api.origin, floorUrls, compare?.name, () => seeded));
    const newsPage = variantPages(root, api.origin, floorUrls)['/paint/script.html']();

    const conditions = [];
    for (const profile of profiles)
      for (const connection of connections) conditions.push({ profile, connection });
    const results = { runs, viewport: VIEWPORT, setupRoundTrips: SETUP_ROUND_TRIPS, profiles: PROFILES };
    results.variants = variants;
    if (compare) results.compare = compare.name;
    results.floorRequests = floorUrls;
    results.conditions = [];
    const failures = [];
    for (const { profile, connection } of conditions) {
      log(`paint: ${profile}, API connection ${connection}`);
      const samples = Object.fromEntries(variants.map((variant) => [variant, []]));
      for (let run = 0; run < runs; run++) {
        for (const variant of variants) {
          if (variant === 'seeded') {
            // Rendered by the site's server just before the reader asks (its requests are not
            // the reader's: the API's log is emptied when the view starts).
            api.reset(0);
            seeded = await renderSeeded(root, api.origin, newsPage);
          }
          const view = await pageView(browser, {
            url: `${pages.origin}/paint/${variant}.html`,
            profile: PROFILES[profile],
            warm: connection === 'warm',
            api,
            apiOrigin: api.origin,
            quietMs,
          });
          samples[variant].push(view);
          if (!['floor', 'baseline'].includes(variant))
            for (const error of view.consoleErrors)
              failures.push(`${variant} (${profile}, ${connection}): console error: ${error}`);
          if (variant === 'seeded' && view.apiRequests.length > 0)
            failures.push(
              `seeded (${profile}, ${connection}): the reader's browser sent ${view.apiRequests.length} API requests (expected none while the data is fresh)`,
            );
          const unique = new Set(view.apiRequests).size;
          if (!['floor', 'baseline'].includes(variant) && view.apiRequests.length > unique)
            failures.push(
              `${variant} (${profile}, ${connection}): ${view.apiRequests.length} API requests for ${unique} resources`,
            );
        }
      }
      const summary = {};
      for (const variant of variants) {
        const views = samples[variant];
        const pick = (key) => views.map((view) => view[key]).filter((value) => value !== undefined);
        summary[variant] = {
          fcpMs: round(median(pick('fcpMs'))),
          skeletonMs: round(median(pick('skeletonMs'))),
          firstDataMs: round(median(pick('firstDataMs'))),
          lastDataMs: round(median(pick('lastDataMs'))),
          kitFileMs: round(median(pick('kitFileMs'))),
          definedMs: round(median(pick('definedMs'))),
          bytes: Object.fromEntries(
            ['page', 'kit', 'api', 'other'].map((kind) => [
              kind,
              median(views.map((view) => view.bytes[kind])),
            ]),
          ),
          widgetsWithData: median(pick('widgetsWithData')),
          apiRequests: median(views.map((view) => view.apiRequests.length)),
          errors: views.reduce((sum, view) => sum + view.errors.length, 0),
          consoleErrors: [...new Set(views.flatMap((view) => view.consoleErrors))],
          // The API's server: when its first socket opened and its first request arrived (ms after
          // the view started): a preconnect opens the socket well before the first request.
          apiFirstSocketMs: round(
            median(views.map((view) => view.api.firstSocketMs).filter((v) => v !== undefined)),
          ),
          apiFirstRequestMs: round(
            median(views.map((view) => view.api.firstRequestMs).filter((v) => v !== undefined)),
          ),
          samples: {
            skeletonMs: pick('skeletonMs').map((v) => round(v)),
            firstDataMs: pick('firstDataMs').map((v) => round(v)),
            lastDataMs: pick('lastDataMs').map((v) => round(v)),
          },
        };
      }
      const floor = summary.floor;
      const baseline = summary.baseline;
      for (const variant of variants) {
        const s = summary[variant];
        s.firstDataVsFloor = floor.firstDataMs ? round(s.firstDataMs / floor.firstDataMs, 2) : undefined;
        s.lastDataVsFloor = floor.lastDataMs ? round(s.lastDataMs / floor.lastDataMs, 2) : undefined;
        s.lastDataVsBaseline = baseline?.lastDataMs
          ? round(s.lastDataMs / baseline.lastDataMs, 2)
          : undefined;
      }
      results.conditions.push({ profile, connection, variants: summary });
    }
    // Lighthouse's mobile settings (bench/lab.mjs): the kit's news page and the hand-written one.
    if (labRuns > 0) {
      results.lab = await measureLab(browser, { origin: pages.origin, api, runs: labRuns, log });
      failures.push(...results.lab.failures);
    }
    results.failures = failures;
    return results;
  } finally {
    await pages.close();
    await api.close();
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_FLAGS, resolveEngines } = await import('../scripts/test/browsers.mjs');
  const { machine, markdown } = await import('./report.mjs');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const args = process.argv.slice(2);
  const quick = args.includes('--quick') || ['1', 'true'].includes(process.env.BENCH_QUICK ?? '');
  const option = (name) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const source = option('dist') ?? join(root, 'dist');
  const compareSource = option('compare');
  if (compareSource && !existsSync(join(compareSource, 'khountous.js')))
    throw new Error(`${compareSource} has no khountous.js`);
  if (!existsSync(join(source, 'khountous.js')))
    throw new Error(`${source} has no khountous.js: run \`npm run build\` first.`);
  const dist = mkdtempSync(join(tmpdir(), 'khountous-paint-dist-'));
  cpSync(source, dist, { recursive: true });
  const compareDist = compareSource && mkdtempSync(join(tmpdir(), 'khountous-paint-compare-'));
  if (compareDist) cpSync(compareSource, compareDist, { recursive: true });
  const [engine] = resolveEngines(['chromium'], (message) => console.log(`  ${message}`));
  if (!engine.available) throw new Error(`Chromium is needed: ${engine.reason}`);
  const browser = await chromium.launch({ executablePath: engine.path, args: CHROMIUM_FLAGS });
  let ok = false;
  try {
    const paint = await measurePaint(browser, {
      root,
      dist,
      runs: Number(option('runs') ?? (quick ? PAINT_RUNS.quick : PAINT_RUNS.full)),
      profiles: option('profiles')?.split(',') ?? (quick ? PAINT_QUICK.profiles : Object.keys(PROFILES)),
      connections: option('connections')?.split(',') ?? (quick ? PAINT_QUICK.connections : undefined),
      variants: option('variants')?.split(',') ?? (quick ? PAINT_QUICK.variants : undefined),
      compare: compareDist ? { name: option('compare-name') ?? 'before', dist: compareDist } : undefined,
      labRuns: Number(option('lab-runs') ?? (quick ? LAB_RUNS.quick : LAB_RUNS.full)),
      log: (message) => console.log(`\u25b6 ${message}`),
    });
    paint.mode = quick ? 'quick' : 'full';
    for (const { title, head, rows } of paintTables(paint)) {
      console.log(`\n${title}`);
      for (const row of [head, ...rows])
        console.log(`  ${row.map((cell, i) => (i ? cell.padStart(14) : cell.padEnd(40))).join('')}`);
    }
    if (args.includes('--write')) {
      const file = join(root, 'bench/results.json');
      const results = JSON.parse(readFileSync(file, 'utf8'));
      results.paint = { ...paint, date: new Date().toISOString(), machine: machine(browser.version()) };
      writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
      writeFileSync(join(root, 'docs/benchmarks.md'), await markdown(results, root));
      console.log('written: bench/results.json, docs/benchmarks.md');
    }
    for (const failure of paint.failures) console.error(`FAILED: ${failure}`);
    ok = paint.failures.length === 0;
  } finally {
    await browser.close();
    rmSync(dist, { recursive: true, force: true });
    if (compareDist) rmSync(compareDist, { recursive: true, force: true });
  }
  process.exit(ok ? 0 : 1);
}
