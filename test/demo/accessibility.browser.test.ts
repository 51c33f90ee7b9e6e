// Engines: all three (the demo's pages as a reader opens them, whose rendering and storage differ between engines).
/**
 * The pages the kit exists for, as `npm start` serves them (test/server/demo-site.ts): a news
 * article, an NGO's page (a widget in an iframe among them) and a blog post. Once their widgets
 * have settled, axe-core finds no violation in the kit's widgets (the khountous-* elements and
 * their shadow roots, in the page and in its frames of the same origin), in each engine.
 */
import { expect } from '@open-wc/testing';
import { openDemoPage, type DemoPage } from '../helpers/demo-page.js';

interface Audit {
  error?: string;
  documents: { page: string; widgets: string[] }[];
  violations: { id: string; impact: string; help: string; nodes: unknown[] }[];
}

/** The pages, and widgets each must hold (so that an audit of nothing cannot pass). */
const PAGES: Record<string, string[]> = {
  'news.html': ['khountous-ranking', 'khountous-admin-card', 'khountous-region-stats'],
  'ngo.html': ['khountous-report', 'khountous-admin-card'],
  'blog.html': ['khountous-region-stats'],
};

describe('the demo’s news, NGO and blog pages: axe in the kit’s widgets', function () {
  this.timeout(120000);
  let page: DemoPage | undefined;
  afterEach(() => page?.close());

  for (const [name, tags] of Object.entries(PAGES)) {
    it(`${name}: no violation`, async () => {
      page = await openDemoPage(`/${name}`);
      await page.settled();
      const audit = await page.ask<Audit>({ axe: true }, 90000);
      expect(audit.error, 'axe ran').to.equal(undefined);
      const audited = audit.documents.flatMap((document) => document.widgets);
      expect(audited).to.include.members(tags);
      expect(audit.violations, JSON.stringify(audit.violations, null, 1)).to.deep.equal([]);
    });
  }
});
