/**
 * Get the data: under its graphic, each widget that draws the API's data links its CSV file
 * and gives a citation to copy. The file's rows equal what is drawn (read back from the
 * link's data: URL and compared with the rendered table, list or card), in French and
 * English; reading it sends no request; `download="none"` hides both; the citation names
 * the widget by its title, the data's date as the source line says it, and the site.
 */
import { expect, fixtureCleanup } from '@open-wc/testing';
import '../../src/khountous.js';
import { formatAs, formatDays, formatNumber, formatPercent } from '../../src/i18n/format.js';
import { balanced } from '../../src/i18n/bidi.js';
import { indicatorFormat } from '../../src/widget/indicator-format.js';
import { PLATFORM_SITE } from '../../src/widget/source.js';
import { parseCsv } from '../helpers/csv.js';
import { countFetches, freshKit, isolatedApi, mount } from '../helpers/kit.js';

const part = (element: Element, name: string) =>
  element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The link's file: its data: URL decoded, its byte order mark checked, read as a spreadsheet reads it. */
function fileOf(element: Element): { header: string[]; rows: string[][]; link: HTMLAnchorElement } {
  const link = part(element, 'download') as HTMLAnchorElement | null;
  expect(link, 'the download link').to.exist;
  const prefix = 'data:text/csv;charset=utf-8,';
  expect(link!.getAttribute('href')!.startsWith(prefix), 'a CSV data: URL').to.equal(true);
  const body = decodeURIComponent(link!.getAttribute('href')!.slice(prefix.length));
  expect(body.charAt(0), 'the byte order mark').to.equal('\uFEFF');
  const [header, ...rows] = parseCsv(body.slice(1));
  return { header: header!, rows, link: link! };
}

/** A cell as the API gave it: a neutralised formula's quote taken off. */
const given = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

const WORDS = {
  fr: {
    download: 'Télécharger les données (CSV)',
    cite: 'données au',
    title: 'Classement des administrations',
  },
  en: { download: 'Download the data (CSV)', cite: 'data as of', title: 'Ranking of administrations' },
} as const;

