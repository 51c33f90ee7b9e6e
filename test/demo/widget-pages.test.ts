/**
 * Each widget's demo page as `npm start` serves it, in Debian's Chromium: its own
 * page in demo/ (ranking.html…), else single.html?widget=<name>, for every widget of
 * src/registry.ts `catalog`. Below its live example, the page lists every attribute the
 * element has in custom-elements.json, and gives its code for each integration of
 * the README: the script tag from the npm CDN at the kit's version with the
 * integrity of dist/, the iframe, WordPress, npm/React and server rendering.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { catalog } from '../../src/registry.js';
import { integrity, skip, startDemo, version, type Demo } from './demo-server.js';

const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8')) as {
  modules: { declarations?: { tagName?: string; attributes?: { name: string }[] }[] }[];
};
const attributesOf = (tag: string) =>
  manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .find((declaration) => declaration.tagName === tag)!
    .attributes!.map((attribute) => attribute.name);

describe("each widget's demo page", { skip }, () => {
  let demo: Demo;

  before(async () => {
    demo = await startDemo();
  });
  after(async () => {
    await demo?.close();
  });

  /** Checks the page at `path` of the widget `tag`. */
  async function checkPage(tag: string, path: string): Promise<void> {
    const name = tag.replace(/^khountous-/, '');
    const page = await demo.browser.newPage();
    try {
      await page.goto(`${demo.url}${path}`);
      await page.locator('section.widget-docs').first().waitFor();
      assert.ok((await page.locator(tag).count()) >= 1, `a live <${tag}>`);
      const listed = await page.locator('section.widget-docs tbody tr td:first-child').allInnerTexts();
      assert.deepEqual([...listed].sort(), attributesOf(tag).sort());
      const titles = await page.locator('section.widget-docs h3').allInnerTexts();
      assert.deepEqual(titles, ['Balise de script', 'Iframe', 'WordPress', 'npm / React', 'Rendu serveur']);
      const [script, iframe, wordpress, react, ssr] = await page
        .locator('section.widget-docs pre')
        .allInnerTexts();
      assert.ok(
        script!.includes(
          `src="https://cdn.jsdelivr.net/npm/khountous-widgets@${version}/dist/khountous.js" integrity="${integrity['khountous.js']}"`,
        ),
        script,
      );
      assert.match(script!, new RegExp(`<${tag}[ >]`));
      assert.match(iframe!, new RegExp(`embed\\.html\\?widget=${name}[&"]`));
      assert.match(wordpress!, new RegExp(`^\\[${tag}[ \\]]`));
      assert.match(react!, new RegExp(`import 'khountous-widgets/elements/${tag}\\.js';`));
      assert.match(ssr!, new RegExp(`renderWidget\\('${tag}'`));
      const builder = await page.locator('section.widget-docs a[href*="builder.html"]').getAttribute('href');
      assert.equal(builder, `./builder.html?widget=${name}`);
    } finally {
      await page.close();
    }
  }

  for (const { widget } of catalog) {
    const name = widget.tag.replace(/^khountous-/, '');
    const path = existsSync(new URL(`../../demo/${name}.html`, import.meta.url))
      ? `${name}.html`
      : `single.html?widget=${name}`;
    it(`${path}: the live widget, its attributes and its code for each integration`, () =>
      checkPage(widget.tag, path));
  }

  it('single.html, the page of a widget without one of its own, shows its sample and the same', () =>
    checkPage(
      catalog[0]!.widget.tag,
      `single.html?widget=${catalog[0]!.widget.tag.replace(/^khountous-/, '')}`,
    ));
});
