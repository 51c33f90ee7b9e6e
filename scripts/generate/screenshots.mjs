#!/usr/bin/env node
// `npm run screenshots`: a PNG of each widget as users install it, in screenshots/: the
// built script tag (dist/khountous.js, `npm run build` first when dist/ is missing) on a
// host page that declares `color-scheme: light dark`, and the embed page
// (dist/embed.html), in French and English, light and dark (the reader's system setting,
// emulated), at 360 px and 1280 px; each from its sample and its other views
// (src/components/<name>/about.ts). The built files and the reference API are served by
// a small static server on a free port, as a site would serve them; the system's Chromium
// takes the pictures through playwright-core (no browser download).
//
//   npm run screenshots [-- builder]   (`builder`: the embed builder's pages, from the demo's dev server)
//   npm run screenshots [-- <widget>…] (only those widgets, by folder name: `region-map`)
//   npm run screenshots [-- --widths 320,960] (other widths than 360 and 1280 px)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import process from 'node:process';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_FLAGS, resolveEngines } from '../test/browsers.mjs';

const { catalog } = await tsImport('../../src/registry.ts', import.meta.url);
const { shortName } = await tsImport('../../src/widget/descriptor.ts', import.meta.url);
const { createApi } = await tsImport('../../demo/api/handler.ts', import.meta.url);
const { toNodeMiddleware } = await tsImport('../../demo/api/node.ts', import.meta.url);

const OUT = 'screenshots';
const widthsAt = process.argv.indexOf('--widths');
const WIDTHS = widthsAt < 0 ? [360, 1280] : process.argv[widthsAt + 1].split(',').map(Number);
if (WIDTHS.some((width) => !Number.isInteger(width) || width < 200)) {
  console.error('--widths: pixel widths separated by commas, such as 320,960');
  process.exit(1);
}
const LANGS = ['fr', 'en'];
const THEMES = ['light', 'dark'];
const dist = join(import.meta.dirname, '..', '..', 'dist');

const [engine] = resolveEngines(['chromium']);
if (!engine.available) {
  console.error(`Chromium is needed for screenshots: ${engine.reason}`);
  process.exit(1);
}

const onlyBuilder = process.argv.includes('builder');
const chosen = process.argv
  .slice(2)
  .filter((arg, at, args) => arg !== 'builder' && arg !== '--widths' && args[at - 1] !== '--widths');
/** Each widget in the form of its sample, then its other views (src/components/<name>/about.ts). */
const widgets = onlyBuilder
  ? []
  : catalog.flatMap(({ widget, about }) => {
      const name = shortName(widget.tag);
      if (chosen.length > 0 && !chosen.includes(name)) return [];
      return [
        { name, widget: name, params: about.sample },
        ...Object.entries(about.views ?? {}).map(([view, params]) => ({ name: view, widget: name, params })),
      ];
    });

if (!onlyBuilder && !existsSync(join(dist, 'khountous.js'))) {
  const built = spawnSync(process.execPath, ['scripts/build/build.mjs', '--quiet'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

const TYPES = {
  '.js': 'text/javascript',
  '.html': 'text/html',
  '.css': 'text/css',
  '.json': 'application/json',
};
const api = toNodeMiddleware(createApi({ quotas: { anonymous: 100_000, free: 100_000, partner: 100_000 } }));
/** The host page of one widget: the script tag (docs/embedding.md), the widget's attributes. */
const hostPage = (tag, attributes, lang) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="khountous:base-url" content="/v1">
<style>:root { color-scheme: light dark; } body { margin: 16px; font-family: system-ui, sans-serif; }</style>
<script type="module" src="/dist/khountous.js"></script></head>
<body><div id="widget"><${tag}${Object.entries(attributes)
  .map(([name, value]) => ` ${name}="${String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
  .join('')}></${tag}></div></body></html>`;
const site = createHttpServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://site');
  if (url.pathname === '/v1' || url.pathname.startsWith('/v1/'))
    return void api(req, res, () => res.writeHead(404).end());
  if (url.pathname === '/host.html') {
    const attributes = JSON.parse(url.searchParams.get('attributes') ?? '{}');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return void res.end(
      hostPage(url.searchParams.get('tag'), attributes, url.searchParams.get('lang') ?? 'fr'),
    );
  }
  const file = normalize(join(dist, url.pathname.replace(/^\/dist\//, '/')));
  if (!url.pathname.startsWith('/dist/') || !file.startsWith(dist) || !existsSync(file))
    return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
const siteOrigin = `http://127.0.0.1:${site.address().port}`;

const browser = await chromium.launch({
  executablePath: engine.path,
  // Playwright adds its own headless flag.
  args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
});
const context = await browser.newContext({ deviceScaleFactor: 1 });
mkdirSync(OUT, { recursive: true });
let count = 0;

/** Resolves once the widget in `selector` shows settled data. */
const settled = (page, selector) =>
  page.waitForFunction((selector) => {
    const element = document.querySelector(selector);
    return ['ready', 'empty', 'error'].includes(element?.getAttribute('state') ?? '');
  }, selector);

let server;
try {
  for (const widget of widgets) {
    const tag = `khountous-${widget.widget}`;
    for (const lang of LANGS) {
      for (const theme of THEMES) {
        for (const width of WIDTHS) {
          const attributes = { ...widget.params, lang, lazy: 'false' };
          const pages = {
            script: `${siteOrigin}/host.html?${new URLSearchParams({ tag, lang, attributes: JSON.stringify(attributes) })}`,
            embed: `${siteOrigin}/dist/embed.html?${new URLSearchParams({ widget: widget.widget, ...attributes, 'base-url': '/v1' })}`,
          };
          for (const [form, url] of Object.entries(pages)) {
            const page = await context.newPage();
            await page.emulateMedia({ colorScheme: theme });
            await page.setViewportSize({ width, height: 900 });
            await page.goto(url);
            await settled(page, `#widget > ${tag}`);
            await page.evaluate(
              () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
            );
            const name = form === 'script' ? widget.name : `embed-${widget.name}`;
            await page.screenshot({ path: `${OUT}/${name}-${lang}-${theme}-${width}.png`, fullPage: true });
            await page.close();
            count += 1;
          }
        }
      }
    }
  }
  if (onlyBuilder) {
    server = await createServer({ server: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
    await server.listen();
  }
  const origin = server?.resolvedUrls.local[0].replace(/\/$/, '');
  // The builder page as a reader sees it, its theme from the system's colour scheme.
  for (const lang of onlyBuilder ? LANGS : []) {
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const page = await context.newPage();
        await page.emulateMedia({ colorScheme: theme });
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${origin}/builder.html?widget=ranking&lang=${lang}`);
        // The preview is below the fold at 320 px: the widget waits to be near the viewport.
        await page.locator('#preview > *').scrollIntoViewIfNeeded();
        await page.waitForFunction(() => {
          const element = document.querySelector('#preview > *');
          return ['ready', 'empty', 'error'].includes(element?.getAttribute('state') ?? '');
        });
        await page.screenshot({ path: `${OUT}/builder-${lang}-${theme}-${width}.png`, fullPage: true });
        await page.close();
        count += 1;
      }
    }
  }
} finally {
  await browser.close();
  await server?.close();
  site.closeAllConnections();
  site.close();
}
console.log(`${count} screenshots in ${OUT}/`);
