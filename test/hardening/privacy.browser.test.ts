// Engines: all three (HTML parsing, bidi, storage and a host page's CSS differ between engines).
/**
 * Privacy of the requests the widgets send: anonymous and cookie-free. The
 * Request the kit builds says credentials: 'omit' (and no Authorization
 * header), and a cookie set on the page's origin never reaches an API on that
 * same origin, where a browser would send it by default: the scoped reference
 * API records whether a Cookie header arrived (test/server/api-scopes.ts).
 */
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import '../helpers/every-element.js';
import { freshKit } from '../helpers/kit.js';
import { ELEMENTS, FaultyApi, allSettled, create, pageGuard } from './browser-kit.js';

const COOKIE = 'khountous_probe';

let guard: ReturnType<typeof pageGuard>;

beforeEach(() => {
  freshKit();
  guard = pageGuard();
  document.cookie = `${COOKIE}=reader-session; path=/; SameSite=Lax`;
});

afterEach(() => {
  document.cookie = `${COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  fixtureCleanup();
  expect(guard.problems).to.deep.equal([]);
  guard.stop();
  freshKit();
});

/** Records the Request of every fetch the page makes while `run` runs. */
async function recordRequests(run: () => Promise<void>): Promise<Request[]> {
  const original = globalThis.fetch;
  const requests: Request[] = [];
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return original(input, init);
  };
  try {
    await run();
  } finally {
    globalThis.fetch = original;
  }
  return requests;
}

describe('requests carry no credentials', function () {
  this.timeout(20_000);

  it('the test can see a cookie: a plain same-origin fetch sends it', async () => {
    expect(document.cookie).to.contain(COOKIE);
    const api = new FaultyApi('privacy-control');
    await fetch(`${api.base}/regions`, { credentials: 'same-origin' });
    const [request] = await api.requests();
    expect(request!.cookie, 'the control request carries the cookie').to.equal(true);
  });

  for (const spec of ELEMENTS) {
    it(`<${spec.tag}>: credentials omit, no Authorization, and no cookie reaches the API`, async () => {
      const api = new FaultyApi(`privacy-${spec.tag}`);
      const page = await fixture<HTMLDivElement>(document.createElement('div'));
      const requests = await recordRequests(async () => {
        const element = create(page, spec.tag, { ...spec.attrs(), 'base-url': api.base });
        await allSettled([element], ['ready']);
      });
      const kit = requests.filter((request) => request.url.startsWith(api.base));
      expect(kit.length).to.be.greaterThan(0);
      for (const request of kit) {
        expect(request.credentials, request.url).to.equal('omit');
        expect(request.mode, request.url).to.equal('cors');
        expect(request.headers.has('Authorization'), request.url).to.equal(false);
      }
      const arrived = await api.requests();
      expect(arrived.length).to.be.greaterThan(0);
      for (const request of arrived) expect(request.cookie, `cookie on ${request.path}`).to.equal(false);
    });
  }

  it("at most the page's origin reaches the API as Referer, even under a host page's unsafe-url policy", async () => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'unsafe-url';
    document.head.append(meta);
    const address = location.href;
    history.replaceState(null, '', `${location.pathname}${location.search || '?'}&reader=secret-42#story`);
    try {
      const api = new FaultyApi('privacy-referrer');
      const control = await fetch(`${api.base}/regions?control=1`);
      await control.body?.cancel();
      const page = await fixture<HTMLDivElement>(document.createElement('div'));
      const requests = await recordRequests(async () => {
        const element = create(page, 'khountous-region-stats', { 'base-url': api.base });
        await allSettled([element], ['ready']);
      });
      for (const request of requests.filter((r) => r.url.startsWith(api.base))) {
        expect(request.referrerPolicy, request.url).to.equal('strict-origin');
      }
      const arrived = await api.requests();
      const [first, ...kit] = arrived;
      expect(first!.referer, 'the host policy sends the whole address to a plain fetch').to.contain(
        'reader=secret-42',
      );
      expect(kit.length).to.be.greaterThan(0);
      for (const request of kit) expect(request.referer, request.path).to.equal(`${location.origin}/`);
    } finally {
      history.replaceState(null, '', address);
      meta.remove();
    }
  });

  it('a retry after a failure and a revalidation are just as anonymous', async () => {
    const api = new FaultyApi('privacy-retry');
    await api.fail({ fault: '503', times: 1 });
    const page = await fixture<HTMLDivElement>(document.createElement('div'));
    const element = create(page, 'khountous-region-stats', { 'base-url': api.base });
    await allSettled([element], ['ready'], { timeout: 10_000 });
    const arrived = await api.requests();
    expect(arrived.map((request) => request.fault)).to.deep.equal(['503', null]);
    for (const request of arrived) expect(request.cookie).to.equal(false);
  });
});
