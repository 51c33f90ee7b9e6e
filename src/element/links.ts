/**
 * Links built from a page author's template and API data. Only http(s) URLs
 * (absolute, or relative to the page) become links; `javascript:`, `data:` and
 * the like never do. Values are URI-encoded into the template.
 */
export function fillTemplate(template: string, values: Record<string, string>): string | undefined {
  let href: string;
  try {
    href = template.replace(/\{(\w+)\}/g, (_match, name: string) =>
      encodeURIComponent(Object.hasOwn(values, name) ? (values[name] ?? '') : ''),
    );
  } catch {
    // A value that is not well-formed Unicode (a lone surrogate) makes no link.
    return undefined;
  }
  return safeHttpUrl(href);
}

/** The URL when it resolves to http(s), else undefined. */
export function safeHttpUrl(href: string): string | undefined {
  const trimmed = href.trim();
  if (!trimmed) return undefined;
  try {
    const base = typeof document === 'undefined' ? 'http://localhost/' : document.baseURI;
    const url = new URL(trimmed, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? trimmed : undefined;
  } catch {
    return undefined;
  }
}

/** rel for a link: one that leaves the page's origin gets noopener noreferrer. */
export function relFor(href: string): string | undefined {
  if (typeof location === 'undefined') return 'noopener noreferrer';
  return new URL(href, document.baseURI).origin === location.origin ? undefined : 'noopener noreferrer';
}
