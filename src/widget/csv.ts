/**
 * What a widget shows, as a CSV file a reader takes away: its summary (summary.ts) read as
 * a table, every field a column named in the widget's language, every item (or the one
 * resource shown) a row. The one owner of the file's format (docs/embedding.md, "Get the data"):
 *
 * - RFC 4180: fields separated by commas, records by CRLF, a field holding a comma, a quote,
 *   a line break or a neutralised formula between double quotes, its quotes doubled;
 * - UTF-8 with a byte order mark, so that spreadsheet programs read the accents;
 * - numbers raw, with a `.` for decimals and no unit (the unit in the column's name:
 *   `Taux de réponse (%)`), dates as the API gives them (ISO 8601);
 * - data is text: a text cell that a spreadsheet would read as a formula (it begins with
 *   `=`, `+`, `-`, `@`, a tab or a carriage return) is prefixed with `'` and quoted (OWASP,
 *   CSV injection); a number stays a number.
 *
 * No Lit and no request: it reads the data the element already holds.
 */
import type { Lang } from '../core/types.js';
import type { Field, Summary } from './summary.js';
import { fieldValue, fillPath, formatOf, valueAt, type ReadInput } from './summary-read.js';

/** A cell: a number stays one; text is neutralised when written. */
type Cell = string | number;

export interface Table {
  readonly header: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
}

/** How a summary is read for one element: its language, its inputs, its words by path. */
export interface Reading {
  readonly lang: Lang;
  /** An input's value, by attribute name (`indicator`). */
  readonly read: ReadInput;
  /** The words at a path of the widget's strings (`ranking.score`), undefined where none. */
  readonly words: (path: string) => unknown;
}

/** `{lang}` and `{attribute}` in a path, filled from the reading. */
const fill = (path: string, reading: Reading): string => fillPath(path, reading.lang, reading.read);

/** A field's column name: its `column`'s words, else its label's, with its number's unit. */
function columnOf(field: Field, reading: Reading): string {
  const path = field.column ?? field.label;
  const words = path === undefined ? undefined : reading.words(fill(path, reading));
  const name = typeof words === 'string' ? words : fill(field.path, reading);
  const format = formatOf(field, reading.read);
  const units = reading.words('data.units') as Record<string, string> | undefined;
  const unit = units?.[format];
  return unit ? `${name} (${unit})` : name;
}

/** A field's cell: a number raw, a value named in words by its word, links as `title <url>` a line each. */
function cellOf(field: Field, source: unknown, reading: Reading): Cell {
  const value = fieldValue(source, field.path, reading.lang, reading.read);
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (field.names) {
    const word = reading.words(`${field.names}.${String(value)}`);
    if (typeof word === 'string') return word;
  }
  if (Array.isArray(value))
    return value
      .map((link: unknown) => {
        const { title, url } = (link ?? {}) as { title?: unknown; url?: unknown };
        return [title, url === undefined ? undefined : `<${String(url)}>`]
          .filter((part) => part !== undefined)
          .join(' ');
      })
      .join('\n');
  return typeof value === 'object' ? '' : String(value);
}

const shown = (field: Field, reading: Reading): boolean =>
  !field.unless || reading.read(field.unless.attribute) !== field.unless.value;

/**
 * The table of what a widget shows: a list's items (those `items.match` keeps), else the
 * one resource (its title, facts and text); undefined when the summary has neither.
 */
export function tableOf(summary: Summary, data: unknown, reading: Reading): Table | undefined {
  const { items } = summary;
  if (items) {
    const fields = [items.name, ...(items.details ?? [])].filter((field) => shown(field, reading));
    let list = valueAt(data, 'data');
    if (!Array.isArray(list)) return undefined;
    const wanted = items.match && reading.read(items.match.attribute);
    if (items.match && wanted)
      list = list.filter(
        (item) => fieldValue(item, items.match!.path, reading.lang, reading.read) === wanted,
      );
    return {
      header: fields.map((field) => columnOf(field, reading)),
      rows: (list as unknown[]).map((item) => fields.map((field) => cellOf(field, item, reading))),
    };
  }
  const fields = [
    ...(summary.title ? [summary.title] : []),
    ...(summary.facts ?? []),
    ...(summary.text ?? []),
  ].filter((field) => shown(field, reading));
  if (!fields.length) return undefined;
  return {
    header: fields.map((field) => columnOf(field, reading)),
    rows: [fields.map((field) => cellOf(field, data, reading))],
  };
}

/** Text a spreadsheet would run as a formula (OWASP, CSV injection). */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * One field as RFC 4180 writes it, a formula neutralised.
 *
 * @internal tested on its own for RFC 4180 and formulas
 */
export function csvField(cell: Cell): string {
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = FORMULA.test(cell) ? `'${cell}` : cell;
  return text !== cell || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The file's text (without its byte order mark): the header, then the rows, each ended by CRLF.
 *
 * @internal tested on its own, and against the reference API’s files
 */
export const csvText = ({ header, rows }: Table): string =>
  [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');

/** The file: UTF-8 text with its byte order mark, so that spreadsheet programs read the accents. */
export const csvFile = (table: Table): Blob =>
  new Blob([`\uFEFF${csvText(table)}`], { type: 'text/csv;charset=utf-8' });
