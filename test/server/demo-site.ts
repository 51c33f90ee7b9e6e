/**
 * For the test runner: the demo as `npm start` serves it (Vite with
 * vite.config.ts and the reference API), on its own origin, started at the
 * first test that asks for it. Browser tests load its pages in an iframe
 * (test/demo/*.browser.test.ts, through test/helpers/demo-page.ts).
 *
 * - `GET /__demo-site/origin` starts it and answers `{ origin }`.
 * - `GET /__demo-site/pages` answers the pages of demo/ (`["admin-card.html", …]`).
 * - `GET /__demo-site/requests?since=N` answers what it served from the N-th
 *   request on: method, URL, status and the page that asked (Referer), so
 *   that a failed request is seen whichever engine made it.
 * - `GET /__demo-site/pending` answers the requests it has begun to answer and
 *   not finished, with how long they have waited (ms).
 * - `GET /__demo-site/reports?since=N` answers what the pages' probes
 *   reported from the N-th report on.
 * - Every page it serves gets `/__demo-probe.js` first in its head: it tells
 *   the server (a beacon to `/__demo-probe/report`) of console errors and
 *   warnings, uncaught errors, refused resources, Content-Security-Policy
 *   violations and requests that got no answer; of the state of each
 *   khountous-* element; and answers the questions the test page posts to
 *   it about its DOM, and `{ axe: true }`: what axe-core (served at
 *   `/__demo-probe/axe.js`) finds in the kit's widgets of the page and of
 *   its frames of the same origin.
 *
 * The demo's quota is the dev-quota one, so that touring every page in
 * every engine never runs out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { ownViteCache } from '../helpers/vite-cache.js';

export interface ServedRequest {
  method: string;
  url: string;
  status: number;
  referer: string;
}

/** Runs in each demo page (and each frame of it) before any other script. */
const PROBE = String.raw`(() => {
  const page = location.pathname + location.search;
  // Reports go to the demo server (a beacon), which the test runner's routes answer from:
  // a message to the test page would depend on how each engine runs its frames.
  let seq = 0;
  // This document among the page's (a reload, by the page or by the dev server, makes another).
  const doc = Date.now().toString(36) + Math.random().toString(36).slice(2);
  const tell = (kind, detail) => {
    seq += 1;
    navigator.sendBeacon('/__demo-probe/report', JSON.stringify({ kind, detail, page, doc, seq, frame: window.name || '' }));
  };
  for (const level of ['error', 'warn']) {
    const original = console[level];
    console[level] = function (...args) {
      tell('console-' + level, args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' '));
      return original.apply(this, args);
    };
  }
  addEventListener('error', (event) => {
    const target = event.target;
    if (target && target !== window && (target.src || target.href)) tell('resource', target.localName + ' ' + (target.src || target.href));
    else tell('exception', event.message);
  }, true);
  addEventListener('unhandledrejection', (event) => tell('exception', String(event.reason && event.reason.message || event.reason)));
  addEventListener('securitypolicyviolation', (event) => tell('csp', event.violatedDirective + ' ' + event.blockedURI));
  const originalFetch = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : input.url || String(input);
    return originalFetch.call(this, input, init).catch((error) => {
      if (!(error && error.name === 'AbortError')) tell('request', 'no answer: ' + url);
      throw error;
    });
  };
  const states = () => [...document.querySelectorAll('*')]
    .filter((element) => element.localName.startsWith('khountous-'))
    .map((element) => element.localName + ':' + (element.getAttribute('state') || ''));
  let last = '';
  const report = () => {
    const now = JSON.stringify(states());
    if (now !== last || document.readyState === 'complete') { last = now; tell('states', { loaded: document.readyState === 'complete', states: JSON.parse(now) }); }
  };
  new MutationObserver(report).observe(document, { subtree: true, attributes: true, attributeFilter: ['state'], childList: true });
  addEventListener('load', async () => {
    report();
    // Every widget near the viewport once, as a reader scrolling down would.
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    // Then each widget still waiting (in this page or in a frame of the same origin), in turn,
    // as long as one waits: a frame may have loaded after the scroll went past it.
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const waiting = () => {
      const found = [];
      const visit = (doc, host) => {
        for (const element of doc.querySelectorAll('*')) {
          if (element.localName.startsWith('khountous-') && !['ready', 'empty', 'error'].includes(element.getAttribute('state') || '')) found.push(host || element);
        }
        for (const frame of doc.querySelectorAll('iframe')) {
          try {
            const inner = frame.contentDocument;
            // A frame still on its first, empty document (a lazy one that has begun to load): its
            // page and widgets are still to come.
            if (inner && frame.getAttribute('src') && (inner.URL === 'about:blank' || inner.readyState !== 'complete')) found.push(host || frame);
            else if (inner) visit(inner, host || frame);
          } catch {}
        }
      };
      visit(document, null);
      return found;
    };
    // Done when nothing has waited for a second (a frame's widgets may not exist yet).
    for (let deadline = Date.now() + 15000, quiet = 0; Date.now() < deadline && quiet < 7; ) {
      const [next] = waiting();
      quiet = next ? 0 : quiet + 1;
      next?.scrollIntoView({ block: 'center' });
      await sleep(150);
    }
    scrollTo(0, 0);
    report();
  });
  const describe = (node) => ({
    text: node.textContent,
    html: node.innerHTML,
    codes: [...node.querySelectorAll('code')].map((code) => code.textContent),
    children: [...node.children].map((child) => child.localName),
    shadow: node.shadowRoot ? node.shadowRoot.textContent : null,
  });
  // axe-core, loaded into a document of this origin (this page's, or a frame's) when asked.
  const axeIn = (doc) => new Promise((resolve, reject) => {
    const win = doc.defaultView;
    if (win.axe) return resolve(win.axe);
    const script = doc.createElement('script');
    script.src = '/__demo-probe/axe.js';
    script.onload = () => resolve(win.axe);
    script.onerror = () => reject(new Error('axe-core did not load in ' + win.location.pathname));
    doc.head.append(script);
  });
  // axe's violations in the kit's widgets (khountous-* elements and their shadow roots), in this
  // page and in each frame of it that is of this origin.
  const audit = async () => {
    const docs = [document];
    for (const frame of document.querySelectorAll('iframe')) {
      // A frame of this origin with a page to load (a lazy one may not have begun): brought into
      // view, then audited once its page has loaded and its widgets have settled, at most 10 s.
      const inner = () => { try { return frame.contentDocument; } catch { return null; } };
      const settledIn = (doc) => [...doc.querySelectorAll('*')].every((element) => !element.localName.startsWith('khountous-') || ['ready', 'empty', 'error'].includes(element.getAttribute('state') || ''));
      if (inner() && frame.getAttribute('src')) {
        frame.scrollIntoView({ block: 'center' });
        for (let deadline = Date.now() + 10000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
          const doc = inner();
          if (!doc || (doc.URL !== 'about:blank' && doc.readyState === 'complete' && settledIn(doc))) break;
        }
      }
      const doc = inner();
      if (doc && doc.body) docs.push(doc);
    }
    const documents = [];
    const violations = [];
    for (const doc of docs) {
      const widgets = [...doc.querySelectorAll('*')].filter((element) => element.localName.startsWith('khountous-'));
      documents.push({ page: doc.defaultView.location.pathname + doc.defaultView.location.search, widgets: widgets.map((element) => element.localName) });
      if (!widgets.length) continue;
      const axe = await axeIn(doc);
      const results = await axe.run({ include: widgets.map((element) => [element]) }, { resultTypes: ['violations'], elementRef: true });
      // Only what is in a widget: a page-wide rule (landmarks, a level-one heading) also reports the page around it.
      const inWidget = (node) => {
        for (let at = node.element; at; at = at.parentNode || at.host) if (widgets.includes(at)) return true;
        return false;
      };
      for (const violation of results.violations) {
        const nodes = violation.nodes.filter(inWidget);
        if (!nodes.length) continue;
        violations.push({
          id: violation.id,
          impact: violation.impact,
          help: violation.help,
          nodes: nodes.slice(0, 5).map((node) => ({ target: node.target, html: node.html.slice(0, 300), failure: (node.failureSummary || '').slice(0, 400) })),
        });
      }
    }
    return { documents, violations };
  };
  addEventListener('message', (event) => {
    const ask = event.data && event.data.khountousProbeAsk;
    if (!ask) return;
    if (ask.axe) {
      audit().then(
        (answer) => tell('answer', { id: ask.id, answer }),
        (error) => tell('answer', { id: ask.id, answer: { error: String(error && error.message || error) } }),
      );
      return;
    }
    let answer;
    if (ask.click) { document.querySelector(ask.click).click(); answer = true; }
    if (ask.show) { document.querySelector(ask.show).scrollIntoView(); answer = true; }
    if (ask.select) {
      const select = document.querySelector(ask.select);
      select.value = ask.value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
      answer = true;
    }
    if (ask.describe) answer = [...document.querySelectorAll(ask.describe)].map(describe);
    if (ask.attribute) answer = document.querySelector(ask.attribute[0]) && document.querySelector(ask.attribute[0]).getAttribute(ask.attribute[1]);
    tell('answer', { id: ask.id, answer });
  });
})();
`;

