/**
 * The chart of a dataset that is a time series (series.ts): a line per number column drawn,
 * one to three, over the dataset's moments, above its preview table. Loaded by the element
 * with the first series it shows (a chunk of its own: a dataset that is no series never
 * loads it).
 *
 * A line chart, not columns: up to three series of many moments each (the reference API's
 * months are 22) would be 66 thin columns on a phone; lines show each trend and where the
 * series cross, and a mark on each row's value shows where the data is.
 *
 * Laid out without knowing its width, so that a server renders it as the browser does: the
 * SVG is as wide as the element, its positions in percent of its box; the lines are drawn in
 * a nested SVG stretched over the plot (their strokes kept at their width), the marks, the
 * grid and the labels in the outer one, at their own size. Each series has its colour (the
 * theme's accent, focus and stale tokens), and its mark's shape (a disc, a square, a ring)
 * for a reader who does not tell the colours apart, for forced colours and for paper.
 *
 * The SVG is an image with a sentence that says what it shows (the moments it spans, each
 * series's lowest and highest value); the table below stays the data's text. Labels from
 * the API are bound as text, never as markup.
 */
import {
  adoptStyles,
  html,
  nothing,
  supportsAdoptingStyleSheets,
  svg,
  type LitElement,
  type SVGTemplateResult,
  type TemplateResult,
} from 'lit';
import type { DatasetColumn, DatasetJson, Lang } from '../../core/types.js';
import { inputValue, quoted, warnConfiguration } from '../../attributes/owner.js';
import { RULES } from '../../attributes/rules.js';
import { isolate } from '../../i18n/bidi.js';
import { formatDate, formatMonth } from '../../i18n/format.js';
import { bdi } from '../../element/bdi.js';
import { styleProps } from '../../element/style-props.js';
import { niceTicks, spread } from '../../graphics/scale.js';
import { formatCellNumber, groupedColumns } from './cells.js';
import { timeOf } from './series.js';
import { chartStyles } from './chart.styles.js';

/** The most series one chart draws: more lines would tangle. */
const MOST_SERIES = 3;
/** The most marks a line carries: a longer series has one every few rows. */
const MOST_MARKS = 60;
/** The most moments labelled under the plot (three of them in a narrow element). */
const MOST_LABELS = 7;
/** The plot's top and bottom, in percent of the SVG's height: room for the moments' labels below. */
const TOP = 8;
const BOTTOM = 84;

const WORDS = {
  fr: {
    span: (month: boolean, from: string, to: string) =>
      month ? `Par mois, de ${from} à ${to}\u202f: ` : `Du ${from} au ${to}\u202f: `,
    range: (label: string, low: string, high: string) =>
      low === high ? `${label} toujours à ${low}` : `${label} entre ${low} et ${high}`,
    and: ' ; ',
  },
  en: {
    span: (month: boolean, from: string, to: string) =>
      `${month ? 'By month, from' : 'From'} ${from} to ${to}: `,
    range: (label: string, low: string, high: string) =>
      low === high ? `${label} always at ${low}` : `${label} between ${low} and ${high}`,
    and: '; ',
  },
} satisfies Record<Lang, unknown>;

/** What the chart needs of its element: the `series` it was given, whom a warning names, where it draws. */
interface ChartOwner extends LitElement {
  series?: string | null;
}

/** The shadow roots that have the chart's styles. */
const styled = new WeakSet<object>();

/**
 * Gives the element's shadow root the chart's styles, after its own, once: they come with
 * this module (through the CSSOM, as Lit adopts the element's, which a strict CSP allows).
 */
function adoptChartStyles(owner: ChartOwner): void {
  const root = owner.renderRoot as ShadowRoot;
  if (styled.has(root)) return;
  styled.add(root);
  // Where sheets cannot be adopted, Lit adds <style> elements: the chart's alone, then.
  const own = supportsAdoptingStyleSheets ? (owner.constructor as typeof LitElement).elementStyles : [];
  adoptStyles(root, [...own, chartStyles]);
}

/** Whether a cell is a number the chart can draw. */
const isValue = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The number columns drawn: those `series` names (`submitted resolved`), in its order, up to
 * three; a name that is no number column with values is said in the console and skipped.
 * Absent, malformed or naming none: the first number column.
 */
function drawnColumns(owner: ChartOwner, dataset: DatasetJson): DatasetColumn[] {
  const numbers = dataset.columns.filter(
    (column) => column.type === 'number' && dataset.rows.some((row) => isValue(row[column.key])),
  );
  let written: string | undefined;
  try {
    written = inputValue(owner, 'series', owner.series, RULES.series) as string | undefined;
  } catch {
    // Malformed: the console says so (inputValue), the chart draws its default.
  }
  const drawn: DatasetColumn[] = [];
  for (const key of new Set(written?.split(/[ ,]+/))) {
    const column = numbers.find((candidate) => candidate.key === key);
    if (column) drawn.push(column);
    else
      warnConfiguration(
        owner,
        `${quoted('series', written!)}: "${key}" is no number column of dataset "${dataset.id}" (its number columns: ${numbers.map((candidate) => candidate.key).join(', ')}).`,
      );
  }
  return (drawn.length ? drawn : numbers).slice(0, drawn.length ? MOST_SERIES : 1);
}

