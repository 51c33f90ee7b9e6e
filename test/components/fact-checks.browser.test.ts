// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
import { expect } from '@open-wc/testing';
import '../../src/components/fact-checks/define.js';
import type { KhountousFactChecks } from '../../src/components/fact-checks/fact-checks.js';
import {
  EVIDENCE_LEVELS,
  VERDICTS,
  type FactCheck,
  type FactCheckSource,
  type ListEnvelope,
} from '../../src/core/types.js';
import { factChecksStrings, verdictValues } from '../../src/components/fact-checks/strings.js';
import {
  api,
  countFetches,
  eventually,
  isolatedApi,
  listItems,
  mount,
  nextEvent,
  pagerButtons,
  editAnswers,
  shadowText,
  sharedApi,
  spendBudget,
  widgetTestHooks,
} from '../helpers/kit.js';

type FactChecks = ListEnvelope<FactCheck>;

const factChecks = (attrs: Record<string, string>, width?: number) =>
  mount<KhountousFactChecks>('khountous-fact-checks', attrs, { width });

const claims = (element: Element) =>
  listItems(element).map((item) => item.querySelector('[part~="claim"] q')!.textContent!.trim());

/** Lets the API's answer to GET /verifications be edited before the kit reads it. */
const editVerifications = (edit: (list: FactChecks) => unknown) => editAnswers('/verifications', edit);

