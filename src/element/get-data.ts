/**
 * "Get the data", on the source line's row under a widget's graphic: a disclosure that opens
 * on the button that saves the CSV file of what the widget shows and on the citation a reader
 * copies (the widget's title, the data's date, the source line's address). `download="none"`
 * hides it. The file is made when the button is pressed, from the data the element already
 * holds (data-file.ts, loaded then): no request, nothing in the markup until asked for. A widget
 * whose data the API offers as files of its own (the dataset's downloads) gives its citation only.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Lang } from '../core/types.js';
import { getDataStrings } from '../i18n/get-data.js';
import type { Local } from '../i18n/strings.js';
import { formatDate } from '../i18n/format.js';
import type { Words } from '../widget/about.js';

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
  /** The data's date, as the source line says it. */
  readonly date: string | number;
  /** The site's address, which the citation gives. */
  readonly address: string;
  /** Saves the CSV file (the element's, through data-file.ts). */
  readonly save: () => void;
  /** The last press could not make the file: said under the button, which stays to try again. */
  readonly failed?: boolean;
}

/** The citation line's text: "Khountous, Classement des administrations, données au 4 déc. 2026, https://…". */
const citationOf = (lang: Lang, title: Words, date: string | number, address: string): string =>
  getDataStrings[lang].data.citation(title[lang], formatDate(lang, date), address);

/** The disclosure: its toggle, and in it the CSV file's button (where the widget's summary makes one) and the citation. */
export function renderGetData(view: GetDataView): TemplateResult {
  const { lang, download } = view;
  const t = getDataStrings[lang].data;
  // prettier-ignore
  return html`<details class="get-data" part="get-data"><summary part="get-data-toggle">${download.words ? t.get : t.citeOnly}</summary><div class="get-data-body">${
    download.words
      ? html`<button type="button" class="download" part="data-file" @click=${view.save}>${t.download}</button>${
          view.failed ? html`<p class="error" part="data-file-error" role="alert">${t.failed}</p>` : nothing
        }`
      : nothing
  }<p class="citation" part="citation"><span class="cite">${t.cite}</span> <span class="cited">${citationOf(lang, download.title, view.date, view.address)}</span></p></div></details>`;
}