/** A series's mark at (x, y), in percent: a disc, a square (a stroke of no length, square-capped), a ring. */
const mark = (series: number, x: string, y: string): SVGTemplateResult =>
  series === 1
    ? svg`<line class="point" x1=${x} x2=${x} y1=${y} y2=${y}></line>`
    : svg`<circle class=${series ? 'point ring' : 'point'} cx=${x} cy=${y} r="3.5"></circle>`;

/** The lowest and the highest of `values` (not spread into Math.min: a long series would overflow the stack). */
const extent = (values: number[]): [number, number] => [
  values.reduce((a, b) => Math.min(a, b)),
  values.reduce((a, b) => Math.max(a, b)),
];

/** Percent, with two decimals at most. */
const percent = (value: number): string => `${Math.round(value * 100) / 100}%`;

/**
 * The chart of `dataset` along `time` (its column of moments: timeColumn in series.ts), in
 * `lang`, or nothing when it has no number to draw.
 */
export function renderChart(
  owner: ChartOwner,
  dataset: DatasetJson,
  time: DatasetColumn,
  lang: Lang,
): TemplateResult | typeof nothing {
  const columns = drawnColumns(owner, dataset);
  if (!columns.length) return nothing;
  adoptChartStyles(owner);
  const { rows } = dataset;
  const moments = rows.map((row) => timeOf(time, row[time.key]));
  const first = moments[0]!;
  const span = moments.at(-1)! - first;
  const xs = moments.map((moment) => (moment - first) / span);
  const values = columns.flatMap((column) => rows.map((row) => row[column.key]).filter(isValue));
  const ticks = niceTicks(...extent(values), values.every(Number.isInteger));
  const low = ticks[0]!;
  const range = ticks.at(-1)! - low;
  /** A value's height in the plot, 0 at its bottom and 1 at its top. */
  const height = (value: number) => (value - low) / range;
  const y = (value: number) => percent(BOTTOM - height(value) * (BOTTOM - TOP));
  const grouped = groupedColumns(columns, rows).size > 0;
  const number = (value: number) => formatCellNumber(lang, value, grouped);
  const moment = (index: number) => {
    const value = String(rows[index]![time.key]);
    return time.type === 'month' ? formatMonth(lang, value) : formatDate(lang, value);
  };
  const words = WORDS[lang];
  const description =
    words.span(time.type === 'month', moment(0), moment(rows.length - 1)) +
    columns
      .map((column) => {
        const [least, most] = extent(rows.map((row) => row[column.key]).filter(isValue));
        return words.range(isolate(column.label[lang]), number(least), number(most));
      })
      .join(words.and) +
    '.';
  const every = Math.ceil(rows.length / MOST_MARKS);
  // The moments labelled: about seven in a wide element, three of them (both ends, the middle) in a narrow one.
  const narrow = new Set(spread(rows.length, 3));
  const labels = [...new Set([...spread(rows.length, MOST_LABELS), ...narrow])].sort((a, b) => a - b);
  const widest = Math.max(...ticks.map((tick) => number(tick).length));

  const line = (column: DatasetColumn) => {
    let path = '';
    let drawing = false;
    rows.forEach((row, index) => {
      const value = row[column.key];
      if (!isValue(value)) return void (drawing = false);
      // In the plot's own 1000 × 1000 units, stretched over its box.
      path += `${drawing ? 'L' : 'M'}${Math.round(xs[index]! * 10_000) / 10} ${Math.round((1 - height(value)) * 10_000) / 10}`;
      drawing = true;
    });
    return path;
  };

  return html`<div class="chart" part="chart">
    <ul class="legend" role="list" aria-hidden="true">
      ${columns.map(
        (column, series) =>
          html`<li class=${`s${series}`}>
            <svg viewBox="0 0 24 12" aria-hidden="true" focusable="false">
              <line class="line" x1="0" x2="24" y1="6" y2="6"></line>
              ${mark(series, '50%', '50%')}
            </svg>
            ${bdi(column.label[lang])}
          </li>`,
      )}
    </ul>
    <svg
      class="graph"
      role="img"
      aria-label=${description}
      focusable="false"
      ${styleProps({ '--_gutter': `calc(${widest}ch + 0.6em)` })}
    >
      ${ticks.map(
        (tick) =>
          svg`<line class=${tick === 0 ? 'grid zero' : 'grid'} x1="0" x2="100%" y1=${y(tick)} y2=${y(tick)}></line
            ><text class="tick" x="-0.6em" y=${y(tick)} dy="0.32em" text-anchor="end">${number(tick)}</text>`,
      )}
      <svg
        class="plot"
        y=${`${TOP}%`}
        width="100%"
        height=${`${BOTTOM - TOP}%`}
        viewBox="0 0 1000 1000"
        preserveAspectRatio="none"
      >
        ${columns.map((column, series) => svg`<path class=${`line s${series}`} d=${line(column)}></path>`)}
      </svg>
      ${columns.map(
        (column, series) =>
          svg`<g class=${`s${series}`}>${rows.map((row, index) => {
            const value = row[column.key];
            return isValue(value) && (index % every === 0 || index === rows.length - 1)
              ? mark(series, percent(xs[index]! * 100), y(value))
              : nothing;
          })}</g>`,
      )}
      ${labels.map(
        (index, position) =>
          svg`<text
            class=${narrow.has(index) ? 'moment' : 'moment more'}
            x=${percent(xs[index]! * 100)}
            y="100%"
            dy="-0.3em"
            text-anchor=${position === 0 ? 'start' : position === labels.length - 1 ? 'end' : 'middle'}
          >${moment(index)}</text>`,
      )}
    </svg>
  </div>`;
}
