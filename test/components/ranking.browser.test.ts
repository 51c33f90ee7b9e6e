// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
import { expect } from '@open-wc/testing';
import '../../src/components/ranking/define.js';
import { getLoader, type LoadOptions, type Resource } from '../../src/core/loader/loader.js';
import type { AdministrationListItem, ListEnvelope } from '../../src/core/types.js';
import { formatPercent } from '../../src/i18n/format.js';
import type { KhountousRanking } from '../../src/components/ranking/ranking.js';
import {
  api,
  countFetches,
  eventually,
  isolatedApi,
  mount,
  nextEvent,
  pagerButtons,
  settled,
  shadowText,
  sharedApi,
  widgetTestHooks,
} from '../helpers/kit.js';

type Ranking = ListEnvelope<AdministrationListItem>;

const ranking = (attrs: Record<string, string>, width?: number) =>
  mount<KhountousRanking>('khountous-ranking', attrs, { width });

/** The place a row's rank cell shows: "6", or "=6" when shared (ranking-ties.browser.test.ts), as "6". */
const placeOf = (row: Element) =>
  (row.querySelector('td.rank [aria-hidden="true"]') ?? row.querySelector('td.rank')!)
    .textContent!.trim()
    .replace(/^=/, '');
const rows = (element: Element) => [...element.shadowRoot!.querySelectorAll('tbody tr')];
const nameOf = (row: Element) => row.querySelector('th')!.childNodes;
const firstName = (row: Element) =>
  [...nameOf(row)]
    .filter((node) => node.nodeType === Node.TEXT_NODE || ['a', 'bdi'].includes((node as Element).localName))
    .map((node) => node.textContent)
    .join('')
    .trim();

