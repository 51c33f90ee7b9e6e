// Engines: all three (declarative shadow DOM and hydration differ between engines).
/**
 * Markup rendered on a server with @lit-labs/ssr (the test server renders it:
 * test/server/ssr.ts), put in the page as a server's page would bring it
 * (declarative shadow DOM), then hydrated: @lit-labs/ssr-client's hydrate
 * support is loaded before Lit (the first import of this file), as docs/ssr.md
 * tells an app to. Each element keeps the nodes the server rendered, keeps its
 * size while it hydrates, asks the API once and shows its data.
 */
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { expect } from '@open-wc/testing';
import { catalog } from '../../src/registry.js';
import { defines } from './defines.js';
import { freshKit, holdAnswers, isolatedApi, settled, shadowText, watchWarnings } from '../helpers/kit.js';

type Element$ = HTMLElement & { updateComplete: Promise<boolean> };

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `<tag a="b" …></tag>`. */
const markupOf = (tag: string, attributes: Record<string, string>) =>
  `<${tag}${Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join('')}></${tag}>`;

/** What the server renders for `markup` (@lit-labs/ssr, in the test server's process). */
async function serverRender(markup: string): Promise<string> {
  const response = await fetch('/__ssr', { method: 'POST', body: JSON.stringify({ markup }) });
  expect(response.ok, 'the test server rendered the markup').to.equal(true);
  return ((await response.json()) as { html: string }).html;
}

/** The API requests an isolated API received (GET), by path. */
async function requestsTo(base: string): Promise<string[]> {
  const response = await fetch(base.replace(/\/v1$/, '/__faults'));
  const { requests } = (await response.json()) as { requests: { method: string; path: string }[] };
  return requests.filter((request) => request.method === 'GET').map((request) => request.path);
}

/** A container of a fixed width in the page, holding `html` parsed as a page's HTML is (shadow roots included). */
function place(html: string, wrapper: Record<string, string> = {}): HTMLDivElement {
  const container = document.createElement('div');
  container.style.width = '480px';
  for (const [name, value] of Object.entries(wrapper)) container.setAttribute(name, value);
  document.body.append(container);
  container.setHTMLUnsafe(html);
  return container;
}

/** What a test takes from the server's markup before the element hydrates it. */
function before(element: Element$) {
  const root = element.shadowRoot;
  expect(root, 'a shadow root from the server markup').to.not.equal(null);
  return {
    root,
    frame: root!.querySelector('.root')!,
    style: root!.querySelector('style')!,
    box: element.getBoundingClientRect(),
  };
}

const sameBox = (a: DOMRect, b: DOMRect) =>
  expect([b.x, b.y, b.width, b.height]).to.deep.equal([a.x, a.y, a.width, a.height]);