/** A probe's report: its kind and detail, its page and document, its rank among that document's reports. */
export interface ProbeReport {
  kind: string;
  detail: unknown;
  page: string;
  /** The document that sent it (each load of a page is another). */
  doc: string;
  /** Its rank among the reports of its document (beacons may arrive out of order). */
  seq: number;
}

/** A request the demo server has begun to answer and not finished. */
interface PendingRequest {
  method: string;
  url: string;
  /** When it arrived (ms since the epoch). */
  since: number;
}

/** A request not finished yet, as `GET /__demo-site/pending` answers it: how long it has waited (ms). */
export interface UnansweredRequest {
  method: string;
  url: string;
  for: number;
}

function probe(requests: ServedRequest[], reports: ProbeReport[], pending: Set<PendingRequest>): Plugin {
  return {
    name: 'khountous-test-probe',
    // First, so that its log sees the requests the reference API answers too.
    enforce: 'pre',
    configureServer(server) {
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        if (req.url === '/__demo-probe/report' && req.method === 'POST') {
          let body = '';
          req.setEncoding('utf8');
          req.on('data', (chunk: string) => (body += chunk));
          req.on('end', () => {
            try {
              reports.push(JSON.parse(body) as ProbeReport);
            } catch {
              reports.push({
                kind: 'probe',
                detail: `unreadable report: ${body.slice(0, 200)}`,
                page: '',
                doc: '',
                seq: 0,
              });
            }
            res.writeHead(204).end();
          });
          return;
        }
        const asked = { method: req.method ?? '', url: req.url ?? '', since: Date.now() };
        pending.add(asked);
        res.on('close', () => pending.delete(asked));
        res.on('finish', () =>
          requests.push({
            method: asked.method,
            url: asked.url,
            status: res.statusCode,
            referer: String(req.headers.referer ?? ''),
          }),
        );
        if (req.url === '/__demo-probe/axe.js') {
          res
            .writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' })
            .end(readFileSync('node_modules/axe-core/axe.min.js'));
          return;
        }
        if (req.url === '/__demo-probe.js') {
          res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' }).end(PROBE);
          return;
        }
        next();
      });
    },
    transformIndexHtml: () => [
      { tag: 'script', attrs: { src: '/__demo-probe.js' }, injectTo: 'head-prepend' },
    ],
  };
}

