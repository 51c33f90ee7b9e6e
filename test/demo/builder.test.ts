/**
 * The embed builder as `npm start` serves it, in Debian's Chromium: the
 * snippets it writes (script tag from the npm CDN, iframe, WordPress, npm/React,
 * server rendering) carry the preconnect to the API origin, base-url, integrity
 * (from dist/integrity.json) and crossorigin, and the page shows the demo's
 * request budget.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
// @ts-expect-error: a plain .mjs script without declarations
import { CHROMIUM_FLAGS, resolveEngines } from '../../scripts/test/browsers.mjs';

const [engine] = resolveEngines(['chromium'], () => {}) as {
  available: boolean;
  path?: string;
  reason?: string;
}[];
const integrityFile = new URL('../../dist/integrity.json', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const skip = !engine?.available
  ? `Chromium unavailable: ${engine?.reason}`
  : !existsSync(integrityFile)
    ? 'dist/ is not built (npm run build)'
    : false;

describe('the embed builder', { skip }, () => {
  let vite: ViteDevServer;
  let browser: Browser;
  let page: Page;
  const integrity = existsSync(integrityFile)
    ? (JSON.parse(readFileSync(integrityFile, 'utf8')) as Record<string, string>)
    : {};

  before(async () => {
    vite = await createServer({
      configFile: 'vite.config.ts',
      logLevel: 'silent',
      server: { host: '127.0.0.1', port: 0 },
    });
    await vite.listen();
    browser = await chromium.launch({ executablePath: engine!.path, args: CHROMIUM_FLAGS as string[] });
    page = await browser.newPage();
    await page.goto(`${vite.resolvedUrls!.local[0]}builder.html?widget=ranking`);
    await page.waitForFunction(
      () => (document.getElementById('snippet') as HTMLTextAreaElement).value !== '',
    );
  });
  after(async () => {
    await browser?.close();
    await vite?.close();
  });

  const snippetText = () => page.inputValue('#snippet');

  it('script tag: from the npm CDN at the kit’s version, preconnect to the default API, integrity and crossorigin', async () => {
    const text = await snippetText();
    assert.ok(
      text.includes(`src="https://cdn.jsdelivr.net/npm/khountous-widgets@${version}/dist/khountous.js"`),
      text,
    );
    assert.match(text, /<link rel="preconnect" href="https:\/\/api.khountous.sn" crossorigin \/>/);
    assert.ok(text.includes(`integrity="${integrity['khountous.js']}" crossorigin="anonymous"`), text);
    assert.doesNotMatch(text, /khountous:base-url/);
  });

  it('script tag and iframe with the API typed in: its origin preconnected, base-url carried', async () => {
    await page.fill('#base-url', 'http://localhost:6123/v1');
    const script = await snippetText();
    assert.match(script, /<link rel="preconnect" href="http:\/\/localhost:6123" crossorigin \/>/);
    assert.match(script, /<meta name="khountous:base-url" content="http:\/\/localhost:6123\/v1" \/>/);
    await page.check('input[name="format"][value="iframe"]');
    const iframe = await snippetText();
    const src = /src="([^"]+)"/.exec(iframe)![1]!.replace(/&amp;/g, '&');
    assert.equal(new URL(src).searchParams.get('base-url'), 'http://localhost:6123/v1');
    assert.ok(
      iframe.includes(`embed-resize.js" integrity="${integrity['embed-resize.js']}" crossorigin="anonymous"`),
      iframe,
    );
  });

  it('offers WordPress and server rendering too, as the README does', async () => {
    await page.check('input[name="format"][value="wordpress"]');
    assert.match(await snippetText(), /^\[khountous-ranking limit="5"\]$/);
    await page.check('input[name="format"][value="ssr"]');
    assert.match(await snippetText(), /renderWidget\('khountous-ranking', \{ limit: '5' \}/);
    await page.check('input[name="format"][value="script"]');
  });

  it('shows the demo budget', async () => {
    const panel = await page.waitForSelector('#demo-quota:not([hidden])');
    assert.match(await panel.innerText(), /sur 60 restantes/);
  });
});
