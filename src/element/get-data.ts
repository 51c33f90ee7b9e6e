/**
 * "Get the data", under a widget's graphic after its source line: the link to the CSV file of
 * what the widget shows (widget/csv.ts, from its summary: no request) and the citation a
 * reader copies, naming the widget by its title (its folder's name.ts), the data's date and
 * the site's address. `download="none"` hides both. A widget whose data the API offers as a
 * file of its own (the dataset's downloads) gives no summary here: its citation only.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Lang } from '../core/types.js';
import { getDataStrings } from '../i18n/get-data.js';
import type { Local } from '../i18n/strings.js';
import { formatDate } from '../i18n/format.js';
import type { Words } from '../widget/about.js';
import { csvDataUrl, tableOf } from '../widget/csv.js';
import type { Summary } from '../widget/summary.js';

/** What an element says of the data it offers (`static download`). */
export interface Download {
  /** Its title (name.ts), which the citation names. */
  readonly title: Words;
  /**
   * The tables of words its summary's (summary.ts) labels and names are paths in (its strings.ts,
   * value names): its CSV file's columns; none for a widget that links the API's own files.
   */
  readonly words?: readonly Local<object>[];
}

export interface GetDataView {
  readonly lang: Lang;
  readonly download: Download;
  /** Its summary (src/summaries.ts, from its folder's summary.ts). */
  readonly summary: Summary | undefined;
  readonly data: unknown;
  /** An input's value, by attribute name (the summary's `{indicator}`, `unless`, `match`). */
  readonly read: (attribute: string) => unknown;
  /** The data's date, as the source line says it. */
  readonly date: string | number;
  /** The site's address, which the citation gives. */
  readonly address: string;
  /** The file's name, without `.csv`. */
  readonly file: string;
}

/** The words at `path` (`ranking.score`) in the tables, in `lang`, the kit's words of the download first. */
export const wordsIn =
  (tables: readonly Local<object>[], lang: Lang) =>
  (path: string): unknown => {
    for (const table of [getDataStrings, ...tables]) {
      let value: unknown = table[lang];
      for (const step of path.split('.'))
        value =
          typeof value === 'object' && value !== null && Object.hasOwn(value, step)
            ? (value as Record<string, unknown>)[step]
            : undefined;
      if (value !== undefined) return value;
    }
    return undefined;
  };

/** The citation line's text: "Khountous, Classement des administrations, données au 4 déc. 2026, https://…". */
const citationOf = (lang: Lang, title: Words, date: string | number, address: string): string =>
  getDataStrings[lang].data.citation(title[lang], formatDate(lang, date), address);

/** The link to the CSV file (where the widget's summary makes one) and the citation. */
export function renderGetData(view: GetDataView): TemplateResult {
  const { lang, download } = view;
  const t = getDataStrings[lang].data;
  const reading = { lang, read: view.read, words: wordsIn(download.words ?? [], lang) };
  const table = download.words && view.summary && tableOf(view.summary, view.data, reading);
  const date = typeof view.date === 'number' ? new Date(view.date).toISOString() : view.date;
  // prettier-ignore
  return html`<div class="get-data" part="get-data">${
    table
      ? html`<a class="download" part="download" href=${csvDataUrl(table)} download=${`${view.file}-${date.slice(0, 10)}.csv`} type="text/csv">${t.download}</a>`
      : nothing
  }<p class="citation" part="citation"><span class="cite">${t.cite}</span> <span class="cited">${citationOf(lang, download.title, view.date, view.address)}</span></p></div>`;
}
