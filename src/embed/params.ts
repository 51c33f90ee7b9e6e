/**
 * Reads the embed page's URL: `?widget=ranking&limit=5&lang=en&id=front-page`.
 * Only a widget of the kit and plain attribute names pass; values are text
 * (set with setAttribute, never parsed as markup) and bounded in length. Which
 * attributes an element accepts is decided later, from the element itself
 * (its observed attributes).
 */

/** Parameters that steer the page and never become attributes. */
const RESERVED_PARAMS = ['widget', 'id'] as const;

const ATTRIBUTE_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const WIDGET_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const MAX_VALUE_LENGTH = 500;
const MAX_ID_LENGTH = 100;

interface EmbedRequest {
  /** The element's tag, `khountous-<widget>`. */
  tag: string;
  /** Attribute name -> value, in the order given (the last of repeated names wins). */
  attributes: Map<string, string>;
  /** Echoed in the resize messages, so a host can tell its iframes apart. */
  id: string;
}

export type EmbedParse = { ok: true; request: EmbedRequest } | { ok: false; reason: string };

export function parseEmbedParams(search: string, tags: readonly string[]): EmbedParse {
  const params = new URLSearchParams(search);
  const widget = (params.get('widget') ?? '').trim().toLowerCase();
  const tag = `khountous-${widget}`;
  if (!widget || !WIDGET_NAME.test(widget) || !tags.includes(tag)) {
    const names = tags.map((name) => name.replace(/^khountous-/, '')).join(', ');
    return { ok: false, reason: `Unknown widget "${widget.slice(0, 40)}". Choose one of: ${names}.` };
  }
  const attributes = new Map<string, string>();
  for (const [rawName, value] of params) {
    const name = rawName.toLowerCase();
    if ((RESERVED_PARAMS as readonly string[]).includes(name)) continue;
    if (!ATTRIBUTE_NAME.test(name) || name.startsWith('on')) continue;
    if (value.length > MAX_VALUE_LENGTH) continue;
    attributes.set(name, value);
  }
  const id = (params.get('id') ?? '').slice(0, MAX_ID_LENGTH);
  return { ok: true, request: { tag, attributes, id } };
}

/**
 * The attributes an element accepts: those it observes, less `base-url` when it
 * points away from the embed page's own origin and the kit's default API (a
 * link to the embed page must not show another API's text under this origin).
 */
export function acceptedAttributes(
  requested: ReadonlyMap<string, string>,
  observed: readonly string[],
  allowedApiOrigins: readonly string[],
  pageUrl: string,
): Map<string, string> {
  const accepted = new Map<string, string>();
  for (const [name, value] of requested) {
    if (!observed.includes(name)) continue;
    if (name === 'base-url') {
      let origin: string;
      try {
        origin = new URL(value, pageUrl).origin;
      } catch {
        continue;
      }
      if (!allowedApiOrigins.includes(origin)) continue;
    }
    accepted.set(name, value);
  }
  return accepted;
}
