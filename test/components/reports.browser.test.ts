// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
import { expect } from '@open-wc/testing';
import '../../src/components/reports/define.js';
import type { KhountousReports } from '../../src/components/reports/reports.js';
import { getLoader } from '../../src/core/loader/loader.js';
import type { ListEnvelope, ReportListItem } from '../../src/core/types.js';
import { reportsStrings } from '../../src/components/reports/strings.js';
import { reportValues } from '../../src/i18n/report-values.js';
import { REGION_NAMES } from '../../src/i18n/regions.js';
import {
  api,
  countFetches,
  eventually,
  isolatedApi,
  listItems,
  mount,
  nextEvent,
  pagerButtons,
  shadowText,
  sharedApi,
  spendBudget,
  widgetTestHooks,
} from '../helpers/kit.js';

type Reports = ListEnvelope<ReportListItem>;

const reports = (attrs: Record<string, string>, width?: number) =>
  mount<KhountousReports>('khountous-reports', attrs, { width });

const titles = (element: Element) =>
  listItems(element).map((item) => item.querySelector('[part~="title"]')!.textContent!.trim());
const query = (params: Record<string, string>) => `/khountous?${new URLSearchParams(params)}`;

describe('<khountous-reports>', () => {
  const warnings = widgetTestHooks();

  for (const lang of ['fr', 'en'] as const) {
    it(`shows the newest 10 reports with every field of the list (${lang})`, async () => {
      const expected = await api<Reports>(sharedApi(), query({ limit: '10', lang }));
      const t = { ...reportValues[lang], ...reportsStrings[lang] };
      const element = await reports({ lang });
      expect(element.getAttribute('state')).to.equal('ready');
      expect(titles(element)).to.deep.equal(expected.data.map((report) => report.title));
      listItems(element).forEach((item, index) => {
        const report = expected.data[index]!;
        const facts = [...item.querySelectorAll('dd')].map((dd) => dd.textContent!.trim());
        expect(facts).to.include(t.statuses[report.status]);
        expect(facts).to.include(t.categories[report.category]);
        expect(facts).to.include(REGION_NAMES[report.region]);
        expect(facts).to.include(report.administration.name);
        expect(item.querySelector('[part~="status"]')!.textContent!.trim()).to.equal(
          t.statuses[report.status],
        );
        const time = item.querySelector('time')!;
        expect(time.getAttribute('datetime')).to.equal(new Date(report.submittedAt).toISOString());
        expect(time.textContent!.trim()).to.match(/20\d\d$/);
        expect(item.querySelector('[part~="response"]')!.textContent!.trim()).to.equal(
          report.hasOfficialResponse ? t.reports.hasResponse : t.reports.noResponse,
        );
        // Every fact keeps a label for screen readers.
        expect(item.querySelectorAll('dt')).to.have.length(facts.length);
      });
      expect(element.shadowRoot!.querySelector('ul[part~="list"]')).to.exist;
      expect(shadowText(element)).to.contain(t.reports.caption);
      const total = new Intl.NumberFormat(lang).format(expected.meta.total);
      expect(shadowText(element)).to.contain(t.reports.count(expected.meta.total, total));
      await expect(element).to.be.accessible();
    });
  }

  it('shows both kinds of official-response mark, each with its own words', async () => {
    const answered = await reports({ status: 'resolved', limit: '3' });
    const waiting = await reports({ status: 'received', limit: '3' });
    const t = { ...reportValues.fr, ...reportsStrings.fr };
    const marks = (element: Element) =>
      [...element.shadowRoot!.querySelectorAll('[part~="response"]')].map((p) => p.textContent!.trim());
    expect(marks(answered)).to.deep.equal([
      t.reports.hasResponse,
      t.reports.hasResponse,
      t.reports.hasResponse,
    ]);
    expect(marks(waiting)).to.deep.equal([t.reports.noResponse, t.reports.noResponse, t.reports.noResponse]);
    const mark = answered.shadowRoot!.querySelector('.mark')!;
    expect(mark.getAttribute('aria-hidden')).to.equal('true');
  });

  describe('filters, alone and combined, like the API', () => {
    let sample: ReportListItem;
    before(async () => {
      sample = (await api<Reports>(sharedApi(), query({ limit: '1', page: '37' }))).data[0]!;
    });
    const cases: [string, () => Record<string, string>][] = [
      ['region', () => ({ region: 'kolda' })],
      ['category', () => ({ category: 'corruption' })],
      ['status', () => ({ status: 'answered' })],
      ['period (a month)', () => ({ period: '2026-03' })],
      ['period (a year)', () => ({ period: '2025' })],
      ['region + status', () => ({ region: 'dakar', status: 'resolved' })],
      ['category + period', () => ({ category: 'delay', period: '2026' })],
      [
        'all four',
        () => ({
          region: sample.region,
          category: sample.category,
          status: sample.status,
          period: sample.submittedAt.slice(0, 7),
        }),
      ],
    ];
    for (const [name, filters] of cases) {
      it(`filters by ${name}`, async () => {
        const expected = await api<Reports>(sharedApi(), query({ ...filters(), limit: '100' }));
        expect(expected.data.length, 'the filter matches something').to.be.greaterThan(0);
        const element = await reports({ ...filters(), limit: '100' });
        expect(titles(element)).to.deep.equal(expected.data.map((report) => report.title));
      });
    }
  });

  it('shows the empty state when no report matches', async () => {
    const element = await reports({ period: '2019', region: 'kolda' });
    expect(element.getAttribute('state')).to.equal('empty');
    expect(shadowText(element)).to.contain('Les signalements citoyens n’ont aucune donnée à afficher.');
    expect(listItems(element)).to.have.length(0);
    await expect(element).to.be.accessible();
  });

  for (const [limit, shown] of [
    ['0', 1],
    ['-5', 1],
    ['1000', 100],
    ['abc', 10],
  ] as const) {
    it(`clamps limit="${limit}" to ${shown}, warns, and never sends an invalid limit`, async () => {
      const fetches = countFetches();
      try {
        const element = await reports({ limit });
        expect(listItems(element)).to.have.length(shown);
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

  for (const [name, value] of [
    ['region', 'paris'],
    ['category', 'noise'],
    ['status', 'closed'],
    ['period', '2026-13'],
    ['period', '26'],
  ] as const) {
    it(`shows a configuration error for ${name}="${value}", without any request`, async () => {
      const fetches = countFetches();
      try {
        const element = await reports({ [name]: value });
        expect(element.getAttribute('state')).to.equal('error');
        expect(shadowText(element)).to.contain('mal configuré');
        expect(fetches.urls).to.deep.equal([]);
        await expect(element).to.be.accessible();
      } finally {
        fetches.restore();
      }
    });
  }

  it('pages with previous/next and announces the page', async () => {
    const page2 = await api<Reports>(sharedApi(), query({ limit: '4', page: '2' }));
    const pages = Math.ceil(page2.meta.total / 4);
    const element = await reports({ limit: '4', paginate: '' });
    const [previous, next] = pagerButtons(element);
    expect(previous!.disabled).to.equal(true);
    expect(shadowText(element)).to.contain(`Page 1 sur ${pages}`);
    const first = titles(element);
    const second = nextEvent(element, 'khountous-load');
    next!.click();
    await second;
    await element.updateComplete;
    expect(titles(element)).to.deep.equal(page2.data.map((report) => report.title));
    expect(element.shadowRoot!.querySelector('nav [aria-live="polite"]')!.textContent).to.contain(
      `Page 2 sur ${pages}`,
    );
    const back = nextEvent(element, 'khountous-load');
    pagerButtons(element)[0]!.click();
    await back;
    await element.updateComplete;
    expect(titles(element)).to.deep.equal(first);
    await expect(element).to.be.accessible();
  });

  it('starts on the page given by `page`, and goes back to it when a filter changes', async () => {
    const page3 = await api<Reports>(sharedApi(), query({ limit: '3', page: '3' }));
    const element = await reports({ limit: '3', page: '3', paginate: '' });
    expect(titles(element)).to.deep.equal(page3.data.map((report) => report.title));
    pagerButtons(element)[1]!.click();
    await nextEvent(element, 'khountous-load');
    const kolda = await api<Reports>(sharedApi(), query({ limit: '3', page: '3', region: 'kolda' }));
    element.setAttribute('region', 'kolda');
    await nextEvent(element, 'khountous-load');
    await element.updateComplete;
    expect(titles(element)).to.deep.equal(kolda.data.map((report) => report.title));
  });

  it('disables "next" and says when, once the budget is spent and the next page is not cached', async () => {
    const base = isolatedApi('reports-paging');
    const element = await reports({ 'base-url': base, limit: '5', paginate: '', lang: 'en' });
    expect(pagerButtons(element)[1]!.disabled).to.equal(false);
    spendBudget(base);
    await new Promise((resolve) => setTimeout(resolve));
    await element.updateComplete;
    expect(pagerButtons(element)[1]!.disabled).to.equal(true);
    expect(shadowText(element)).to.match(/Next page available at \d{2}:\d{2}/);
    expect(listItems(element)).to.have.length(5);
    await expect(element).to.be.accessible();
  });

  it('keeps "next" when the budget is spent but the next page is cached', async () => {
    const base = isolatedApi('reports-cached');
    const element = await reports({ 'base-url': base, limit: '5', paginate: '', lang: 'en' });
    await getLoader().load({ kind: 'reports', query: { lang: 'en', limit: 5, page: 2 } }, { baseUrl: base });
    spendBudget(base);
    const fetches = countFetches();
    try {
      await new Promise((resolve) => setTimeout(resolve));
      await element.updateComplete;
      expect(shadowText(element)).not.to.contain('Next page available');
      pagerButtons(element)[1]!.click();
      await nextEvent(element, 'khountous-load');
      expect(shadowText(element)).to.contain('Page 2 of');
      expect(fetches.urls).to.deep.equal([]);
    } finally {
      fetches.restore();
    }
  });

  it('links titles through href-template, encoding the slug, without rel on the same site', async () => {
    const expected = await api<Reports>(sharedApi(), query({ limit: '3' }));
    const element = await reports({ limit: '3', 'href-template': '/reports/{slug}?from=list' });
    const links = [...element.shadowRoot!.querySelectorAll('[part~="title"] a')];
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(
      expected.data.map((report) => `/reports/${encodeURIComponent(report.slug)}?from=list`),
    );
    expect(links.map((a) => a.textContent)).to.deep.equal(expected.data.map((report) => report.title));
    expect(links.every((a) => !a.hasAttribute('rel'))).to.equal(true);
    await expect(element).to.be.accessible();
  });

  it('marks off-site links noopener noreferrer and never makes a javascript: link', async () => {
    const offsite = await reports({ limit: '2', 'href-template': 'https://example.org/r/{slug}' });
    // The two titles' links, and the source line's (to the platform's site).
    const links = [...offsite.shadowRoot!.querySelectorAll('a')];
    expect(links).to.have.length(3);
    expect(links.every((a) => a.getAttribute('rel') === 'noopener noreferrer')).to.equal(true);
    const hostile = await reports({ limit: '2', 'href-template': 'javascript:alert("{slug}")' });
    const hrefs = [...hostile.shadowRoot!.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).to.deep.equal(['https://khountous.sn']);
    expect(titles(hostile).every((title) => title.length > 0)).to.equal(true);
  });

  it('lays each report out in one column at 280 px and two at 960 px', async () => {
    const narrow = await reports({ limit: '2' }, 280);
    const wide = await reports({ limit: '2' }, 960);
    const item = (element: Element) => element.shadowRoot!.querySelector('li[part~="item"]')!;
    expect(getComputedStyle(item(narrow)).display).not.to.equal('grid');
    expect(getComputedStyle(item(wide)).display).to.equal('grid');
    expect(narrow.getBoundingClientRect().width).to.equal(280);
    expect(item(narrow).getBoundingClientRect().width).to.be.at.most(280);
    expect(narrow.shadowRoot!.querySelector('[part~="base"]')!.scrollWidth).to.be.at.most(280);
  });
});
