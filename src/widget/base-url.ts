/**
 * Where the widgets find the API: the element's `base-url` attribute, else the
 * page default `<meta name="khountous:base-url" content="...">`, else
 * DEFAULT_BASE_URL. The result is absolute (resolved against the page) and has
 * no trailing slash, so that one API has one cache key whatever the spelling.
 */
export const DEFAULT_BASE_URL = 'https://api.khountous.sn/v1';

export const BASE_URL_META = 'khountous:base-url';

/**
 * The page's document, or undefined without a page: in Node, and in a server
 * render, where @lit-labs/ssr's global DOM shim gives a `document` that is a
 * stand-in (no querySelector, no baseURI).
 */
const pageDocument = (): Document | undefined =>
  typeof document !== 'undefined' && typeof document.querySelector === 'function' ? document : undefined;

/** The page's default, `<meta name="khountous:base-url">`, if any (none without a page). */
export function pageBaseUrl(): string | undefined {
  const meta = pageDocument()?.querySelector<HTMLMetaElement>(`meta[name="${BASE_URL_META}"]`);
  const content = meta?.content.trim();
  return content ? content : undefined;
}

/**
 * What a relative base URL is resolved against when the page is not read (a
 * server render): whatever http(s) page it is written on resolves it to an
 * http(s) URL, so it is taken as valid there.
 */
const ANY_PAGE = 'http://localhost/';

/**
 * The absolute http(s) base URL, or undefined when the one given is not
 * http(s). With `page: false`, nothing of the page is read (its meta, its
 * address): what a server render can tell from the attribute alone.
 */
export function resolveBaseUrl(
  attribute: string | undefined | null,
  { page = true }: { page?: boolean } = {},
): string | undefined {
  const raw = attribute?.trim() || (page ? pageBaseUrl() : undefined) || DEFAULT_BASE_URL;
  return normaliseBaseUrl(raw, page ? pageDocument()?.baseURI : ANY_PAGE);
}

/**
 * One spelling of a base URL given as text: trimmed, resolved against `base`,
 * without query, hash or trailing slash. Undefined when it is empty or not
 * http(s). What resolveBaseUrl gives for a non-empty attribute; the embed page
 * checks this very string, so that what it allows is what the widget fetches.
 */
export function normaliseBaseUrl(value: string, base?: string): string | undefined {
  const raw = value.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.search = '';
  url.hash = '';
  return url.href.replace(/\/+$/, '');
}
