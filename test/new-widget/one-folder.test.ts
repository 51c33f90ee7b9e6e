/**
 * A widget is one folder: a copy of the repository gets one more folder under
 * src/components/ (test/fixtures/new-widget/administration-note/: descriptor,
 * words, strings, summary, element, define), and nothing else edited. Its
 * build must then define the new tag from the script tag, type it, list it in
 * the manifest, the reference (docs/reference.md) and the README's gallery, paint its text before its element arrives,
 * export its class, offer it as a WordPress block whose fallback writes its
 * summary, and link it from the demo's navigation.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium, root, serveApp, type AppServer } from '../package/harness.js';

const TAG = 'khountous-administration-note';
const NAME = 'administration-note';

/** The repository's files (tracked, and new ones not ignored) copied into `dir`, with the fixture folder added. */
function copyWithFixture(dir: string): void {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(listed.status, 0, `git ls-files: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  cpSync(join(root, 'test/fixtures/new-widget', NAME), join(dir, 'src/components', NAME), {
    recursive: true,
  });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
}

describe('a widget added as one folder', () => {
  let dir: string;
  let build: { status: number | null; output: string };
  const read = (path: string) => readFileSync(join(dir, path), 'utf8');

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'khountous-new-widget-'));
    copyWithFixture(dir);
    const run = (args: string[]) => {
      const result = spawnSync('node', args, { cwd: dir, encoding: 'utf8' });
      return { status: result.status, output: `${result.stdout}${result.stderr}` };
    };
    build = run(['scripts/build/build.mjs', '--quiet']);
    if (build.status === 0) {
      const docs = run(['scripts/generate/docs.mjs']);
      if (docs.status !== 0) build = docs;
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('builds with no other file edited', () => {
    assert.equal(build.status, 0, build.output);
  });

  it('is registered, exported and typed', () => {
    assert.equal(build.status, 0);
    assert.match(read('src/registry.ts'), /administrationNote/);
    assert.ok(existsSync(join(dir, 'dist/elements', `${TAG}.js`)), `dist/elements/${TAG}.js`);
    assert.ok(existsSync(join(dir, 'lib/elements', `${TAG}.js`)), `lib/elements/${TAG}.js`);
    assert.match(read('lib/index.d.ts'), /KhountousAdministrationNote/);
    assert.match(
      read(`lib/components/${NAME}/define.d.ts`),
      new RegExp(`'${TAG}': KhountousAdministrationNote`),
    );
    for (const typings of ['lib/react.d.ts', 'lib/vue.d.ts']) assert.match(read(typings), new RegExp(TAG));
  });

  it('is listed in the manifest, the reference and the README, and linked from the demo', async () => {
    assert.equal(build.status, 0);
    const manifest = JSON.parse(read('custom-elements.json')) as {
      modules: { declarations?: { tagName?: string; attributes?: { name: string }[] }[] }[];
    };
    const element = manifest.modules
      .flatMap((module) => module.declarations ?? [])
      .find((declaration) => declaration.tagName === TAG);
    assert.ok(element, 'the manifest declares the element');
    assert.ok(element.attributes?.some((attribute) => attribute.name === 'slug'));
    assert.match(read('docs/reference.md'), new RegExp(`### \`<${TAG}>\``));
    assert.match(read('README.md'), new RegExp(`\\[\`<${TAG}>\`\\]\\(docs/reference\\.md#${TAG}\\)`));
    // The demo's navigation, as `npm start` serves it (vite.config.ts, in the copy).
    const nav = spawnSync(
      'node',
      [
        '--import',
        'tsx',
        '-e',
        `const { createServer } = await import('vite');
         const server = await createServer({ configFile: 'vite.config.ts', server: { middlewareMode: true, hmr: false, ws: false }, logLevel: 'silent' });
         const { readFileSync } = await import('node:fs');
         process.stdout.write(await server.transformIndexHtml('/index.html', readFileSync('demo/index.html', 'utf8')));
         await server.close();`,
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    assert.match(
      nav.stdout,
      new RegExp(`href="\\./single\\.html\\?widget=${NAME}">Note d’une administration<`),
    );
  });

  it('is offered by the WordPress plugin, whose fallback writes its summary', () => {
    assert.equal(build.status, 0);
    const block = JSON.parse(read(`wordpress/khountous-widgets/blocks/${NAME}/block.json`)) as {
      title: string;
      attributes: Record<string, unknown>;
    };
    assert.equal(block.title, 'Administration note');
    assert.ok(Object.hasOwn(block.attributes, 'slug'));
    const definitions = read('wordpress/khountous-widgets/includes/definitions.php');
    assert.match(definitions, new RegExp(`'${NAME}' => array\\(\\s*'tag' => '${TAG}'`));
    // The fallback, run by PHP on an answer, with the widget's label in each language.
    const php = `<?php
      define('ABSPATH', '/');
      function esc_html($s) { return htmlspecialchars((string) $s, ENT_QUOTES); }
      function esc_attr($s) { return esc_html($s); }
      function esc_url($s) { return $s; }
      function wp_date($f, $t) { return gmdate($f, $t); }
      function khountous_widgets_definitions() { static $d; return $d ??= require 'wordpress/khountous-widgets/includes/definitions.php'; }
      require 'wordpress/khountous-widgets/includes/fallback.php';
      foreach (array('fr', 'en') as $lang) {
        echo khountous_widgets_fallback('${NAME}', array(), array('name' => 'Mairie <b>de</b> Bakel', 'score' => 71.5), $lang, 1764000000, 'https://example.org'), "\\n";
      }`;
    const result = spawnSync('php', ['-r', php.replace(/^<\?php/, '')], { cwd: dir, encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    const [fr, en] = result.stdout.trim().split('\n');
    assert.match(
      fr!,
      /<h3><bdi>Mairie &lt;b&gt;de&lt;\/b&gt; Bakel<\/bdi><\/h3><ul><li>Note globale\u202f: 72\/100<\/li><\/ul>/,
    );
    assert.match(en!, /<li>Overall mark: 72\/100<\/li>/);
  });

  describe('in a browser, from the script tag', () => {
    let browser: Browser | undefined;
    let server: AppServer;
    let skip: string | undefined;
    before(async () => {
      if (build.status !== 0) return;
      ({ browser, skip } = await launchChromium());
      mkdirSync(join(dir, 'site'), { recursive: true });
      cpSync(join(dir, 'dist'), join(dir, 'site/kit'), { recursive: true });
      cpSync(join(root, 'test/fixtures/new-widget/page.html'), join(dir, 'site/index.html'));
      server = await serveApp(join(dir, 'site'));
    });
    after(async () => {
      await browser?.close();
      await server?.close();
    });

    it('defines the tag, which shows its data', async (t) => {
      assert.equal(build.status, 0);
      if (!browser) return t.skip(skip);
      const page = await browser.newPage();
      await page.goto(`${server.url}/index.html`);
      const element = page.locator(TAG);
      await page.waitForFunction(
        (tag) => document.querySelector(tag)?.getAttribute('state') === 'ready',
        TAG,
      );
      assert.ok(
        await page.evaluate((tag) => document.querySelector(tag) instanceof customElements.get(tag)!, TAG),
        'the tag is defined, and the element upgraded',
      );
      assert.match(
        await element.evaluate((node) => node.shadowRoot!.textContent!),
        /Hôpital régional de Tambacounda/,
      );
      await page.close();
    });

    it('paints its text before its element arrives', async (t) => {
      assert.equal(build.status, 0);
      if (!browser) return t.skip(skip);
      const page = await browser.newPage();
      // The element's module never arrives: what shows is the text paint's.
      await page.route(`**/kit/elements/${TAG}.js`, (route) => route.abort());
      await page.goto(`${server.url}/index.html`);
      const painted = await page.waitForFunction(
        (tag) => document.querySelector(`${tag} > khountous-paint`)?.shadowRoot?.textContent || undefined,
        TAG,
      );
      const text = (await painted.jsonValue()) as string;
      assert.match(text, /Hôpital régional de Tambacounda/);
      assert.match(text, /\d+(,\d)?\/100/);
      assert.equal(await page.evaluate((tag) => customElements.get(tag), TAG), undefined);
      await page.close();
    });
  });
});
