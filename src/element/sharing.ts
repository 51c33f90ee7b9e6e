/**
 * "Share", on the source line's row when `share` is set: a button, and beside it a status that
 * says what the last press did. Loaded by the element when it first draws with `share`, so that
 * a page without a share button downloads none of it. A press fires
 * `khountous-share` (a page that cancels it shares its own way); then it opens the browser's
 * share sheet with the page's address (its canonical link, else its own without the fragment)
 * and the widget's title, and the page's `og:image` picture as a file where the sheet takes
 * files. Where there is no sheet, or the browser refuses it (no activation left, a frame not
 * allowed to share), the address is copied, and the status says so; where the clipboard refuses
 * too, the address is shown, selected, to copy by hand. A reader who closes the sheet has shared
 * nothing and is told nothing.
 */
import { css, html, nothing, type ReactiveElement, type TemplateResult } from 'lit';
import type { Lang } from '../core/types.js';
import { shareStrings } from '../i18n/share.js';

/** What a widget's share button shares: the page's address, a title, the page's picture if it names one. */
export interface Shared {
  readonly url: string;
  readonly title: string;
  /** The page's `og:image` address, shared as a file where the share sheet takes files. */
  readonly image?: string | undefined;
}

/**
 * Fired when a reader presses a widget's share button (`share`): `detail` is what it shares.
 * Cancelable: a page that cancels it shares its own way (its own sheet, its own address).
 */
export class KhountousShareEvent extends CustomEvent<Shared> {
  constructor(detail: Shared) {
    super('khountous-share', { bubbles: true, composed: true, cancelable: true, detail });
  }
}

/** How long the picture may take before the sheet opens without it: a press's activation is short-lived. */
const IMAGE_WAIT = 1500;

/** The address a page is shared by: its canonical link (http(s)), else its own, without the fragment. */
export function pageAddress(doc: Document): string {
  const canonical = doc.querySelector<HTMLLinkElement>('link[rel~="canonical"][href]')?.href;
  return canonical && /^https?:/.test(canonical) ? canonical : doc.location.href.split('#')[0]!;
}

/** The page's picture (`og:image`, http(s)), if it names one. */
export function pageImage(doc: Document): string | undefined {
  const content = doc.querySelector('meta[property="og:image"]')?.getAttribute('content');
  if (!content) return undefined;
  try {
    const url = new URL(content, doc.baseURI);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The picture at `address` as a file, or undefined when it is not an image or takes too long. */
async function imageFile(address: string): Promise<File | undefined> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), IMAGE_WAIT);
  try {
    const answer = await fetch(address, { credentials: 'omit', signal: controller.signal });
    const blob = await answer.blob();
    if (!answer.ok || !/^image\/(png|jpeg|webp|gif)$/.test(blob.type)) return undefined;
    const name = new URL(address).pathname.split('/').pop() || 'image';
    return new File([blob], name, { type: blob.type });
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** The address to copy by hand, with its words. */
const byHand = (lang: Lang, url: string): TemplateResult =>
  html`<label>${shareStrings[lang].share.copy} <input readonly part="share-address" .value=${url} /></label>`;

/** What the status beside each element's button says of its last press: nothing before one. */
const statuses = new WeakMap<HTMLElement, TemplateResult | string>();

/**
 * The styles of the status and of the button on paper, added to an element's own when it first
 * draws the button (its button's look is the data's button's: styles/states.styles.ts).
 */
const STYLES = css`
  .share-status:empty {
    display: none;
  }
  .share-status input {
    font: inherit;
    inline-size: min(100%, 24em);
  }
  @media print {
    /* On paper, nothing to press: the source line says the date and the address already. */
    .share,
    .share-status {
      display: none;
    }
  }
`;

/** The button of `host` (an element drawn with `share`), and its status; the styles added to its own once. */
export function renderShare(host: ReactiveElement, lang: Lang): TemplateResult {
  const root = host.shadowRoot;
  const sheet = STYLES.styleSheet;
  if (root && sheet && !root.adoptedStyleSheets.includes(sheet))
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  // prettier-ignore
  return html`<button type="button" class="share" part="share" @click=${() => void press(host, lang)}>${shareStrings[lang].share.button}</button><span class="share-status" part="share-status" role="status">${statuses.get(host) ?? nothing}</span>`;
}

/**
 * Shares the page `host` is in, titled as the widget is (its title, else the page's); its status
 * then says what came of it, and an address shown to copy by hand is focused and selected.
 */
async function press(host: ReactiveElement, lang: Lang): Promise<void> {
  const root = host.shadowRoot;
  const title = root?.querySelector('[part~="title"]')?.textContent?.trim() || host.ownerDocument.title;
  const status = await share(host, title, lang);
  if (status === nothing) statuses.delete(host);
  else statuses.set(host, status);
  host.requestUpdate();
  await host.updateComplete;
  const address = root?.querySelector<HTMLInputElement>('[part~="share-address"]');
  address?.focus();
  address?.select();
}

/**
 * Shares the page `host` is in, titled `title`, in `lang`; what the status then says (nothing:
 * the reader closed the sheet, or the page shared its own way).
 */
export async function share(
  host: HTMLElement,
  title: string,
  lang: Lang,
): Promise<TemplateResult | string | typeof nothing> {
  const doc = host.ownerDocument;
  const url = pageAddress(doc);
  const image = pageImage(doc);
  if (!host.dispatchEvent(new KhountousShareEvent({ url, title, image }))) return nothing;
  if (typeof navigator.share === 'function') {
    const data: ShareData = { title, url };
    const file = image === undefined ? undefined : await imageFile(image);
    if (file && navigator.canShare?.({ ...data, files: [file] })) data.files = [file];
    try {
      await navigator.share(data);
      return nothing;
    } catch (error) {
      if ((error as Error | undefined)?.name === 'AbortError') return nothing;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return shareStrings[lang].share.copied;
  } catch {
    return byHand(lang, url);
  }
}
