/**
 * The WordPress plugin (wordpress/khountous-widgets/, zipped by the build) on a
 * real WordPress (Debian's, with MariaDB and PHP's built-in server; see
 * harness.ts), the reference API on another port, and Debian's Chromium.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
// @ts-expect-error: a plain .mjs script without declarations
import { CHROMIUM_FLAGS, resolveEngines } from '../../scripts/browsers.mjs';
import { startApi, type CountedApi } from '../../scripts/tier.js';
import { ATTRIBUTE_RULES, checkValue, type AttributeRule } from '../../src/internal/attribute-rules.js';
import {
  PATHS,
  Session,
  saveSettings as saveSettingsAs,
  skipReason,
  startWordPress,
  uploadPlugin,
  WIDGETS,
  ZIP,
  type WordPress,
} from './harness.js';

const skip = skipReason();
const PLUGIN = 'wordpress/khountous-widgets';

const phpLiteral = (value: unknown) =>
  `json_decode( base64_decode( '${Buffer.from(JSON.stringify(value)).toString('base64')}' ), true )`;

describe('WordPress plugin on a real WordPress', { skip }, () => {
  let wp: WordPress;
  let api: CountedApi;
  let admin: Session;
  let browser: Browser | undefined;
  let installAnswer = '';
  /** What each widget needs to show data: real identifiers of the reference API. */
  let required: Record<string, Record<string, string>>;

  before(async () => {
    assert.ok(existsSync(ZIP), `${ZIP} is missing: run npm run build`);
    api = await startApi();
    wp = await startWordPress();
    admin = new Session(wp.site);
    await admin.login('admin');
    installAnswer = await uploadPlugin(admin, readFileSync(ZIP), 'khountous-widgets-wordpress.zip');
    const get = async (path: string) =>
      (await (await fetch(`${api.base}${path}`)).json()) as { data: { slug: string }[] };
    required = {
      'admin-card': { slug: (await get('/administrations?limit=1')).data[0]!.slug },
      report: { slug: (await get('/khountous?limit=1')).data[0]!.slug },
      dataset: { 'dataset-id': 'administration-scores' },
    };
    const [engine] = resolveEngines(['chromium'], () => {}) as { available: boolean; path: string }[];
    if (engine?.available)
      browser = await chromium.launch({
        executablePath: engine.path,
        args: [...(CHROMIUM_FLAGS as string[]), '--disable-features=LocalNetworkAccessChecks'],
      });
    else if (process.env.CI) throw new Error('Chromium is required under CI');
  });

  after(async () => {
    await browser?.close();
    await wp?.stop();
    await api?.stop();
  });

  const saveSettings = (values: Record<string, string>) => saveSettingsAs(admin, values);

  const createPost = async (user: 'author' | 'contributor', content: string, status = 'publish') => {
    const response = await wp.rest(user, '/wp/v2/posts', {
      method: 'POST',
      body: JSON.stringify({ title: `${user}'s widgets`, content, status }),
    });
    const post = (await response.json()) as { id: number; link: string; code?: string; message?: string };
    assert.equal(response.status, 201, `${user} could not save a post: ${post.code} ${post.message}`);
    return post;
  };

  const rawContent = async (user: 'author' | 'contributor', id: number) => {
    const response = await wp.rest(user, `/wp/v2/posts/${id}?context=edit`);
    return ((await response.json()) as { content: { raw: string } }).content.raw;
  };

  const shortcode = (widget: string, extra: Record<string, string> = {}) =>
    `[khountous-${widget}${Object.entries({ ...required[widget], ...extra })
      .map(([name, value]) => ` ${name}="${value}"`)
      .join('')}]`;
  const block = (widget: string, extra: Record<string, string> = {}) =>
    `<!-- wp:khountous-widgets/${widget} ${JSON.stringify({ ...required[widget], ...extra })} /-->`;

  it('installs from the zip through Plugins > Add New > Upload, and activates without a PHP notice', () => {
    assert.match(installAnswer, /Plugin installed successfully/);
    assert.equal(
      wp.php(
        `echo in_array( 'khountous-widgets/khountous-widgets.php', (array) get_option( 'active_plugins' ), true ) ? 'yes' : 'no';`,
      ),
      'yes',
    );
    assert.ok(existsSync(join(wp.dir, 'wp/wp-content/plugins/khountous-widgets/kit/khountous.js')));
    assert.deepEqual(pluginProblems(wp.logs()), []);
  });

  it('settings: the API base URL is checked as the widgets check base-url, with their message', async () => {
    const rule = ATTRIBUTE_RULES['khountous-ranking']!['base-url']!;
    const bad = checkValue('base-url', rule, 'ftp://api.example/v1');
    assert.equal(bad.ok, false);
    const refused = await saveSettings({ api_base_url: 'ftp://api.example/v1' });
    assert.ok(
      refused.includes(escapeHtml(bad.ok ? '' : bad.problem.message.en)),
      'the refusal names the problem',
    );
    await saveSettings({ api_base_url: `${api.base}/` });
    assert.equal(
      wp.php(`echo get_option( 'khountous_widgets_settings' )['api_base_url'];`),
      api.base,
      'saved without its trailing slash',
    );
  });

  it('PHP gives the same value and the same message as the widgets, for the same input', () => {
    const inputs = [
      '',
      ' ',
      'kolda',
      'Kolda',
      ' KOLDA ',
      'Saint Louis',
      'thiès',
      'Région de Kolda',
      'tamba',
      'koldaa',
      'xyz',
      'Mairie de Dakar',
      'mairie-de-dakar',
      'a'.repeat(250),
      `${'é'.repeat(59)}😀x`,
      '2026-13',
      '2026',
      '2026-03',
      '5',
      '0',
      '-3',
      '500',
      '7.9',
      '1e2',
      '0x10',
      'abc',
      'Infinity',
      '  12  ',
      '\u00a0kolda\u00a0',
      'health',
      'Santé',
      'ftp://x',
      'https://api.example/v1',
      '/v1',
      '//evil.example',
      'compact',
      'COMPACT',
      'averagescore',
      'responserate',
      'communal',
      'Communale',
      'admin-scores',
      'Administration Scores',
    ];
    const rules = new Map<string, [string, AttributeRule]>();
    for (const byAttribute of Object.values(ATTRIBUTE_RULES))
      for (const [attribute, rule] of Object.entries(byAttribute))
        rules.set(JSON.stringify(rule), [attribute, rule]);
    const cases = [...rules.values()].flatMap(([attribute, rule]) =>
      inputs.map((value) => ({ attribute, rule, value })),
    );
    const php = JSON.parse(
      wp.php(`
$out = array();
foreach ( ${phpLiteral(cases)} as $case ) {
	$result = khountous_widgets_check_value( $case['attribute'], $case['rule'], $case['value'] );
	$out[]  = array(
		'ok'      => $result['ok'],
		'value'   => isset( $result['value'] ) ? $result['value'] : null,
		'message' => isset( $result['problem'] ) ? $result['problem']['message'] : null,
	);
}
echo wp_json_encode( $out );
`),
    ) as { ok: boolean; value: string | number | null; message: { fr: string; en: string } | null }[];
    assert.equal(php.length, cases.length);
    cases.forEach(({ attribute, rule, value }, index) => {
      const ts = checkValue(attribute, rule, value);
      const expected = {
        ok: ts.ok,
        value: ts.ok ? (ts.value ?? null) : null,
        // A value cut inside a surrogate pair: the browser shows the half left as U+FFFD, as PHP writes it.
        message: ts.problem
          ? { fr: wellFormed(ts.problem.message.fr), en: wellFormed(ts.problem.message.en) }
          : null,
      };
      assert.deepEqual(php[index], expected, `${attribute}=${JSON.stringify(value)} (${rule.type})`);
    });
  });

  it("an author's post: every shortcode and every block is kept, the rest filtered", async () => {
    const content = [
      ...WIDGETS.map((widget) => shortcode(widget)),
      ...WIDGETS.map((widget) => block(widget)),
      '<script>document.title = "not filtered"</script>',
    ].join('\n\n');
    const post = await createPost('author', content);
    const raw = await rawContent('author', post.id);
    for (const widget of WIDGETS) {
      assert.ok(raw.includes(shortcode(widget)), `shortcode of ${widget} kept`);
      assert.ok(raw.includes(`<!-- wp:khountous-widgets/${widget} `), `block of ${widget} kept`);
    }
    assert.doesNotMatch(raw, /<script/, "WordPress's HTML filter applied to the author's post");

    const html = await (await fetch(post.link)).text();
    const elements = [...html.matchAll(/<(khountous-[a-z-]+)([^>]*)>(.*?)<\/\1>/gs)];
    assert.equal(
      elements.length,
      WIDGETS.length * 2,
      `one element per shortcode and per block: ${elements.map((match) => match[1]).join(', ')}; ${(html.match(/khountous-widgets-problem.{0,400}/s) ?? [''])[0]}`,
    );
    for (const [, tag, attributes, inner] of elements) {
      assert.match(attributes!, new RegExp(` base-url="${api.base}"`), `${tag} uses the API of the settings`);
      assert.match(inner!, new RegExp(`^<a href="${api.base}/`), `${tag} holds a link to its data`);
    }
    const kitTags = [...html.matchAll(/<script[^>]*khountous\.js[^>]*>/g)].map((match) => match[0]);
    assert.equal(kitTags.length, 1, 'the kit is loaded once');
    const integrity = JSON.parse(readFileSync('dist/integrity.json', 'utf8'))['khountous.js'];
    assert.match(kitTags[0]!, /type="module"/);
    assert.ok(kitTags[0]!.includes(`integrity="${integrity}"`), 'with the integrity of the build');

    const plain = await (await fetch(`${wp.site}/?p=1`)).text();
    assert.match(plain, /Hello world/);
    assert.doesNotMatch(plain, /khountous\.js/, 'no kit on a page without a widget');

    if (!browser) return;
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(post.link);
    await page.waitForFunction(
      (count) => {
        const all = [...document.querySelectorAll('*')].filter((node) =>
          node.localName.startsWith('khountous-'),
        );
        return all.length === count && all.every((node) => node.getAttribute('state') === 'ready');
      },
      WIDGETS.length * 2,
      { timeout: 30_000 },
    );
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((node) => node.localName.startsWith('khountous-'))
        .map((node) => ({
          tag: node.localName,
          text: (node.shadowRoot?.textContent ?? '').trim().length,
          linkShown: Boolean((node.querySelector('a') as HTMLElement | null)?.offsetParent),
        })),
    );
    for (const widget of shown) {
      assert.ok(widget.text > 20, `${widget.tag} shows its data`);
      assert.equal(widget.linkShown, false, `${widget.tag}: the no-script link is hidden once the kit runs`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  it("bad attributes: the editor sees the widget's own message, readers see nothing", async () => {
    const rule = ATTRIBUTE_RULES['khountous-ranking']!.region!;
    const expected = checkValue('region', rule, 'Kolda x');
    assert.equal(expected.ok, false);
    const message = expected.ok ? '' : expected.problem.message.en;
    assert.match(message, /Did you mean "kolda"/);

    // The block editor's preview (ServerSideRender asks the block renderer).
    const preview = await wp.rest(
      'author',
      `/wp/v2/block-renderer/khountous-widgets/ranking?context=edit&${new URLSearchParams({ 'attributes[region]': 'Kolda x' })}`,
    );
    const rendered = ((await preview.json()) as { rendered: string }).rendered;
    assert.ok(rendered.includes(escapeHtml(message)), `the preview says: ${message}`);
    assert.doesNotMatch(rendered, /<khountous-ranking/);

    // A missing identifier, in French for a French-speaking author.
    wp.php(`update_user_meta( ${wp.users.author.id}, 'locale', 'fr_FR' );`);
    const missing = checkValue('slug', ATTRIBUTE_RULES['khountous-report']!.slug!, '');
    const french = await wp.rest('author', '/wp/v2/block-renderer/khountous-widgets/report?context=edit');
    const frenchHtml = ((await french.json()) as { rendered: string }).rendered;
    assert.ok(frenchHtml.includes(escapeHtml(missing.ok ? '' : missing.problem.message.fr)), frenchHtml);
    assert.ok(frenchHtml.includes('Le widget est mal configuré.'));
    wp.php(`delete_user_meta( ${wp.users.author.id}, 'locale' );`);

    // On the page: nothing for a reader, the message for the author.
    const post = await createPost(
      'author',
      '[khountous-ranking region="Kolda x"]\n\n[khountous-ranking limit="5" foo="1"]',
    );
    const reader = await (await fetch(post.link)).text();
    assert.doesNotMatch(reader, /khountous-ranking|Kolda x|khountous\.js/);
    const author = new Session(wp.site);
    await author.login('author');
    const seen = await (await author.fetch(post.link)).text();
    assert.ok(seen.includes(escapeHtml(message)));
    assert.ok(seen.includes('foo is not an attribute of khountous-ranking.'));
  });

  it('a contributor places a widget by block and by shortcode; both are kept', async () => {
    const content = `${block('report')}\n\n${shortcode('dataset', { preview: '3' })}`;
    const post = await createPost('contributor', content, 'pending');
    assert.equal(await rawContent('contributor', post.id), content);
    const preview = await wp.rest(
      'contributor',
      `/wp/v2/block-renderer/khountous-widgets/report?context=edit&${new URLSearchParams({ 'attributes[slug]': required.report!.slug! })}`,
    );
    assert.match(((await preview.json()) as { rendered: string }).rendered, /<khountous-report /);
  });

  it('an embed URL on its own line becomes the iframe, on the page and in the block editor', async () => {
    const query = `widget=report&slug=${required.report!.slug}&lang=en`;
    const embed = `${wp.site}/wp-content/plugins/khountous-widgets/kit/embed.html?${query}`;
    const post = await createPost('author', `<p>Before</p>\n\n${embed}\n\n<p>After</p>`);
    const html = await (await fetch(post.link)).text();
    const iframe = /<iframe class="khountous-widgets-embed" src="([^"]+)" title="([^"]+)"/.exec(html);
    assert.ok(iframe, 'the page holds the iframe');
    // An API is set in the settings: the plugin's copy of the page, served by WordPress for that API.
    const served = `${wp.site}/?khountous-widgets-embed=1&${query}`;
    assert.equal(iframe[1]!.replace(/&amp;/g, '&').replace(/&#038;/g, '&'), served);
    assert.equal(iframe[2], 'Khountous: Citizen report');
    const resize = /<script[^>]*embed-resize\.js[^>]*>/.exec(html)?.[0] ?? '';
    assert.match(resize, /integrity="sha384-/, 'the resize script, with its integrity');

    // What the block editor's Embed block asks when the URL is pasted.
    const proxy = await wp.rest('author', `/oembed/1.0/proxy?${new URLSearchParams({ url: embed })}`);
    assert.match(((await proxy.json()) as { html: string }).html, /<iframe class="khountous-widgets-embed"/);

    // Another site's embed page is not embedded.
    const other = await createPost('author', `https://elsewhere.example/kit/embed.html?widget=report&slug=x`);
    assert.doesNotMatch(await (await fetch(other.link)).text(), /<iframe/);

    // The page served: the kit's embed.html, its files from the plugin's copy, the API of the
    // settings as its default, and that API's origin allowed by the page and by its policy.
    const apiOrigin = new URL(api.base).origin;
    const page = await fetch(served);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const servedHtml = await page.text();
    const kit = readFileSync('dist/embed.html', 'utf8');
    assert.ok(kit.includes('<meta name="khountous:api-origins" content="" />'));
    assert.ok(servedHtml.includes(`<meta name="khountous:api-origins" content="${apiOrigin}" />`));
    assert.ok(servedHtml.includes(`<meta name="khountous:base-url" content="${api.base}" />`));
    const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(servedHtml)?.[1] ?? '';
    const connect = /connect-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];
    assert.ok(connect.includes(apiOrigin), `connect-src allows ${apiOrigin}: ${policy}`);
    assert.ok(
      connect.includes("'self'") && connect.includes('https://api.khountous.sn'),
      'and what it allowed',
    );
    assert.equal(
      policy.replace(` ${apiOrigin}`, ''),
      /content="([^"]+)"/.exec(kit)![1],
      'the rest unchanged',
    );
    assert.match(
      servedHtml,
      /<script type="module" src="http:\/\/[^"]+\/wp-content\/plugins\/khountous-widgets\/kit\/embed\.js"/,
    );
    // Without an API in the settings, the iframe is the plugin's file and the route is not there.
    await saveSettings({ api_base_url: '' });
    const plain = await createPost('author', embed);
    assert.ok(
      (await (await fetch(plain.link)).text()).includes(
        `src="${escapeHtml(embed).replace(/&amp;/g, '&#038;')}"`,
      ),
    );
    assert.equal((await fetch(served)).status, 404);
    await saveSettings({ api_base_url: api.base });

    if (!browser) return;
    // Requests to the API of the settings for this report (its own origin: another port).
    const asked = () =>
      [...api.upstream]
        .filter(([key]) => key.includes(required.report!.slug!))
        .reduce((sum, [, times]) => sum + times.length, 0);
    const before = asked();
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    tab.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await tab.goto(post.link);
    const frame = tab.frameLocator('iframe.khountous-widgets-embed');
    const report = frame.locator('khountous-report');
    await report.waitFor({ state: 'attached', timeout: 20_000 });
    await tab.waitForFunction(
      () => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe.khountous-widgets-embed');
        return frame?.contentDocument?.querySelector('khountous-report')?.getAttribute('state') === 'ready';
      },
      undefined,
      { timeout: 20_000 },
    );
    const text = await report.evaluate((node) => (node.shadowRoot?.textContent ?? '').trim().length);
    assert.ok(text > 20, 'the report shows its data');
    assert.ok(asked() > before, 'fetched from the API of the settings');
    assert.deepEqual(errors, []);
    await tab.close();
  });

  it('the plugin leaves no PHP notice, warning or error in the log', () => {
    assert.deepEqual(pluginProblems(wp.logs()), []);
    // The log is read: WordPress 6.1's own deprecations under PHP 8.2 are in it.
    assert.match(wp.logs(), /PHP Deprecated: .*wp-includes/);
  });
});

