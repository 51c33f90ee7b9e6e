/**
 * The embed page (embed.html): one widget chosen by URL parameters, for pages
 * whose CMS strips scripts or unknown tags. The page sizes its iframe through
 * `postMessage({ type: 'khountous:resize', height, id })` to the parent; the
 * host may run embed-resize.js (or its own listener) to apply it; without it,
 * a page taller than its frame says so with a link to the whole widget
 * (overflow.ts).
 *
 * Works under a strict Content-Security-Policy: no inline script or style, all
 * text set as text.
 */
import type { Lang } from '../core/types.js';
import { DEFAULT_BASE_URL, resolveBaseUrl } from '../widget/base-url.js';
import { inputsOf, type Widget } from '../widget/descriptor.js';
import { DEFAULT_LANG, languageOf, resolveLang, toSupportedLang } from '../widget/lang.js';
import { watchOverflow } from './overflow.js';
import {
  acceptedAttributes,
  API_ORIGINS_META,
  parseApiOrigins,
  parseEmbedParams,
  type Refusal,
} from './params.js';

/** The message an embed page posts to its parent whenever its height changes. */
interface ResizeMessage {
  type: 'khountous:resize';
  height: number;
  id: string;
}

function reportHeight(id: string): void {
  if (window.parent === window) return;
  let last = -1;
  const send = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    const message: ResizeMessage = { type: 'khountous:resize', height, id };
    // The height is no secret: any parent may size the frame.
    window.parent.postMessage(message, '*');
  };
  new ResizeObserver(send).observe(document.documentElement);
  send();
}

function showProblem(root: HTMLElement, text: string): void {
  const paragraph = document.createElement('p');
  paragraph.className = 'problem';
  paragraph.textContent = text;
  root.replaceChildren(paragraph);
}

/**
 * Shows the widget of `widgets` the URL names in `root`: its tag with the
 * attributes accepted, placed before its element is defined; `load(element)`
 * then sends its request and brings its element (the entry's).
 */
export async function startEmbed(
  root: HTMLElement,
  widgets: readonly Widget[],
  load: (element: Element) => Promise<unknown>,
): Promise<void> {
  const parsed = parseEmbedParams(
    location.search,
    widgets.map((widget) => widget.tag),
  );
  reportHeight(parsed.ok ? parsed.request.id : '');
  if (!parsed.ok) {
    watchOverflow(resolveLang(root), undefined);
    showProblem(root, parsed.reason);
    return;
  }
  const { tag, attributes } = parsed.request;
  // In the widget's language (its `lang`, else the page's, as the element resolves it) and theme.
  watchOverflow(
    languageOf(attributes.get('lang'), () => resolveLang(root)),
    attributes.get('theme'),
  );
  // The element's attributes are its descriptor's inputs (its observed attributes, once defined).
  const descriptor = widgets.find((widget) => widget.tag === tag)!;
  const observed = Object.keys(inputsOf(descriptor));
  const apiOrigins = allowedApiOrigins();
  const refused: Refusal[] = [];
  const accepted = acceptedAttributes(
    attributes,
    observed,
    { apiOrigins, pageUrl: location.href, linkOrigin: framingOrigin() },
    refused,
  );
  for (const { name, value, reason } of refused) {
    console.warn(`khountous embed: ${name}="${value}" ignored: ${reason}.`);
  }
  // A widget on another API than the one asked for would show other data, or none: say why instead.
  const baseUrl = refused.find((refusal) => refusal.name === 'base-url');
  if (baseUrl) {
    const lang =
      toSupportedLang(attributes.get('lang') ?? '') ?? toSupportedLang(document.documentElement.lang);
    showRefusedApi(root, baseUrl, apiOrigins, lang ?? DEFAULT_LANG);
    return;
  }
  const element = document.createElement(tag);
  for (const [name, value] of accepted) element.setAttribute(name, value);
  root.replaceChildren(element);
  await load(element);
}

/**
 * The origins `base-url` may lead to: the embed page's own, the kit's default
 * API, the origin of the page's `khountous:base-url` meta, and those its
 * `khountous:api-origins` meta names (set by the site that serves this copy
 * of the page; the URL cannot add any).
 */
function allowedApiOrigins(): string[] {
  const origins = [location.origin, new URL(DEFAULT_BASE_URL).origin];
  const pageDefault = resolveBaseUrl('');
  if (pageDefault && !origins.includes(new URL(pageDefault).origin))
    origins.push(new URL(pageDefault).origin);
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${API_ORIGINS_META}"]`);
  const { origins: listed, invalid } = parseApiOrigins(meta?.content ?? '');
  for (const token of invalid) {
    console.warn(
      `khountous embed: <meta name="${API_ORIGINS_META}">: "${token}" ignored: not an http(s) origin such as https://api.example.org.`,
    );
  }
  for (const origin of listed) if (!origins.includes(origin)) origins.push(origin);
  return origins;
}

const REFUSED_TEXT = {
  fr: {
    title: 'API refusée par cette page d’intégration',
    notHttp: (value: string) => `base-url « ${value} » n’est pas une adresse http(s).`,
    refused: (origin: string, allowed: string) =>
      `base-url mène à ${origin}, que cette page n’accepte pas. Origines acceptées\u202f: ${allowed}.`,
    how: (origin: string) =>
      `Pour l’accepter, le site qui sert embed.html ajoute ${origin} à la balise ` +
      `<meta name="${API_ORIGINS_META}"> de sa copie (et au connect-src de sa Content-Security-Policy), ` +
      `ou construit le kit avec\u202f:`,
  },
  en: {
    title: 'API refused by this embed page',
    notHttp: (value: string) => `base-url "${value}" is not an http(s) URL.`,
    refused: (origin: string, allowed: string) =>
      `base-url leads to ${origin}, which this page does not accept. Accepted origins: ${allowed}.`,
    how: (origin: string) =>
      `To accept it, the site that serves embed.html adds ${origin} to the ` +
      `<meta name="${API_ORIGINS_META}"> tag of its copy (and to connect-src in its Content-Security-Policy), ` +
      `or builds the kit with:`,
  },
} as const;

/** What is shown in place of a widget whose `base-url` was refused: why, and how a site allows it. */
function showRefusedApi(root: HTMLElement, refusal: Refusal, allowed: readonly string[], lang: Lang): void {
  const t = REFUSED_TEXT[lang];
  const box = document.createElement('div');
  box.className = 'problem';
  box.setAttribute('role', 'alert');
  box.lang = lang;
  const title = document.createElement('strong');
  title.textContent = t.title;
  const why = document.createElement('p');
  box.append(title, why);
  if (refusal.origin) {
    why.textContent = t.refused(refusal.origin, allowed.join(', '));
    const how = document.createElement('p');
    how.textContent = t.how(refusal.origin);
    const command = document.createElement('code');
    command.textContent = `KHOUNTOUS_EMBED_API_ORIGINS=${refusal.origin} npm run build`;
    box.append(how, command);
  } else {
    const value = refusal.value.length > 80 ? `${refusal.value.slice(0, 80)}…` : refusal.value;
    why.textContent = t.notHttp(value);
  }
  root.replaceChildren(box);
}

/**
 * The origin of the page that framed this one, from the referrer the browser
 * sent with the embed page; undefined when the page is not framed or the
 * referrer was withheld.
 */
function framingOrigin(): string | undefined {
  if (window.parent === window || !document.referrer) return undefined;
  try {
    const origin = new URL(document.referrer).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
