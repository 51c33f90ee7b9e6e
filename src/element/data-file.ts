/**
 * The data's CSV file of one element, made when a reader presses "Download (CSV)" (get-data.ts
 * loads this module then, so that no page pays for it before): the element's summary
 * (src/summaries.ts, from its folder's summary.ts) read as a table (widget/csv.ts) with the
 * words of its strings, named after the widget and the data's date.
 */
import type { Lang } from '../core/types.js';
import { dataFileStrings } from '../i18n/data-file.js';
import type { Local } from '../i18n/strings.js';
import { summaries } from '../summaries.js';
import { csvFile, tableOf } from '../widget/csv.js';
import { valueAt } from '../widget/summary-read.js';

export interface DataFileView {
  readonly lang: Lang;
  /** The element's tag: its summary, and the file's name. */
  readonly tag: string;
  /** The tables of words its summary's labels and names are paths in (its `static download`). */
  readonly words: readonly Local<object>[];
  readonly data: unknown;
  /** An input's value, by attribute name (the summary's `{indicator}`, `unless`, `match`). */
  readonly read: (attribute: string) => unknown;
  /** The data's date, as the source line says it. */
  readonly date: string | number;
}

/** The file a `khountous-download` event carries: its content and its name. */
export interface DataFile {
  readonly file: Blob;
  /** `khountous-ranking-2026-12-04.csv`: no space, no accent. */
  readonly name: string;
}

/**
 * The words at `path` (`ranking.score`) in the tables, in `lang`, the kit's words of the file first:
 * the CSV file's and the picture's (ssr/image.ts) reading of a summary's labels.
 */
export const wordsIn =
  (tables: readonly Local<object>[], lang: Lang) =>
  (path: string): unknown => {
    for (const table of [dataFileStrings, ...tables]) {
      const value = valueAt(table[lang], path);
      if (value !== undefined) return value;
    }
    return undefined;
  };

/** The element's file, or undefined where its summary makes no table of its data. */
export function dataFile(view: DataFileView): DataFile | undefined {
  const summary = summaries[view.tag];
  const reading = { lang: view.lang, read: view.read, words: wordsIn(view.words, view.lang) };
  const table = summary && tableOf(summary, view.data, reading);
  if (!table) return undefined;
  const date = typeof view.date === 'number' ? new Date(view.date).toISOString() : view.date;
  return { file: csvFile(table), name: `${view.tag}-${date.slice(0, 10)}.csv` };
}