describe('get the data: a CSV file equal to the drawing, and a citation', function () {
  this.timeout(30000);
  beforeEach(freshKit);
  afterEach(() => fixtureCleanup());

  for (const lang of ['fr', 'en'] as const)
    it(`the ranking (${lang}): each row of the file is a row of the table, in the widget's language`, async () => {
      const element = await mount('khountous-ranking', { 'base-url': isolatedApi('csv'), lang, limit: '6' });
      const { header, rows, link } = fileOf(element);
      expect(text(link)).to.equal(WORDS[lang].download);
      const heads = [...element.shadowRoot!.querySelectorAll('thead th')].map(text);
      // Name, score, response rate, delay: the table's column names, the unit in brackets after a number's.
      expect(header[0]).to.equal(heads[1]);
      for (const [index, column] of [2, 3, 4].entries())
        expect(header[index + 1]!.startsWith(`${heads[column]} (`)).to.equal(true);
      const drawn = [...element.shadowRoot!.querySelectorAll('tbody tr')];
      expect(rows.length).to.equal(drawn.length);
      expect(rows.length).to.equal(6);
      rows.forEach(([name, score, rate, delay], index) => {
        const row = drawn[index]!;
        expect(text(row.querySelector('th.name bdi')), `row ${index + 1}`).to.equal(
          balanced(given(name!)).trim(),
        );
        expect(text(row.querySelector('.score-value'))).to.equal(formatNumber(lang, Number(score)));
        const [rateCell, delayCell] = row.querySelectorAll('td.wide');
        expect(text(rateCell)).to.equal(formatPercent(lang, Number(rate)));
        expect(text(delayCell)).to.equal(formatDays(lang, Number(delay)));
      });
    });

  for (const [tag, lang, indicator] of [
    ['khountous-region-stats', 'fr', 'responseRate'],
    ['khountous-region-map', 'en', 'averageScore'],
    ['khountous-region-map', 'fr', 'avgDelayDays'],
  ] as const)
    it(`${tag} (${lang}, ${indicator}): the file holds each region's value as its table writes it`, async () => {
      const element = await mount(tag, { 'base-url': isolatedApi('csv'), lang, indicator });
      const { header, rows } = fileOf(element);
      const heads = [...element.shadowRoot!.querySelectorAll('thead th')].map(text);
      expect(header[0]).to.equal(heads[0]);
      const drawn = new Map(
        [...element.shadowRoot!.querySelectorAll('tbody tr')].map((row) => [
          text(row.querySelector('th')),
          text(row.querySelector('td')),
        ]),
      );
      expect(rows.length, 'as many regions as the table').to.equal(drawn.size);
      const format = indicatorFormat.formats[indicator];
      for (const [name, value] of rows)
        expect(drawn.get(balanced(name!).trim()), name).to.equal(formatAs(lang, format, Number(value)));
    });

  for (const [tag, lang] of [
    ['khountous-reports', 'fr'],
    ['khountous-fact-checks', 'en'],
  ] as const)
    it(`${tag} (${lang}): one row per item drawn, in its order`, async () => {
      const element = await mount(tag, { 'base-url': isolatedApi('csv'), lang, limit: '4' });
      const { rows } = fileOf(element);
      const drawn = [...element.shadowRoot!.querySelectorAll('[part~="item"]')].map((item) =>
        text(item.querySelector('[part~="title"] bdi, [part~="claim"] bdi')),
      );
      expect(drawn.length).to.be.greaterThan(0);
      expect(rows.map(([name]) => balanced(given(name!)).trim())).to.deep.equal(drawn);
    });

  for (const [tag, attrs] of [
    ['khountous-admin-card', { slug: 'hopital-regional-de-tambacounda' }],
    ['khountous-report', { slug: '26-jours-d-attente-pour-l-admission-aux-urgences-a-kolda' }],
  ] as const)
    it(`${tag}: one row, its title the card's`, async () => {
      const element = await mount(tag, { 'base-url': isolatedApi('csv'), lang: 'en', ...attrs });
      const { rows } = fileOf(element);
      expect(rows.length).to.equal(1);
      expect(balanced(given(rows[0]![0]!)).trim()).to.equal(
        text(part(element, 'title')!.querySelector('bdi')),
      );
    });

  it('reading and following the link sends no request', async () => {
    const base = isolatedApi('csv-requests');
    const fetches = countFetches();
    try {
      const element = await mount('khountous-ranking', { 'base-url': base, lang: 'fr', limit: '5' });
      const before = fetches.urls.filter((url) => url.startsWith(base)).length;
      expect(before, 'the widget loaded its data').to.be.greaterThan(0);
      const { link } = fileOf(element);
      // The click as a reader's, without the save dialog: nothing the kit does on it fetches.
      const stop = (event: Event) => event.preventDefault();
      element.shadowRoot!.addEventListener('click', stop);
      link.click();
      element.shadowRoot!.removeEventListener('click', stop);
      await (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      expect(fetches.urls.filter((url) => url.startsWith(base)).length).to.equal(before);
      expect(
        performance.getEntriesByType('resource').filter((entry) => entry.name.startsWith('data:')).length,
      ).to.equal(0);
    } finally {
      fetches.restore();
    }
  });

  for (const lang of ['fr', 'en'] as const)
    it(`the citation (${lang}): the platform, the widget's title, the source line's date, the site`, async () => {
      const element = await mount('khountous-ranking', { 'base-url': isolatedApi('csv'), lang, limit: '3' });
      const source = text(part(element, 'source'));
      const date = source.slice(source.indexOf(WORDS[lang].cite) + WORDS[lang].cite.length).trim();
      expect(date).to.match(/\d{4}$/);
      const cited = text(part(element, 'citation')!.querySelector('.cited'));
      expect(cited).to.equal(
        `Khountous, ${WORDS[lang].title}, ${WORDS[lang].cite} ${date}, ${PLATFORM_SITE}`,
      );
      // Its file is named after the widget and the date: no space, no accent.
      expect(fileOf(element).link.getAttribute('download')).to.match(
        /^khountous-ranking-\d{4}-\d{2}-\d{2}\.csv$/,
      );
    });

  it('the link is reached with the keyboard and named for screen readers; the citation is text to select', async () => {
    const element = await mount('khountous-ranking', {
      'base-url': isolatedApi('csv'),
      lang: 'en',
      limit: '3',
    });
    const { link } = fileOf(element);
    link.focus();
    expect(element.shadowRoot!.activeElement).to.equal(link);
    expect(link.tabIndex).to.equal(0);
    expect(getComputedStyle(part(element, 'citation')!).userSelect).to.not.equal('none');
    expect(getComputedStyle(part(element, 'citation')!).display).to.not.equal('none');
  });

  it('download="none" hides the link and the citation; "csv" shows them again', async () => {
    const element = await mount('khountous-ranking', {
      'base-url': isolatedApi('csv'),
      download: 'none',
      limit: '3',
    });
    expect(element.getAttribute('state')).to.equal('ready');
    expect(part(element, 'get-data')).to.equal(null);
    expect(part(element, 'citation')).to.equal(null);
    element.setAttribute('download', 'csv');
    await (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(part(element, 'download')).to.exist;
    expect(part(element, 'citation')).to.exist;
  });

  it('the dataset: its citation, and no file of ours beside the API’s own downloads', async () => {
    const element = await mount('khountous-dataset', {
      'base-url': isolatedApi('csv'),
      'dataset-id': 'administration-scores',
    });
    expect(element.getAttribute('state')).to.equal('ready');
    expect(part(element, 'download')).to.equal(null);
    expect(text(part(element, 'citation')!.querySelector('.cited'))).to.match(
      /^Khountous, Jeu de données ouvert, données au .+\d{4}, https:\/\/khountous\.sn$/,
    );
  });
});
