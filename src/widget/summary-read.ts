/**
 * How a widget's summary (summary.ts) is read against an answer: a field's
 * path filled with the widget's language and inputs, the value found there,
 * and the format its value is written in. The one reader of a summary's
 * fields for every path that reads them: the script tag's text paint
 * (boot/paint.ts) and the data's CSV file (widget/csv.ts). The WordPress
 * fallback reads the summaries in PHP (scripts/generate/wordpress.ts writes
 * them for it).
 *
 * No Lit, no loader: it travels in the text paint's small chunk.
 */
import type { Lang } from '../core/types.js';
import type { Field, Format } from './summary.js';

/** An input of the widget, by attribute name (`indicator`); undefined where none. */
export type ReadInput = (attribute: string) => unknown;

/** `path` with `{lang}` the widget's language and `{name}` the value of its input `name`. */
export const fillPath = (path: string, lang: Lang, read: ReadInput): string =>
  path.replace(/\{([a-z-]+)\}/g, (_, name: string) => (name === 'lang' ? lang : String(read(name) ?? '')));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The value at a dot-separated path (`administration.name`) of `value`, through its own
 * properties of objects only; undefined where there is none.
 */
export const valueAt = (value: unknown, path: string): unknown => {
  for (const step of path.split('.'))
    value = isRecord(value) && Object.hasOwn(value, step) ? value[step] : undefined;
  return value;
};

/** The value of `field` (or of a summary's path) in `source`, its path filled (`fillPath`). */
export const fieldValue = (source: unknown, path: string, lang: Lang, read: ReadInput): unknown =>
  valueAt(source, fillPath(path, lang, read));

/** The format a field's value is written in: its own, or the one its attribute's value chooses. */
export const formatOf = (field: Field, read: ReadInput): Format => {
  const format = field.format ?? 'text';
  if (typeof format === 'string') return format;
  return format.formats[String(read(format.attribute))] ?? format.otherwise;
};
