// Engines: all three (declarative shadow DOM and hydration differ between engines).
/**
 * A widget rendered on the server with its data (renderWidget, src/ssr/render.ts,
 * run by the test server: test/server/ssr.ts), hydrated in the browser with the
 * hydrate support loaded first: it is `ready` with its data from the server's
 * markup on, keeps the nodes the server rendered and its box, and asks the API
 * nothing while its data is fresh (the inline data is adopted by the loader).
 */
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { expect } from '@open-wc/testing';
import { renderWidget, requestsTo } from './browser-server.js';
import { catalog } from '../../src/registry.js';
import { defines } from './defines.js';
import { eventually, freshKit, isolatedApi, settled, shadowText, watchWarnings } from '../helpers/kit.js';

type Element$ = HTMLElement & { updateComplete: Promise<boolean> };

describe('server-rendered with their data, hydrated', () => {
  let warnings: ReturnType<typeof watchWarnings>;
  const containers: HTMLElement[] = [];
  // The test server's renderer loads the kit's sources (through tsx) at its first render: on a
  // busy machine that took the first test past its 10 s. It is made ready here, on its own time.
  before(async function () {
    this.timeout(60000);
    const { widget, about } = catalog[0]!;
    await renderWidget(widget.tag, { ...about.sample, lazy: 'false' }, isolatedApi('ssr-warm'));
  });
  beforeEach(() => {
    freshKit();
    warnings = watchWarnings({ quiet: true });
  });
  afterEach(() => {
    for (const container of containers.splice(0)) container.remove();
    warnings.restore();
    expect(warnings.litWarnings(), 'Lit dev-mode warnings').to.deep.equal([]);
  });

  it('hydrates what the server rendered, then shows the selection the page changed meanwhile', async () => {
    const base = isolatedApi('ssr-changed');
    const attributes = { limit: '3', lang: 'en', lazy: 'false' };
    const kolda = await renderWidget('khountous-ranking', { ...attributes, region: 'kolda' }, base);
    const dakar = await renderWidget('khountous-ranking', { ...attributes, region: 'dakar' }, base);
    const tableOf = (element: Element) => element.shadowRoot?.querySelector('table')?.textContent ?? '';
    const textOf = (html: string) => {
      const holder = document.createElement('div');
      holder.setHTMLUnsafe(html);
      return tableOf(holder.firstElementChild!);
    };
    expect(textOf(kolda), 'two rankings').not.to.equal(textOf(dakar));
    const failures: unknown[] = [];
    const record = (event: ErrorEvent | PromiseRejectionEvent) =>
      failures.push('reason' in event ? event.reason : event.error);
    window.addEventListener('error', record);
    window.addEventListener('unhandledrejection', record);
    try {
      const container = document.createElement('div');
      document.body.append(container);
      containers.push(container);
      container.setHTMLUnsafe(kolda);
      const element = container.querySelector<Element$>('khountous-ranking')!;
      // An edited page, a CMS or a script changes the attribute before the kit arrives.
      element.setAttribute('region', 'dakar');
      element.setAttribute('base-url', base); // where this page's widgets ask (the server was told its own)
      const states: (string | null)[] = [];
      new MutationObserver(() => states.push(element.getAttribute('state'))).observe(element, {
        attributeFilter: ['state'],
      });
      await defines['khountous-ranking']!();
      await eventually(() => tableOf(element) === textOf(dakar), 8000);
      expect(tableOf(element), 'Dakar’s ranking').to.equal(textOf(dakar));
      expect(element.getAttribute('state')).to.equal('ready');
      expect(states, 'never ready with Kolda’s ranking once the page said Dakar').to.include('loading');
      expect(failures.map(String)).to.deep.equal([]);
    } finally {
      window.removeEventListener('error', record);
      window.removeEventListener('unhandledrejection', record);
    }
  });

  it('does not hydrate markup whose inline data is no valid answer (Dakar 87 times): it loads its data instead', async () => {
    const base = isolatedApi('ssr-invalid');
    const html = await renderWidget('khountous-region-map', { lang: 'en', lazy: 'false' }, base);
    const asked = await requestsTo(base);
    // The inline data as a page may hold it (an older server's check, an edited page): 86 more rows of Dakar.
    const tampered = html.replace(
      /(<script type="application\/json">)([\s\S]*?)(<\/script>)/,
      (_, open: string, json: string, close: string) => {
        const inline = JSON.parse(json) as { data: { data: { code: string }[] } };
        const dakar = inline.data.data.find((region) => region.code === 'dakar')!;
        inline.data.data.push(...Array.from({ length: 86 }, () => dakar));
        return `${open}${JSON.stringify(inline)}${close}`;
      },
    );
    expect(tampered, 'the inline data edited').not.to.equal(html);
    const failures: unknown[] = [];
    const record = (event: ErrorEvent | PromiseRejectionEvent) =>
      failures.push('reason' in event ? event.reason : event.error);
    window.addEventListener('error', record);
    window.addEventListener('unhandledrejection', record);
    try {
      const container = document.createElement('div');
      document.body.append(container);
      containers.push(container);
      container.setHTMLUnsafe(tampered);
      const element = container.querySelector<Element$>('khountous-region-map')!;
      element.setAttribute('base-url', base);
      const frame = element.shadowRoot!.querySelector('.root')!;
      await defines['khountous-region-map']!();
      expect(await settled(element, ['ready'])).to.equal('ready');
      expect(element.shadowRoot!.querySelector('.root'), 'the server’s markup, not hydrated').not.to.equal(
        frame,
      );
      expect(element.shadowRoot!.querySelectorAll('.root'), 'one frame').to.have.length(1);
      expect(element.shadowRoot!.querySelectorAll('g.region')).to.have.length(14);
      expect(shadowText(element)).to.match(/national: \d+\/100/);
      expect(await requestsTo(base), 'the browser asked for the regions').to.have.length(asked.length + 1);
      expect(warnings.all().some((line) => line.includes('its inline data is ignored'))).to.equal(true);
      expect(failures.map(String)).to.deep.equal([]);
    } finally {
      window.removeEventListener('error', record);
      window.removeEventListener('unhandledrejection', record);
    }
  });

  for (const { widget, about } of catalog) {
    const tag = widget.tag;
    it(`<${tag}>: ready from the server's markup, its nodes and box kept, no request`, async () => {
      const base = isolatedApi('ssr-data');
      const html = await renderWidget(tag, { ...about.sample, lang: 'en', lazy: 'false' }, base);
      expect(html).to.contain('<script type="application/json">');
      const asked = await requestsTo(base);
      expect(asked, 'the server asked the API').to.have.length.greaterThan(0);

      const container = document.createElement('div');
      container.style.width = '480px';
      document.body.append(container);
      containers.push(container);
      container.setHTMLUnsafe(html);
      const element = container.querySelector<Element$>(tag)!;
      expect(element.getAttribute('state'), 'the server rendered the data').to.be.oneOf(['ready', 'empty']);
      const frame = element.shadowRoot!.querySelector('.root')!;
      const text = shadowText(element);
      const box = element.getBoundingClientRect();

      await defines[tag]!();
      await element.updateComplete;
      await element.updateComplete;
      expect(await settled(element, ['ready', 'empty'])).to.be.oneOf(['ready', 'empty']);
      expect(element.shadowRoot!.querySelector('.root'), 'the server’s frame, hydrated').to.equal(frame);
      expect(shadowText(element)).to.equal(text);
      const after = element.getBoundingClientRect();
      expect([after.width, after.height]).to.deep.equal([box.width, box.height]);
      expect(await requestsTo(base), 'no request from the browser').to.deep.equal(asked);
      expect(warnings.all().filter((line) => line.includes('inline data'))).to.deep.equal([]);
    });
  }
});
