/**
 * Reads the embed page's URL: `?widget=ranking&limit=5&lang=en&id=front-page`.
 * Only a widget of the kit and plain attribute names pass; values are text
 * (set with setAttribute, never parsed as markup) and bounded in length. Which
 * attributes an element accepts is decided later, from the element itself
 * (its observed attributes).
 */

import { normaliseBaseUrl } from '../widget/base-url.js';
import { shortName, tagOfName } from '../widget/descriptor.js';
import { PLATFORM_SITE } from '../widget/source.js';

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
  const tag = tagOfName(widget);
  if (!widget || !WIDGET_NAME.test(widget) || !tags.includes(tag)) {
    const names = tags.map(shortName).join(', ');
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

/** Where the embed page lets an element's URLs lead. */
export interface EmbedPolicy {
  /**
   * Origins `base-url` may point to: the embed page's own, the kit's default
   * API, the page's `khountous:base-url` and its `khountous:api-origins`.
   */
  apiOrigins: readonly string[];
  /** The embed page's URL, against which a relative `base-url` resolves. */
  pageUrl: string;
  /**
   * The origin of the page that framed the embed page, the only one its links
   * may lead to; undefined when unknown (then no `href-template` is kept).
   */
  linkOrigin: string | undefined;
}

/** Why an attribute the element observes was left off. */
export interface Refusal {
  name: string;
  value: string;
  reason: string;
  /** For `base-url`: the origin it leads to, or undefined when it is not an http(s) URL. */
  origin?: string;
}

/** The name of the meta by which a copy of the embed page allows more API origins. */
export const API_ORIGINS_META = 'khountous:api-origins';

/**
 * The origins a `khountous:api-origins` meta allows: its content split on
 * whitespace and commas, each an exact http(s) origin (`https://host[:port]`,
 * no path, no wildcard). Anything else is returned in `invalid`, not allowed.
 */
export function parseApiOrigins(content: string): { origins: string[]; invalid: string[] } {
  const origins: string[] = [];
  const invalid: string[] = [];
  for (const token of content.split(/[\s,]+/).filter(Boolean)) {
    const origin = exactOrigin(token);
    if (origin) {
      if (!origins.includes(origin)) origins.push(origin);
    } else invalid.push(token);
  }
  return { origins, invalid };
}

/** `token` as an origin when it is exactly one (a trailing slash tolerated), else undefined. */
function exactOrigin(token: string): string | undefined {
  if (!/^https?:\/\/[^/?#@\\*]+\/?$/i.test(token)) return undefined;
  try {
    const url = new URL(token);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/**
 * The attributes an element accepts: those it observes, with the URLs checked.
 *
 * - `base-url` is kept only when it leads to one of `apiOrigins`, and is kept
 *   in the one spelling the widget will fetch from (normaliseBaseUrl): the
 *   string checked is the string used, whatever whitespace, format characters
 *   or relative form the URL was written in.
 * - `source-href` is kept only when it is an absolute http(s) URL to `linkOrigin` or to the
 *   platform's site (widget/source.ts): an embed URL anyone can write sends no reader elsewhere.
 * - `href-template` is kept only when its literal beginning already fixes the
 *   link's origin to `linkOrigin` (`https://news.example/...`): the values
 *   filled in later (API data) then cannot move it, and no protocol-relative,
 *   backslash or scheme-only spelling leads elsewhere.
 */
export function acceptedAttributes(
  requested: ReadonlyMap<string, string>,
  observed: readonly string[],
  policy: EmbedPolicy,
  refused: Refusal[] = [],
): Map<string, string> {
  const accepted = new Map<string, string>();
  for (const [name, value] of requested) {
    if (!observed.includes(name)) continue;
    let kept: string | undefined = value;
    if (name === 'base-url') {
      kept = normaliseBaseUrl(value, policy.pageUrl);
      if (!kept) {
        refused.push({ name, value, reason: 'is not an http(s) URL' });
        continue;
      }
      const origin = new URL(kept).origin;
      if (!policy.apiOrigins.includes(origin)) {
        refused.push({ name, value, origin, reason: `leads to none of ${policy.apiOrigins.join(', ')}` });
        continue;
      }
    } else if (name === 'source-href') {
      // The source line's link: to the page that framed the embed, or the platform's own site.
      const allowed = [policy.linkOrigin, new URL(PLATFORM_SITE).origin];
      if (!allowed.includes(linkOrigin(value) ?? '')) {
        refused.push({ name, value, reason: `leads to neither ${allowed.filter(Boolean).join(' nor ')}` });
        continue;
      }
    } else if (name === 'href-template') {
      if (!policy.linkOrigin) {
        refused.push({ name, value, reason: 'the page that framed the embed is unknown' });
        continue;
      }
      if (templateOrigin(value) !== policy.linkOrigin) {
        refused.push({ name, value, reason: `does not begin with ${policy.linkOrigin}/` });
        continue;
      }
    }
    accepted.set(name, kept);
  }
  return accepted;
}

/** An absolute http(s) URL's scheme and authority, up to the slash that begins its path. */
const FIXED_ORIGIN = /^(https?:\/\/[a-z0-9.-]+(?::[0-9]{1,5})?)\//i;

/**
 * The origin a link template leads to whatever is filled into it, or undefined
 * when its literal text does not fix one: the template must begin with
 * `http(s)://host[:port]/`, with no placeholder, user info, backslash or
 * whitespace before that slash.
 *
 * @internal tested on its own at its edges (ports, schemes)
 */
export function templateOrigin(template: string): string | undefined {
  const match = FIXED_ORIGIN.exec(template);
  if (!match) return undefined;
  try {
    return new URL(match[1]!).origin;
  } catch {
    return undefined;
  }
}

/** An absolute http(s) URL's origin, when nothing (user info, a backslash) hides another; else undefined. */
function linkOrigin(href: string): string | undefined {
  const match = /^(https?:\/\/[a-z0-9.-]+(?::[0-9]{1,5})?)(?:[/?#]|$)/i.exec(href.trim());
  try {
    return match ? new URL(match[1]!).origin : undefined;
  } catch {
    return undefined;
  }
}
