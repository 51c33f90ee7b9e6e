// Engines: all three (the demo's pages as a reader opens them, whose rendering and storage differ between engines).
/**
 * Every page of demo/ as `npm start` serves it, in each engine: once its
 * widgets have settled (the page scrolled through, as a reader would), no
 * console error, no uncaught error, no refused resource or policy violation,
 * and no request the server answered with an error, but one: the admin-card
 * page's "unknown administration" example asks the API for a slug that does
 * not exist, on purpose, to show what an editor sees then; its 404 is the
 * only failed request of the demo.
 */
import { expect } from '@open-wc/testing';
import { openDemoPage, type DemoPage } from '../helpers/demo-page.js';

/**
 * Lit's notice that it runs in development mode: `npm start` serves Lit
 * unbundled, as a dev server does; the built kit (dist/) has no such notice.
 */
const LIT_DEV_MODE = /^console-warn: Lit is in dev mode\. Not recommended for production!/;

/** The failed requests the demo makes on purpose, by page. */
const INTENDED: Record<string, RegExp[]> = {
  'admin-card.html': [/^GET \/v1\/administrations\/administration-inconnue\?lang=fr 404$/],
};

const pages = (await (await fetch('/__demo-site/pages')).json()) as string[];

describe('the demo pages', function () {
  this.timeout(60000);
  let page: DemoPage | undefined;
  afterEach(() => page?.close());

  it('are all listed (demo/*.html)', () => {
    expect(pages).to.include.members(['index.html', 'builder.html', 'admin-card.html', 'ngo.html']);
  });

  for (const name of pages) {
    it(`${name}: no console error, no failed request but the intended ones`, async () => {
      page = await openDemoPage(`/${name}`);
      await page.settled().catch(async (error: Error) => {
        const served = (await page!.served()).map((request) => `${request.status} ${request.url}`);
        throw new Error(`${error.message}; served: ${served.join(', ')}`);
      });
      // What a last late request or message would add.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const problems = (await page.reports())
        .filter((report) => !['states', 'answer'].includes(report.kind))
        .map((report) => `${report.kind}: ${String(report.detail)} (${report.page})`)
        .filter((line) => !LIT_DEV_MODE.test(line));
      const failed = (await page.served())
        .filter((request) => request.status >= 400)
        .map((request) => `${request.method} ${request.url} ${request.status}`);
      const intended = INTENDED[name] ?? [];
      const unintended = failed.filter((line) => !intended.some((pattern) => pattern.test(line)));
      expect(problems, 'console and page errors').to.deep.equal([]);
      expect(unintended, 'failed requests').to.deep.equal([]);
      // The intended ones do happen: the exception stays exactly as wide as the example.
      for (const pattern of intended) {
        expect(
          failed.filter((line) => pattern.test(line)),
          String(pattern),
        ).to.have.length(1);
      }
    });
  }
});