describe('<khountous-ranking>', () => {
  const warnings = widgetTestHooks();

  it('shows the ranking best first, as a table with rank, name, score, response rate and delay', async () => {
    const expected = await api<Ranking>(sharedApi(), '/administrations?limit=10');
    const element = await ranking({});
    expect(rows(element)).to.have.length(10);
    expect(rows(element).map(firstName)).to.deep.equal(expected.data.map((item) => item.name));
    // Its places, shared by equal scores: ranking-ties.browser.test.ts.
    const scores = rows(element).map((row) => Number(row.querySelector('.score-value')!.textContent));
    expect(scores).to.deep.equal(expected.data.map((item) => item.score));
    expect([...scores].sort((a, b) => b - a)).to.deep.equal(scores);
    const headers = [...element.shadowRoot!.querySelectorAll('thead th')].map((th) =>
      th.getAttribute('scope'),
    );
    expect(headers).to.deep.equal(['col', 'col', 'col', 'col', 'col']);
    expect(element.shadowRoot!.querySelector('caption')!.textContent).to.contain(
      'Classement des administrations',
    );
  });

  it('has a title for heading navigation, at heading-level (3 unless told), which names the table', async () => {
    for (const [attrs, level, title] of [
      [{}, '3', 'Classement des administrations'],
      [{ 'heading-level': '2', lang: 'en' }, '2', 'Ranking of administrations'],
    ] as const) {
      const element = await ranking({ limit: '3', ...attrs });
      const headings = [...element.shadowRoot!.querySelectorAll('[role="heading"]')];
      expect(headings, JSON.stringify(attrs)).to.have.length(1);
      expect(headings[0]!.getAttribute('aria-level')).to.equal(level);
      expect(headings[0]!.textContent!.trim()).to.equal(title);
      expect(headings[0]!.closest('caption')).to.equal(element.shadowRoot!.querySelector('caption'));
      await expect(element).to.be.accessible();
    }
  });

  it('says how many are ranked, in both languages', async () => {
    const expected = await api<Ranking>(sharedApi(), '/administrations?limit=10');
    const element = await ranking({});
    const header = element.shadowRoot!.querySelector('thead th')!.textContent!.replace(/\s+/g, ' ').trim();
    expect(header).to.equal(`Rang sur ${expected.meta.total}`);
    const english = await ranking({ lang: 'en' });
    const enHeader = english.shadowRoot!.querySelector('thead th')!.textContent!.replace(/\s+/g, ' ').trim();
    expect(enHeader).to.equal(`Rank of ${expected.meta.total}`);
  });

  for (const query of <Record<string, string>[]>[
    { region: 'kolda' },
    { sector: 'health' },
    { level: 'communal' },
    { region: 'dakar', level: 'national' },
    { region: 'thies', sector: 'civil-registry', level: 'communal' },
  ]) {
    it(`filters by ${JSON.stringify(query)} like the API`, async () => {
      const params = new URLSearchParams({ ...query, limit: '100' });
      const expected = await api<Ranking>(sharedApi(), `/administrations?${params}`);
      const element = await ranking({ ...query, limit: '100' });
      expect(expected.data.length, 'the filter matches something').to.be.greaterThan(0);
      expect(rows(element).map(firstName)).to.deep.equal(expected.data.map((item) => item.name));
    });
  }

  it('shows the empty state when no administration matches', async () => {
    const element = await ranking({ region: 'kolda', level: 'national' });
    expect(element.getAttribute('state')).to.equal('empty');
    expect(shadowText(element)).to.contain('Le classement des administrations n’a aucune donnée à afficher.');
    await expect(element).to.be.accessible();
  });

  for (const [limit, rowsShown] of [
    ['1000', 100],
    ['0', 1],
    ['-5', 1],
    ['abc', 10],
    ['3.7', 3],
  ] as const) {
    it(`clamps limit="${limit}" to ${rowsShown} rows, warns, and never sends an invalid limit`, async () => {
      const fetches = countFetches();
      try {
        const element = await ranking({ limit });
        expect(rows(element)).to.have.length(rowsShown);
        expect(
          await eventually(() =>
            warnings()
              .all()
              .some((line) => line.includes(`limit="${limit}"`)),
          ),
        ).to.equal(true);
        for (const url of fetches.urls) {
          const sent = new URL(url, location.href).searchParams.get('limit');
          if (sent !== null) expect(Number(sent)).to.be.within(1, 100);
        }
      } finally {
        fetches.restore();
      }
    });
  }

  it('shows a configuration error for an unknown region, without any request', async () => {
    const fetches = countFetches();
    try {
      const element = await ranking({ region: 'paris' });
      expect(element.getAttribute('state')).to.equal('error');
      expect(shadowText(element)).to.contain('mal configuré');
      expect(fetches.urls).to.deep.equal([]);
      await expect(element).to.be.accessible();
    } finally {
      fetches.restore();
    }
  });

  it('links names through href-template, encoding the slug', async () => {
    const expected = await api<Ranking>(sharedApi(), '/administrations?limit=3');
    const element = await ranking({ limit: '3', 'href-template': '/administrations/{slug}?from=ranking' });
    const links = [...element.shadowRoot!.querySelectorAll('tbody a')];
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(
      expected.data.map((item) => `/administrations/${encodeURIComponent(item.slug)}?from=ranking`),
    );
    expect(links.every((a) => !a.hasAttribute('rel'))).to.equal(true);
  });

  it('marks off-site links noopener noreferrer and never makes a javascript: link', async () => {
    const offsite = await ranking({ limit: '2', 'href-template': 'https://example.org/a/{slug}' });
    const links = [...offsite.shadowRoot!.querySelectorAll('tbody a')];
    expect(links).to.have.length(2);
    expect(links.every((a) => a.getAttribute('rel') === 'noopener noreferrer')).to.equal(true);
    const hostile = await ranking({ limit: '2', 'href-template': 'javascript:alert("{slug}")' });
    // No link but the source line's, to the platform's site.
    const hrefs = [...hostile.shadowRoot!.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).to.deep.equal(['https://khountous.sn']);
    expect(rows(hostile)).to.have.length(2);
  });

  it('pages with previous/next, continuing the rank numbers, and announces the page', async () => {
    const page2 = await api<Ranking>(sharedApi(), '/administrations?limit=5&page=2');
    const element = await ranking({ limit: '5', paginate: '' });
    const [previous, next] = [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('nav button')];
    expect(previous!.disabled).to.equal(true);
    const pages = Math.ceil(page2.meta.total / 5);
    expect(shadowText(element)).to.contain(`Page 1 sur ${pages}`);
    const second = nextEvent(element, 'khountous-load');
    next!.click();
    await second;
    await element.updateComplete;
    expect(rows(element).map(firstName)).to.deep.equal(page2.data.map((item) => item.name));
    expect(placeOf(rows(element)[0]!)).to.equal('6');
    expect(element.shadowRoot!.querySelector('nav [aria-live="polite"]')!.textContent).to.contain(
      `Page 2 sur ${pages}`,
    );
    const first = nextEvent(element, 'khountous-load');
    element.shadowRoot!.querySelectorAll<HTMLButtonElement>('nav button')[0]!.click();
    await first;
    await element.updateComplete;
    expect(placeOf(rows(element)[0]!)).to.equal('1');
    await expect(element).to.be.accessible();
  });

  it('starts on the page given by `page`, and goes back to it when a filter changes', async () => {
    const page2 = await api<Ranking>(sharedApi(), '/administrations?limit=2&page=2');
    const element = await ranking({ limit: '2', page: '2', paginate: '' });
    expect(rows(element).map(firstName)).to.deep.equal(page2.data.map((item) => item.name));
    const third = nextEvent(element, 'khountous-load');
    element.shadowRoot!.querySelectorAll<HTMLButtonElement>('nav button')[1]!.click();
    await third;
    const filtered = await api<Ranking>(sharedApi(), '/administrations?limit=2&page=2&level=communal');
    expect(filtered.data).to.have.length(2);
    const back = nextEvent(element, 'khountous-load');
    element.setAttribute('level', 'communal');
    await back;
    await element.updateComplete;
    expect(rows(element).map(firstName)).to.deep.equal(filtered.data.map((item) => item.name));
    expect(placeOf(rows(element)[0]!)).to.equal('3');
  });

  /** Clicks "next" until the pager says page `page`. */
  async function goToPage(element: HTMLElement, page: number): Promise<void> {
    for (let shown = 1; shown < page; shown += 1) {
      const loaded = nextEvent(element, 'khountous-load');
      element.shadowRoot!.querySelectorAll<HTMLButtonElement>('nav button')[1]!.click();
      await loaded;
    }
    await (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  }

  const pagerText = (element: Element) =>
    element.shadowRoot!.querySelector('nav [aria-live="polite"]')?.textContent?.trim() ?? '';

  for (const [limit, page] of [
    [50, 1],
    [20, 3],
    [3, 14],
  ] as const) {
    it(`a limit change keeps the reader on the page holding the first item they saw (page 5 of 10 → page ${page} of ${limit})`, async () => {
      const all = await api<Ranking>(sharedApi(), '/administrations?limit=100');
      const element = await ranking({ limit: '10', paginate: '' });
      await goToPage(element, 5);
      expect(placeOf(rows(element)[0]!)).to.equal('41');
      const seen = firstName(rows(element)[0]!);
      element.setAttribute('limit', String(limit));
      await settled(element, ['ready']);
      await element.updateComplete;
      const pages = Math.ceil(all.meta.total / limit);
      expect(pagerText(element)).to.equal(`Page ${page} sur ${pages}`);
      const names = rows(element).map(firstName);
      expect(names).to.deep.equal(all.data.slice((page - 1) * limit, page * limit).map((item) => item.name));
      const row = rows(element).find((candidate) => firstName(candidate) === seen)!;
      expect(row, 'the first item seen is still shown').to.exist;
      expect(placeOf(row)).to.equal('41');
      expect(shadowText(element)).not.to.contain('aucune donnée à afficher');
    });
  }

  it('with paginate, a page past the end shows the last page, with a pager to go back', async () => {
    const all = await api<Ranking>(sharedApi(), '/administrations?limit=100');
    const pages = Math.ceil(all.meta.total / 10);
    const last = await api<Ranking>(sharedApi(), `/administrations?limit=10&page=${pages}`);
    const element = await ranking({ limit: '10', page: '999', paginate: '' });
    expect(await settled(element, ['ready'])).to.equal('ready');
    await element.updateComplete;
    expect(rows(element).map(firstName)).to.deep.equal(last.data.map((item) => item.name));
    expect(pagerText(element)).to.equal(`Page ${pages} sur ${pages}`);
    const [previous, next] = pagerButtons(element);
    expect(previous!.disabled).to.equal(false);
    expect(next!.disabled).to.equal(true);
    // Without the pager, the page asked for, as before: empty.
    const bare = await ranking({ limit: '10', page: '999' });
    expect(bare.getAttribute('state')).to.equal('empty');
    expect(pagerButtons(bare)).to.deep.equal([]);
  });

  it('when the last page cannot be shown either, says so with a button back to page 1', async () => {
    const loader = getLoader();
    const load = loader.load;
    // A list that shrank between two answers: every page past the first comes back empty.
    loader.load = ((resource: Resource, options: LoadOptions) => {
      const query = resource.kind === 'administrations' ? resource.query : undefined;
      if (query && (query.page ?? 1) > 1) {
        const data: Ranking = { data: [], meta: { page: query.page!, pageSize: query.limit!, total: 25 } };
        return Promise.resolve({ data, stale: false, fetchedAt: Date.now() });
      }
      return load.call(loader, resource, options);
    }) as typeof loader.load;
    try {
      const element = await ranking({ limit: '10', page: '999', paginate: '' });
      const back = () => element.shadowRoot!.querySelector<HTMLButtonElement>('[part~="empty"] button');
      expect(await settled(element)).to.equal('empty');
      expect(back(), 'a way back').to.exist;
      expect(back()!.textContent!.trim()).to.equal('Revenir à la page 1');
      const loaded = nextEvent(element, 'khountous-load');
      back()!.click();
      await loaded;
      await element.updateComplete;
      expect(rows(element)).to.have.length(10);
      expect(placeOf(rows(element)[0]!)).to.equal('1');
      expect(pagerText(element)).to.match(/^Page 1 sur \d+$/);
    } finally {
      loader.load = load;
    }
  });

  it('disables "next" and says when, once the budget is spent and the next page is not cached', async function () {
    // 59 real requests, one after another, until the budget says no more: a loaded machine
    // took more than mocha's 10 s for them.
    this.timeout(60_000);
    const base = isolatedApi('paging');
    const element = await ranking({ 'base-url': base, limit: '5', paginate: '', lang: 'en' });
    const slugs = (await api<Ranking>(sharedApi(), '/administrations?limit=100')).data.map(
      (item) => item.slug,
    );
    const loader = getLoader();
    let spent = 0;
    for (const slug of slugs) {
      if (loader.stats(base).remaining <= 0) break;
      await loader.load({ kind: 'administration', slug, lang: 'en' }, { baseUrl: base, lazy: false });
      spent += 1;
    }
    expect(spent, 'requests the budget allowed').to.equal(59);
    await element.updateComplete;
    const next = element.shadowRoot!.querySelectorAll<HTMLButtonElement>('nav button')[1]!;
    expect(next.disabled).to.equal(true);
    expect(shadowText(element)).to.match(/Next page available at \d{2}:\d{2}/);
    expect(rows(element)).to.have.length(5);
  });

  it('writes numbers the French or the English way', async () => {
    const fr = await ranking({ limit: '1' });
    const en = await ranking({ limit: '1', lang: 'en' });
    const cells = (element: Element) =>
      [...rows(element)[0]!.querySelectorAll('td.wide')].map((td) => td.textContent);
    const [rateFr, delayFr] = cells(fr);
    const [rateEn, delayEn] = cells(en);
    expect(rateFr).to.match(/^\d+\s%$/u);
    expect(rateEn).to.match(/^\d+%$/);
    expect(delayFr).to.match(/j$/);
    expect(delayEn).to.match(/days?$/);
    expect(shadowText(en)).to.contain('Average delay');
  });

  it('fits 280 px: secondary columns fold under the name, with their headings; at 960 px they are columns', async () => {
    const expected = await api<Ranking>(sharedApi(), '/administrations?limit=3');
    const narrow = await ranking({ limit: '3' }, 280);
    const wide = await ranking({ limit: '3' }, 960);
    const display = (element: Element, selector: string) =>
      getComputedStyle(element.shadowRoot!.querySelector(selector)!).display;
    expect(display(narrow, 'td.wide')).to.equal('none');
    expect(display(narrow, '.sub')).to.equal('block');
    expect(display(wide, 'td.wide')).not.to.equal('none');
    expect(display(wide, '.sub')).to.equal('none');
    // Each figure under the name says what it is, in its column's words: "taux de réponse 87 %".
    const heads = [...narrow.shadowRoot!.querySelectorAll('thead th.wide')].map((th) =>
      th.textContent!.trim(),
    );
    expect(heads).to.deep.equal(['Taux de réponse', 'Délai moyen']);
    rows(narrow).forEach((row, index) => {
      const cells = [...row.querySelectorAll('td.wide')].map((td) => td.textContent!.trim());
      const figures = [...row.querySelectorAll('.sub .figure')];
      expect(figures.map((figure) => figure.textContent!.replace(/[ \n]+/g, ' ').trim())).to.deep.equal(
        heads.map((head, at) => `${head} ${cells[at]}`),
      );
      expect(cells[0]).to.equal(formatPercent('fr', expected.data[index]!.responseRate));
      const label = figures[0]!.querySelector('.label')!;
      expect(label.getBoundingClientRect().width, 'shown').to.be.greaterThan(20);
      expect(getComputedStyle(label).textTransform).to.equal('lowercase');
    });
    expect(narrow.getBoundingClientRect().width).to.equal(280);
    expect(narrow.shadowRoot!.querySelector('table')!.getBoundingClientRect().width).to.be.at.most(280);
  });

  it('stops the skeleton animation when the reader prefers reduced motion', () => {
    const sheets = (
      customElements.get('khountous-ranking') as unknown as {
        elementStyles: { styleSheet?: CSSStyleSheet }[];
      }
    ).elementStyles;
    const rules = sheets.flatMap((style) => [...(style.styleSheet?.cssRules ?? [])]);
    const reduced = rules.filter(
      (rule): rule is CSSMediaRule =>
        rule instanceof CSSMediaRule && rule.conditionText.includes('prefers-reduced-motion'),
    );
    expect(reduced.length).to.be.greaterThan(0);
    const styles = reduced.flatMap((rule) => [...rule.cssRules] as CSSStyleRule[]);
    expect(
      styles.some((rule) => rule.selectorText.includes('.skeleton') && rule.style.animationName === 'none'),
    ).to.equal(true);
  });
});
