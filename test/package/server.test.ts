/**
 * The package on the server, from the packed tarball in a fresh app
 * (test/package/harness.ts): every JS entry imports in plain Node, as Next.js, Astro,
 * SvelteKit or Nuxt import it while rendering (Lit's own server behaviour: no DOM shim
 * installed, no `window` or `document` touched); @lit-labs/ssr renders every element to
 * declarative shadow DOM; in Chromium, a page built with Vite from that markup hydrates
 * it (@lit-labs/ssr-client's hydrate support loaded first): each element keeps the
 * nodes the server rendered and its size while it hydrates, asks the API once per
 * resource and shows its data.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { catalog } from '../../src/registry.js';
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { SAMPLE_ATTRIBUTES } from '../../demo/samples.js';
import { installApps, launchChromium, serveApp, type Apps } from './harness.js';

const TAGS = catalog.map((entry) => entry.widget.tag);
/** The resources the elements show, each once (the region chart and the map show the same list). */
const RESOURCES = new Set(
  catalog.map(({ widget }) =>
    JSON.stringify(
      (widget.resource as unknown as (selection: Record<string, unknown>) => unknown)({
        ...SAMPLE_ATTRIBUTES[widget.tag],
        lang: 'en',
      }),
    ),
  ),
);
const ENTRIES = [
  'khountous-widgets',
  'khountous-widgets/khountous.js',
  'khountous-widgets/autoloader.js',
  ...TAGS.map((tag) => `khountous-widgets/elements/${tag}.js`),
  'khountous-widgets/react',
  'khountous-widgets/vue',
];

let apps: Apps | undefined;
let skip: string | undefined;
let browser: Browser | undefined;

before(async () => {
  ({ apps, skip } = installApps());
  if (!skip) ({ browser, skip } = await launchChromium());
});
after(async () => {
  await browser?.close();
  apps?.remove();
});

/** Each element with its sample attributes, loading at once. */
const ELEMENTS = TAGS.map((tag) => ({
  tag,
  attributes: { ...SAMPLE_ATTRIBUTES[tag], lang: 'en', lazy: 'false' } as Record<string, string>,
}));

/**
 * The server side of an app: renders each element with @lit-labs/ssr from the
 * installed package, as a framework's server would, into a page.
 */
const RENDER = `import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html, unsafeStatic } from 'lit/static-html.js';

const elements = JSON.parse(process.argv[2]);
const escape = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const rendered = [];
for (const { tag, attributes } of elements) {
  await import(\`khountous-widgets/elements/\${tag}.js\`);
  const markup = \`<\${tag}\${Object.entries(attributes).map(([name, value]) => \` \${name}="\${escape(value)}"\`).join('')}></\${tag}>\`;
  rendered.push(await collectResult(render(html\`\${unsafeStatic(markup)}\`)));
}
console.log(JSON.stringify(rendered));
`;

