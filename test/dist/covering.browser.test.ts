// Engines: all three (the built kit as a page loads it: modules, preloads, integrity and CSP differ between engines).
/**
 * The built script tag sends one request per resource, as the loader does:
 * three rankings of one list (`limit` 10, 5, 10), two cards of one
 * administration and the region chart are three requests, the windows of the
 * list served by one covering request (core/loader/windows.ts `group`, which
 * the script tag's first requests and the loader's batcher both use). The
 * smaller ranking's text paint shows its own items of that answer. Needs
 * `npm run build`.
 */
import { expect } from '@open-wc/testing';
import { until } from '../helpers/frames.js';
import { isolatedApi, pageOn, settled } from '../helpers/kit.js';

const SLUG = 'hopital-regional-de-tambacounda';
const API = isolatedApi('covering');
const scope = /\/scoped\/([^/]+)\/v1$/.exec(API)![1]!;

const apiRequests = () =>
  (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((entry) => entry.name.startsWith(`${API}/`))
    .map((entry) => `/v1${entry.name.slice(API.length)}`);

describe('dist/khountous.js: one request per resource', function () {
  this.timeout(20000);

  before(async () => {
    performance.setResourceTimingBufferSize(5000);
    pageOn(
      API,
      `<khountous-ranking limit="10" lazy="false"></khountous-ranking>
       <khountous-ranking limit="5" lazy="false"></khountous-ranking>
       <khountous-ranking limit="10" lazy="false"></khountous-ranking>
       <khountous-admin-card slug="${SLUG}" lazy="false"></khountous-admin-card>
       <khountous-admin-card slug="${SLUG}" lazy="false"></khountous-admin-card>
       <khountous-region-stats lazy="false"></khountous-region-stats>`,
    );
    // The element code is held until the test has seen the text paints, then released (the hold
    // deleted; at most 10 s). Released by the test, not by the API's count of requests: a count
    // lets the element code go when the third request is received, and on a loaded machine it
    // then arrived before the answers and the paint's file, and the element replaced no paint.
    const armed = await fetch(`${location.origin}/scoped/${scope}/__hold?count=100`, { method: 'POST' });
    expect(armed.status).to.equal(204);
    await import(/* @vite-ignore */ `/fresh/${scope}/dist/khountous.js`);
  });

  const release = async () => {
    await fetch(`${location.origin}/scoped/${scope}/__hold`, { method: 'DELETE' });
  };
  after(release);

  it('paints the smaller ranking with its own items of the covering answer', async () => {
    const small = document.querySelectorAll('khountous-ranking')[1]!;
    const paint = await until(
      () => small.querySelector(':scope > khountous-paint') ?? undefined,
      'the smaller ranking’s text paint',
      8000,
    );
    expect(paint.shadowRoot!.querySelectorAll('li')).to.have.length(5);
    const large = document.querySelector('khountous-ranking')!;
    const largePaint = await until(
      () => large.querySelector(':scope > khountous-paint') ?? undefined,
      'paint',
    );
    expect(largePaint.shadowRoot!.querySelectorAll('li')).to.have.length(10);
    expect(customElements.get('khountous-ranking'), 'the element code still held').to.equal(undefined);
    await release();
  });

  it('sends three requests for the three resources, and shows each widget its data', async () => {
    await release();
    const widgets = [
      ...document.querySelectorAll<HTMLElement>(
        'body > khountous-ranking, body > khountous-admin-card, body > khountous-region-stats',
      ),
    ];
    for (const widget of widgets) expect(await settled(widget), widget.localName).to.equal('ready');
    const rows = (element: Element) => element.shadowRoot!.querySelectorAll('tbody tr').length;
    const rankings = [...document.querySelectorAll('khountous-ranking')];
    expect(rankings.map(rows)).to.deep.equal([10, 5, 10]);
    const sent = apiRequests();
    expect(sent, sent.join('\n')).to.have.length(3);
    expect(sent.filter((path) => path.startsWith('/v1/administrations?'))).to.have.length(1);
    expect(sent.find((path) => path.startsWith('/v1/administrations?'))).to.include('limit=10');
  });
});
