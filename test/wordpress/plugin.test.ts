/**
 * The WordPress plugin (wordpress/khountous-widgets/, zipped by the build) on a
 * real WordPress (Debian's, with MariaDB and PHP's built-in server; see
 * harness.ts), the reference API on another port, and Debian's Chromium.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { type CountedApi } from '../../scripts/tier/tier.js';
import { RULES, type AttributeRule } from '../../src/attributes/rules.js';
import { problemOf } from '../../src/attributes/messages.js';
import { catalog } from '../../src/registry.js';
import { describe as describeResource, urlOf } from '../../src/core/endpoints.js';
import { ATTRIBUTE_RULES, checkValue } from '../helpers/attribute-checks.js';
import { COMMON_INPUTS, type Inputs } from '../../src/widget/descriptor.js';
import { planLoad } from '../../src/widget/load.js';
import {
  PASSWORD,
  PATHS,
  pluginCheck,
  pluginProblems,
  Session,
  saveSettings as saveSettingsAs,
  skipReason,
  startPluginSite,
  WIDGETS,
  type WordPress,
  launchChromium,
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
    ({ api, wp, admin, installed: installAnswer } = await startPluginSite());
    const get = async (path: string) =>
      (await (await fetch(`${api.base}${path}`)).json()) as { data: { slug: string }[] };
    required = {
      'admin-card': { slug: (await get('/administrations?limit=1')).data[0]!.slug },
      report: { slug: (await get('/khountous?limit=1')).data[0]!.slug },
      dataset: { 'dataset-id': 'administration-scores' },
    };
    browser = await launchChromium();
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
    for (const file of ['kit/khountous.js', 'readme.txt', 'uninstall.php'])
      assert.ok(
        existsSync(join(wp.dir, 'wp/wp-content/plugins/khountous-widgets', file)),
        `${file} installed`,
      );
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

  it('settings: only a user with unfiltered_html sets where the kit is loaded from; another origin needs an integrity', async () => {
    try {
      // A site administrator as on a network (or under DISALLOW_UNFILTERED_HTML): manage_options,
      // without unfiltered_html. A must-use plugin takes the capability from that one user through
      // map_meta_cap, as WordPress does for a network's site administrators.
      const id = Number(
        wp.php(
          `echo wp_insert_user( array( 'user_login' => 'siteadmin', 'user_pass' => '${PASSWORD}', 'user_email' => 'siteadmin@example.org', 'role' => 'administrator' ) );`,
        ),
      );
      const muPlugins = wp.php('echo WPMU_PLUGIN_DIR;');
      mkdirSync(muPlugins, { recursive: true });
      writeFileSync(
        join(muPlugins, 'khountous-test-site-admin.php'),
        `<?php
add_filter(
	'map_meta_cap',
	static function ( $caps, $cap, $user_id ) {
		if ( 'unfiltered_html' === $cap && ${id} === (int) $user_id ) {
			$caps[] = 'do_not_allow';
		}
		return $caps;
	},
	10,
	3
);
`,
      );
      assert.equal(
        wp.php(
          `echo wp_json_encode( array( user_can( ${id}, 'manage_options' ), user_can( ${id}, 'unfiltered_html' ), user_can( ${wp.users.admin.id}, 'unfiltered_html' ) ) );`,
        ),
        '[true,false,true]',
      );
      const stored = () =>
        JSON.parse(wp.php(`echo wp_json_encode( get_option( 'khountous_widgets_settings' ) );`)) as Record<
          string,
          string
        >;
      const integrity = JSON.parse(readFileSync('dist/integrity.json', 'utf8'))['khountous.js'] as string;
      const own = `${wp.site}/wp-content/plugins/khountous-widgets/kit/khountous.js`;
      const cdn = 'https://cdn.example/khountous-widgets/0.1.0/khountous.js';
      const locked =
        /only a user who may publish unfiltered HTML \(on a network, a super admin\) can change them/;

      const siteAdmin = new Session(wp.site);
      await siteAdmin.login('siteadmin');
      // What each save answers: the settings page's notices, as text.
      const siteAdminSaves = async (values: Record<string, string>) =>
        notices(await saveSettingsAs(siteAdmin, values));
      const adminSaves = async (values: Record<string, string>) =>
        notices(await saveSettings({ api_base_url: api.base, ...values }));
      const form = await (
        await siteAdmin.fetch('/wp-admin/options-general.php?page=khountous-widgets')
      ).text();
      for (const key of ['kit_url', 'kit_integrity']) {
        const input = new RegExp(`<input[^>]*name="khountous_widgets_settings\\[${key}\\]"[^>]*>`).exec(
          form,
        )?.[0];
        assert.match(input ?? '', / readonly="readonly"/, `${key} is read-only for the site administrator`);
      }
      assert.match(
        form,
        /Only a user who may publish unfiltered HTML \(on a network, a super admin\) can change it/,
      );
      const adminForm = await (
        await admin.fetch('/wp-admin/options-general.php?page=khountous-widgets')
      ).text();
      assert.doesNotMatch(adminForm, /readonly/, 'and editable for the administrator');

      // Whatever the site administrator sends for the kit is refused, the rest of the form saved.
      const before = stored();
      const attempts: Record<string, string>[] = [
        { kit_url: own },
        { kit_url: cdn, kit_integrity: integrity },
        { kit_url: cdn },
        { kit_integrity: integrity },
        { kit_url: own, kit_integrity: '' },
      ];
      for (const values of attempts) {
        const answer = await siteAdminSaves({ api_base_url: `${api.base}/`, ...values });
        assert.match(answer, locked, `refused: ${JSON.stringify(values)}`);
        assert.deepEqual(stored(), before, `nothing changed: ${JSON.stringify(values)}`);
      }
      // The form as the site administrator sees it (the kit's fields as they are) saves the API.
      const answer = await siteAdminSaves({ api_base_url: '', kit_url: '', kit_integrity: '' });
      assert.equal(answer, 'Settings saved.');
      assert.equal(stored().api_base_url, '');
      await siteAdminSaves({ api_base_url: api.base, kit_url: '', kit_integrity: '' });
      assert.equal(stored().api_base_url, api.base);

      // The administrator: an address on another origin than the site's needs its integrity.
      const foreign = /A kit on another origin than this site&#039;s needs its integrity/;
      for (const url of [
        cdn,
        own.replace('http://', 'https://'),
        own.replace('127.0.0.1', 'localhost'),
        own.replace(wp.site, `${wp.site}.evil.example`),
        own.replace(wp.site, `${wp.site}0`),
      ]) {
        const refused = await adminSaves({ kit_url: url, kit_integrity: '' });
        assert.match(refused, foreign, url);
        assert.equal(stored().kit_url, '', `${url} not saved`);
      }
      for (const url of [
        `${wp.site}\\evil.example/khountous.js`,
        `${wp.site}/kit/khountous.js?x=1`,
        'javascript:alert(1)//.js',
      ]) {
        assert.match(
          await adminSaves({ kit_url: url, kit_integrity: integrity }),
          /must be an http\(s\) URL of khountous\.js/,
          url,
        );
        assert.equal(stored().kit_url, '', `${url} not saved`);
      }
      assert.match(
        await adminSaves({ kit_url: cdn, kit_integrity: 'sha384-not a hash' }),
        /The integrity must read sha384-/,
      );
      assert.equal(stored().kit_url, '');

      // On the site's own origin without an integrity, or on another with one: taken, and printed.
      const post = await createPost('author', '[khountous-region-stats]');
      const kitTag = async () =>
        /<script[^>]*khountous\.js[^>]*>/.exec(await (await fetch(post.link)).text())?.[0] ?? '';
      assert.equal(await adminSaves({ kit_url: own, kit_integrity: '' }), 'Settings saved.');
      assert.deepEqual([stored().kit_url, stored().kit_integrity], [own, '']);
      assert.doesNotMatch(await kitTag(), /integrity=/);
      assert.equal(await adminSaves({ kit_url: cdn, kit_integrity: integrity }), 'Settings saved.');
      assert.deepEqual([stored().kit_url, stored().kit_integrity], [cdn, integrity]);
      const printed = await kitTag();
      assert.ok(printed.includes(cdn), printed);
      assert.ok(printed.includes(`integrity="${integrity}" crossorigin="anonymous"`), printed);
      // The site administrator cannot take it away either.
      assert.match(await siteAdminSaves({ api_base_url: api.base, kit_url: '', kit_integrity: '' }), locked);
      assert.equal(stored().kit_url, cdn);

      // A value stored otherwise (before this rule, or by code) is checked where it is used: an
      // address on another origin without integrity is printed neither on the page nor in the
      // block editor; the plugin's copy is used, and the settings page says why.
      wp.php(
        `update_option( 'khountous_widgets_settings', array( 'api_base_url' => '${api.base}', 'kit_url' => '${cdn}', 'kit_integrity' => '' ) );`,
      );
      assert.equal(stored().kit_url, cdn, 'stored as it was written');
      const page = await (await fetch(post.link)).text();
      const editor = await (await admin.fetch('/wp-admin/post-new.php')).text();
      for (const [where, html] of [
        ['page', page],
        ['block editor', editor],
      ] as const) {
        assert.ok(!html.includes('cdn.example'), `${where}: the stored address is not printed`);
        const tag = /<script[^>]*khountous\.js[^>]*>/.exec(html)?.[0] ?? '';
        assert.ok(tag.includes(own), `${where}: the plugin's copy instead: ${tag}`);
      }
      const settingsPage = await (
        await admin.fetch('/wp-admin/options-general.php?page=khountous-widgets')
      ).text();
      assert.match(
        notices(settingsPage),
        /The address of the kit below is not used: A kit on another origin/,
      );
    } finally {
      // The settings the next tests expect, whatever happened above.
      wp.php(
        `update_option( 'khountous_widgets_settings', array( 'api_base_url' => '${api.base}', 'kit_url' => '', 'kit_integrity' => '' ) );`,
      );
    }
  });

  it("PHP checks each rule of the data and says the widgets' own sentence, for the same input", () => {
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
      // Longer than a message shows, in characters of two bytes each.
      'é'.repeat(70),
      '2026-13',
      '2026',
      '2026-03',
      '5',
      '0',
      '-3',
      '+7',
      '500',
      '99999999999999999999',
      '7.9',
      '1e2',
      '0x10',
      'abc',
      'Infinity',
      '  12  ',
      '\u00a0kolda\u00a0',
      'slug\n',
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
    // Every rule of the kit, under an attribute that has it; the plugin's data holds each by its name.
    const attributeOf = (rule: AttributeRule) =>
      Object.values(ATTRIBUTE_RULES)
        .flatMap((byAttribute) => Object.entries(byAttribute))
        .find(([, candidate]) => candidate === rule)![0];
    const cases = Object.entries(RULES).flatMap(([name, rule]) =>
      inputs.map((value) => ({ name, attribute: attributeOf(rule), rule: rule as AttributeRule, value })),
    );
    const php = JSON.parse(
      wp.php(`
$out   = array();
$rules = khountous_widgets_definitions()['rules'];
foreach ( ${phpLiteral(cases)} as $case ) {
	$result = khountous_widgets_check_value( $case['attribute'], $rules[ $case['name'] ], $case['value'] );
	$out[]  = array(
		'ok'      => $result['ok'],
		'value'   => isset( $result['value'] ) ? $result['value'] : null,
		'message' => isset( $result['problem'] ) ? $result['problem'] : null,
	);
}
echo wp_json_encode( $out );
`),
    ) as { ok: boolean; value: string | number | null; message: { fr: string; en: string } | null }[];
    assert.equal(php.length, cases.length);
    cases.forEach(({ attribute, rule, value }, index) => {
      assert.deepEqual(
        php[index],
        pluginCheck(attribute, rule, value),
        `${attribute}=${JSON.stringify(value)} (${rule.type})`,
      );
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
      // Server rendering is on by default (test/wordpress/server-render.test.ts): the data, then the link.
      assert.match(inner!, /^<script type="application\/json">/, `${tag} holds its data`);
      assert.ok(inner!.includes(`<a href="${api.base}/`), `${tag} holds a link to its data`);
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
    const expected = pluginCheck('region', rule, 'Kolda x');
    assert.equal(expected.ok, false);
    const message = expected.message!.en;
    assert.match(message, /^region="Kolda x" is not accepted\. Accepted values: dakar, diourbel, /);

    // The block editor's preview (ServerSideRender asks the block renderer).
    const render = async (user: 'author', widget: string, attributes: Record<string, string> = {}) => {
      const query = new URLSearchParams(
        Object.entries(attributes).map(([name, value]) => [`attributes[${name}]`, value]),
      );
      const response = await wp.rest(
        user,
        `/wp/v2/block-renderer/khountous-widgets/${widget}?context=edit&${query}`,
      );
      return ((await response.json()) as { rendered: string }).rendered;
    };
    const rendered = await render('author', 'ranking', { region: 'Kolda x' });
    assert.ok(rendered.includes(escapeHtml(message)), `the preview says: ${message}`);
    assert.doesNotMatch(rendered, /<khountous-ranking/);

    // A whole number out of range: the widget with the nearest bound, and the warning in the preview.
    const clamped = pluginCheck('limit', ATTRIBUTE_RULES['khountous-ranking']!.limit!, '500');
    assert.equal(clamped.value, 100);
    const warned = await render('author', 'ranking', { limit: '500' });
    assert.ok(warned.includes(escapeHtml(clamped.message!.en)), warned);
    assert.match(warned, /<khountous-ranking [^>]*limit="100"/);

    // A missing identifier and a theme the widgets do not have, in French for a French-speaking author.
    wp.php(`update_user_meta( ${wp.users.author.id}, 'locale', 'fr_FR' );`);
    const missing = pluginCheck('slug', ATTRIBUTE_RULES['khountous-report']!.slug!, '');
    const theme = problemOf({
      attribute: 'theme',
      given: 'blue',
      reason: 'not-accepted',
      accepted: COMMON_INPUTS.theme.values,
    });
    const frenchHtml = await render('author', 'report', { theme: 'blue' });
    assert.ok(frenchHtml.includes(escapeHtml(missing.message!.fr)), frenchHtml);
    assert.ok(frenchHtml.includes(escapeHtml(theme.message.fr)), frenchHtml);
    assert.ok(frenchHtml.includes('Le widget est mal configuré.'));
    wp.php(`delete_user_meta( ${wp.users.author.id}, 'locale' );`);

    // On the page: nothing for a reader, the messages for the author.
    const post = await createPost(
      'author',
      '[khountous-ranking region="Kolda x"]\n\n[khountous-ranking limit="5" foo="1"]\n\n[khountous-ranking lang="de" paginate="maybe"]',
    );
    const reader = await (await fetch(post.link)).text();
    assert.doesNotMatch(reader, /khountous-ranking|Kolda x|khountous\.js/);
    const author = new Session(wp.site);
    await author.login('author');
    const seen = await (await author.fetch(post.link)).text();
    assert.ok(seen.includes(escapeHtml(message)));
    assert.ok(seen.includes('foo is not an attribute of khountous-ranking.'));
    for (const [attribute, given, accepted] of [
      ['lang', 'de', COMMON_INPUTS.lang.values],
      ['paginate', 'maybe', ['true', 'false']],
    ] as const) {
      const sentence = problemOf({ attribute, given, reason: 'not-accepted', accepted }).message.en;
      assert.ok(seen.includes(escapeHtml(sentence)), `the author reads: ${sentence}`);
    }
  });

  it("the link inside each element is the request its widget makes, less its endpoint's defaults", () => {
    const base = wp.php(`echo khountous_widgets_settings()['api_base_url'];`);
    assert.equal(base, api.base);
    for (const { widget, about } of catalog) {
      // A valid value for every attribute that selects data.
      const inputs: Inputs = { ...COMMON_INPUTS, ...widget.inputs };
      const given: Record<string, string> = { lang: 'en', ...about.sample };
      for (const [attribute, input] of Object.entries(inputs)) {
        const rule = input.rule;
        if (attribute in given || !rule) continue;
        if (rule.type === 'choice') given[attribute] = rule.values[1] ?? rule.values[0]!;
        if (rule.type === 'id') given[attribute] = rule.example;
        if (rule.type === 'integer') given[attribute] = String(rule.min + 1);
      }
      const planned = planLoad(widget, { localName: widget.tag } as Element, (attribute) =>
        attribute in given ? given[attribute] : inputs[attribute]?.initial,
      );
      assert.ok(!(planned instanceof Error), `${widget.tag} loads`);
      const target = describeResource(planned.resource, base);
      const kit = new URL(urlOf(target));
      for (const [param, value] of Object.entries(target.ep.route.defaults))
        if (kit.searchParams.get(param) === String(value)) kit.searchParams.delete(param);
      const link = new URL(
        wp.php(
          `echo khountous_widgets_data_url( khountous_widgets_definitions()['widgets']['${widget.tag.replace(/^khountous-/, '')}'], ${phpLiteral(given)} );`,
        ),
      );
      assert.equal(link.origin + link.pathname, kit.origin + kit.pathname, widget.tag);
      assert.deepEqual([...link.searchParams].sort(), [...kit.searchParams].sort(), widget.tag);
    }
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
    assert.ok(
      resize.includes(`data-embed-pages="${wp.site}/?khountous-widgets-embed=1"`),
      `the resize script obeys WordPress's copy of the page: ${resize}`,
    );

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

    // embed-resize.js sizes the iframe of WordPress's copy of the page to its content, and
    // follows it when the content grows.
    const sized = async (atLeast: number) =>
      Number(
        await (
          await tab.waitForFunction(
            (atLeast) => {
              const frame = document.querySelector<HTMLIFrameElement>('iframe.khountous-widgets-embed')!;
              const height = Math.ceil(frame.contentDocument!.documentElement.getBoundingClientRect().height);
              return height >= atLeast && frame.style.height === `${height}px` && height;
            },
            atLeast,
            { timeout: 20_000 },
          )
        ).jsonValue(),
      );
    const first = await sized(1);
    // Another frame of the same site, not the embed page, asks for a height first; then the
    // embed page's content grows by 300 px, and its iframe follows: the other frame's message,
    // handled before, was ignored.
    await tab.evaluate(async (site) => {
      const frame = document.createElement('iframe');
      frame.id = 'other';
      frame.src = `${site}/?p=1`;
      await new Promise((resolve) => {
        frame.addEventListener('load', resolve, { once: true });
        document.body.append(frame);
      });
      const script = frame.contentDocument!.createElement('script');
      script.textContent = `parent.postMessage({ type: 'khountous:resize', height: 5000, id: '' }, '*');`;
      frame.contentDocument!.body.append(script);
      const embed = document.querySelector<HTMLIFrameElement>('iframe.khountous-widgets-embed')!;
      embed.contentDocument!.body.style.paddingBottom = '300px';
    }, wp.site);
    assert.ok((await sized(first + 300)) >= first + 300);
    assert.equal(await tab.evaluate(() => document.getElementById('other')!.style.height), '');
    assert.deepEqual(errors, []);
    await tab.close();
  });

  it('deleting the plugin (Plugins > Deactivate, then Delete) removes its settings', async () => {
    const option = () =>
      wp.php(`echo wp_json_encode( get_option( 'khountous_widgets_settings', 'absent' ) );`);
    assert.notEqual(option(), '"absent"', 'the settings are there to remove');
    // uninstall.php does nothing unless WordPress runs it to uninstall.
    const direct = await fetch(`${wp.site}/wp-content/plugins/khountous-widgets/uninstall.php`);
    assert.equal(await direct.text(), '');
    assert.notEqual(option(), '"absent"', 'not when requested directly');

    const plugins = async () => (await admin.fetch('/wp-admin/plugins.php')).text();
    const deactivate =
      /href="(plugins\.php\?action=deactivate&amp;plugin=khountous-widgets%2Fkhountous-widgets\.php[^"]*)"/.exec(
        await plugins(),
      );
    assert.ok(deactivate, 'the Deactivate link');
    await admin.fetch(`/wp-admin/${deactivate[1]!.replace(/&amp;/g, '&')}`);
    // The Delete link's request (wp.updates.deletePlugin), with the page's nonce.
    const nonce = /"ajax_nonce":"([0-9a-f]+)"/.exec(await plugins())?.[1];
    assert.ok(nonce, 'the nonce of the updates');
    const deleted = await admin.fetch('/wp-admin/admin-ajax.php', {
      method: 'POST',
      body: new URLSearchParams({
        action: 'delete-plugin',
        _ajax_nonce: nonce,
        plugin: 'khountous-widgets/khountous-widgets.php',
        slug: 'khountous-widgets',
      }),
    });
    const answer = (await deleted.json()) as { success: boolean; data?: unknown };
    assert.equal(answer.success, true, JSON.stringify(answer.data));
    assert.equal(
      existsSync(join(wp.dir, 'wp/wp-content/plugins/khountous-widgets')),
      false,
      'the files removed',
    );
    assert.equal(option(), '"absent"', 'the settings removed');
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

  it("has the readme.txt WordPress.org reads, in agreement with the plugin's header", () => {
    const readme = readFileSync(join(PLUGIN, 'readme.txt'), 'utf8');
    const main = readFileSync(join(PLUGIN, 'khountous-widgets.php'), 'utf8');
    const pluginHeader = (name: string) => new RegExp(`^ \\* ${name}:\\s*(.+)$`, 'm').exec(main)?.[1]?.trim();
    // The title, the headers, a blank line, the short description, a blank line.
    const [title, ...lines] = readme.split('\n');
    const blank = lines.indexOf('');
    assert.equal(title, '=== Khountous widgets ===');
    assert.equal(pluginHeader('Plugin Name'), 'Khountous widgets');
    const headers = Object.fromEntries(
      lines.slice(0, blank).map((line) => {
        const index = line.indexOf(':');
        assert.ok(index > 0, `a header line: ${line}`);
        return [line.slice(0, index), line.slice(index + 1).trim()];
      }),
    );
    assert.deepEqual(Object.keys(headers).sort(), [
      'Contributors',
      'License',
      'License URI',
      'Requires PHP',
      'Requires at least',
      'Stable tag',
      'Tags',
      'Tested up to',
    ]);
    for (const [name, value] of Object.entries(headers)) assert.ok(value, `${name} is given`);
    assert.equal(headers['Requires at least'], pluginHeader('Requires at least'));
    assert.equal(headers['Requires PHP'], pluginHeader('Requires PHP'));
    assert.equal(headers['Stable tag'], pluginHeader('Version'));
    assert.equal(headers['Stable tag'], JSON.parse(readFileSync('package.json', 'utf8')).version);
    assert.equal(headers.License, pluginHeader('License'));
    assert.equal(headers['License URI'], pluginHeader('License URI'));
    assert.ok(headers.Tags!.split(',').length <= 5, 'at most five tags');
    const short = lines[blank + 1]!;
    assert.equal(lines[blank + 2], '');
    assert.ok(
      !short.startsWith('=') && short.length <= 150,
      `a short description of 150 characters at most: ${short}`,
    );
    const sections = [...readme.matchAll(/^== (.+) ==$/gm)].map((match) => match[1]);
    assert.deepEqual(sections, ['Description', 'Installation', 'Frequently Asked Questions', 'Changelog']);
    assert.ok(readme.includes(`= ${headers['Stable tag']} =`), 'the changelog names the stable version');
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
    assert.ok(wanted.size > 15, `the strings of the PHP files are read: ${wanted.size}`);
    // The plugin's description (its header), and each block's title and description (its block.json).
    const main = readFileSync(join(PLUGIN, 'khountous-widgets.php'), 'utf8');
    wanted.add(/^ \* Description:\s*(.+)$/m.exec(main)![1]!.trim());
    for (const widget of WIDGETS) {
      const json = JSON.parse(readFileSync(join(PLUGIN, 'blocks', widget, 'block.json'), 'utf8'));
      wanted.add(json.title);
      wanted.add(json.description);
    }
    const missing = [...wanted].filter((text) => !translated.has(text));
    assert.deepEqual(missing, [], 'strings without a French translation');
  });
});

/** The notices of an admin page (settings errors, "Settings saved."), as text, one a line. */
function notices(html: string): string {
  return [...html.matchAll(/<div[^>]*class=["'][^"']*\bnotice\b[^"']*["'][^>]*>([\s\S]*?)<\/div>/g)]
    .map((match) =>
      match[1]!
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .join('\n');
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}
