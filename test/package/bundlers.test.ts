/**
 * Every JS entry the README names, after an app's bundler has re-bundled it: Vite 8
 * (Rolldown), webpack 5 and esbuild, each in a fresh app that installed the packed
 * tarball (test/package/harness.ts), built, then opened in Chromium against the
 * reference API. `khountous.js` (and `autoloader.js`, the same module under its former
 * name) defines the tags on the page, here all seven, `elements/<name>.js` its one,
 * the main entry none; every widget shows
 * its data; no request 404s; no error in the console.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { SAMPLE_ATTRIBUTES } from '../../demo/samples.js';
import { catalog } from '../../src/registry.js';
import { installApps, launchChromium, serveApp, type Apps } from './harness.js';

const TAGS = catalog.map((entry) => entry.widget.tag);
const { version: VERSION } = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8'),
) as {
  version: string;
};

/** Every widget with its sample attributes, loading at once, from the API on the page's origin. */
const widgets = TAGS.map((tag) => {
  const attributes = Object.entries({ ...SAMPLE_ATTRIBUTES[tag], lang: 'en', lazy: 'false' })
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  return `<${tag}${attributes}></${tag}>`;
}).join('\n    ');

/** The entries, each with what its page imports and the tags it must define. */
const ENTRIES = {
  kit: { code: "import 'khountous-widgets/khountous.js';\n", defines: TAGS },
  element: {
    code: "import 'khountous-widgets/elements/khountous-ranking.js';\n",
    defines: ['khountous-ranking'],
  },
  autoloader: { code: "import 'khountous-widgets/autoloader.js';\n", defines: TAGS },
  main: {
    code:
      "import { KhountousRanking, VERSION, getLoader } from 'khountous-widgets';\n" +
      'window.khountousMain = { version: VERSION, element: typeof KhountousRanking, loader: typeof getLoader().stats };\n',
    defines: [] as string[],
  },
} as const;
type Entry = keyof typeof ENTRIES;