describe('the package in Node', () => {
  it('every JS entry imports without a DOM, and touches none', (t) => {
    if (skip) return t.skip(skip);
    const folder = apps!.app('node-import', {
      'import.mjs':
        `const entries = ${JSON.stringify(ENTRIES)};\n` +
        'const results = {};\n' +
        'for (const entry of entries) {\n' +
        '  try {\n' +
        '    const module = await import(entry);\n' +
        '    results[entry] = Object.keys(module).sort();\n' +
        '  } catch (error) {\n' +
        '    results[entry] = `threw ${error}`;\n' +
        '  }\n' +
        '}\n' +
        // What a server keeps running after the imports (timers, dynamic imports) has its turn too.
        'await new Promise((resolve) => setTimeout(resolve, 200));\n' +
        "results.globals = ['window', 'document', 'localStorage', 'navigator.onLine'].filter((name) => {\n" +
        "  const [head, tail] = name.split('.');\n" +
        '  return tail ? globalThis[head]?.[tail] !== undefined : head in globalThis;\n' +
        '});\n' +
        'console.log(JSON.stringify(results));\n',
    });
    const output = apps!.run(folder, 'node', ['import.mjs']);
    const lines = output.trim().split('\n');
    const results = JSON.parse(lines.pop()!) as Record<string, string[] | string>;
    for (const entry of ENTRIES)
      assert.ok(Array.isArray(results[entry]), `${entry}: ${String(results[entry])}`);
    assert.ok((results['khountous-widgets'] as string[]).includes('KhountousRanking'));
    assert.ok((results['khountous-widgets'] as string[]).includes('getLoader'));
    assert.deepEqual(results.globals, [], 'globals a browser would have');
    assert.deepEqual(lines, [], 'nothing else written (no error, no warning)');
  });

  it('@lit-labs/ssr renders every element to declarative shadow DOM, its skeleton, in plain Node', (t) => {
    if (skip) return t.skip(skip);
    const folder = apps!.app('ssr-render', { 'render.mjs': RENDER });
    const output = apps!.run(folder, 'node', ['render.mjs', JSON.stringify(ELEMENTS)]);
    const rendered = JSON.parse(output.trim().split('\n').pop()!) as string[];
    assert.equal(rendered.length, TAGS.length);
    rendered.forEach((html, index) => {
      const tag = TAGS[index]!;
      assert.match(
        html,
        new RegExp(`^(<!--[^>]*-->)?<${tag}\\s[^>]*\\bstate="loading"`),
        `${tag}: the host, in its loading state`,
      );
      assert.match(
        html,
        /<template shadowroot="open" shadowrootmode="open">/,
        `${tag}: declarative shadow DOM`,
      );
      assert.match(html, /<style>/, `${tag}: its styles in the shadow root`);
      assert.match(html, /aria-busy="true"/, `${tag}: the skeleton, busy`);
    });
  });

  it('a page built from that markup hydrates in Chromium: nodes kept, same size, one request, data shown', async (t) => {
    if (skip) return t.skip(skip);
    const folder = apps!.app('ssr-hydrate', {
      'render.mjs': RENDER,
      'src/client.js':
        "import '@lit-labs/ssr-client/lit-element-hydrate-support.js';\nimport 'khountous-widgets/khountous.js';\n",
      // The client bundle only: the page is the server's, written after the build (as a server
      // writes its pages, not through Vite's HTML processing, which would rewrite their styles).
      'vite.config.js':
        "export default { build: { manifest: true, rolldownOptions: { input: 'src/client.js' } } };\n",
    });
    const rendered = JSON.parse(
      apps!
        .run(folder, 'node', ['render.mjs', JSON.stringify(ELEMENTS)])
        .trim()
        .split('\n')
        .pop()!,
    ) as string[];
    // Before the kit's module runs (a classic script, parsed in place): each element's first shadow
    // node and size, to compare with what hydration leaves.
    const before = `<script>
      window.serverNodes = [...document.querySelectorAll('body > [state]')].map((element) => ({
        tag: element.localName,
        node: element.shadowRoot && element.shadowRoot.querySelector('[aria-busy]'),
        height: element.getBoundingClientRect().height,
      }));
    </script>`;
    apps!.run(folder, 'vite', ['build']);
    const manifest = JSON.parse(readFileSync(join(folder, 'dist/.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const client = manifest['src/client.js']!.file;
    writeFileSync(
      join(folder, 'dist/index.html'),
      `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8" />\n<meta name="khountous:base-url" content="/v1" />\n` +
        `<title>server-rendered</title>\n<script type="module" src="/${client}"></script>\n</head>\n<body>\n${rendered.join('\n')}\n${before}\n</body>\n</html>\n`,
    );
    // The API answers late, so that the skeleton is still there when the elements hydrate.
    const server = await serveApp(join(folder, 'dist'), { apiDelay: 1_500 });
    const context = await browser!.newContext();
    try {
      const tab = await context.newPage();
      const errors: string[] = [];
      tab.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
      });
      tab.on('pageerror', (error) => errors.push(String(error)));
      await tab.goto(server.url);
      const atHydration = await tab.evaluate(async (tags) => {
        const sizes: Record<string, [string | null, number]> = {};
        for (const tag of tags) {
          await customElements.whenDefined(tag);
          const element = document.querySelector(tag) as HTMLElement & { updateComplete: Promise<boolean> };
          await element.updateComplete;
          sizes[tag] = [element.getAttribute('state'), element.getBoundingClientRect().height];
        }
        return sizes;
      }, TAGS);
      await tab.waitForFunction(
        (tags) => tags.every((tag) => document.querySelector(tag)?.getAttribute('state') === 'ready'),
        TAGS,
        { timeout: 20_000 },
      );
      const kept = await tab.evaluate(() =>
        (
          window as unknown as { serverNodes: { tag: string; node: Element | null; height: number }[] }
        ).serverNodes.map(({ tag, node, height }) => ({
          tag,
          found: node !== null,
          // The server's node, still in the element's shadow root: hydrated, not redrawn.
          kept:
            node !== null &&
            node.isConnected &&
            node.getRootNode() === document.querySelector(tag)!.shadowRoot,
          height,
        })),
      );
      assert.deepEqual(
        kept.map(({ tag, found }) => [tag, found]),
        TAGS.map((tag) => [tag, true]),
        'the server markup had a skeleton in each shadow root',
      );
      for (const { tag, kept: stays, height } of kept) {
        assert.ok(height > 0, `${tag}: the server markup took its room before any script`);
        assert.deepEqual(
          atHydration[tag],
          ['loading', height],
          `${tag}: hydrated in its loading state, at the same size`,
        );
        assert.ok(stays, `${tag}: the server's nodes were replaced, not hydrated`);
      }
      // One request per resource, none twice.
      assert.equal(
        new Set(server.api).size,
        server.api.length,
        `requests asked twice: ${server.api.join(', ')}`,
      );
      assert.equal(server.api.length, RESOURCES.size, server.api.join('\n'));
      assert.deepEqual(server.missing, []);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.close();
    }
  });

  it('khountous-widgets/ssr renders a widget with its data from the API, and its inline data', async (t) => {
    if (skip) return t.skip(skip);
    const api = await serveApp(apps!.dir);
    try {
      const folder = apps!.app('ssr-data', {
        'render.mjs':
          "import { renderWidget, RenderError } from 'khountous-widgets/ssr';\n" +
          'const baseUrl = process.argv[2];\n' +
          "const ranking = await renderWidget('khountous-ranking', { limit: 3, lang: 'en' }, { baseUrl });\n" +
          "const again = await renderWidget('khountous-ranking', { limit: 3, lang: 'en' }, { baseUrl });\n" +
          'let error;\n' +
          "try { await renderWidget('khountous-admin-card', { slug: 'Not a slug!' }, { baseUrl }); }\n" +
          'catch (caught) { error = { isRenderError: caught instanceof RenderError, message: caught.message, html: caught.html }; }\n' +
          'console.log(JSON.stringify({ ranking, same: ranking === again, error }));\n',
      });
      const output = await apps!.runAsync(folder, 'node', ['render.mjs', `${api.url}/v1`]);
      const result = JSON.parse(output.trim().split('\n').pop()!) as {
        ranking: string;
        same: boolean;
        error: { isRenderError: boolean; message: string; html: string };
      };
      assert.match(result.ranking, /^<khountous-ranking limit="3" lang="en"[^>]* state="ready"/);
      assert.match(result.ranking, /<template shadowroot="open" shadowrootmode="open">/);
      const inline = JSON.parse(
        /<script type="application\/json">([^<]*)<\/script>/.exec(result.ranking)![1]!,
      ) as {
        khountous: number;
        path: string;
      };
      assert.deepEqual([inline.khountous, inline.path], [1, '/administrations?lang=en&limit=3&page=1']);
      assert.equal(result.same, true, 'the second render from the process’s cache');
      assert.deepEqual(api.api, ['GET /v1/administrations?lang=en&limit=3&page=1'], 'one request');
      assert.equal(result.error.isRenderError, true);
      assert.match(result.error.message, /slug="Not a slug!" is not valid/);
      assert.equal(result.error.html, '<khountous-admin-card slug="Not a slug!"></khountous-admin-card>');
    } finally {
      await api.close();
    }
  });

  it('npx khountous-widgets render fills the widgets of a built HTML file, and leaves a broken one untouched', async (t) => {
    if (skip) return t.skip(skip);
    const api = await serveApp(apps!.dir);
    try {
      const good =
        '<!doctype html>\n<p>Ranking</p>\n<khountous-ranking limit="2" lang="en"></khountous-ranking>\n';
      const broken = '<!doctype html>\n<khountous-admin-card slug="Not a slug!"></khountous-admin-card>\n';
      const folder = apps!.app('static-site', { 'good.html': good, 'broken.html': broken });
      const failed = await apps!
        .runAsync(folder, 'khountous-widgets', [
          'render',
          '--base-url',
          `${api.url}/v1`,
          'good.html',
          'broken.html',
        ])
        .then(
          () => '',
          (error: Error) => error.message,
        );
      assert.match(failed, /good\.html: 1 widget rendered/);
      assert.match(failed, /broken\.html: left untouched: line 2: .*slug="Not a slug!" is not valid/);
      const written = readFileSync(join(folder, 'good.html'), 'utf8');
      assert.match(
        written,
        /^<!doctype html>\n<p>Ranking<\/p>\n<khountous-ranking limit="2" lang="en" state="ready"/,
      );
      assert.match(written, /<script type="application\/json">/);
      assert.equal(readFileSync(join(folder, 'broken.html'), 'utf8'), broken);
    } finally {
      await api.close();
    }
  });
});
