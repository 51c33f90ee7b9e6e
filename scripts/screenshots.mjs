#!/usr/bin/env node
// `npm run screenshots`: a PNG of each widget in French and English, light and
// dark, at 320 px and 960 px, in screenshots/. Serves the demo (Vite, with the
// reference API) on a free port and photographs demo/single.html with the
// system's Chromium through playwright-core (no browser download); then the
// whole embed builder page (builder-<lang>-<theme>-<width>.png).
//
//   npm run screenshots [-- builder]   (`builder`: only the builder's)
import { mkdirSync } from 'node:fs';
import process from 'node:process';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_FLAGS, resolveEngines } from './browsers.mjs';

const { catalog } = await tsImport('../src/catalog.ts', import.meta.url);

const OUT = 'screenshots';
const WIDTHS = [320, 960];
const LANGS = ['fr', 'en'];
const THEMES = ['light', 'dark'];

const [engine] = resolveEngines(['chromium']);
if (!engine.available) {
  console.error(`Chromium is needed for screenshots: ${engine.reason}`);
  process.exit(1);
}

const server = await createServer({ server: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
await server.listen();
const origin = server.resolvedUrls.local[0].replace(/\/$/, '');

const onlyBuilder = process.argv.includes('builder');
/** Each widget in the form of its sample, then its other views (src/components/<name>/about.ts). */
const widgets = onlyBuilder
  ? []
  : catalog.flatMap(({ widget, about }) => {
      const name = widget.tag.replace(/^khountous-/, '');
      return [
        { name, widget: name, params: about.sample },
        ...Object.entries(about.views ?? {}).map(([view, params]) => ({ name: view, widget: name, params })),
      ];
    });

const browser = await chromium.launch({
  executablePath: engine.path,
  // Playwright adds its own headless flag.
  args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
});
const context = await browser.newContext({ deviceScaleFactor: 1 });
mkdirSync(OUT, { recursive: true });
let count = 0;

/** Resolves once the widget shows settled data in `lang` (a language change re-fetches). */
const settledIn = (page, lang) =>
  page.waitForFunction((wanted) => {
    const element = document.querySelector('#widget > *');
    const base = element?.shadowRoot?.querySelector('[part~="base"]');
    return (
      base?.getAttribute('lang') === wanted &&
      base.getAttribute('aria-busy') === 'false' &&
      ['ready', 'empty', 'error'].includes(element.getAttribute('state') ?? '')
    );
  }, lang);

try {
  const page = await context.newPage();
  for (const widget of widgets) {
    // One page load per widget; language, theme and width change in place.
    const query = new URLSearchParams({ widget: widget.widget ?? widget.name, ...widget.params });
    await page.goto(`${origin}/single.html?${query}`);
    for (const lang of LANGS) {
      for (const theme of THEMES) {
        await page.evaluate(
          ({ lang, theme }) => {
            const element = document.querySelector('#widget > *');
            element.setAttribute('lang', lang);
            element.setAttribute('theme', theme);
            document.body.classList.toggle('dark', theme === 'dark');
          },
          { lang, theme },
        );
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await settledIn(page, lang);
          await page.evaluate(
            () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          );
          await page
            .locator('#widget > *')
            .screenshot({ path: `${OUT}/${widget.name}-${lang}-${theme}-${width}.png` });
          count += 1;
        }
      }
    }
  }
  // The builder page as a reader sees it, its theme from the system's colour scheme.
  for (const lang of LANGS) {
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
  await server.close();
}
console.log(`${count} screenshots in ${OUT}/`);
