// Engines: all three (the built kit as a page loads it: modules, preloads, integrity and CSP differ between engines).
/**
 * The built script tag on a page a server rendered (the npm package's renderWidget,
 * lib/ssr/render.js, run by the test server: test/server/ssr.ts): dist/khountous.js finds tags of the kit with a
 * declarative shadow root, loads Lit's hydrate support (dist/hydrate.js) before their
 * elements, and each element hydrates the server's markup: the same frame and text,
 * the same box, `ready` with no request from the browser (the inline data is adopted).
 * A page without such a tag never loads the support (test/dist/script-tag.browser.test.ts).
 * Needs `npm run build`.
 */
import { expect } from '@open-wc/testing';
import { isolatedApi, settled, shadowText } from '../helpers/kit.js';

const API = isolatedApi('dist-hydrate');
const scope = /\/scoped\/([^/]+)\/v1$/.exec(API)![1]!;
/** The built files under a URL of this file's own. */
const DIST = `/fresh/${scope}/dist/`;

const WIDGETS: [string, Record<string, string>][] = [
  ['khountous-ranking', { limit: '3', lang: 'en', lazy: 'false' }],
  ['khountous-region-stats', { region: 'kolda', lazy: 'false' }],
];

async function renderWidget(tag: string, attributes: Record<string, string>): Promise<string> {
  const response = await fetch('/__ssr', {
    method: 'POST',
    body: JSON.stringify({ widget: { tag, attributes, baseUrl: API, build: 'lib' } }),
  });
  const body = (await response.json()) as { html?: string; error?: string };
  expect(body.error, 'renderWidget').to.equal(undefined);
  return body.html!;
}

/** The GET requests this file's API received. */
async function requestsToApi(): Promise<string[]> {
  const response = await fetch(API.replace(/\/v1$/, '/__faults'), { cache: 'no-store' });
  const { requests } = (await response.json()) as { requests: { method: string; path: string }[] };
  return requests.filter((request) => request.method === 'GET').map((request) => request.path);
}

const fetched = (file: string) =>
  (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some(
    (entry) => new URL(entry.name).pathname === `${DIST}${file}`,
  );

describe('dist/khountous.js on a page a server rendered', function () {
  this.timeout(20000);

  it('loads the hydrate support first; each element hydrates the server’s markup, with no request', async () => {
    const container = document.createElement('div');
    container.style.width = '480px';
    document.body.append(container);
    const html = (await Promise.all(WIDGETS.map(([tag, attributes]) => renderWidget(tag, attributes)))).join(
      '',
    );
    const asked = await requestsToApi();
    expect(asked, 'the server asked the API').to.have.length.greaterThan(0);
    container.setHTMLUnsafe(html);
    const elements = WIDGETS.map(([tag]) => container.querySelector<HTMLElement>(tag)!);
    const before = elements.map((element) => ({
      frame: element.shadowRoot!.querySelector('.root'),
      text: shadowText(element),
      box: element.getBoundingClientRect(),
    }));
    for (const [index, element] of elements.entries()) {
      expect(element.getAttribute('state'), 'the server rendered the data').to.equal('ready');
      expect(before[index]!.frame, 'the server’s frame').to.exist;
    }
    expect(customElements.get('khountous-ranking'), 'not defined before the script').to.equal(undefined);

    performance.setResourceTimingBufferSize(5000);
    await import(/* @vite-ignore */ `${DIST}khountous.js`);
    for (const [index, element] of elements.entries()) {
      // The server's `state` is "ready" already: wait for the element itself.
      await customElements.whenDefined(element.localName);
      await (element as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete;
      expect(await settled(element), element.localName).to.equal('ready');
      await (element as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete;
      expect(element.shadowRoot!.querySelector('.root'), 'the server’s frame, hydrated').to.equal(
        before[index]!.frame,
      );
      expect(shadowText(element)).to.equal(before[index]!.text);
      const box = element.getBoundingClientRect();
      expect([box.width, box.height]).to.deep.equal([before[index]!.box.width, before[index]!.box.height]);
    }
    expect(
      fetched('hydrate.js'),
      `dist/hydrate.js fetched: ${(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.includes('dist'))
        .join(' ')}`,
    ).to.equal(true);
    const constructor = customElements.get('khountous-ranking') as unknown as {
      observedAttributes: string[];
    };
    expect(constructor.observedAttributes).to.include('defer-hydration');
    expect(await requestsToApi(), 'no request from the browser').to.deep.equal(asked);
  });
});
