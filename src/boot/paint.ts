/**
 * The script tag's text paint: a widget's data shown as plain text as soon as
 * the API's answer to the starter's request arrives, before the element's code
 * (Lit, the loader, the element) has: on a slow network that code takes longer
 * to arrive than the data.
 *
 * The starter (src/starter.ts) loads this small file with its first requests
 * and hands it each answer; it writes, inside the tag, a `<khountous-paint>`
 * whose own shadow root holds the text (the page's styles do not reach it; it
 * inherits the page's font and colours). When the element is defined it shows
 * that text in place of its skeleton until it renders the data itself, then
 * removes it (element/khountous-element.ts). The answer is not checked here:
 * only strings and finite numbers found where they are expected are written,
 * as text, never markup; anything else paints nothing and the element decides.
 * It reads an answer within the kit's bounds (core/types.ts, as the loader
 * does): at most MAX_ANSWER_BYTES of body, MAX_LIMIT items a list, texts of
 * MAX_TEXT_LENGTH characters; beyond, it paints nothing. Its one import is
 * those constants: this file stays one small module of its own.
 */
import { boundedText } from '../core/bounded.js';
import { MAX_LIMIT, MAX_TEXT_LENGTH } from '../core/types.js';

type Lang = 'fr' | 'en';
type Json = Record<string, unknown>;

