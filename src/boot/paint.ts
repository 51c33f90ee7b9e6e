/**
 * The script tag's text paint: a widget's data shown as plain text as soon as
 * the API's answer to the starter's request arrives, before the element's code
 * (Lit, the loader, the element) has: on a slow network that code takes longer
 * to arrive than the data.
 *
 * The script tag (boot/served.ts) loads this small file with its first loads
 * and hands it each answer the loader gives them (boot/paint-answers.ts); it writes, inside the tag, a `<khountous-paint>`
 * whose own shadow root holds the text (the page's styles do not reach it; it
 * inherits the page's font and colours). When the element is defined it shows
 * that text in place of its skeleton until it renders the data itself, then
 * removes it (element/text-paint.ts, events.ts). What it writes is the widget's
 * summary (src/components/<name>/summary.ts, through src/summaries.ts): its
 * brief fields, in their formats. The answer is the loader's, checked as any
 * other; only strings and finite numbers found where they are expected are
 * written, as text, never markup (each string isolated, i18n/bidi.ts), within the kit's bounds (core/types.ts:
 * MAX_LIMIT items a list, texts of MAX_TEXT_LENGTH characters); anything else
 * paints nothing and the element decides.
 */
import { MAX_LIMIT, MAX_TEXT_LENGTH, type Lang } from '../core/types.js';
import { relFor } from '../element/links.js';
import { isolate } from '../i18n/bidi.js';
import { formatAs, formatDate, TIED } from '../i18n/format.js';
import { placesOf, type Place } from '../graphics/places.js';
import { sourceLine } from '../i18n/source-line.js';
import { summaries } from '../summaries.js';
import { editorWordsOf, titleOf } from '../widget/editor.js';
import type { Field, Format, NumberFormat } from '../widget/summary.js';
import { fieldValue, formatOf } from '../widget/summary-read.js';

type Json = Record<string, unknown>;

/** What a widget's text paint shows: a title, lines, and a list; or one figure in the line of a text. */
interface View {
  inline?: string | undefined;
  title?: string | undefined;
  lines?: string[];
  items?: string[];
  ordered?: boolean;
  /** The date the data carries (the source line's), if the summary names one. */
  date?: unknown;
  /** The items' places, when ranked by a field (summary.ts `rankedBy`). */
  places?: Place[];
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A non-empty string within the bound of a text, isolated (i18n/bidi.ts: its direction stays its own
 * beside the figures written after it), else undefined.
 */
const text = (value: unknown): string | undefined =>
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
 * What a widget's summary (src/summaries.ts) shows in the paint: its brief
 * fields, as text; undefined when the widget has no summary.
 */
function viewOf(tag: string, data: Json, values: Values, lang: Lang): View | undefined {
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
  const write = (source: unknown, field: Field): string | undefined =>
    writers[formatOf(field, read)]?.(valueOf(source, field.path));
  const brief = (fields: readonly Field[] = []) => fields.filter((field) => field.brief);
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
  const shown = listed.flatMap((item, index): [string, Place | undefined][] => {
    const name = items && write(item, items.name);
    if (name === undefined) return [];
    const place = places ? places[index] : undefined;
    const line = joined([name, ...brief(items!.details).map((field) => write(item, field))]);
    return [[place?.shared ? `${line} (${TIED[lang]})` : line, place]];
  });
  return {
    date: summary.date && valueOf(data, summary.date),
    title: summary.title?.brief ? write(data, summary.title) : undefined,
    lines: [
      joined(brief(summary.facts).map((field) => write(data, field))),
      ...brief(summary.text).map((field) => write(data, field) ?? ''),
    ],
    ordered: items?.ordered,
    ...(items && {
      items: shown.map(([item]) => item),
      places: items.rankedBy ? shown.map(([, place]) => place!) : undefined,
    }),
  };
}

// Within its widget's box (widget/box.ts), which its tag holds: scrolled, not taller.
const STYLE = `:host{display:block;box-sizing:border-box;max-height:calc(var(--khountous-box)*var(--khountous-font-size,1rem));overflow:auto;padding:.75rem 1rem;line-height:1.5;overflow-wrap:anywhere}
p,ol,ul{margin:0}p+p,p+ol,p+ul,ol+p,ul+p{margin-top:.25rem}.title{font-weight:600}.source{font-size:.75em}.source a{color:inherit}
ol,ul{padding-inline-start:1.5rem}li{margin:.125rem 0}:host([inline]){display:inline;padding:0}`;

let sheet: CSSStyleSheet | undefined;

/**
 * Writes `data`, the answer for `element` (a tag of the kit whose element is
 * not defined yet, with nothing inside but white space), as text inside it, with the editor's
 * words as the element says them (widget/editor.ts: the headline in place of the title, the
 * subtitle, the note, and the source line with its link unless `credit="none"`; `fetchedAt`:
 * when the API answered, the line's date unless the data carries its own). Returns whether it
 * painted: not when the element is defined, holds something, or the answer does not have what
 * the widget shows.
 */
export function paint(
  element: Element,
  data: unknown,
  lang: Lang,
  values: Values = {},
  fetchedAt: number = Date.now(),
): boolean {
  // Something inside (an element, words; not the white space of the page's markup): the page's own.
  const holds = [...element.childNodes].some(
    (node) =>
      node.nodeType === Node.ELEMENT_NODE || (node.nodeType === Node.TEXT_NODE && node.textContent!.trim()),
  );
  if (customElements.get(element.localName) || element.shadowRoot || holds || !isObject(data)) return false;
  const view = viewOf(element.localName, data, values, lang);
  const lines = (view?.lines ?? []).filter(Boolean);
  if (!view || (!view.inline && !view.title && !lines.length && !view.items?.length)) return false;
  const editor = editorWordsOf((name) => element.getAttribute(name));
  const host = document.createElement('khountous-paint');
  const root = host.attachShadow({ mode: 'open' });
  try {
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(STYLE);
    root.adoptedStyleSheets = [sheet];
  } catch {
    // No constructable style sheets (an older browser): the text, unstyled.
  }
  const add = (parent: ParentNode, name: string, content?: string, className?: string) => {
    const node = parent.appendChild(document.createElement(name));
    if (content !== undefined) node.textContent = content;
    if (className) node.className = className;
    return node;
  };
  // One figure in the line of a text: a span, no block (no title, no source line: inline-figure.ts).
  if (view.inline) host.setAttribute('inline', '');
  const wrapper = add(root, view.inline ? 'span' : 'div', view.inline);
  wrapper.lang = lang;
  if (!view.inline) {
    const title = titleOf(editor, view.title);
    if (title) add(wrapper, 'p', title, 'title');
    if (editor.subtitle) add(wrapper, 'p', editor.subtitle, 'subtitle');
  }
  for (const line of lines) add(wrapper, 'p', line);
  if (view.items?.length) {
    const list = add(wrapper, view.ordered ? 'ol' : 'ul');
    view.items.forEach((item, index) => {
      const li = add(list, 'li', item) as HTMLLIElement;
      if (view.places) li.value = view.places[index]!.place;
    });
  }
  if (!view.inline) {
    if (editor.note) add(wrapper, 'p', editor.note, 'note');
    if (element.getAttribute('credit') !== 'none') {
      const date = typeof view.date === 'string' && view.date ? view.date : fetchedAt;
      const link = add(add(wrapper, 'p', undefined, 'source'), 'a', sourceLine[lang](formatDate(lang, date)));
      link.setAttribute('href', editor.sourceHref);
      const rel = relFor(editor.sourceHref);
      if (rel) link.setAttribute('rel', rel);
    }
  }
  element.append(host);
  return true;
}
