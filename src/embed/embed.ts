/**
 * The embed page (embed.html): one widget chosen by URL parameters, for pages
 * whose CMS strips scripts or unknown tags. The page sizes its iframe through
 * `postMessage({ type: 'khountous:resize', height, id })` to the parent; the
 * host may run embed-resize.js (or its own listener) to apply it.
 *
 * Works under a strict Content-Security-Policy: no inline script or style, all
 * text set as text.
 */
import { elementLoaders } from '../elements.js';
import { DEFAULT_BASE_URL, resolveBaseUrl } from '../internal/base-url.js';
import { acceptedAttributes, parseEmbedParams, type Refusal } from './params.js';

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

export async function startEmbed(root: HTMLElement): Promise<void> {
  const tags = Object.keys(elementLoaders);
  const parsed = parseEmbedParams(location.search, tags);
  reportHeight(parsed.ok ? parsed.request.id : '');
  if (!parsed.ok) {
    showProblem(root, parsed.reason);
    return;
  }
  const { tag, attributes } = parsed.request;
  await elementLoaders[tag]!();
  const constructor = customElements.get(tag) as
    (CustomElementConstructor & { observedAttributes?: string[] }) | undefined;
  const observed = constructor?.observedAttributes ?? [];
  const pageDefault = resolveBaseUrl('');
  const apiOrigins = [location.origin, new URL(DEFAULT_BASE_URL).origin];
  if (pageDefault) apiOrigins.push(new URL(pageDefault).origin);
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
  const element = document.createElement(tag);
  for (const [name, value] of accepted) element.setAttribute(name, value);
  root.replaceChildren(element);
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