/** What a widget's text paint shows: a title, lines, and a list. */
interface View {
  title?: string | undefined;
  lines?: string[];
  items?: string[];
  ordered?: boolean;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A non-empty string within the bound of a text, else undefined. */
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() && value.length <= MAX_TEXT_LENGTH ? value : undefined;

/** The items of a list answer (`{ data: [...] }`) that are objects; none when it holds more than a page may. */
const listOf = (data: Json): Json[] =>
  Array.isArray(data['data']) && data['data'].length <= MAX_LIMIT ? data['data'].filter(isObject) : [];

/**
 * Formats `value` when it is a finite number, else undefined. The format is made
 * when a number first needs it: a page's first one costs tens of milliseconds on
 * a phone (the engine loads its locale data), and a page of reports or
 * fact-checks shows no number.
 */
function formatter(lang: Lang, options: Intl.NumberFormatOptions, scale = 1) {
  let format: Intl.NumberFormat | undefined;
  return (value: unknown): string | undefined =>
    typeof value === 'number' && Number.isFinite(value)
      ? (format ??= new Intl.NumberFormat(lang, { maximumFractionDigits: 1, ...options })).format(
          value * scale,
        )
      : undefined;
}

const joined = (parts: (string | undefined)[]): string => parts.filter(Boolean).join(' · ');

/** Each widget's text, from its answer; undefined when the answer does not have what it shows. */
function viewOf(tag: string, data: Json, element: Element, lang: Lang): View | undefined {
  const number = formatter(lang, {});
  const percent = formatter(lang, { style: 'percent', maximumFractionDigits: 0 }, 0.01);
  const days = formatter(lang, { style: 'unit', unit: 'day', unitDisplay: 'short' });
  const score = (value: unknown) => (number(value) === undefined ? undefined : `${number(value)}/100`);
  const titles = (key: string) =>
    listOf(data)
      .map((item) => text(item[key]))
      .filter((title): title is string => title !== undefined);
  switch (tag) {
    case 'khountous-ranking':
      return {
        ordered: true,
        items: listOf(data)
          .filter((item) => text(item['name']))
          .map((item) => joined([item['name'] as string, score(item['score'])])),
      };
    case 'khountous-admin-card':
      return {
        title: text(data['name']),
        lines: [joined([score(data['score']), percent(data['responseRate']), days(data['avgDelayDays'])])],
      };
    case 'khountous-region-stats': {
      const indicator = element.getAttribute('indicator')?.trim() || 'averageScore';
      const show = /Rate$/.test(indicator) ? percent : indicator === 'averageScore' ? score : number;
      const region = element.getAttribute('region')?.trim().toLowerCase();
      const regions = listOf(data).filter((item) => text(item['name']) && isObject(item['indicators']));
      const chosen = regions.filter((item) => item['code'] === region);
      return {
        items: (chosen.length ? chosen : regions).map((item) =>
          joined([item['name'] as string, show((item['indicators'] as Json)[indicator])]),
        ),
      };
    }
    case 'khountous-reports':
      return { items: titles('title') };
    case 'khountous-fact-checks':
      return { items: titles('claim') };
    case 'khountous-report':
      return { title: text(data['title']), lines: [text(data['description']) ?? ''] };
    case 'khountous-dataset': {
      const local = (value: unknown) => (isObject(value) ? text(value[lang]) : undefined);
      return { title: local(data['title']), lines: [local(data['description']) ?? ''] };
    }
    default:
      return undefined;
  }
}

const STYLE = `:host{display:block;padding:.75rem 1rem;line-height:1.5;overflow-wrap:anywhere}
p,ol,ul{margin:0}p+p,p+ol,p+ul{margin-top:.25rem}.title{font-weight:600}
ol,ul{padding-inline-start:1.5rem}li{margin:.125rem 0}`;

let sheet: CSSStyleSheet | undefined;

/**
 * Writes `data`, the answer for `element` (a tag of the kit whose element is
 * not defined yet, with nothing inside but white space), as text inside it. Returns whether it
 * painted: not when the element is defined, holds something, or the answer
 * does not have what the widget shows.
 */
export function paint(element: Element, data: unknown, lang: Lang): boolean {
  // Something inside (an element, words; not the white space of the page's markup): the page's own.
  const holds = [...element.childNodes].some(
    (node) =>
      node.nodeType === Node.ELEMENT_NODE || (node.nodeType === Node.TEXT_NODE && node.textContent!.trim()),
  );
  if (customElements.get(element.localName) || element.shadowRoot || holds || !isObject(data)) return false;
  const view = viewOf(element.localName, data, element, lang);
  const lines = (view?.lines ?? []).filter(Boolean);
  if (!view || (!view.title && !lines.length && !view.items?.length)) return false;
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
  const wrapper = add(root, 'div');
  wrapper.lang = lang;
  if (view.title) add(wrapper, 'p', view.title, 'title');
  for (const line of lines) add(wrapper, 'p', line);
  if (view.items?.length) {
    const list = add(wrapper, view.ordered ? 'ol' : 'ul');
    for (const item of view.items) add(list, 'li', item);
  }
  element.append(host);
  return true;
}

/** The answer's JSON, read within the kit's bound (core/bounded.ts): undefined beyond (or when not JSON). */
const boundedJson = (answer: Response): Promise<unknown> =>
  boundedText(answer, () => new RangeError()).then(
    (text) => JSON.parse(text) as unknown,
    () => undefined,
  );

/**
 * Paints the answer `response` brings in `elements` (each as `paint` does), or
 * `items` of its list (offset, count) for a window that a larger one served,
 * from a copy of it: the loader reads and checks the answer as always. An
 * answer that is not JSON, not a success, or already read paints nothing.
 */
export function paintAnswer(
  response: Promise<Response>,
  elements: Element[],
  lang: Lang,
  items?: [offset: number, count: number],
): Promise<void> {
  return response
    .then((answer) =>
      answer.ok && /json/i.test(answer.headers.get('content-type') ?? '')
        ? boundedJson(answer.clone())
        : undefined,
    )
    .then((data: unknown) => {
      // A window served by a larger one: its own items (core/loader/windows.ts `slice`).
      if (items && isObject(data) && Array.isArray(data['data']))
        data = { ...data, data: data['data'].slice(items[0], items[0] + items[1]) };
      if (data !== undefined) for (const element of elements) paint(element, data, lang);
    })
    .catch(() => undefined);
}
