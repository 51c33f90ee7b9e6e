// Engines: all three (the built kit as a page loads it: modules, preloads, integrity and CSP differ between engines).
/**
 * The built kit on a host page with a strict Content-Security-Policy
 * (default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'
 * plus the API's origin): every element renders its data and nothing is
 * blocked. Violations are seen twice: by a listener in the page and by the
 * browser's reports (report-uri). Needs `npm run build` (scripts/test/test.mjs
 * builds first).
 */
import { expect } from '@open-wc/testing';
import { delay, openFrame, removeFrames, uniqueId, until } from '../helpers/frames.js';
import { settled } from '../helpers/kit.js';

interface CspWindow extends Window {
  cspViolations: string[];
  cspReady?: Promise<string[]>;
}

const reportsFor = async (id: string): Promise<unknown[]> =>
  (await (await fetch(`/csp-reports/${id}`)).json()) as unknown[];

describe('a host page with a strict Content-Security-Policy', function () {
  this.timeout(30000);
  afterEach(removeFrames);

  it('sends the policy with the page', async () => {
    const response = await fetch('/test/fixtures/csp.html?csp=strict');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).to.include("script-src 'self'");
    expect(policy).to.include("style-src 'self'");
    expect(policy).not.to.include('unsafe-inline');
  });

  it('renders every element of the kit with no violation, the API on another origin', async () => {
    const reportId = uniqueId('csp-page');
    const api = `http://127.0.0.1:${location.port}/v1`;
    const frame = await openFrame(
      `/test/fixtures/csp.html?csp=strict&csp-report=${reportId}&api=${encodeURIComponent(api)}`,
    );
    const page = frame.contentWindow as unknown as CspWindow;
    const tags = await until(() => page.cspReady, 'the CSP page to start');
    expect(tags.length, 'elements in custom-elements.json').to.be.greaterThanOrEqual(4);

    for (const tag of tags) {
      const element = frame.contentDocument!.querySelector<HTMLElement>(tag)!;
      expect(element, tag).to.exist;
      expect(element.shadowRoot, `${tag} is upgraded`).to.exist;
      const state = await settled(element, ['ready', 'empty', 'error'], 15000);
      expect(state, `${tag}: ${element.shadowRoot?.textContent?.trim().slice(0, 200)}`).to.be.oneOf([
        'ready',
        'empty',
      ]);
    }
    await delay(500);
    expect(page.cspViolations).to.deep.equal([]);
    expect(await reportsFor(reportId)).to.deep.equal([]);

    // The watch works: an inline style attribute is blocked, seen and reported.
    frame.contentDocument!.body.setAttribute('style', 'outline: 1px solid red');
    await until(() => page.cspViolations.length > 0, 'the control violation');
    await until(async () => (await reportsFor(reportId)).length > 0, 'the control report', 8000).catch(() => {
      // report-uri delivery is best effort in some engines; the in-page listener saw it.
    });
  });

  it('the embed page renders under the same policy', async () => {
    const reportId = uniqueId('csp-embed');
    const frame = await openFrame(
      `/dist/embed.html?csp=strict&csp-report=${reportId}&widget=ranking&limit=3&base-url=/v1&lazy=false`,
    );
    const element = await until(
      () => frame.contentDocument!.querySelector<HTMLElement>('khountous-ranking') ?? undefined,
      'the embedded ranking',
    );
    expect(await settled(element, ['ready', 'empty', 'error'], 15000)).to.equal('ready');
    expect(element.shadowRoot!.querySelectorAll('tbody tr').length).to.equal(3);

    // Control: a blocked inline style in that page is reported, and it is the only report.
    frame.contentDocument!.body.setAttribute('style', 'outline: 1px solid red');
    const reports = await until(async () => {
      const list = await reportsFor(reportId);
      return list.length > 0 ? list : undefined;
    }, 'the control report');
    await delay(300);
    expect((await reportsFor(reportId)).length, JSON.stringify(reports)).to.equal(1);
  });

  it('the embed page brings its own policy: it renders with no violation and connects nowhere else', async () => {
    const text = await (await fetch('/dist/embed.html')).text();
    const meta = new DOMParser()
      .parseFromString(text, 'text/html')
      .querySelector<HTMLMetaElement>('meta[http-equiv="Content-Security-Policy"]');
    expect(meta, 'a <meta http-equiv="Content-Security-Policy">').to.exist;
    const policy = meta!.content;
    expect(policy).to.include("script-src 'self'");
    expect(policy).to.include("style-src 'self'");
    expect(policy).to.include("connect-src 'self' https://api.khountous.sn;");
    expect(policy).not.to.include('unsafe');

    // No ?csp=strict: the only policy is the page's own.
    const frame = await openFrame('/dist/embed.html?widget=ranking&limit=3&base-url=/v1&lazy=false');
    const violations: string[] = [];
    frame.contentDocument!.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
    const element = await until(
      () => frame.contentDocument!.querySelector<HTMLElement>('khountous-ranking') ?? undefined,
      'the embedded ranking',
    );
    expect(await settled(element, ['ready', 'empty', 'error'], 15000)).to.equal('ready');
    expect(element.shadowRoot!.querySelectorAll('tbody tr').length).to.equal(3);
    await delay(300);
    expect(violations).to.deep.equal([]);

    // A request to an origin the page does not allow fails, and is seen as a violation.
    const inFrame = frame.contentWindow as unknown as Window & typeof globalThis;
    const foreign = `http://127.0.0.1:${location.port}/v1/rankings`;
    let failed = false;
    await inFrame.fetch(foreign).catch(() => {
      failed = true;
    });
    expect(failed, 'the foreign request is blocked').to.equal(true);
    await until(() => violations.some((v) => v.startsWith('connect-src')), 'the connect-src violation');

    // So is an inline style.
    frame.contentDocument!.body.setAttribute('style', 'outline: 1px solid red');
    await until(() => violations.some((v) => v.startsWith('style-src')), 'the style-src violation');
  });
});
