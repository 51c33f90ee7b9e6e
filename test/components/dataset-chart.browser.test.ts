// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * <khountous-dataset>'s chart of a time series (src/components/dataset/chart.ts): drawn above
 * the preview table of a dataset with a month or date column in time order and numbers, one
 * line and one mark per row for each series, its moments and values written in the
 * element's language; nothing for a dataset that is no series.
 */
import { expect } from '@open-wc/testing';
import '../../src/components/dataset/define.js';
import type { KhountousDataset } from '../../src/components/dataset/dataset.js';
import type { DatasetJson } from '../../src/core/types.js';
import {
  api,
  eventually,
  isolatedApi,
  mount,
  editAnswers,
  sharedApi,
  widgetTestHooks,
} from '../helpers/kit.js';

const SERIES = 'response-times';
const dataset = (attrs: Record<string, string>, width?: number) =>
  mount<KhountousDataset>('khountous-dataset', attrs, { width });

const graphOf = (element: Element) => element.shadowRoot!.querySelector<SVGSVGElement>('svg.graph');
const textsOf = (element: Element, selector: string) =>
  [...element.shadowRoot!.querySelectorAll(selector)].map((node) => node.textContent!.trim());
const bodyRows = (element: Element) => [
  ...element.shadowRoot!.querySelectorAll('table[part~="preview"] tbody tr'),
];
const monthIn = (locale: string, month: string) =>
  new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
/** A number as the element writes one of a column without numbers of five digits. */
const numberIn = (lang: string, value: number) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 2, useGrouping: false }).format(value);

/** Lets the API's answer for a dataset be edited before the kit reads it. */
const editDataset = (id: string, edit: (dataset: DatasetJson) => unknown) =>
  editAnswers(`/datasets/${id}`, edit);

