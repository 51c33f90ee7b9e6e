/**
 * What a widget's summary (src/components/<name>/summary.ts, through src/summaries.ts) shows of
 * an answer, as text: its brief fields, in their formats, a list's items with their places. The
 * one reading of it for what a reader sees before or without the element: the script tag's text
 * paint (boot/paint.ts) and the widget's picture (ssr/image.ts). Only strings and finite numbers
 * found where they are expected are written, within the kit's bounds (core/types.ts: MAX_LIMIT
 * items a list, texts of MAX_TEXT_LENGTH characters), each string isolated (i18n/bidi.ts).
 *
 * No Lit, no loader: it travels in the text paint's small chunk.
 */
import { MAX_LIMIT, MAX_TEXT_LENGTH, type Lang } from '../core/types.js';
import { isolate } from '../i18n/bidi.js';
import { formatAs, TIED } from '../i18n/format.js';
import { placesOf, type Place } from '../graphics/places.js';
import { summaries } from '../summaries.js';
import type { Field, Format, NumberFormat } from './summary.js';
import { fieldValue, formatOf } from './summary-read.js';

type Json = Record<string, unknown>;

/** What a widget's text paint shows: a title, lines, and a list; or one figure in the line of a text. */
export interface View {
  inline?: string | undefined;
  title?: string | undefined;
  lines?: string[];
  items?: string[];
  ordered?: boolean;
  /** The date the data carries (the source line's), if the summary names one. */
  date?: unknown;
  /** The items' places, when ranked by a field (summary.ts `rankedBy`). */
  places?: Place[];
  /** The brief facts one by one, with their label's path in the widget's strings (a picture labels them). */
  facts?: Figure[];
  /** The items one by one: the name, then the brief details (a picture sets them apart). */
  rows?: Row[];
}

/** A value written, with its label's path, its format and the value it was written from. */
export interface Figure {
  value: string;
  label?: string | undefined;
  format?: Format;
  raw?: unknown;
}

/** An item of a list: its name, its brief details, its place when ranked. */
interface Row {
  name: string;
  details: Figure[];
  place?: Place | undefined;
}

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A non-empty string within the bound of a text, isolated (i18n/bidi.ts: its direction stays its own
 * beside the figures written after it), else undefined.
 */
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() && value.length <= MAX_TEXT_LENGTH ? isolate(value) : undefined;

/** The items of a list answer (`{ data: [...] }`) that are objects; none when it holds more than a page may. */
const listOf = (data: Json): Json[] =>
  Array.isArray(data['data']) && data['data'].length <= MAX_LIMIT ? data['data'].filter(isObject) : [];

/**
 * Writes `value` in `format` (i18n/format.ts `formatAs`: the elements' own rule, with their
 * cached formatters) when it is a finite number, else undefined.
 */
const numeric =
  (lang: Lang, format: NumberFormat) =>
  (value: unknown): string | undefined =>
    typeof value === 'number' && Number.isFinite(value) ? formatAs(lang, format, value) : undefined;

const joined = (parts: (string | undefined)[]): string => parts.filter(Boolean).join(' · ');

/** The widget's checked inputs, by attribute name (boot/paint-answers.ts). */
export type Values = Readonly<Record<string, unknown>>;

/**
 * Which fields a reader is shown and how a value is written, when not the paint's (its brief
 * fields, each in its format's writer): a picture, which has room for every field, passes its
 * own (ssr/image.ts), so that what only a picture needs stays out of the paint's chunk.
 */
export interface Choice {
  /** Whether `field` (written in `format`) is shown; the paint shows the brief ones. */
  readonly shows: (field: Field, format: Format) => boolean;
  /** `value` of `field` written, or undefined for its format's writer. */
  readonly write: (field: Field, value: unknown, format: Format) => string | undefined;
}

/**
 * What a widget's summary (src/summaries.ts) shows in the paint: its brief
 * fields, as text; undefined when the widget has no summary.
 */
export function viewOf(
  tag: string,
  data: Json,
  values: Values,
  lang: Lang,
  choice?: Choice,
): View | undefined {
  const summary = summaries[tag];
  if (!summary) return undefined;
  const writers: Partial<Record<Format, (value: unknown) => string | undefined>> = {
    text,
    number: numeric(lang, 'number'),
    percent: numeric(lang, 'percent'),
    days: numeric(lang, 'days'),
    score: numeric(lang, 'score'),
  };
  const read = (attribute: string): unknown => values[attribute];
  const valueOf = (source: unknown, path: string): unknown => fieldValue(source, path, lang, read);
  const write = (source: unknown, field: Field): string | undefined => {
    const value = valueOf(source, field.path);
    const format = formatOf(field, read);
    return choice?.write(field, value, format) ?? writers[format]?.(value);
  };
  const shows = (field: Field): boolean | undefined =>
    choice ? choice.shows(field, formatOf(field, read)) : field.brief;
  const brief = (fields: readonly Field[] = []) => fields.filter(shows);
  const figures = (source: unknown, fields: readonly Field[] = []): Figure[] =>
    brief(fields).flatMap((field) => {
      const value = write(source, field);
      return value === undefined
        ? []
        : [{ value, label: field.label, format: formatOf(field, read), raw: valueOf(source, field.path) }];
    });
  const { items, inline } = summary;
  const chosen = items?.match && values[items.match.attribute];
  if (inline && values[inline.attribute] === inline.value) {
    // The one resource shown: the answer, or the item of the list chosen.
    const one: unknown = !items?.match
      ? data
      : chosen
        ? listOf(data).find((item) => valueOf(item, items.match!.path) === chosen)
        : undefined;
    const figure = one === undefined ? [] : inline.fields.map((field) => write(one, field));
    return { inline: figure.filter(Boolean).join(' ') || undefined };
  }
  // The items shown, each written, with its place when the list is ranked by a field: equal values
  // share it (graphics/places.ts), from the page's first rank.
  const listed = items
    ? listOf(data).filter((item) => !chosen || valueOf(item, items.match!.path) === chosen)
    : [];
  const places =
    items?.rankedBy &&
    placesOf(
      listed.map((item) => Number(valueOf(item, items.rankedBy!))),
      (Math.max(1, Number(values['page']) || 1) - 1) * (Number(values['limit']) || listed.length) + 1,
    );
  const rows = listed.flatMap((item, index): Row[] => {
    const name = items && write(item, items.name);
    return name === undefined
      ? []
      : [{ name, details: figures(item, items!.details), place: places ? places[index] : undefined }];
  });
  const facts = figures(data, summary.facts);
  return {
    date: summary.date && valueOf(data, summary.date),
    title: summary.title && shows(summary.title) ? write(data, summary.title) : undefined,
    lines: [
      joined(facts.map((figure) => figure.value)),
      ...brief(summary.text).map((field) => write(data, field) ?? ''),
    ],
    facts,
    ordered: items?.ordered,
    ...(items && {
      items: rows.map(({ name, details, place }) => {
        const line = joined([name, ...details.map((figure) => figure.value)]);
        return place?.shared ? `${line} (${TIED[lang]})` : line;
      }),
      places: items.rankedBy ? rows.map(({ place }) => place!) : undefined,
      rows,
    }),
  };
}
