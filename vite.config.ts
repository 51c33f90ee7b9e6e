import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { createApi } from './demo/api/handler.js';
import { toNodeMiddleware } from './demo/api/node.js';

/** Serves the reference API at /v1, in the dev server and in `vite preview`. */
function referenceApi(): Plugin {
  const middleware = toNodeMiddleware(createApi());
  return {
    name: 'khountous-reference-api',
    configureServer(server) {
      server.middlewares.use(middleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}

/**
 * The embed page's source (demo/embed.html) is also dist/embed.html, which must
 * not name the dev API; under `npm start` it gets the same page default as the
 * other demo pages.
 */
function embedPageApi(): Plugin {
  return {
    name: 'khountous-embed-page-api',
    apply: 'serve',
    transformIndexHtml(html, context) {
      if (!context.path.endsWith('/embed.html')) return html;
      return [
        { tag: 'meta', attrs: { name: 'khountous:base-url', content: '/v1' }, injectTo: 'head-prepend' },
      ];
    },
  };
}

/**
 * The demo pages' navigation, written once in demo/partials/nav.html: each page
 * says where with `<!-- demo-nav -->`, and the link to the page shown gets
 * aria-current="page". Read at each request, so that an edit shows at once.
 */
function demoNav(): Plugin {
  const file = new URL('./demo/partials/nav.html', import.meta.url);
  return {
    name: 'khountous-demo-nav',
    transformIndexHtml(html, context) {
      const at = /^( *)<!-- demo-nav -->$/m.exec(html);
      if (!at) return html;
      const page = context.path.split('/').pop() || 'index.html';
      const nav = readFileSync(file, 'utf8')
        .replace(/^<!--[^]*?-->\n/, '')
        .replace(`href="./${page}"`, `href="./${page}" aria-current="page"`)
        .trimEnd()
        .split('\n')
        .map((line) => at[1] + line)
        .join('\n');
      return html.replace(at[0], nav);
    },
  };
}

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  root: 'demo',
  plugins: [referenceApi(), embedPageApi(), demoNav()],
  define: { __KHOUNTOUS_VERSION__: JSON.stringify(version) },
  server: {
    port: Number(process.env.PORT) || 5173,
    strictPort: Boolean(process.env.PORT),
    host: process.env.HOST || 'localhost',
  },
  preview: { port: Number(process.env.PORT) || 4173 },
});
