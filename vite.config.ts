import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineConfig, type Plugin, type PreviewServer, type ViteDevServer } from 'vite';
import { createApi, type KhountousApi } from './demo/api/handler.js';
import { DEMO_KEYS_NOTICE } from './demo/api/keys.js';
import { toNodeMiddleware } from './demo/api/node.js';
import { DEFAULT_QUOTAS, QUOTA_ENV_VARS, quotasFromEnv } from './demo/api/quota.js';
import { embedApiOrigins, withApiOrigins } from './scripts/build/embed-origins.mjs';
import { catalog } from './src/registry.js';

/** The mode of `npm run start:dev-quota` (`vite --mode dev-quota`). */
const DEV_QUOTA_MODE = 'dev-quota';
/** The anonymous quota of that mode, per hour: a long tour of the demo never runs out. */
const DEV_QUOTA = 1_000;
/** The demo server's route that forgets the quotas it counted (demo/quota-panel.ts). */
const RESET_ROUTE = '/__demo/quota-reset';

/**
 * The demo's anonymous quota: the document's 60 per hour, unless
 * KHOUNTOUS_QUOTA_ANONYMOUS says otherwise or the mode is dev-quota.
 */
function demoQuota(mode: string): number {
  const fromEnv = quotasFromEnv(process.env).anonymous;
  if (fromEnv !== undefined) return fromEnv;
  return mode === DEV_QUOTA_MODE ? DEV_QUOTA : DEFAULT_QUOTAS.anonymous;
}

/**
 * Serves the reference API at /v1, in the dev server and in `vite preview`,
 * with the demo keys of docs/contributing.md (createApi's default), and says so in the
 * terminal once the server listens.
 */
function referenceApi(api: KhountousApi): Plugin {
  const middleware = toNodeMiddleware(api);
  const mount = (server: ViteDevServer | PreviewServer): void => {
    server.middlewares.use(middleware);
    server.httpServer?.once('listening', () => server.config.logger.info(`  ${DEMO_KEYS_NOTICE}`));
  };
  return { name: 'khountous-reference-api', configureServer: mount, configurePreviewServer: mount };
}

/** True when a request comes from a page of the demo server itself (not another site). */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin || !req.headers.host) return false;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/**
 * The demo's request budget (demo/quota-panel.ts shows it on every page):
 * - `POST /__demo/quota-reset` makes the reference API start afresh (what it
 *   counted, and any report submitted to it), for the demo pages' "reset"
 *   button; only from the demo's own pages.
 * - `<meta name="khountous-demo:server" content="<start>;<quota>">` on every
 *   page, so that a page opened on a new server drops the browser's old log.
 * - The terminal says how much the demo may ask, and how to get more.
 */