describe('<khountous-fact-checks>', () => {
  const warnings = widgetTestHooks();

  for (const lang of ['fr', 'en'] as const) {
    it(`shows the newest 10 fact-checks with claim, verdict, evidence, summary, date and sources (${lang})`, async () => {
      const expected = await api<FactChecks>(sharedApi(), `/verifications?limit=10&lang=${lang}`);
      const t = { ...verdictValues[lang], ...factChecksStrings[lang] };
      const element = await factChecks({ lang });
      expect(element.getAttribute('state')).to.equal('ready');
      expect(claims(element)).to.deep.equal(expected.data.map((check) => check.claim));
      listItems(element).forEach((item, index) => {
        const check = expected.data[index]!;
        expect(item.querySelector('[part~="verdict"]')!.textContent).to.contain(t.verdicts[check.verdict]);
        expect(item.querySelector('[part~="evidence"]')!.textContent!.trim()).to.equal(
          t.evidence[check.evidenceLevel],
        );
        expect(item.querySelector('.summary')!.textContent).to.equal(check.summary);
        const time = item.querySelector('time')!;
        expect(time.getAttribute('datetime')).to.equal(new Date(check.publishedAt).toISOString());
        const links = [...item.querySelectorAll<HTMLAnchorElement>('[part~="sources"] a')];
        expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(
          check.sources.map((source) => source.url),
        );
        expect(links.map((a) => a.textContent)).to.deep.equal(check.sources.map((source) => source.title));
        const offSite = (url: string) => new URL(url).origin !== location.origin;
        expect(links.map((a) => a.getAttribute('rel'))).to.deep.equal(
          check.sources.map((source) => (offSite(source.url) ? 'noopener noreferrer' : null)),
        );
      });
      expect(shadowText(element)).to.contain(t.factChecks.caption);
      await expect(element).to.be.accessible();
    });
  }

  for (const lang of ['fr', 'en'] as const) {
    it(`writes every verdict and evidence level, and draws each verdict with its own shape (${lang})`, async () => {
      const all = await api<FactChecks>(sharedApi(), `/verifications?limit=100&lang=${lang}`);
      const present = new Set(all.data.map((check) => check.verdict));
      expect([...present].sort(), 'the API has every verdict').to.deep.equal([...VERDICTS].sort());
      expect(new Set(all.data.map((check) => check.evidenceLevel)).size).to.equal(EVIDENCE_LEVELS.length);
      const t = { ...verdictValues[lang], ...factChecksStrings[lang] };
      const element = await factChecks({ lang, limit: '100' });
      const shapes = new Map<string, string>();
      const evidenceShapes = new Map<string, string>();
      listItems(element).forEach((item, index) => {
        const check = all.data[index]!;
        const verdict = item.querySelector('[part~="verdict"]')!;
        expect(verdict.textContent).to.contain(t.verdicts[check.verdict]);
        const icon = verdict.querySelector('svg')!;
        expect(icon.getAttribute('aria-hidden')).to.equal('true');
        const shape = [...icon.querySelectorAll('*')]
          .map((node) => node.outerHTML.replace(/<!--.*?-->/g, ''))
          .join('');
        shapes.set(check.verdict, shape);
        const evidence = item.querySelector('[part~="evidence"]')!;
        expect(evidence.textContent!.trim()).to.equal(t.evidence[check.evidenceLevel]);
        const bars = evidence.querySelectorAll('svg rect.fill').length;
        evidenceShapes.set(check.evidenceLevel, String(bars));
      });
      expect(shapes.size).to.equal(VERDICTS.length);
      expect(new Set(shapes.values()).size, 'one shape per verdict').to.equal(VERDICTS.length);
      expect(Object.fromEntries(evidenceShapes)).to.deep.equal({ strong: '3', moderate: '2', weak: '1' });
      const colours = new Set(
        VERDICTS.map((verdict) => {
          const item = listItems(element)[all.data.findIndex((check) => check.verdict === verdict)]!;
          return getComputedStyle(item.querySelector('[part~="verdict"]')!).color;
        }),
      );
      expect(colours.size, 'one colour per verdict').to.equal(VERDICTS.length);
    });
  }

  it('makes links of http(s) sources only, noopener noreferrer when off-site, and shows other URLs as text', async () => {
    const sources: FactCheckSource[] = [
      { title: 'Same site', url: `${location.origin}/documents/report.pdf` },
      { title: 'Off site', url: 'https://example.org/study' },
      { title: 'Malformed', url: 'https://[example.org]/<b>x</b>' },
    ];
    const restore = editVerifications((list) => (list.data[0]!.sources = sources));
    try {
      const element = await factChecks({ limit: '2' });
      const first = listItems(element)[0]!;
      const links = [...first.querySelectorAll<HTMLAnchorElement>('[part~="sources"] a')];
      expect(links.map((a) => a.textContent)).to.deep.equal(['Same site', 'Off site']);
      expect(links[0]!.getAttribute('href')).to.equal(sources[0]!.url);
      expect(links[0]!.hasAttribute('rel')).to.equal(false);
      expect(links[1]!.getAttribute('rel')).to.equal('noopener noreferrer');
      const text = first.querySelector('[part~="sources"]')!.textContent!;
      expect(text).to.contain('Malformed');
      expect(text).to.contain('https://[example.org]/<b>x</b>');
      expect(first.querySelector('[part~="sources"] b')).to.equal(null);
      await expect(element).to.be.accessible();
    } finally {
      restore();
    }
  });

  it('refuses a list whose source is a javascript: URL (error state, no link)', async () => {
    const restore = editVerifications(
      (list) => (list.data[0]!.sources = [{ title: 'Hostile', url: 'javascript:alert(1)' }]),
    );
    try {
      const element = await factChecks({ limit: '2' });
      expect(element.getAttribute('state')).to.equal('error');
      expect(element.shadowRoot!.querySelectorAll('a')).to.have.length(0);
      expect(shadowText(element)).not.to.contain('Hostile');
      await expect(element).to.be.accessible();
    } finally {
      restore();
    }
  });

  for (const [limit, shown] of [
    ['0', 1],
    ['-5', 1],
    ['1000', 100],
    ['abc', 10],
  ] as const) {
    it(`clamps limit="${limit}", warns, and never sends an invalid limit`, async () => {
      const total = (await api<FactChecks>(sharedApi(), '/verifications?limit=1')).meta.total;
      const fetches = countFetches();
      try {
        const element = await factChecks({ limit });
        expect(listItems(element)).to.have.length(Math.min(shown, total));
        expect(
          await eventually(() =>
            warnings()
              .all()
              .some((line) => line.includes(`limit="${limit}"`)),
          ),
        ).to.equal(true);
        expect(fetches.urls.length).to.be.greaterThan(0);
        for (const url of fetches.urls) {
          const sent = new URL(url, location.href).searchParams.get('limit');
          expect(Number(sent)).to.be.within(1, 100);
        }
      } finally {
        fetches.restore();
      }
    });
  }

  it('pages with previous/next and announces the page', async () => {
    const page2 = await api<FactChecks>(sharedApi(), '/verifications?limit=4&page=2');
    const pages = Math.ceil(page2.meta.total / 4);
    const element = await factChecks({ limit: '4', paginate: '', lang: 'en' });
    expect(pagerButtons(element)[0]!.disabled).to.equal(true);
    expect(shadowText(element)).to.contain(`Page 1 of ${pages}`);
    const first = claims(element);
    pagerButtons(element)[1]!.click();
    await nextEvent(element, 'khountous-load');
    await element.updateComplete;
    const page2En = await api<FactChecks>(sharedApi(), '/verifications?limit=4&page=2&lang=en');
    expect(claims(element)).to.deep.equal(page2En.data.map((check) => check.claim));
    expect(shadowText(element)).to.contain(`Page 2 of ${pages}`);
    pagerButtons(element)[0]!.click();
    await nextEvent(element, 'khountous-load');
    await element.updateComplete;
    expect(claims(element)).to.deep.equal(first);
    await expect(element).to.be.accessible();
  });

  it('starts on the page given by `page`', async () => {
    const page3 = await api<FactChecks>(sharedApi(), '/verifications?limit=5&page=3');
    const element = await factChecks({ limit: '5', page: '3' });
    expect(claims(element)).to.deep.equal(page3.data.map((check) => check.claim));
  });

  it('disables "next" and says when, once the budget is spent and the next page is not cached', async () => {
    const base = isolatedApi('fact-checks-paging');
    const element = await factChecks({ 'base-url': base, limit: '5', paginate: '', lang: 'en' });
    expect(pagerButtons(element)[1]!.disabled).to.equal(false);
    spendBudget(base);
    await new Promise((resolve) => setTimeout(resolve));
    await element.updateComplete;
    expect(pagerButtons(element)[1]!.disabled).to.equal(true);
    expect(shadowText(element)).to.match(/Next page available at \d{2}:\d{2}/);
    expect(listItems(element)).to.have.length(5);
    await expect(element).to.be.accessible();
  });

  it('shows the empty state past the last page', async () => {
    const element = await factChecks({ page: '1000' });
    expect(element.getAttribute('state')).to.equal('empty');
    expect(shadowText(element)).to.contain('Les vérifications des faits n’ont aucune donnée à afficher.');
    await expect(element).to.be.accessible();
  });

  it('shows the error state, with a retry button, when the quota is spent', async function () {
    // The API's own quota spent by 60 real requests (the browser's six connections at a time,
    // not one after another): on a loaded machine they took most of the suite's 10 s alone.
    this.timeout(30000);
    const base = isolatedApi('fact-checks-quota');
    await Promise.all(Array.from({ length: 60 }, () => fetch(`${base}/regions`, { cache: 'no-store' })));
    const element = await factChecks({ 'base-url': base });
    expect(element.getAttribute('state')).to.equal('error');
    expect(element.shadowRoot!.querySelector('button[part~="retry"]')).to.exist;
    await expect(element).to.be.accessible();
  });

  it('puts the verdict in a column of its own at 960 px, above the claim at 280 px', async () => {
    const narrow = await factChecks({ limit: '2' }, 280);
    const wide = await factChecks({ limit: '2' }, 960);
    const box = (element: Element, part: string) =>
      element.shadowRoot!.querySelector(`li[part~="item"] [part~="${part}"]`)!.getBoundingClientRect();
    expect(box(narrow, 'verdict').bottom).to.be.at.most(box(narrow, 'claim').top + 1);
    expect(box(wide, 'verdict').right).to.be.at.most(box(wide, 'claim').left);
    expect(narrow.shadowRoot!.querySelector('[part~="base"]')!.scrollWidth).to.be.at.most(280);
  });
});
