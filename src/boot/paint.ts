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
import type { Lang } from '../core/types.js';
import { relFor } from '../element/links.js';
import { formatDate } from '../i18n/format.js';
import { sourceLine } from '../i18n/source-line.js';
import { editorWordsOf, titleOf } from '../widget/editor.js';
import { isObject, viewOf, type Values } from '../widget/summary-view.js';

export type { Values };

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
