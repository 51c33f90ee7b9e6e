/**
 * The embed builder as `npm start` serves it, in Debian's Chromium: the
 * snippets it writes (script tag from the npm CDN, iframe, WordPress, npm/React,
 * server rendering) carry the preconnect to the API origin, base-url, integrity
 * (from dist/integrity.json) and crossorigin, and the page shows the demo's
 * request budget.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { integrity, skip, startDemo, version, type Demo } from './demo-server.js';

describe('the embed builder', { skip }, () => {
  let demo: Demo;
  let page: Page;

  before(async () => {
    demo = await startDemo();
    page = await demo.browser.newPage();
    await page.goto(`${demo.url}builder.html?widget=ranking`);
    await page.waitForFunction(
      () => (document.getElementById('snippet') as HTMLTextAreaElement).value !== '',
    );
  });
  after(async () => {
    await demo?.close();
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