function demoBudget(api: KhountousApi, quota: number): Plugin {
  const instance = `${Date.now().toString(36)};${quota}`;
  const reset = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.url !== RESET_ROUTE) return next();
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
    } else if (!sameOrigin(req)) {
      res
        .writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('Only the demo pages may reset.');
    } else {
      api.reset();
      res.writeHead(204).end();
    }
  };
  return {
    name: 'khountous-demo-budget',
    configureServer(server) {
      server.middlewares.use(reset);
      server.httpServer?.once('listening', () => {
        const more =
          quota === DEFAULT_QUOTAS.anonymous
            ? `: each page shows what is left and a reset button; \`npm run start:dev-quota\` allows ${DEV_QUOTA}`
            : ` (${QUOTA_ENV_VARS.anonymous} or --mode ${DEV_QUOTA_MODE})`;
        server.config.logger.info(`  Demo quota: ${quota} anonymous requests per hour${more}.`);
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use(reset);
    },
    transformIndexHtml() {
      return [{ tag: 'meta', attrs: { name: 'khountous-demo:server', content: instance }, injectTo: 'head' }];
    },
  };
}

/**
 * The embed page's source (demo/embed.html) is also dist/embed.html, which must
 * not name the dev API; under `npm start` it gets the same page default as the
 * other demo pages, and the API origins of KHOUNTOUS_EMBED_API_ORIGINS, as a
 * build would write them.
 */
function embedPageApi(): Plugin {
  const origins = embedApiOrigins(process.env);
  return {
    name: 'khountous-embed-page-api',
    apply: 'serve',
    transformIndexHtml(html, context) {
      if (!context.path.endsWith('/embed.html')) return html;
      return {
        html: withApiOrigins(html, origins),
        tags: [
          { tag: 'meta', attrs: { name: 'khountous:base-url', content: '/v1' }, injectTo: 'head-prepend' },
        ],
      };
    },
  };
}

/** Where the builder's iframe snippet loads the resize script, on a host that serves the demo. */
const RESIZE_SCRIPT_PATH = '/embed-resize.js';

/**
 * embed-resize.js at the address the builder's iframe snippet gives it on the demo's
 * host (beside embed.html, at the demo's root), where the dev server would answer
 * with the index page: the built file of dist/ (`npm start` builds dist/ first when it
 * has none), whose hash is the snippet's `integrity`.
 */
function resizeScript(): Plugin {
  const file = new URL('./dist/embed-resize.js', import.meta.url);
  const serve = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (new URL(req.url ?? '/', 'http://demo').pathname !== RESIZE_SCRIPT_PATH) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    } else if (!existsSync(file)) {
      res
        .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('dist/embed-resize.js is not built: npm run build');
    } else {
      const body = readFileSync(file);
      res.writeHead(200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Content-Length': body.length,
        'Cache-Control': 'no-cache',
        // Its snippet loads it with crossorigin="anonymous", from any page that pastes it.
        'Access-Control-Allow-Origin': '*',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    }
  };
  return {
    name: 'khountous-resize-script',
    configureServer: (server) => void server.middlewares.use(serve),
    configurePreviewServer: (server) => void server.middlewares.use(serve),
  };
}

/**
 * The demo pages' navigation, written once in demo/partials/nav.html: each page
 * says where with `<!-- demo-nav -->`, and the link to the page shown gets
 * aria-current="page". Read at each request, so that an edit shows at once.
 * The widgets' links come from their folders (src/registry.ts `catalog`): each widget's
 * page in demo/ (`ranking.html`), else the page of one widget by its name
 * (`single.html?widget=…`), titled in French by its about.ts.
 */
function demoNav(): Plugin {
  const file = new URL('./demo/partials/nav.html', import.meta.url);
  return {
    name: 'khountous-demo-nav',
    transformIndexHtml(html, context) {
      const at = /^( *)<!-- demo-nav -->$/m.exec(html);
      if (!at) return html;
      const page = context.path.split('/').pop() || 'index.html';
      const widgets = catalog
        .map(({ widget, about }) => {
          const name = widget.tag.replace(/^khountous-/, '');
          const own = existsSync(new URL(`./demo/${name}.html`, import.meta.url));
          return `<li><a href="./${own ? `${name}.html` : `single.html?widget=${name}`}">${about.title.fr.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</a></li>`;
        })
        .join('\n');
      const nav = readFileSync(file, 'utf8')
        .replace(/^<!--[^]*?-->\n/, '')
        .replace(/^( *)<!-- widgets -->$/m, (_, indent: string) =>
          widgets
            .split('\n')
            .map((line) => indent + line)
            .join('\n'),
        )
        .replace(`href="./${page}"`, `href="./${page}" aria-current="page"`)
        .trimEnd()
        .split('\n')
        .map((line) => at[1] + line)
        .join('\n');
      return html.replace(at[0], nav);
    },
  };
}

/**
 * The demo's icon (demo/public/favicon.svg) on every demo page, so that no browser
 * asks for a /favicon.ico that is not there (a 404 in the console).
 */
function demoFavicon(): Plugin {
  return {
    name: 'khountous-demo-favicon',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }, injectTo: 'head' },
    ],
  };
}

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig(({ mode }) => {
  const quota = demoQuota(mode);
  const api = createApi({ quotas: { anonymous: quota } });
  return {
    root: 'demo',
    plugins: [
      referenceApi(api),
      demoBudget(api, quota),
      embedPageApi(),
      resizeScript(),
      demoNav(),
      demoFavicon(),
    ],
    define: { __KHOUNTOUS_VERSION__: JSON.stringify(version) },
    server: {
      port: Number(process.env.PORT) || 5173,
      strictPort: Boolean(process.env.PORT),
      host: process.env.HOST || 'localhost',
    },
    preview: { port: Number(process.env.PORT) || 4173 },
  };
});
