// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
import { expect, fixture } from '@open-wc/testing';
import '../../src/components/dataset/define.js';
import type { KhountousDataset } from '../../src/components/dataset/dataset.js';
import { getLoader } from '../../src/core/loader/loader.js';
import { DATASET_FORMATS, type DatasetJson } from '../../src/core/types.js';
import { datasetStrings } from '../../src/components/dataset/strings.js';
import {
  api,
  countFetches,
  eventually,
  isolatedApi,
  mount,
  settled,
  shadowText,
  sharedApi,
  widgetTestHooks,
} from '../helpers/kit.js';

const dataset = (attrs: Record<string, string>) => mount<KhountousDataset>('khountous-dataset', attrs);

const links = (element: Element) => [
  ...element.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a[part~="download"]'),
];
const bodyRows = (element: Element) => [
  ...element.shadowRoot!.querySelectorAll('table[part~="preview"] tbody tr'),
];
const headings = (element: Element) =>
  [...element.shadowRoot!.querySelectorAll('table[part~="preview"] thead th')].map((th) =>
    th.textContent!.trim(),
  );

/** Keeps a click on a download link from leaving the test page; the element's own listener still runs. */
const clickWithoutLeaving = (link: HTMLAnchorElement) => {
  link.addEventListener('click', (event) => event.preventDefault(), { once: true });
  link.click();
};

const ID = 'budget-execution';