describe('server-rendered elements, hydrated', () => {
  let containers: HTMLElement[] = [];
  /** Answers held while a test looks at the skeleton; released after each test. */
  let held: ReturnType<typeof holdAnswers> | undefined;
  let warnings: ReturnType<typeof watchWarnings>;
  const errors: string[] = [];
  const onError = (event: ErrorEvent | PromiseRejectionEvent) =>
    errors.push(String('reason' in event ? event.reason : event.message));

  beforeEach(() => {
    freshKit();
    warnings = watchWarnings({ quiet: true });
    errors.length = 0;
    addEventListener('error', onError);
    addEventListener('unhandledrejection', onError);
  });
  afterEach(() => {
    held?.restore();
    held = undefined;
    for (const container of containers) container.remove();
    containers = [];
    removeEventListener('error', onError);
    removeEventListener('unhandledrejection', onError);
    warnings.restore();
    expect(errors, 'errors in the page (a hydration mismatch throws)').to.deep.equal([]);
    expect(warnings.litWarnings(), 'Lit dev-mode warnings').to.deep.equal([]);
  });

  for (const { widget, about } of catalog) {
    const tag = widget.tag;
    it(`<${tag}>: keeps the server's nodes and size, asks the API once, then shows its data`, async () => {
      const base = isolatedApi('ssr');
      held = holdAnswers(base);
      const html = await serverRender(markupOf(tag, { 'base-url': base, ...about.sample }));
      expect(html).to.match(/<template shadowroot(mode)?="open"/);
      expect(html).to.contain('class="skeleton"');

      expect(customElements.get(tag), 'defined after its markup is on the page').to.equal(undefined);
      const container = place(html);
      containers.push(container);
      const element = container.querySelector<Element$>(tag)!;
      expect(element.getAttribute('state')).to.equal('loading');
      const server = before(element);
      // Its box (src/widget/box.ts, at a phone's width), from the server's markup alone: before any script.
      expect(element.style.getPropertyValue('--khountous-box'), 'the box the server wrote').to.not.equal('');
      expect(server.box.height, 'the server markup holds the widget’s box').to.be.greaterThan(150);
      const skeleton = server.root!.querySelector('.skeleton');

      await defines[tag]!();
      // Hydrated (the element's first update, which ran as it was defined), not yet loaded.
      expect(element.shadowRoot).to.equal(server.root);
      expect(server.root!.querySelector('.root')).to.equal(server.frame);
      expect(server.root!.querySelector('.skeleton')).to.equal(skeleton);
      sameBox(server.box, element.getBoundingClientRect());
      await element.updateComplete;
      expect(element.getAttribute('state')).to.equal('loading');
      expect(server.root!.querySelector('.skeleton'), 'the skeleton shown until the data').to.equal(skeleton);
      sameBox(server.box, element.getBoundingClientRect());

      held.release();
      expect(await settled(element, ['ready'])).to.equal('ready');
      expect(server.frame.isConnected, 'the frame the server rendered is the one shown').to.equal(true);
      expect(server.root!.querySelector('.root')).to.equal(server.frame);
      expect(server.style.isConnected, 'the styles the server rendered are kept').to.equal(true);
      expect(server.root!.querySelectorAll('.root')).to.have.length(1);
      expect(server.frame.getAttribute('aria-busy')).to.equal('false');
      expect(await requestsTo(base), 'one request').to.have.length(1);
    });
  }

  it('data the cache holds already: the server’s skeleton is hydrated, then the data shown without a request', async () => {
    const base = isolatedApi('ssr-cached');
    await defines['khountous-ranking']!();
    const html = await serverRender(markupOf('khountous-ranking', { 'base-url': base, limit: '3' }));
    const first = place(html);
    containers.push(first);
    await settled(first.querySelector<Element$>('khountous-ranking')!, ['ready']);
    expect(await requestsTo(base)).to.have.length(1);

    // The same widget again: its first update would find the data in the cache, and must
    // still render the server's skeleton (a hydration mismatch throws).
    const second = place(html);
    containers.push(second);
    const element = second.querySelector<Element$>('khountous-ranking')!;
    const server = before(element);
    await element.updateComplete;
    expect(server.root!.querySelector('.root')).to.equal(server.frame);
    expect(await settled(element, ['ready'])).to.equal('ready');
    expect(server.root!.querySelector('.root')).to.equal(server.frame);
    expect(server.root!.querySelectorAll('tbody tr')).to.have.length(3);
    expect(await requestsTo(base), 'no second request').to.have.length(1);
  });

  it('an attribute no page can make right: the server shows the error the browser shows, and nothing is asked', async () => {
    const base = isolatedApi('ssr-invalid');
    await defines['khountous-admin-card']!();
    const html = await serverRender(
      markupOf('khountous-admin-card', { 'base-url': base, slug: 'Not a slug!' }),
    );
    expect(html).to.contain('class="error"');
    expect(html).to.contain('state="error"');
    const container = place(html);
    containers.push(container);
    const element = container.querySelector<Element$>('khountous-admin-card')!;
    const server = before(element);
    const message = server.root!.querySelector('.error')!;
    const text = shadowText(element);
    expect(await settled(element, ['error'])).to.equal('error');
    await element.updateComplete;
    expect(server.root!.querySelector('.root')).to.equal(server.frame);
    expect(server.root!.querySelector('.error'), 'the error the server rendered, kept').to.equal(message);
    expect(shadowText(element)).to.equal(text);
    sameBox(server.box, element.getBoundingClientRect());
    expect(await requestsTo(base)).to.deep.equal([]);
    expect(warnings.all().join('\n')).to.contain('slug');
  });

  it('where a policy refuses the server’s inline styles, the element is styled once hydrated', async () => {
    const base = isolatedApi('ssr-csp');
    held = holdAnswers(base);
    await defines['khountous-report']!();
    const slug = catalog.find(({ widget }) => widget.tag === 'khountous-report')!.about.sample.slug!;
    const html = await serverRender(markupOf('khountous-report', { 'base-url': base, slug }));
    // What a Content-Security-Policy without 'unsafe-inline' does to the server's <style>.
    const refused = html.replace(/<style>[\s\S]*?<\/style>/, '');
    expect(refused).to.not.equal(html);
    const container = place(refused);
    containers.push(container);
    const element = container.querySelector<Element$>('khountous-report')!;
    const server = before(element);
    await element.updateComplete;
    expect(server.root!.querySelector('.root')).to.equal(server.frame);
    expect(getComputedStyle(server.frame).borderTopWidth, 'styled once hydrated').to.equal('1px');
    const bar = server.root!.querySelector<HTMLElement>('.skeleton span')!;
    expect(bar.getBoundingClientRect().height).to.be.greaterThan(0);
    held.release();
    expect(await settled(element, ['ready'])).to.equal('ready');
  });

  it('the language around the element, which the server cannot know, is the one shown once hydrated', async () => {
    const base = isolatedApi('ssr-lang');
    await defines['khountous-fact-checks']!();
    const html = await serverRender(markupOf('khountous-fact-checks', { 'base-url': base, limit: '2' }));
    expect(html).to.contain('lang="fr"');
    const container = place(html, { lang: 'en' });
    containers.push(container);
    const element = container.querySelector<Element$>('khountous-fact-checks')!;
    const server = before(element);
    expect(await settled(element, ['ready'])).to.equal('ready');
    expect(server.root!.querySelector('.root')).to.equal(server.frame);
    expect(server.frame.getAttribute('lang')).to.equal('en');
    expect(shadowText(element)).to.not.contain('Chargement');
    expect(await requestsTo(base)).to.have.length(1);
  });
});
