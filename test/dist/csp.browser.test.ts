/**
 * The built kit on a host page with a strict Content-Security-Policy
 * (default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'
 * plus the API's origin): every element renders its data and nothing is
 * blocked. Violations are seen twice: by a listener in the page and by the
 * browser's reports (report-uri). Needs `npm run build` (scripts/test.mjs
 * builds first).
 */
import { expect } from '@open-wc/testing';
import { delay, openFrame, uniqueId, until } from '../helpers/frames.js';
import { settled } from '../helpers/kit.js';

interface CspWindow extends Window {
  cspViolations: string[];
  cspReady?: Promise<string[]>;
}

const reportsFor = async (id: string): Promise<unknown[]> =>
  (await (await fetch(`/csp-reports/${id}`)).json()) as unknown[];

describe('a host page with a strict Content-Security-Policy', function () {
  this.timeout(30000);

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
});
