/**
 * A widget is one folder: a copy of the repository gets one more folder under
 * src/components/ (test/fixtures/new-widget/regional-offices/: descriptor, name,
 * words, strings, summary, element, define), and nothing else edited. The
 * widget is a paged list with filters (`region`, `sector`) whose `resource()`
 * sends a constant (`level: 'regional'`). Its build must then define the new
 * tag from the script tag, type it, list it in the manifest, the reference
 * (docs/reference.md) and the README's gallery, paint its text before its
 * element arrives, export its class, offer it as a WordPress block whose server
 * request sends its filters, its page and its constant and whose fallback
 * writes its summary, and link it from the demo's navigation.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { stripVTControlCharacters } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchChromium, root, serveApp, type AppServer } from '../package/harness.js';

const TAG = 'khountous-regional-offices';
const NAME = 'regional-offices';

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
    assert.match(read('src/registry.ts'), /regionalOffices/);
    assert.ok(existsSync(join(dir, 'dist/elements', `${TAG}.js`)), `dist/elements/${TAG}.js`);
    assert.ok(existsSync(join(dir, 'lib/elements', `${TAG}.js`)), `lib/elements/${TAG}.js`);
    assert.match(read('lib/index.d.ts'), /KhountousRegionalOffices/);
    assert.match(
      read(`lib/components/${NAME}/define.d.ts`),
      new RegExp(`'${TAG}': KhountousRegionalOffices`),
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
    for (const name of ['region', 'sector', 'limit', 'page', 'paginate'])
      assert.ok(
        element.attributes?.some((attribute) => attribute.name === name),
        name,
      );
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
         const { ownViteCache } = await import('./test/helpers/vite-cache.ts');
         const server = await createServer({ configFile: 'vite.config.ts', cacheDir: ownViteCache('new-widget'), server: { middlewareMode: true, hmr: false, ws: false }, logLevel: 'silent' });
         const { readFileSync } = await import('node:fs');
         process.stdout.write(await server.transformIndexHtml('/index.html', readFileSync('demo/index.html', 'utf8')));
         await server.close();`,
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    assert.match(nav.stdout, new RegExp(`href="\\./single\\.html\\?widget=${NAME}">Services régionaux<`));
  });

  it('is offered by the WordPress plugin, whose server request sends its filters, its page and its constant, and whose fallback writes its summary', () => {
    assert.equal(build.status, 0);
    const block = JSON.parse(read(`wordpress/khountous-widgets/blocks/${NAME}/block.json`)) as {
      title: string;
      attributes: Record<string, unknown>;
    };
    assert.equal(block.title, 'Regional offices');
    for (const attribute of ['region', 'sector', 'limit', 'page', 'paginate'])
      assert.ok(Object.hasOwn(block.attributes, attribute), attribute);
    const definitions = read('wordpress/khountous-widgets/includes/definitions.php');
    assert.match(definitions, new RegExp(`'${NAME}' => array\\(\\s*'tag' => '${TAG}'`));
    // The plugin's PHP on what the build wrote: the request the server sends (the inline data's
    // path), the link to the data, and the fallback on an answer, in each language.
    const given = { region: 'tambacounda', sector: 'health', page: '2', limit: '5' };
    const php = `
      define('ABSPATH', '/');
      define('DAY_IN_SECONDS', 86400);
      function esc_html($s) { return htmlspecialchars((string) $s, ENT_QUOTES); }
      function esc_attr($s) { return esc_html($s); }
      function esc_url($s) { return $s; }
      function wp_date($f, $t) { return gmdate($f, $t); }
      function khountous_widgets_settings() { return array('api_base_url' => 'https://api.example.org/v1'); }
      function khountous_widgets_definitions() { static $d; return $d ??= require 'wordpress/khountous-widgets/includes/definitions.php'; }
      require 'wordpress/khountous-widgets/includes/data.php';
      require 'wordpress/khountous-widgets/includes/render.php';
      require 'wordpress/khountous-widgets/includes/fallback.php';
      $definition = khountous_widgets_definitions()['widgets']['${NAME}'];
      $given = json_decode(stream_get_contents(STDIN), true);
      $answer = array(
        'data' => array(array('name' => 'Hôpital <b>régional</b> de Bakel', 'score' => 71.5)),
        'meta' => array('total' => 1, 'page' => 1, 'limit' => 10),
      );
      echo json_encode(array(
        'query' => $definition['request']['query'],
        'path' => khountous_widgets_request_path($definition, $given, 'en'),
        'initial' => khountous_widgets_request_path($definition, array(), 'fr'),
        'link' => khountous_widgets_data_url($definition, $given),
        'fr' => khountous_widgets_fallback('${NAME}', array(), $answer, 'fr', 1764000000, 'https://example.org'),
        'en' => khountous_widgets_fallback('${NAME}', array(), $answer, 'en', 1764000000, 'https://example.org'),
      ), JSON_UNESCAPED_UNICODE);`;
    const result = spawnSync('php', ['-r', php], {
      cwd: dir,
      input: JSON.stringify(given),
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, result.stderr);
    const out = JSON.parse(result.stdout) as Record<'path' | 'initial' | 'link' | 'fr' | 'en', string> & {
      query: Record<string, unknown>;
    };
    // Each parameter with the attribute that sets it; the constant with its value and no attribute.
    assert.deepEqual(out.query, {
      lang: { attribute: 'lang', default: 'fr' },
      region: { attribute: 'region' },
      sector: { attribute: 'sector' },
      page: { attribute: 'page', default: '1' },
      limit: { attribute: 'limit', default: '10' },
      level: { default: 'regional' },
    });
    assert.equal(
      out.path,
      '/administrations?lang=en&level=regional&limit=5&page=2&region=tambacounda&sector=health',
    );
    assert.equal(out.initial, '/administrations?lang=fr&level=regional&limit=10&page=1');
    // The same request as the element's own load for the same attributes (the copy's kit).
    const kit = spawnSync(
      'node',
      [
        '--import',
        'tsx',
        '-e',
        `const { regionalOffices } = await import('./src/components/${NAME}/widget.ts');
         const { planLoad } = await import('./src/widget/load.ts');
         const { describe, urlOf } = await import('./src/core/endpoints.ts');
         const given = ${JSON.stringify({ ...given, lang: 'en' })};
         const planned = planLoad(regionalOffices, { localName: '${TAG}' }, (name) => given[name] ?? regionalOffices.inputs[name]?.initial, { page: false });
         process.stdout.write(urlOf(describe(planned.resource, 'https://api.example.org/v1')));`,
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    assert.equal(kit.status, 0, kit.stderr);
    assert.equal(`https://api.example.org/v1${out.path}`, kit.stdout);
    // The link to the data: the constant and the attributes set.
    const link = new URL(out.link);
    assert.equal(link.origin + link.pathname, 'https://api.example.org/v1/administrations');
    assert.deepEqual([...link.searchParams].sort(), [
      ['level', 'regional'],
      ['limit', '5'],
      ['page', '2'],
      ['region', 'tambacounda'],
      ['sector', 'health'],
    ]);
    // The fallback: the caption, then each office with its score labelled in the widget's language.
    assert.match(
      out.fr,
      /<p>Services régionaux<\/p><ul><li><bdi>Hôpital &lt;b&gt;régional&lt;\/b&gt; de Bakel<\/bdi> \(Note globale\u202f: 72\/100\)<\/li><\/ul>/,
    );
    assert.match(
      out.en,
      /<p>Regional offices<\/p><ul><li><bdi>.*<\/bdi> \(Overall mark: 72\/100\)<\/li><\/ul>/,
    );
  });

  it('has its pictures: its sample as the built script tag and the embed page draw it, fr and en, light and dark', () => {
    assert.equal(build.status, 0);
    const shots = spawnSync('node', ['scripts/generate/screenshots.mjs', NAME, '--widths', '360'], {
      cwd: dir,
      encoding: 'utf8',
    });
    assert.equal(shots.status, 0, `${shots.stdout}${shots.stderr}`.slice(-3000));
    for (const form of ['', 'embed-'])
      for (const lang of ['fr', 'en']) {
        const [light, dark] = ['light', 'dark'].map((theme) =>
          readFileSync(join(dir, 'screenshots', `${form}${NAME}-${lang}-${theme}-360.png`)),
        );
        assert.ok(light!.length > 5000 && dark!.length > 5000, `${form}${NAME}-${lang}: pictures`);
        assert.notDeepEqual(light, dark, `${form}${NAME}-${lang}: light and dark differ`);
      }
    // The docs' pictures (npm run pictures) ask for its screenshots with the others': it has them.
    const pictures = spawnSync('node', ['scripts/generate/pictures.mjs'], { cwd: dir, encoding: 'utf8' });
    const missing = /Missing screenshots: (.*)\./.exec(pictures.stderr)?.[1] ?? '';
    assert.match(missing, /screenshots\/ranking-en-light-360\.png/, pictures.stderr);
    assert.doesNotMatch(missing, new RegExp(NAME), pictures.stderr);
  });

  it('keeps the contract every element keeps (test/components/contract.browser.test.ts, in Chromium)', () => {
    assert.equal(build.status, 0);
    const result = spawnSync(
      'node',
      [
        'scripts/test/test.mjs',
        '--only',
        'browser',
        '--engines',
        'chromium',
        'test/components/contract.browser.test.ts',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    const output = stripVTControlCharacters(`${result.stdout}${result.stderr}`);
    assert.equal(result.status, 0, output.slice(-4000));
    // The contract's tests run for each widget of the copy's registry, the new one with them: at
    // least ten each (a widget with an identifying input has one more).
    const widgets = (read('src/registry.ts').match(/^\s+\{ widget: /gm) ?? []).length;
    assert.equal(widgets, 9, 'the eight widgets and the new one');
    const passed = Number(/(\d+) passed, 0 failed\s*$/.exec(output.trim())?.[1]);
    assert.ok(passed >= 10 * widgets, `${passed} passed, for ${widgets} widgets:\n${output.slice(-2000)}`);
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