describe('<khountous-dataset>', () => {
  const warnings = widgetTestHooks();

  for (const lang of ['fr', 'en'] as const) {
    it(`shows the title, description, licence and date in ${lang}`, async () => {
      const expected = await api<DatasetJson>(sharedApi(), `/datasets/${ID}?format=json`);
      const element = await dataset({ 'dataset-id': ID, lang });
      expect(element.getAttribute('state')).to.equal('ready');
      const root = element.shadowRoot!;
      expect(root.querySelector('[part~="title"]')!.textContent).to.equal(expected.title[lang]);
      expect(root.querySelector('[part~="description"]')!.textContent).to.equal(expected.description[lang]);
      const meta = root.querySelector('[part~="meta"]')!;
      expect(meta.textContent).to.contain(expected.license);
      expect(meta.querySelector('time')!.getAttribute('datetime')).to.equal(
        new Date(expected.updatedAt).toISOString(),
      );
      expect(root.querySelector('table')).to.equal(null);
      await expect(element).to.be.accessible();
    });
  }

  it('needs one request for the dataset, shared by every element that shows it', async () => {
    const fetches = countFetches();
    try {
      const first = document.createElement('khountous-dataset');
      const second = document.createElement('khountous-dataset');
      for (const element of [first, second]) {
        element.setAttribute('base-url', sharedApi());
        element.setAttribute('dataset-id', ID);
      }
      second.setAttribute('preview', '4');
      const wrapper = await fixture<HTMLDivElement>(document.createElement('div'));
      wrapper.append(first, second);
      await settled(first);
      await settled(second);
      expect(fetches.urls).to.have.length(1);
      expect(new URL(fetches.urls[0]!).searchParams.get('format')).to.equal('json');
    } finally {
      fetches.restore();
    }
  });

  it('links to the csv, json and xlsx downloads of the API, absolute, with a download attribute', async () => {
    const element = await dataset({ 'dataset-id': ID });
    const found = links(element);
    expect(found).to.have.length(3);
    for (const [index, format] of DATASET_FORMATS.entries()) {
      const link = found[index]!;
      const href = link.getAttribute('href')!;
      expect(href).to.match(/^https?:\/\//);
      const url = new URL(href);
      expect(`${url.origin}${url.pathname}`).to.equal(`${sharedApi()}/datasets/${ID}`);
      expect([...url.searchParams.entries()]).to.deep.equal([['format', format]]);
      expect(link.hasAttribute('download')).to.equal(true);
      expect(link.getAttribute('download')).to.contain(format);
      const response = await fetch(href);
      expect(response.ok).to.equal(true);
      expect(response.headers.get('Content-Type')).to.contain(
        { csv: 'text/csv', json: 'application/json', xlsx: 'spreadsheetml' }[format],
      );
      await response.arrayBuffer();
    }
    expect(found.map((a) => a.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal([
      `${datasetStrings.fr.dataset.downloadAs} CSV`,
      `${datasetStrings.fr.dataset.downloadAs} JSON`,
      `${datasetStrings.fr.dataset.downloadAs} Excel (XLSX)`,
    ]);
  });

  it('counts a click on a download as one request of the budget', async () => {
    const base = isolatedApi('dataset-download');
    const element = await dataset({ 'dataset-id': ID, 'base-url': base });
    const before = getLoader().stats(base);
    clickWithoutLeaving(links(element)[0]!);
    const after = getLoader().stats(base);
    expect(after.requests).to.equal(before.requests + 1);
    expect(after.remaining).to.equal(before.remaining - 1);
    clickWithoutLeaving(links(element)[2]!);
    expect(getLoader().stats(base).requests).to.equal(before.requests + 2);
  });

  it('replaces the links with a note saying when, once the budget is spent', async () => {
    const base = isolatedApi('dataset-spent');
    const element = await dataset({ 'dataset-id': ID, 'base-url': base, lang: 'en' });
    const loader = getLoader();
    for (let i = 0; i < 100 && loader.canDownload(base); i += 1) clickWithoutLeaving(links(element)[1]!);
    expect(loader.canDownload(base), 'the clicks spent the budget').to.equal(false);
    await new Promise((resolve) => setTimeout(resolve));
    await element.updateComplete;
    expect(links(element)).to.have.length(0);
    const downloads = element.shadowRoot!.querySelector('[part~="downloads"]')!;
    expect(downloads.textContent).to.match(/downloads available again at \d{2}:\d{2}/);
    expect(element.getAttribute('state')).to.equal('ready');
    await expect(element).to.be.accessible();
  });

  for (const lang of ['fr', 'en'] as const) {
    it(`previews the first rows with the column labels in ${lang}`, async () => {
      const expected = await api<DatasetJson>(sharedApi(), '/datasets/citizen-reports?format=json');
      const element = await dataset({ 'dataset-id': 'citizen-reports', preview: '4', lang });
      expect(bodyRows(element)).to.have.length(4);
      expect(headings(element)).to.deep.equal(expected.columns.map((column) => column.label[lang]));
      const slugColumn = expected.columns.findIndex((column) => column.key === 'slug');
      expect(bodyRows(element).map((row) => row.children[slugColumn]!.textContent!.trim())).to.deep.equal(
        expected.rows.slice(0, 4).map((row) => row['slug']),
      );
      const caption = element.shadowRoot!.querySelector('#preview-caption')!.textContent!;
      const table = element.shadowRoot!.querySelector('table')!;
      expect(table.getAttribute('aria-labelledby')).to.equal('preview-caption');
      expect(caption.trim()).to.equal(
        datasetStrings[lang].dataset.preview(4, new Intl.NumberFormat(lang).format(expected.rows.length)),
      );
      // Empty cells are said, not only drawn.
      const empty = expected.rows.slice(0, 4).some((row) => Object.values(row).includes(null));
      if (empty) expect(shadowText(element)).to.contain(datasetStrings[lang].dataset.noValue);
      await expect(element).to.be.accessible();
    });
  }

  it('writes numbers the language’s way, dates as <time>, and years without a separator', async () => {
    const expected = await api<DatasetJson>(sharedApi(), `/datasets/${ID}?format=json`);
    const element = await dataset({ 'dataset-id': ID, preview: '1', lang: 'en' });
    const cells = [...bodyRows(element)[0]!.children].map((cell) => cell.textContent!.trim());
    const row = expected.rows[0]!;
    expected.columns.forEach((column, index) => {
      const value = row[column.key];
      if (typeof value === 'number') expect(Number(cells[index]!.replace(/,/g, ''))).to.equal(value);
    });
    const year = expected.columns.findIndex((column) => column.key === 'year');
    expect(cells[year]).to.equal(String(row['year']));
  });

  it('writes months in the page’s language (janv. 2025 / Jan 2025), as <time> with the month as written', async () => {
    const expected = await api<DatasetJson>(sharedApi(), '/datasets/response-times?format=json');
    const column = expected.columns.findIndex((item) => item.type === 'month');
    expect(column, 'a month column').to.be.at.least(0);
    const month = String(expected.rows[0]![expected.columns[column]!.key]);
    expect(month).to.match(/^\d{4}-\d{2}$/);
    const date = new Date(`${month}-01T00:00:00Z`);
    for (const [lang, locale] of [
      ['fr', 'fr-FR'],
      ['en', 'en-GB'],
    ] as const) {
      const element = await dataset({ 'dataset-id': 'response-times', preview: '1', lang });
      const cell = bodyRows(element)[0]!.children[column]!;
      const time = cell.querySelector('time')!;
      expect(time.getAttribute('datetime')).to.equal(month);
      const written = new Intl.DateTimeFormat(locale, {
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(date);
      expect(time.textContent, lang).to.equal(written);
      expect(time.textContent).to.not.equal(month);
    }
  });

  for (const [preview, shown] of [
    ['', 5],
    ['0', 1],
    ['-5', 1],
    ['500', 50],
    ['abc', 5],
  ] as const) {
    it(`shows ${shown} preview rows for preview="${preview}"`, async () => {
      const element = await dataset({ 'dataset-id': 'citizen-reports', preview });
      expect(bodyRows(element)).to.have.length(shown);
      if (preview !== '') {
        expect(
          await eventually(() =>
            warnings()
              .all()
              .some((line) => line.includes(`preview="${preview}"`)),
          ),
        ).to.equal(true);
      }
    });
  }

  it('shows no more rows than the dataset has', async () => {
    const expected = await api<DatasetJson>(sharedApi(), '/datasets/regional-indicators?format=json');
    const element = await dataset({ 'dataset-id': 'regional-indicators', preview: '50' });
    expect(bodyRows(element)).to.have.length(Math.min(50, expected.rows.length));
  });

  for (const id of ['', 'Not An Id', '../regions']) {
    it(`shows a configuration error for dataset-id="${id}", without any request`, async () => {
      const fetches = countFetches();
      try {
        const element = await dataset({ 'dataset-id': id });
        expect(element.getAttribute('state')).to.equal('error');
        expect(shadowText(element)).to.contain('mal configuré');
        expect(fetches.urls).to.deep.equal([]);
        await expect(element).to.be.accessible();
      } finally {
        fetches.restore();
      }
    });
  }

  it('scrolls a wide preview inside 280 px, with the scroll area reachable by keyboard', async () => {
    const wrapper = await fixture<HTMLDivElement>(document.createElement('div'));
    wrapper.style.width = '280px';
    const element = document.createElement('khountous-dataset');
    element.setAttribute('base-url', sharedApi());
    element.setAttribute('dataset-id', 'administration-scores');
    element.setAttribute('preview', '3');
    wrapper.append(element);
    await settled(element);
    const scroll = element.shadowRoot!.querySelector<HTMLElement>('.scroll')!;
    expect(scroll.getAttribute('tabindex')).to.equal('0');
    expect(scroll.scrollWidth).to.be.greaterThan(scroll.clientWidth);
    expect(element.shadowRoot!.querySelector('[part~="base"]')!.getBoundingClientRect().width).to.be.at.most(
      280,
    );
    await expect(element).to.be.accessible();
  });
});
