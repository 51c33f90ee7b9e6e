/**
 * The kit on a server, as an app renders it with @lit-labs/ssr (docs/ssr.md):
 * every entry imported in Node, every element rendered to declarative shadow
 * DOM with its loading skeleton (or the error of an attribute no page can make
 * right), without a page. Run twice: in plain Node (render.test.ts) and under
 * Lit's global DOM shim, as frameworks install it (render-dom-shim.test.ts).
 */
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { before, describe, it, type TestContext } from 'node:test';
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html, unsafeStatic } from 'lit/static-html.js';
import { catalog } from '../../src/registry.js';
import { commonStrings } from '../../src/i18n/common.js';

/** Vite's import.meta.glob in src/boot/bundled.ts, for Node. */
register('../helpers/vite-glob-hook.mjs', import.meta.url);

const BASE_URL = 'https://api.example.org/v1';

/** What a server renders for `markup`. */
const serverRender = (markup: string): Promise<string> =>
  collectResult(render(html`${unsafeStatic(markup)}`));

/** The element's shadow root as the server rendered it, its styles left out. */
function shadowOf(rendered: string, tag: string): string {
  const match = new RegExp(`<${tag}[^>]*><template ([^>]*)>([\\s\\S]*)</template></${tag}>`).exec(rendered);
  assert.ok(match, `<${tag}> rendered with a template: ${rendered.slice(0, 300)}`);
  return match[2]!.replace(/<style>[\s\S]*?<\/style>/, '<style></style>');
}

/** The host element's opening tag as rendered. */
const hostOf = (rendered: string, tag: string): string => new RegExp(`<${tag}[^>]*>`).exec(rendered)![0];

/** `<tag a="b" …></tag>`. */
const markupOf = (tag: string, attributes: Record<string, string>) =>
  `<${tag}${Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('')}></${tag}>`;

/** The console's warnings and notes (the kit's attribute messages), kept out of the test log. */
function quiet(t: TestContext): string[] {
  const said: string[] = [];
  for (const level of ['warn', 'info'] as const)
    t.mock.method(console, level, (...args: unknown[]) => void said.push(args.map(String).join(' ')));
  return said;
}