/**
 * What a demo dev server under test transforms before its first page (its `server.warmup`):
 * every module a page may load, so that the dependency optimizer finds all it needs at once and
 * never reloads a page under test for a late discovery. Not src/ssr/ (Node only, never in a
 * page): its imports (@resvg/resvg-js, a native package) make the optimizer fail, and every
 * page then gets a 504 for Lit.
 */
export const DEMO_WARMUP = ['./*.ts', '../src/**/*.ts', '!../src/ssr/**'] as const;

/** A plugin of @web/test-runner: serves the /__demo-site/ routes, stops the demo with the run. */
export function demoSitePlugin() {
  let starting: Promise<ViteDevServer> | undefined;
  const requests: ServedRequest[] = [];
  const reports: ProbeReport[] = [];
  const pending = new Set<PendingRequest>();
  const start = () =>
    (starting ??= (async () => {
      const vite = await createServer({
        configFile: 'vite.config.ts',
        cacheDir: ownViteCache('demo-site'),
        mode: 'dev-quota',
        logLevel: 'silent',
        plugins: [probe(requests, reports, pending)],
        server: {
          host: '127.0.0.1',
          port: 0,
          warmup: { clientFiles: [...DEMO_WARMUP] },
        },
      });
      await vite.listen();
      await Promise.all(
        readdirSync('demo')
          .filter((file) => file.endsWith('.ts'))
          .map((file) => vite.warmupRequest(`/${file}`)),
      );
      await vite.waitForRequestsIdle();
      return vite;
    })());
  return {
    name: 'khountous-demo-site',
    async serve(context: { path: string; URL: URL }) {
      if (context.path === '/__demo-site/origin') {
        const vite = await start();
        const origin = vite.resolvedUrls!.local[0]!.replace(/\/$/, '');
        return { body: JSON.stringify({ origin }), type: 'json' };
      }
      if (context.path === '/__demo-site/pages') {
        const pages = readdirSync('demo').filter((file) => file.endsWith('.html'));
        return { body: JSON.stringify(pages.sort()), type: 'json' };
      }
      if (context.path === '/__demo-site/reports') {
        const since = Number(context.URL.searchParams.get('since') ?? 0);
        return {
          body: JSON.stringify({ count: reports.length, reports: reports.slice(since) }),
          type: 'json',
        };
      }
      if (context.path === '/__demo-site/pending') {
        const now = Date.now();
        const body: UnansweredRequest[] = [...pending].map(({ method, url, since }) => ({
          method,
          url,
          for: now - since,
        }));
        return { body: JSON.stringify(body), type: 'json' };
      }
      if (context.path === '/__demo-site/requests') {
        const since = Number(context.URL.searchParams.get('since') ?? 0);
        return {
          body: JSON.stringify({ count: requests.length, requests: requests.slice(since) }),
          type: 'json',
        };
      }
      return undefined;
    },
    async serverStop() {
      if (starting) await (await starting).close();
    },
  };
}
