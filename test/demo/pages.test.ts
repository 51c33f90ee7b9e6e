/**
 * The demo pages as `npm start` serves them: each page that asks for the
 * navigation gets it once, with the link to itself marked aria-current, and
 * every link of the navigation names a page of demo/, and one link to each widget.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createServer, type ViteDevServer } from 'vite';
import { ownViteCache } from '../helpers/vite-cache.js';
import { catalog } from '../../src/registry.js';

const demo = new URL('../../demo/', import.meta.url);
const pages = readdirSync(demo).filter((file) => file.endsWith('.html'));

describe('demo pages served by npm start', () => {
  let server: ViteDevServer;
  before(async () => {
    server = await createServer({
      configFile: new URL('../../vite.config.ts', import.meta.url).pathname,
      cacheDir: ownViteCache('demo-pages'),
      server: { middlewareMode: true, hmr: false, ws: false },
      logLevel: 'silent',
    });
  });
  after(() => server.close());

  for (const page of pages) {
    const source = readFileSync(new URL(page, demo), 'utf8');
    if (!source.includes('<!-- demo-nav -->')) continue;
    it(`${page}: one navigation, its own link marked current, every link a page`, async () => {
      const html = await server.transformIndexHtml(`/${page}`, source);
      assert.equal(html.match(/<nav aria-label="Démo">/g)?.length, 1);
      assert.ok(!html.includes('<!-- demo-nav -->'));
      const current = [...html.matchAll(/<a href="\.\/([^"]+)" aria-current="page">/g)].map((m) => m[1]);
      assert.deepEqual(current, [page]);
      const nav = html.slice(html.indexOf('<nav aria-label="Démo">'), html.indexOf('</nav>'));
      for (const [, target] of nav.matchAll(/href="\.\/([^"?]+)(\?[^"]*)?"/g)) {
        assert.ok(existsSync(new URL(target!, demo)), `${page} links to ${target}, which is not in demo/`);
      }
      // A link to each widget, from its folder (src/registry.ts `catalog`), titled by its about.ts.
      for (const { widget, about } of catalog) {
        const name = widget.tag.replace(/^khountous-/, '');
        assert.match(
          nav,
          new RegExp(
            `href="\\./(${name}\\.html|single\\.html\\?widget=${name})"( aria-current="page")?>${about.title.fr}<`,
          ),
        );
      }
    });
  }

  it('the index page, asked as "/", marks its own link', async () => {
    const html = await server.transformIndexHtml('/', readFileSync(new URL('index.html', demo), 'utf8'));
    assert.match(html, /<a href="\.\/index\.html" aria-current="page">/);
  });

  for (const page of pages) {
    it(`${page}: links the demo's icon, which is served`, async () => {
      const html = await server.transformIndexHtml(`/${page}`, readFileSync(new URL(page, demo), 'utf8'));
      const icons = [...html.matchAll(/<link rel="icon" href="([^"]+)"/g)].map((m) => m[1]!);
      assert.deepEqual(icons, ['/favicon.svg']);
      assert.ok(existsSync(new URL(`public${icons[0]}`, demo)), 'demo/public/favicon.svg');
    });
  }
});