const page = (script: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="khountous:base-url" content="/v1" />
    <title>fresh app</title>
    ${script}
  </head>
  <body>
    ${widgets}
  </body>
</html>
`;

const sources = Object.fromEntries(
  Object.entries(ENTRIES).map(([name, entry]) => [`src/${name}.js`, entry.code]),
);

let apps: Apps | undefined;
let browser: Browser | undefined;
let skip: string | undefined;

before(async () => {
  const installed = installApps();
  apps = installed.apps;
  skip = installed.skip;
  if (!skip) {
    const chromium = await launchChromium();
    browser = chromium.browser;
    skip = chromium.skip;
  }
});
after(async () => {
  await browser?.close();
  apps?.remove();
});

/** Opens every entry's page of a built app; checks what each defines and shows. */
async function checkPages(folder: string, pages: Record<Entry, string>): Promise<void> {
  const server = await serveApp(folder);
  try {
    for (const [entry, path] of Object.entries(pages) as [Entry, string][]) {
      const context = await browser!.newContext();
      const tab = await context.newPage();
      const errors: string[] = [];
      tab.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      tab.on('pageerror', (error) => errors.push(String(error)));
      tab.on('response', (response) => {
        if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
      });
      server.missing.length = 0;
      server.api.length = 0;
      await tab.goto(`${server.url}/${path}`);
      const expected = ENTRIES[entry].defines;
      if (expected.length > 0) {
        await tab.waitForFunction(
          (tags) => tags.every((tag) => document.querySelector(tag)?.getAttribute('state') === 'ready'),
          [...expected],
          { timeout: 20_000 },
        );
      } else {
        await tab.waitForFunction(() => 'khountousMain' in window, undefined, { timeout: 20_000 });
        const main = await tab.evaluate(
          () => (window as unknown as { khountousMain: unknown }).khountousMain,
        );
        assert.deepEqual(main, {
          version: VERSION,
          element: 'function',
          loader: 'function',
        });
        await tab.waitForTimeout(300);
      }
      const defined = await tab.evaluate(
        (tags) => tags.filter((tag) => customElements.get(tag) !== undefined),
        TAGS,
      );
      assert.deepEqual(defined, [...expected], `${path}: the elements defined`);
      if (expected.length > 0) {
        // Data, not a skeleton: the ranking's table has its rows.
        const rows = await tab.evaluate(
          () =>
            document.querySelector('khountous-ranking')?.shadowRoot?.querySelectorAll('tbody tr').length ?? 0,
        );
        assert.ok(rows > 0, `${path}: the ranking shows no row`);
        assert.ok(server.api.length > 0, `${path}: no API request`);
      } else {
        assert.deepEqual(server.api, [], `${path}: the main entry loaded data`);
      }
      assert.deepEqual(server.missing, [], `${path}: requests that 404ed`);
      assert.deepEqual(errors, [], `${path}: console errors`);
      await context.close();
    }
  } finally {
    await server.close();
  }
}

describe('the package re-bundled by an app', () => {
  it('Vite 8 (Rolldown): every entry works in a built app', async (t) => {
    if (skip) return t.skip(skip);
    const html = Object.fromEntries(
      Object.keys(ENTRIES).map((name) => [
        `${name}.html`,
        page(`<script type="module" src="./src/${name}.js"></script>`),
      ]),
    );
    const folder = apps!.app('vite', {
      ...sources,
      ...html,
      'vite.config.js':
        "import { defineConfig } from 'vite';\n" +
        'export default defineConfig({ build: { rolldownOptions: { input: ' +
        JSON.stringify(Object.fromEntries(Object.keys(ENTRIES).map((name) => [name, `${name}.html`]))) +
        ' } } });\n',
    });
    const output = apps!.run(folder, 'vite', ['build']);
    assert.match(output, /built in/);
    // The elements' modules are in the bundle, not left out as free of side effects.
    const assets = readdirSync(join(folder, 'dist/assets')).filter((file) => file.endsWith('.js'));
    const code = assets.map((file) => readFileSync(join(folder, 'dist/assets', file), 'utf8')).join('\n');
    for (const tag of TAGS) assert.ok(code.includes(tag), `${tag} is not in the bundle`);
    await checkPages(
      join(folder, 'dist'),
      Object.fromEntries(Object.keys(ENTRIES).map((name) => [name, `${name}.html`])) as Record<Entry, string>,
    );
  });

  it('webpack 5: every entry works in a built app', async (t) => {
    if (skip) return t.skip(skip);
    // Built through webpack's Node API, as a build script of the app would call it.
    const folder = apps!.app('webpack', {
      ...sources,
      'build.mjs':
        "import { fileURLToPath } from 'node:url';\n" +
        "import webpack from 'webpack';\n" +
        'const compiler = webpack({\n' +
        "  mode: 'production',\n" +
        `  entry: ${JSON.stringify(Object.fromEntries(Object.keys(ENTRIES).map((name) => [name, `./src/${name}.js`])))},\n` +
        "  output: { path: fileURLToPath(new URL('./dist', import.meta.url)), filename: '[name].js', publicPath: '/' },\n" +
        '});\n' +
        'compiler.run((error, stats) => {\n' +
        '  if (error || stats.hasErrors()) {\n' +
        '    console.error(error ?? stats.toString({ all: false, errors: true }));\n' +
        '    process.exit(1);\n' +
        '  }\n' +
        '  compiler.close(() => {});\n' +
        '});\n',
    });
    apps!.run(folder, 'node', ['build.mjs']);
    for (const name of Object.keys(ENTRIES)) {
      writeFileSync(join(folder, 'dist', `${name}.html`), page(`<script src="/${name}.js" defer></script>`));
    }
    await checkPages(
      join(folder, 'dist'),
      Object.fromEntries(Object.keys(ENTRIES).map((name) => [name, `${name}.html`])) as Record<Entry, string>,
    );
  });

  it('esbuild: every entry works in a built app', async (t) => {
    if (skip) return t.skip(skip);
    const folder = apps!.app('esbuild', sources);
    apps!.run(folder, 'esbuild', [
      ...Object.keys(ENTRIES).map((name) => `src/${name}.js`),
      '--bundle',
      '--splitting',
      '--format=esm',
      '--minify',
      '--outdir=dist',
    ]);
    for (const name of Object.keys(ENTRIES)) {
      writeFileSync(
        join(folder, 'dist', `${name}.html`),
        page(`<script type="module" src="/${name}.js"></script>`),
      );
    }
    await checkPages(
      join(folder, 'dist'),
      Object.fromEntries(Object.keys(ENTRIES).map((name) => [name, `${name}.html`])) as Record<Entry, string>,
    );
  });
});
