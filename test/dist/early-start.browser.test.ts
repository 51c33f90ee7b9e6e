// Engines: all three (the built kit as a page loads it: modules, preloads, integrity and CSP differ between engines).
/**
 * The built script tag's early start: the API requests of the widgets already
 * in the page leave before their element code is asked for, sent by the
 * loader the script holds (src/boot/early-start.ts), whose answer the element
 * finds when it comes: one request per resource. A lazy widget far below the
 * fold still waits until the reader comes near, and one with an attribute it
 * cannot use sends nothing. Needs `npm run build`.
 */
import { expect } from '@open-wc/testing';
import { until } from '../helpers/frames.js';
import { isolatedApi, pageOn, settled } from '../helpers/kit.js';

const SLUG = 'hopital-regional-de-tambacounda';

/** An API of this file's own: nothing cached by other tests, no other test's requests. */
const API = isolatedApi('early-start');

/** The scope of a scoped reference API's base URL (/scoped/<scope>/v1). */
const scopeOf = (base: string): string => /\/scoped\/([^/]+)\/v1$/.exec(base)![1]!;

/** What the test server recorded for this file's API: the requests received, the held files sent. */
async function serverRecord() {
  const response = await fetch(`${location.origin}/scoped/${scopeOf(API)}/__faults`, { cache: 'no-store' });
  return (await response.json()) as {
    requests: { path: string; at: number }[];
    released: { path: string; at: number; because: string }[];
  };
}

/** The requests this page sent to the API, by path and query from /v1, with when each left. */
const apiRequests = () =>
  (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((entry) => entry.name.startsWith(`${API}/`))
    .map((entry) => ({ path: `/v1${entry.name.slice(API.length)}`, startTime: entry.startTime }));

describe('dist/khountous.js: the early start', function () {
  this.timeout(20000);
  let far: HTMLElement;

  before(async () => {
    pageOn(
      API,
      `<khountous-ranking limit="3" lazy="false"></khountous-ranking>
       <khountous-admin-card slug="${SLUG}" lang="en"></khountous-admin-card>
       <khountous-report slug="not a slug!"></khountous-report>
       <div style="height: 400vh"></div>
       <khountous-reports limit="2"></khountous-reports>`,
    );
    far = document.querySelector('khountous-reports')!;
    expect(customElements.get('khountous-ranking'), 'not defined before the script').to.equal(undefined);
    // Every resource of the page is timed (the test framework's own fill the default 250).
    performance.setResourceTimingBufferSize(5000);
    // The element code is held back until the API has received the two requests of the
    // widgets in view (at most 10 s), as on a network where the code arrives after the
    // answers; the early start's files do not wait. Held by a count, not a time (under load
    // a browser may report an element in view late), and armed by a request this page
    // awaits: a cookie set from the page may reach the browser's network stack after the
    // requests that follow it, and then holds nothing.
    const armed = await fetch(`${location.origin}/scoped/${scopeOf(API)}/__hold?count=2`, { method: 'POST' });
    expect(armed.status).to.equal(204);
    // Under a URL of its own: the element code is fetched by this page, not taken from the
    // browser's cache of the built files an earlier test file loaded.
    await import(/* @vite-ignore */ `/fresh/${scopeOf(API)}/dist/khountous.js`);
  });

  after(async () => {
    await fetch(`${location.origin}/scoped/${scopeOf(API)}/__hold`, { method: 'DELETE' });
  });

  it('sends the requests of the widgets in view before their element code has arrived', async () => {
    const ranking = document.querySelector<HTMLElement>('khountous-ranking')!;
    const card = document.querySelector<HTMLElement>('khountous-admin-card')!;
    expect(await settled(ranking)).to.equal('ready');
    expect(await settled(card)).to.equal('ready');
    const requests = apiRequests();
    const list = requests.filter((request) => request.path.startsWith('/v1/administrations?'));
    const profile = requests.filter((request) => request.path.startsWith(`/v1/administrations/${SLUG}`));
    expect(list, requests.map((r) => r.path).join('\n')).to.have.length(1);
    expect(profile, requests.map((r) => r.path).join('\n')).to.have.length(1);
    expect(list[0]!.path).to.include('limit=3');
    expect(profile[0]!.path).to.include('lang=en');
    // On the server's one clock: the element code went out only once the API had received both
    // requests (not after the 10 s the server waits at most), and each request was received
    // before it. (A browser's resource timing may date a request after it was sent, and a
    // page's clock may be some ms off the server's: neither can tell the order.)
    const { requests: received, released } = await serverRecord();
    const detail = JSON.stringify({ received, released });
    expect(released.length, detail).to.be.above(0);
    for (const file of released)
      expect(file.because, `${file.path} was held until: ${detail}`).to.equal('requests');
    const firstOut = Math.min(...released.map((file) => file.at));
    for (const prefix of ['/administrations?', `/administrations/${SLUG}`]) {
      const request = received.find((one) => one.path.startsWith(prefix));
      expect(request?.at, `${prefix} received before the element code went out: ${detail}`).to.be.at.most(
        firstOut,
      );
    }
  });

  it('sends nothing for a widget with an attribute it cannot use: the element shows its error', async () => {
    const report = document.querySelector<HTMLElement>('khountous-report')!;
    expect(await settled(report)).to.equal('error');
    // A citizen report is /v1/khountous/{slug}.
    expect(apiRequests().filter((request) => request.path.startsWith('/v1/khountous/'))).to.deep.equal([]);
  });

  it('leaves a lazy widget far below the fold waiting until the reader comes near, then sends it once', async () => {
    await until(() => customElements.get('khountous-reports'), '<khountous-reports> to be defined');
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The list of citizen reports is /v1/khountous.
    const reports = () => apiRequests().filter((request) => request.path.startsWith('/v1/khountous?'));
    expect(far.getAttribute('state')).to.equal('loading');
    expect(reports(), 'nothing sent while far').to.deep.equal([]);
    far.scrollIntoView();
    expect(await settled(far)).to.equal('ready');
    expect(reports()).to.have.length(1);
    window.scrollTo(0, 0);
  });
});
