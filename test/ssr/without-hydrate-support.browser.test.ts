// Engines: all three (declarative shadow DOM and hydration differ between engines).
/**
 * Markup rendered on a server with @lit-labs/ssr on a page that did not load
 * @lit-labs/ssr-client's hydrate support (a file of its own: the support,
 * once loaded, changes Lit for the whole page). The element cannot hydrate:
 * it removes what the server rendered and renders once, as without a server
 * render; nothing shows twice, and it asks the API once.
 */
import { expect } from '@open-wc/testing';
import '../../src/components/report/define.js';
import { about } from '../../src/components/report/about.js';
import { freshKit, isolatedApi, settled, watchWarnings } from '../helpers/kit.js';

type Element$ = HTMLElement & { updateComplete: Promise<boolean> };

describe('server-rendered elements without the hydrate support', () => {
  let container: HTMLElement | undefined;
  let warnings: ReturnType<typeof watchWarnings>;

  beforeEach(() => {
    freshKit();
    warnings = watchWarnings({ quiet: true });
  });
  afterEach(() => {
    container?.remove();
    warnings.restore();
    expect(warnings.litWarnings(), 'Lit dev-mode warnings').to.deep.equal([]);
  });

  it('render once, in place of the server markup, and load once', async () => {
    const base = isolatedApi('ssr-plain');
    const markup = `<khountous-report base-url="${base}" slug="${about.sample.slug}"></khountous-report>`;
    const response = await fetch('/__ssr', { method: 'POST', body: JSON.stringify({ markup }) });
    const { html } = (await response.json()) as { html: string };
    expect(html).to.contain('class="skeleton"');
    container = document.createElement('div');
    document.body.append(container);
    container.setHTMLUnsafe(html);
    const element = container.querySelector<Element$>('khountous-report')!;
    expect(await settled(element, ['ready'])).to.equal('ready');
    const root = element.shadowRoot!;
    expect(root.querySelectorAll('.root'), 'one frame: the server’s went').to.have.length(1);
    expect(root.querySelectorAll('.skeleton')).to.have.length(0);
    expect(root.querySelectorAll('style'), 'the server’s styles went too').to.have.length(0);
    const faults = await fetch(base.replace(/\/v1$/, '/__faults'));
    const { requests } = (await faults.json()) as { requests: { method: string }[] };
    expect(requests.filter((request) => request.method === 'GET')).to.have.length(1);
  });
});