describe('<khountous-dataset> chart of a time series', () => {
  const warnings = widgetTestHooks();
  let expected: DatasetJson;
  before(async () => {
    expected = await api<DatasetJson>(sharedApi(), `/datasets/${SERIES}?format=json`);
  });

  for (const [lang, locale] of [
    ['fr', 'fr-FR'],
    ['en', 'en-GB'],
  ] as const) {
    it(`draws one line per series, one mark per row, months and values in ${lang}, above the table`, async () => {
      const keys = ['submitted', 'answered', 'resolved'];
      const element = await dataset({ 'dataset-id': SERIES, preview: '3', series: keys.join(' '), lang });
      const graph = graphOf(element)!;
      expect(graph, 'the chart').to.exist;
      expect(graph.querySelectorAll('path.line')).to.have.length(3);
      for (const [series, key] of keys.entries()) {
        const rows = expected.rows.filter((row) => typeof row[key] === 'number');
        expect(graph.querySelectorAll(`g.s${series} .point`), key).to.have.length(rows.length);
      }
      // The moments: the first and the last month written in the language, in time order.
      const first = String(expected.rows[0]!['month']);
      const last = String(expected.rows.at(-1)!['month']);
      const moments = textsOf(element, 'svg.graph text.moment');
      expect(moments.length).to.be.within(3, 7);
      expect(moments[0]).to.equal(monthIn(locale, first));
      expect(moments.at(-1)).to.equal(monthIn(locale, last));
      // The values' axis: from 0, 3 to 5 round ticks, up to the highest value at least.
      const ticks = textsOf(element, 'svg.graph text.tick').map((text) => Number(text.replace(/\s/g, '')));
      expect(ticks[0]).to.equal(0);
      expect(ticks.length).to.be.within(3, 5);
      const highest = Math.max(...keys.flatMap((key) => expected.rows.map((row) => Number(row[key] ?? 0))));
      expect(ticks.at(-1)).to.be.at.least(highest);
      expect(ticks).to.deep.equal([...ticks].sort((a, b) => a - b));
      // The legend names each series in the language.
      const labels = keys.map((key) => expected.columns.find((column) => column.key === key)!.label[lang]);
      expect(textsOf(element, '.legend li')).to.deep.equal(labels);
      // An image that says what it shows; the table stays below it.
      expect(graph.getAttribute('role')).to.equal('img');
      const description = graph.getAttribute('aria-label')!;
      for (const label of labels) expect(description).to.contain(label);
      expect(description).to.contain(monthIn(locale, first)).and.contain(monthIn(locale, last));
      const submitted = expected.rows.map((row) => row['submitted'] as number);
      expect(description).to.contain(numberIn(lang, Math.max(...submitted)));
      const chart = element.shadowRoot!.querySelector('[part~="chart"]')!;
      const table = element.shadowRoot!.querySelector('table[part~="preview"]')!;
      expect(chart.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
      expect(bodyRows(element)).to.have.length(3);
      await expect(element).to.be.accessible();
    });
  }

  it('draws the first number column when `series` is absent', async () => {
    const element = await dataset({ 'dataset-id': SERIES, preview: '2', lang: 'en' });
    expect(graphOf(element)!.querySelectorAll('path.line')).to.have.length(1);
    const first = expected.columns.find((column) => column.type === 'number')!;
    expect(textsOf(element, '.legend li')).to.deep.equal([first.label.en]);
  });

  it('skips a key that is no number column, and draws the default for a malformed `series`, with a warning', async () => {
    const unknown = await dataset({ 'dataset-id': SERIES, preview: '2', series: 'resolved nope' });
    expect(graphOf(unknown)!.querySelectorAll('path.line')).to.have.length(1);
    expect(textsOf(unknown, '.legend li')).to.deep.equal([
      expected.columns.find((column) => column.key === 'resolved')!.label.fr,
    ]);
    expect(
      warnings()
        .all()
        .some((line) => line.includes('"nope"')),
    ).to.equal(true);
    const malformed = await dataset({ 'dataset-id': SERIES, preview: '2', series: 'a;b' });
    expect(graphOf(malformed)!.querySelectorAll('path.line')).to.have.length(1);
    expect(
      await eventually(() =>
        warnings()
          .all()
          .some((line) => line.includes('series="a;b"')),
      ),
    ).to.equal(true);
  });

  for (const [id, why] of [
    ['budget-execution', 'no month or date column'],
    ['citizen-reports', 'no number column'],
    ['fact-checks', 'newest first'],
    ['administration-scores', 'its dates in no time order'],
  ] as const) {
    it(`draws no chart for ${id} (${why})`, async () => {
      const element = await dataset({ 'dataset-id': id, preview: '3' });
      expect(element.shadowRoot!.querySelector('svg')).to.equal(null);
      expect(element.shadowRoot!.querySelector('[part~="chart"]')).to.equal(null);
      expect(bodyRows(element)).to.have.length(3);
    });
  }

  it('draws no chart without a preview, nor for fewer than two rows', async () => {
    const alone = await dataset({ 'dataset-id': SERIES });
    expect(alone.shadowRoot!.querySelector('[part~="chart"]')).to.equal(null);
    const restore = editDataset(SERIES, (body) => body.rows.splice(1));
    try {
      const one = await dataset({
        'dataset-id': SERIES,
        preview: '3',
        'base-url': isolatedApi('dataset-one'),
      });
      expect(bodyRows(one)).to.have.length(1);
      expect(one.shadowRoot!.querySelector('[part~="chart"]')).to.equal(null);
    } finally {
      restore();
    }
  });

  it('draws each series in a colour of its theme, apart from the background, light and dark', async () => {
    const strokes: string[] = [];
    for (const theme of ['light', 'dark']) {
      const element = await dataset({
        'dataset-id': SERIES,
        preview: '1',
        series: 'submitted answered',
        theme,
      });
      const background = getComputedStyle(element.shadowRoot!.querySelector('.root')!).backgroundColor;
      const lines = [...graphOf(element)!.querySelectorAll('path.line')].map(
        (path) => getComputedStyle(path).stroke,
      );
      expect(new Set(lines).size, theme).to.equal(2);
      for (const stroke of lines) expect(stroke, theme).to.not.equal(background);
      // Told apart by more than colour: a disc, then a square.
      expect(graphOf(element)!.querySelector('g.s0 .point')!.localName).to.equal('circle');
      expect(graphOf(element)!.querySelector('g.s1 .point')!.localName).to.equal('line');
      strokes.push(lines[0]!);
    }
    expect(strokes[0]).to.not.equal(strokes[1]);
  });

  it('fits 320 px: the chart no wider than the element, three months labelled', async () => {
    const element = await dataset({ 'dataset-id': SERIES, preview: '1', lang: 'fr' }, 320);
    const base = element.shadowRoot!.querySelector('[part~="base"]')!.getBoundingClientRect();
    const graph = graphOf(element)!.getBoundingClientRect();
    expect(graph.right).to.be.at.most(base.right);
    expect(graph.left).to.be.at.least(base.left);
    const shown = [...graphOf(element)!.querySelectorAll<SVGTextElement>('text.moment')].filter(
      (text) => getComputedStyle(text).display !== 'none',
    );
    expect(shown).to.have.length(3);
    const boxes = shown.map((text) => text.getBoundingClientRect());
    for (let index = 1; index < boxes.length; index += 1)
      expect(boxes[index]!.left, 'labels apart').to.be.greaterThan(boxes[index - 1]!.right);
  });

  it('writes labels from the API as text, never markup', async () => {
    const hostile = '<img src=x onerror="window.__chartHacked=1">';
    const restore = editDataset(SERIES, (body) => {
      body.columns.find((column) => column.key === 'submitted')!.label = { fr: hostile, en: hostile };
    });
    try {
      const element = await dataset({
        'dataset-id': SERIES,
        preview: '1',
        'base-url': isolatedApi('dataset-hostile'),
      });
      expect(element.shadowRoot!.querySelector('img')).to.equal(null);
      expect(textsOf(element, '.legend li')).to.deep.equal([hostile]);
      expect(graphOf(element)!.getAttribute('aria-label')).to.contain(hostile);
      expect((window as { __chartHacked?: number }).__chartHacked).to.equal(undefined);
    } finally {
      restore();
    }
  });
});
