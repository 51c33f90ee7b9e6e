/**
 * A widget's text summary, as data (src/components/<name>/summary.ts): which
 * fields of the API's answer say what the widget shows, and in which format.
 * Two readers interpret it, and neither knows a widget by name:
 *
 * - the script tag's text paint (boot/paint.ts), before the element's code
 *   arrives: the fields marked `brief`, as text, without labels or links;
 * - the WordPress plugin's HTML fallback (includes/fallback.php), for readers
 *   without JavaScript: every field, with its label in the widget's language
 *   (scripts/generate/wordpress.ts resolves the labels from the widget's strings);
 * - the data's CSV file the element offers under its graphic (widget/csv.ts): the
 *   items (or the one resource) as rows, every field a column named by its label.
 *
 * Types only: the summaries are plain objects that import nothing, so that the
 * paint carries them without the rest of the kit.
 */

/** How a number is written (i18n/format.ts `formatAs` writes each). */
export type NumberFormat =
  /** A number, at most one decimal. */
  | 'number'
  /** A score out of 100, whole: `72/100`. */
  | 'score'
  /** A percentage: `64 %`. */
  | 'percent'
  /** A number of days: `12 jours`. */
  | 'days';

/** How a value is written. */
export type Format =
  /** A string, as it came (the default). */
  | 'text'
  | NumberFormat
  /** A date and time (ISO 8601): `3 nov. 2026` (the fallback; the paint does not write dates). */
  | 'date'
  /** Links: a list of `{ url, title }` (the fallback; the paint does not write links). */
  | 'links';

/** A format that depends on an attribute's value (the indicator charted): by value, else `otherwise`. */
export interface FormatBy {
  readonly attribute: string;
  readonly formats: Readonly<Record<string, Format>>;
  readonly otherwise: Format;
}

/** One value of the answer (of a list's item, in `items`). */
export interface Field {
  /**
   * Its path, dot-separated (`administration.name`). `{lang}` is the widget's
   * language and `{name}` the value of its attribute `name` (`indicators.{indicator}`).
   */
  readonly path: string;
  /** `text` when absent. */
  readonly format?: Format | FormatBy;
  /**
   * Its label: a path in the widget's strings (`ranking.score`). A label that is
   * a sentence (a function of the value in the strings) holds the value;
   * another is written `label: value`.
   */
  readonly label?: string;
  /**
   * Its column's name in the data's CSV file (widget/csv.ts), a path in the widget's strings,
   * where it has no `label` or its label is a sentence; `{name}` as in `path`.
   */
  readonly column?: string;
  /** Values named in words (`statuses`: a report's status): the word set's path in the kit's strings. */
  readonly names?: string;
  /** Shown by the text paint too. */
  readonly brief?: boolean;
  /** A place in a ranking (`number`) shared when the answer's field at this path is true: marked so. */
  readonly shared?: string;
  /** Not shown when the widget's attribute has this value (a compact card has no description). */
  readonly unless?: { readonly attribute: string; readonly value: string };
}

/** A list answer's items (`data`). */
interface Items {
  /** Ranked: an ordered list, numbered from the page's first rank. */
  readonly ordered?: boolean;
  /**
   * Ranked by this field, best first: equal values share a place (graphics/places.ts), numbered
   * so and marked in words ("ex aequo" / "tied").
   */
  readonly rankedBy?: string;
  /** With this attribute set, only the items whose field `path` is its value (the region chosen). */
  readonly match?: { readonly path: string; readonly attribute: string };
  /** What names an item. */
  readonly name: Field;
  /** Turns the name into a link with the widget's `href-template`: the field that fills its `{slug}`. */
  readonly link?: string;
  /** Then, after the name: ` · ` in the paint, in brackets in the fallback. */
  readonly details?: readonly Field[];
}

/**
 * The one figure a widget shows in the line of a text when its attribute has this value
 * (`variant="inline"`): its fields, joined by a space, of the one resource shown (the answer,
 * or the item of a list that `items.match` picks); then nothing else is shown, and no block.
 */
interface Inline {
  readonly attribute: string;
  readonly value: string;
  readonly fields: readonly Field[];
}

export interface Summary {
  /**
   * The path of the date the data carries, which the source line says (the element's `dataDate`);
   * none, or absent from the answer: when the API answered.
   */
  readonly date?: string;
  /**
   * A list's caption (a path in the widget's strings), which may name an attribute's value
   * (`{value}`): by its name in the table at `names` (as a field's), else as given.
   */
  readonly caption?: { readonly label: string; readonly attribute?: string; readonly names?: string };
  /** The title of the one resource shown: its heading. */
  readonly title?: Field;
  /** Facts about it: one line each in the fallback, joined on one line in the paint. */
  readonly facts?: readonly Field[];
  /** Paragraphs of its text. */
  readonly text?: readonly Field[];
  readonly items?: Items;
  readonly inline?: Inline;
}
