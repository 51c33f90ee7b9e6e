/**
 * The plugin's blocks in WordPress's block editor, in Debian's Chromium: an
 * author (not an administrator) logs in through wp-login.php, opens a new
 * post, inserts every block (one through the inserter, the others through the
 * editor's data store, both after assets/editor.js registered them), sets
 * attributes in the block's sidebar, sees the server's preview (the widget, or
 * its message for a bad value), publishes, and every widget of the published
 * page shows its data.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type CountedApi } from '../../scripts/tier/tier.js';
import { ATTRIBUTE_RULES } from '../helpers/attribute-checks.js';
import type { Session } from './harness.js';
import {
  PASSWORD,
  pluginCheck,
  saveSettings,
  skipReason,
  startPluginSite,
  WIDGETS,
  ZIP,
  type WordPress,
  launchChromium,
} from './harness.js';

const skip = skipReason();

describe('WordPress plugin: the blocks in the block editor, in Chromium', { skip }, () => {
  let wp: WordPress;
  let api: CountedApi;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let editor: Page;
  /** Errors of the editor's page: uncaught exceptions and console errors. */
  const errors: string[] = [];
  let required: Record<string, Record<string, string>>;
  let permalink = '';

  before(async () => {
    assert.ok(existsSync(ZIP), `${ZIP} is missing: run npm run build`);
    browser = await launchChromium();
    if (!browser) return;
    let admin: Session;
    ({ api, wp, admin } = await startPluginSite());
    await saveSettings(admin, { api_base_url: api.base });
    // The editor's welcome guide, closed as the author would close it once (a persisted preference).
    wp.php(`
global $wpdb;
update_user_meta( ${wp.users.author.id}, $wpdb->get_blog_prefix() . 'persisted_preferences', array( 'core/edit-post' => array( 'welcomeGuide' => false ), '_modified' => gmdate( 'c' ) ) );
`);
    const get = async (path: string) =>
      (await (await fetch(`${api.base}${path}`)).json()) as { data: { slug: string }[] };
    required = {
      'admin-card': { slug: (await get('/administrations?limit=1')).data[0]!.slug },
      report: { slug: (await get('/khountous?limit=1')).data[0]!.slug },
      dataset: { 'dataset-id': 'administration-scores' },
    };
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    editor = await context.newPage();
    editor.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    editor.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
    });
  });

  after(async () => {
    await browser?.close();
    await wp?.stop();
    await api?.stop();
  });

  /** The block's settings in the sidebar (InspectorControls of assets/editor.js). */
  const inspector = () => editor.locator('.block-editor-block-inspector');
  /** The selected block in the editor's canvas. */
  const selected = () => editor.locator('.block-editor-block-list__block.is-selected');

  /** The settings sidebar, on its Block tab, as the author opens it: the gear of the toolbar, then "Block". */
  const openBlockSettings = async () => {
    const gear = editor.locator('.edit-post-header__settings button[aria-label="Settings"]');
    if ((await gear.getAttribute('aria-pressed')) !== 'true') await gear.click();
    await editor.locator('.edit-post-sidebar__panel-tab', { hasText: 'Block' }).click();
    await inspector().waitFor();
  };

  it('an author logs in and opens the block editor, where the plugin registered its 7 blocks', async (t) => {
    if (!browser) return t.skip('Chromium unavailable');
    await editor.goto(`${wp.site}/wp-login.php`);
    await editor.fill('#user_login', 'author');
    await editor.fill('#user_pass', PASSWORD);
    await Promise.all([editor.waitForURL(/wp-admin/), editor.click('#wp-submit')]);
    await editor.goto(`${wp.site}/wp-admin/post-new.php`);
    await editor.waitForFunction(() => {
      const wp = (window as { wp?: { data?: { select: (store: string) => unknown } } }).wp;
      return Boolean(wp?.data && document.querySelector('.block-editor-block-list__layout'));
    });
    // Shown to whoever never closed it: closed here too, should the preference not hold.
    await editor.evaluate(() => {
      const { data } = (window as unknown as { wp: { data: WpData } }).wp;
      if (data.select('core/edit-post').isFeatureActive('welcomeGuide'))
        data.dispatch('core/edit-post').toggleFeature('welcomeGuide');
    });
    await editor.locator('.edit-post-welcome-guide').waitFor({ state: 'detached' });
    const registered = await editor.evaluate(
      (names) =>
        names.map((name) => {
          const type = (
            window as unknown as {
              wp: {
                blocks: { getBlockType: (name: string) => { title: string; edit?: unknown } | undefined };
              };
            }
          ).wp.blocks.getBlockType(name);
          return { name, title: type?.title, edit: typeof type?.edit };
        }),
      WIDGETS.map((widget) => `khountous-widgets/${widget}`),
    );
    for (const block of registered) {
      assert.equal(block.edit, 'function', `${block.name} has the editor's edit function`);
      assert.ok(block.title && block.title.length > 3, `${block.name} has a title`);
    }
  });

  it("a block inserted from the inserter: a bad slug typed in its sidebar shows the widget's message, a good one its data", async (t) => {
    if (!browser) return t.skip('Chromium unavailable');
    await editor.locator('.edit-post-header-toolbar__inserter-toggle').click();
    await editor.locator('.block-editor-inserter__search input').fill('Administration card');
    await editor.locator('.block-editor-block-types-list__item', { hasText: 'Administration card' }).click();
    await selected().locator('.wp-block-khountous-widgets-admin-card').first().waitFor();

    await openBlockSettings();
    const slug = inspector().getByLabel('Slug', { exact: true });
    const bad = 'Mairie de Dakar!';
    const expected = pluginCheck('slug', ATTRIBUTE_RULES['khountous-admin-card']!.slug!, bad);
    assert.equal(expected.ok, false);
    await slug.fill(bad);
    // The preview asks the server again once the attribute changed: the message of the value typed.
    const message = expected.message!.en;
    await selected().locator('.khountous-widgets-problem', { hasText: message }).waitFor({ timeout: 20_000 });
    assert.equal(await selected().locator('khountous-admin-card').count(), 0, 'no widget for a bad slug');

    await slug.fill(required['admin-card']!.slug!);
    const widget = selected().locator('khountous-admin-card');
    await widget.waitFor({ state: 'attached', timeout: 20_000 });
    assert.equal(await widget.getAttribute('slug'), required['admin-card']!.slug);
    // The kit runs in the editor: the preview is the widget with its data.
    await editor.waitForFunction(
      () => document.querySelector('.is-selected khountous-admin-card')?.getAttribute('state') === 'ready',
      undefined,
      { timeout: 20_000 },
    );
  });

  it('the other blocks, inserted through the editor, take their attributes from the sidebar', async (t) => {
    if (!browser) return t.skip('Chromium unavailable');
    await editor.evaluate(
      ({ widgets, required }) => {
        const { blocks, data } = (window as unknown as { wp: { blocks: WpBlocks; data: WpData } }).wp;
        for (const widget of widgets)
          data
            .dispatch('core/block-editor')
            .insertBlocks(blocks.createBlock(`khountous-widgets/${widget}`, required[widget] ?? {}));
      },
      { widgets: WIDGETS.filter((widget) => widget !== 'admin-card'), required },
    );
    // The ranking (the last but a few): select it, choose a region in its sidebar.
    await editor
      .locator('.wp-block-khountous-widgets-ranking')
      .first()
      .click({ position: { x: 5, y: 5 } });
    await openBlockSettings();
    await inspector().getByLabel('Region', { exact: true }).selectOption('kolda');
    await editor.waitForFunction(
      () =>
        document.querySelector('.is-selected khountous-ranking')?.getAttribute('region') === 'kolda' &&
        document.querySelector('.is-selected khountous-ranking')?.getAttribute('state') === 'ready',
      undefined,
      { timeout: 20_000 },
    );
    // Every preview: the element, no message.
    for (const widget of WIDGETS) {
      const block = editor.locator(`.wp-block-khountous-widgets-${widget}`).first();
      await block.locator(`khountous-${widget}`).waitFor({ state: 'attached', timeout: 20_000 });
      assert.equal(await block.locator('.khountous-widgets-problem').count(), 0, `${widget}: no message`);
    }
  });

  it('published through the editor: the saved blocks keep their attributes, and every widget of the page shows its data', async (t) => {
    if (!browser) return t.skip('Chromium unavailable');
    await editor.locator('.editor-post-title__input').fill('Widgets placed in the block editor');
    await editor.locator('.editor-post-publish-panel__toggle').click();
    await editor.locator('.editor-post-publish-panel .editor-post-publish-button').click();
    await editor.waitForFunction(
      () =>
        (window as unknown as { wp: { data: WpData } }).wp.data
          .select('core/editor')
          .isCurrentPostPublished(),
      undefined,
      { timeout: 20_000 },
    );
    const saved = await editor.evaluate(() => {
      const editor = (window as unknown as { wp: { data: WpData } }).wp.data.select('core/editor');
      return { id: editor.getCurrentPostId(), link: editor.getPermalink() };
    });
    permalink = saved.link;
    const raw = (
      (await (await wp.rest('author', `/wp/v2/posts/${saved.id}?context=edit`)).json()) as {
        content: { raw: string };
        author: number;
      }
    ).content.raw;
    for (const widget of WIDGETS) assert.match(raw, new RegExp(`<!-- wp:khountous-widgets/${widget} `));
    assert.ok(raw.includes(`"slug":"${required['admin-card']!.slug}"`), 'the slug typed in the sidebar');
    assert.ok(raw.includes('"region":"kolda"'), 'the region chosen in the sidebar');

    const reader = await browser.newPage();
    const readerErrors: string[] = [];
    reader.on('pageerror', (error) => readerErrors.push(error.message));
    await reader.goto(permalink);
    await reader.waitForFunction(
      (count) => {
        const all = [...document.querySelectorAll('*')].filter((node) =>
          node.localName.startsWith('khountous-'),
        );
        return all.length === count && all.every((node) => node.getAttribute('state') === 'ready');
      },
      WIDGETS.length,
      { timeout: 30_000 },
    );
    const shown = await reader.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((node) => node.localName.startsWith('khountous-'))
        .map((node) => ({ tag: node.localName, text: (node.shadowRoot?.textContent ?? '').trim().length })),
    );
    assert.deepEqual(
      shown.map((widget) => widget.tag).sort(),
      WIDGETS.map((widget) => `khountous-${widget}`).sort(),
    );
    for (const widget of shown) assert.ok(widget.text > 20, `${widget.tag} shows its data`);
    assert.equal(
      await reader.locator('khountous-ranking').getAttribute('region'),
      'kolda',
      'the ranking of the region chosen',
    );
    assert.deepEqual(readerErrors, []);
    await reader.close();
  });

  it('the editor logged no error of the plugin, and no uncaught exception', (t) => {
    if (!browser) return t.skip('Chromium unavailable');
    // WordPress 6.1's own answers to an author (403 for the site's settings, templates and
    // the categories' edit context) are WordPress's: every uncaught exception, and every
    // console error that names the plugin, the kit or the API, is the plugin's.
    const plugin = errors.filter(
      (error) => error.startsWith('pageerror') || /khountous/i.test(error) || error.includes(api.base),
    );
    assert.deepEqual(plugin, [], `the editor's errors:\n${errors.join('\n')}`);
  });
});

interface WpData {
  select(store: string): {
    isFeatureActive(name: string): boolean;
    isCurrentPostPublished(): boolean;
    getCurrentPostId(): number;
    getPermalink(): string;
  };
  dispatch(store: string): {
    toggleFeature(name: string): void;
    insertBlocks(block: unknown): void;
  };
}

interface WpBlocks {
  createBlock(name: string, attributes: Record<string, string>): unknown;
}