export function serverRenderSuite({ shim }: { shim: boolean }): void {
  const noPage = () => {
    if (shim) {
      // The shim's stand-ins: a document without querySelector, a window without a page.
      assert.equal(typeof (globalThis.document as Partial<Document>).querySelector, 'undefined');
    } else {
      assert.equal(typeof globalThis.document, 'undefined', 'no document');
      assert.equal(typeof globalThis.window, 'undefined', 'no window');
    }
  };

  describe(`the kit on a server (${shim ? 'under Lit’s global DOM shim' : 'plain Node'})`, () => {
    before(() => noPage());

    it('imports every entry without a page, and defines every element', async (t) => {
      const errors: unknown[] = [];
      t.mock.method(console, 'error', (...args: unknown[]) => void errors.push(args));
      await import('../../src/index.js');
      await import('../../src/khountous.js');
      for (const { widget } of catalog) {
        await import(`../../src/components/${widget.tag.replace(/^khountous-/, '')}/define.js`);
        assert.ok(customElements.get(widget.tag), `${widget.tag} defined`);
      }
      const { tags } = await import('../../src/khountous.js');
      assert.deepEqual([...tags], catalog.map(({ widget }) => widget.tag).sort());
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.deepEqual(errors, [], 'nothing said on the console');
      noPage();
    });

    for (const { widget, about } of catalog) {
      const tag = widget.tag;
      it(`renders <${tag}> to declarative shadow DOM: its loading skeleton`, async (t) => {
        quiet(t);
        await import(`../../src/components/${tag.replace(/^khountous-/, '')}/define.js`);
        // No base-url: the default API, or the page's meta, which the server cannot read.
        const rendered = await serverRender(markupOf(tag, about.sample));
        noPage();
        assert.match(rendered, new RegExp(`<${tag}[^>]*><template shadowroot="open" shadowrootmode="open">`));
        // The styles inline (a declarative shadow root has no adopted style sheets).
        assert.match(rendered, /<template [^>]*><style>[\s\S]*\.skeleton[\s\S]*<\/style>/);
        const host = hostOf(rendered, tag);
        assert.match(host, / state="loading"/);
        assert.match(host, / theme="auto"/);
        const shadow = shadowOf(rendered, tag);
        assert.match(
          shadow,
          /<div class="root" part="base" lang="fr" aria-busy="true"(?: data-inputs="[^"]*")? ?>/,
        );
        assert.match(
          shadow,
          /<div class="skeleton" aria-hidden="true"><span><\/span><span><\/span><span><\/span><\/div>/,
        );
        // What screen readers hear names the widget: "Chargement du classement des administrations…".
        const loading = commonStrings.fr.loading(about.name!);
        assert.match(loading, /^Chargement d.+…$/);
        assert.ok(
          shadow.includes(`<p class="visually-hidden"><!--lit-part-->${loading}<!--/lit-part--></p>`),
          `${tag}: "${loading}" for screen readers`,
        );
        assert.doesNotMatch(shadow, /class="error"/);
      });
    }

    it('renders in the language of the element’s lang (the page around it is the browser’s to read)', async (t) => {
      quiet(t);
      const rendered = await serverRender(
        '<khountous-ranking base-url="https://api.example.org/v1" lang="en-GB"></khountous-ranking>',
      );
      const shadow = shadowOf(rendered, 'khountous-ranking');
      assert.match(shadow, /lang="en" aria-busy="true"/);
      assert.match(shadow, /Loading the administrations ranking…/);
    });

    it('renders the error of an attribute no page can make right, as the browser shows it', async (t) => {
      const said = quiet(t);
      const rendered = await serverRender(
        '<khountous-admin-card slug="Mairie de Dakar!"></khountous-admin-card>',
      );
      assert.match(hostOf(rendered, 'khountous-admin-card'), / state="error"/);
      const shadow = shadowOf(rendered, 'khountous-admin-card');
      assert.match(shadow, /aria-busy="false"/);
      assert.match(shadow, /<div class="error" part="error" role="status" aria-atomic="true">/);
      assert.match(shadow, /Le widget est mal configuré/);
      assert.match(shadow, /slug=&quot;Mairie de Dakar!&quot;/);
      assert.doesNotMatch(shadow, /class="skeleton"/);
      assert.ok(
        said.some((line) => line.includes('<khountous-admin-card>')),
        'the message on the server’s console',
      );
    });

    it('takes a relative base-url, a missing one and the page’s meta as the browser would: a skeleton, not an error', async (t) => {
      quiet(t);
      for (const markup of [
        '<khountous-report base-url="/api/v1" slug="une-alerte"></khountous-report>',
        '<khountous-report slug="une-alerte"></khountous-report>',
      ]) {
        const shadow = shadowOf(await serverRender(markup), 'khountous-report');
        assert.match(shadow, /class="skeleton"/, markup);
      }
      const invalid = shadowOf(
        await serverRender(
          '<khountous-report base-url="ftp://example.org/v1" slug="une-alerte"></khountous-report>',
        ),
        'khountous-report',
      );
      assert.match(invalid, /class="error"/);
      assert.match(invalid, /base-url/);
    });

    it('renders when the server calls connectedCallback too (LitElementRenderer.renderOptions)', async (t) => {
      quiet(t);
      const { LitElementRenderer } = await import('@lit-labs/ssr');
      const option = (element: HTMLElement) =>
        element.localName.startsWith('khountous-') ? { connectedCallback: true } : undefined;
      LitElementRenderer.renderOptions.push(option);
      try {
        for (const { widget, about } of catalog) {
          const rendered = await serverRender(
            markupOf(widget.tag, { 'base-url': BASE_URL, ...about.sample }),
          );
          assert.match(shadowOf(rendered, widget.tag), /class="skeleton"/, widget.tag);
        }
      } finally {
        LitElementRenderer.renderOptions.splice(LitElementRenderer.renderOptions.indexOf(option), 1);
      }
      noPage();
    });
  });
}
