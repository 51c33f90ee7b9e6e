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
import { frameHeight } from '../../demo/embed-height.js';
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

  it("has a field for each of the editor's words, which the snippet carries", async () => {
    for (const name of ['headline', 'subtitle', 'note', 'source-href'])
      assert.equal(await page.locator(`input#attr-${name}[type="text"]`).count(), 1, name);
    await page.check('input[name="format"][value="script"]');
    await page.fill('#attr-headline', 'Les mairies "qui répondent"');
    await page.fill('#attr-source-href', 'https://www.example.sn/methode');
    const text = await snippetText();
    assert.ok(text.includes(' headline="Les mairies &quot;qui répondent&quot;"'), text);
    assert.ok(text.includes(' source-href="https://www.example.sn/methode"'), text);
    await page.fill('#attr-headline', '');
    await page.fill('#attr-source-href', '');
  });

  describe('the iframe format', () => {
    let builder: Page;
    before(async () => {
      builder = await demo.browser.newPage({ viewport: { width: 1280, height: 900 } });
      await builder.goto(`${demo.url}builder.html?widget=ranking`);
      await builder.check('input[name="format"][value="iframe"]');
    });
    after(() => builder?.close());

    /** The note once the height is measured at `width`, and the snippet then. */
    const measuredAt = async (width: number) => {
      await builder.selectOption('#frame-width', String(width));
      const note = await builder.waitForFunction(
        (px) => {
          const text = document.getElementById('frame-note')!.textContent ?? '';
          // Measured (not "measuring"), at that width.
          return new RegExp(`\\b${px}\\spx\\b`).test(text) && /(écrite|written as) \d+/.test(text) && text;
        },
        width,
        { timeout: 20000 },
      );
      return { note: String(await note.jsonValue()), code: await builder.inputValue('#snippet') };
    };

    it('keeps the formats in place while the preview loads, is measured and changes with the format', async () => {
      // (The preview is under the code: with it above, the formats moved as the embed page grew,
      // and a click meant for one of them could land elsewhere.)
      const tops = () =>
        builder.evaluate(() =>
          ['#widget', '.formats'].map((selector) =>
            Math.round(document.querySelector(selector)!.getBoundingClientRect().top),
          ),
        );
      // A width not measured yet: the embed page loads again in the preview, from its first height.
      await builder.selectOption('#frame-width', '480');
      const before = await tops();
      await measuredAt(480);
      assert.deepEqual(await tops(), before);
      // Another format: the element's preview in place of the iframe's; the formats stay put.
      await builder.check('input[name="format"][value="wordpress"]');
      assert.deepEqual(await tops(), before);
      await builder.check('input[name="format"][value="iframe"]');
    });

    it('writes the height measured at the column’s width, says so beside the snippet, and titles the widget', async () => {
      for (const width of [320, 960]) {
        const { note, code } = await measuredAt(width);
        const [, measured, written] = /(\d+)\s?px, écrite (\d+)\s?px/.exec(note) ?? [];
        assert.ok(measured, note);
        assert.equal(Number(written), frameHeight(Number(measured)));
        assert.match(note, /Dans une colonne plus étroite, le widget est plus haut/);
        assert.match(note, /«\s?Voir le graphique complet\s?»/);
        assert.match(code, new RegExp(` height="${written}" `));
        assert.match(code, new RegExp(`mesurée pour une colonne de ${width}\\s?px`));
        assert.match(code, /title="Khountous\u202f: classement des administrations"/);
        // The preview: the embed page at that width, as tall as the snippet says.
        const frame = await builder.$eval('#frame-preview iframe', (element) => ({
          width: (element as HTMLIFrameElement).width,
          height: (element as HTMLIFrameElement).height,
          title: (element as HTMLIFrameElement).title,
        }));
        assert.deepEqual(frame, {
          width: String(width),
          height: written,
          title: 'Khountous\u202f: classement des administrations',
        });
      }
      // At 320 px the ranking is taller than at 960 px.
      const narrow = Number(/ height="(\d+)"/.exec((await measuredAt(320)).code)![1]);
      const wide = Number(/ height="(\d+)"/.exec((await measuredAt(960)).code)![1]);
      assert.ok(narrow > wide, `${narrow} at 320 px, ${wide} at 960 px`);
    });

    it('in English with lang="en": the English title and note', async () => {
      await builder.click('.lang-switch [data-lang="en"]');
      await builder.selectOption('#attr-lang', 'en');
      const { note, code } = await measuredAt(640);
      assert.match(note, /^Height measured in this browser for a 640 px column: \d+ px, written as \d+ px/);
      assert.match(note, /“Open the full graphic”/);
      assert.match(code, /title="Khountous: ranking of administrations"/);
      await builder.selectOption('#attr-lang', '');
      await builder.click('.lang-switch [data-lang="fr"]');
    });

    it('its snippet, on the demo’s host, works with the resize script and without it', async () => {
      await builder.fill('#host', demo.url);
      const { code } = await measuredAt(480);
      const height = Number(/ height="(\d+)"/.exec(code)![1]);
      const host = await demo.browser.newPage({ viewport: { width: 480, height: 900 } });
      try {
        // A page of the demo's host with the snippet pasted into it, with its script and without.
        const withoutScript = code.replace(/<script [^]*<\/script>/, '');
        assert.notEqual(withoutScript, code);
        for (const [name, body] of [
          ['with', code],
          ['without', withoutScript],
        ]) {
          await host.route(`${demo.url}__pasted-${name}.html`, (route) =>
            route.fulfill({
              contentType: 'text/html',
              body: `<!doctype html><html><body style="margin:0">${body}</body></html>`,
            }),
          );
        }
        await host.goto(`${demo.url}__pasted-with.html`);
        // embed-resize.js, loaded with its integrity, sizes the frame to its page.
        await host.waitForFunction(
          () => /^\d+px$/.test(document.querySelector('iframe')!.style.height),
          null,
          {
            timeout: 20000,
          },
        );
        await host.goto(`${demo.url}__pasted-without.html`);
        const frame = (await (await host.waitForSelector('iframe')).contentFrame())!;
        await frame.waitForSelector('khountous-ranking[state="ready"]', { timeout: 20000 });
        const seen = await frame.evaluate(() => {
          const source = document
            .querySelector('khountous-ranking')!
            .shadowRoot!.querySelector('[part="source"]')!;
          return {
            bottom: source.getBoundingClientRect().bottom,
            inner: innerHeight,
            scroll: document.documentElement.scrollHeight,
            link: document.querySelector<HTMLAnchorElement>('a.full-graphic')!.hidden,
          };
        });
        assert.equal(seen.inner, height);
        assert.ok(seen.bottom <= seen.inner && seen.scroll <= seen.inner, JSON.stringify(seen));
        assert.equal(seen.link, true);
      } finally {
        await host.close();
        await builder.fill('#host', '');
      }
    });
  });

  it('shows the demo budget', async () => {
    const panel = await page.waitForSelector('#demo-quota:not([hidden])');
    assert.match(await panel.innerText(), /sur 60 restantes/);
  });
});
