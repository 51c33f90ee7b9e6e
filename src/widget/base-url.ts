/**
 * Where the widgets find the API: the element's `base-url` attribute, else the
 * page default `<meta name="khountous:base-url" content="...">`, else
 * DEFAULT_BASE_URL. The result is absolute (resolved against the page) and has
 * no trailing slash, so that one API has one cache key whatever the spelling.
 */
export const DEFAULT_BASE_URL = 'https://api.khountous.sn/v1';

export const BASE_URL_META = 'khountous:base-url';

/** The page's default, `<meta name="khountous:base-url">`, if any. */
export function pageBaseUrl(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${BASE_URL_META}"]`);
  const content = meta?.content.trim();
  return content ? content : undefined;
}

/** The absolute http(s) base URL, or undefined when the one given is not http(s). */
export function resolveBaseUrl(attribute: string | undefined | null): string | undefined {
  const raw = attribute?.trim() || pageBaseUrl() || DEFAULT_BASE_URL;
  return normaliseBaseUrl(raw, typeof document === 'undefined' ? undefined : document.baseURI);
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