describe('WordPress plugin: its files', { skip }, () => {
  const phpFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? phpFiles(join(dir, entry.name))
        : entry.name.endsWith('.php')
          ? [join(dir, entry.name)]
          : [],
    );

  it('every PHP file passes php -l', () => {
    const files = phpFiles(PLUGIN);
    assert.ok(files.length >= 8);
    for (const file of files) {
      const result = spawnSync('php', ['-l', file], { encoding: 'utf8' });
      assert.equal(result.status, 0, `${file}: ${result.stdout}${result.stderr}`);
    }
  });

  it("every PHP file passes phpcs with the plugin's ruleset (phpcs.xml.dist)", () => {
    const result = spawnSync(PATHS.phpcs, ['-q', '--report=full', '--no-colors'], {
      cwd: PLUGIN,
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, `phpcs:\n${result.stdout}${result.stderr}`);
    // The ruleset is the one read, and it bites: a file in WordPress style passes, a bad one fails.
    const explain = spawnSync(PATHS.phpcs, ['-e'], { cwd: PLUGIN, encoding: 'utf8' }).stdout;
    for (const sniff of [
      'Generic.WhiteSpace.DisallowSpaceIndent',
      'PSR2.Files.ClosingTag',
      'Generic.Arrays.DisallowShortArraySyntax',
    ])
      assert.ok(explain.includes(sniff), `${sniff} is in the ruleset`);
    const bad = spawnSync(PATHS.phpcs, ['-q', '--report=emacs', '--stdin-path=bad.php', '-'], {
      cwd: PLUGIN,
      encoding: 'utf8',
      input: '<?php\n/**\n * A file.\n *\n * @package X\n */\n\n$a = [ 1 ];\n?>\n',
    });
    assert.notEqual(bad.status, 0);
    assert.match(bad.stdout, /DisallowShortArraySyntax/);
    assert.match(bad.stdout, /ClosingTag/);
  });

  it('the French translation covers every string of the plugin', () => {
    const po = readFileSync(join(PLUGIN, 'languages/khountous-widgets-fr_FR.po'), 'utf8');
    const translated = new Set(
      [...po.matchAll(/^msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)+")$/gm)].map(
        (match) => JSON.parse(match[1]!) as string,
      ),
    );
    const wanted = new Set<string>();
    for (const file of phpFiles(PLUGIN)) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /(?:__|esc_html__|esc_attr__)\(\s*'((?:[^'\\]|\\.)*)',\s*'khountous-widgets'/g,
      ))
        wanted.add(match[1]!.replace(/\\(['\\])/g, '$1'));
    }
    for (const widget of WIDGETS) {
      const json = JSON.parse(readFileSync(join(PLUGIN, 'blocks', widget, 'block.json'), 'utf8'));
      wanted.add(json.title);
      wanted.add(json.description);
    }
    assert.ok(wanted.size > 40);
    const missing = [...wanted].filter((text) => !translated.has(text));
    assert.deepEqual(missing, [], 'strings without a French translation');
  });
});

/**
 * PHP's notices, warnings and errors that come from the plugin's files, or that
 * name none (a fatal error in code the plugin runs). WordPress 6.1's own
 * deprecations under PHP 8.2, and its failed update checks (no internet), are
 * WordPress's.
 */
function pluginProblems(log: string): string[] {
  return log
    .split('\n')
    .filter((line) => /PHP (Notice|Warning|Deprecated|Fatal error|Parse error)/.test(line))
    .filter((line) => line.includes('khountous-widgets') || !/ in \/\S+ on line \d+/.test(line))
    .filter((line) => !/Development Server/.test(line));
}

/** A lone surrogate as the browser shows it: U+FFFD. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}
