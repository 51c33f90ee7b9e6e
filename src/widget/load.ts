/**
 * The one load path: what a widget asks the loader for, from its inputs,
 * whoever reads them. The element reads its properties; the early start reads
 * the attributes of a tag whose element is not defined yet, converted as the
 * element's properties convert them (attributeReader). Both call planLoad()
 * and nothing else decides what a widget loads, with which base URL, in which
 * language or whether it waits for the viewport: the two cannot disagree.
 */
import { KhountousError } from '../core/errors.js';
import type { LoadOptions, Resource } from '../core/loader/loader.js';
import { AttributeError, inputValue, quoted } from '../attributes/owner.js';
import { RULES } from '../attributes/rules.js';
import { BASE_URL_META, pageBaseUrl, resolveBaseUrl } from './base-url.js';
import { camel, inputsOf, type Input, type Inputs, type Selection, type Widget } from './descriptor.js';
import { DEFAULT_LANG, languageOf, resolveLang } from './lang.js';

/** One input by attribute name, as its property holds it. */
export type Read = (attribute: string) => unknown;

/** What one widget asks the loader for. */
export interface Planned<S extends Selection = Selection> {
  /** The checked inputs: equal selections load the same data. */
  selection: S;
  resource: Resource;
  /** The options of its load and subscription (without the caller's signal). */
  options: Omit<LoadOptions, 'signal'>;
}

const text = (value: unknown): string | undefined =>
  value === null || value === undefined ? undefined : String(value);

/** An attribute's text as the property of `input` holds it. */
function fromAttribute(input: Input | undefined, value: string | null): unknown {
  switch (input?.kind) {
    case 'flag':
      return value !== null;
    case 'unless-false':
      return value !== 'false';
    default:
      return value ?? input?.initial;
  }
}

/** Reads the attributes of `element` as the properties of `descriptor`'s element would hold them. */
export function attributeReader(descriptor: Widget, element: Element): Read {
  const inputs = inputsOf(descriptor);
  return (attribute) => fromAttribute(inputs[attribute], element.getAttribute(attribute));
}

/** The base URL in use, else the configuration error that stands for it. */
function baseUrlOf(owner: Element, written: string | undefined, page: boolean): string | AttributeError {
  const baseUrl = resolveBaseUrl(written, { page });
  if (baseUrl) return baseUrl;
  const given = written?.trim() || (page ? pageBaseUrl() : undefined) || '';
  return new AttributeError(owner, {
    attribute: 'base-url',
    given,
    reason: 'not-http',
    example: RULES.baseUrl.example,
  });
}

/** What a plan reads besides the inputs. */
interface PlanContext {
  /**
   * Whether the page is read: the `<meta>` default base URL, the page's
   * address for a relative one, the language of the element's ancestors.
   * `false` in a server render (no page), and for the update that hydrates
   * what the server rendered, which must show what the server showed.
   */
  page?: boolean;
}

/**
 * What `descriptor`'s widget `owner` loads, from its inputs as `read` gives
 * them, or the configuration error (a KhountousError 'invalid-parameter') that
 * the element shows instead.
 */
export function planLoad<S extends Selection>(
  descriptor: Widget<Inputs, S>,
  owner: Element,
  read: Read,
  { page = true }: PlanContext = {},
): Planned<S> | KhountousError {
  const baseUrl = baseUrlOf(owner, text(read('base-url')), page);
  if (typeof baseUrl !== 'string') return baseUrl;
  const lang = languageOf(text(read('lang')), () => (page ? resolveLang(owner) : DEFAULT_LANG));
  const selection: Record<string, unknown> = { lang, baseUrl };
  try {
    for (const [attribute, input] of Object.entries(descriptor.inputs)) {
      if (!input.rule || input.display) continue;
      selection[camel(attribute)] = inputValue(owner, attribute, read(attribute), input.rule);
    }
  } catch (error) {
    if (error instanceof KhountousError) return error;
    throw error;
  }
  const checked = selection as unknown as S;
  return {
    selection: checked,
    resource: descriptor.resource(checked),
    options: {
      baseUrl,
      element: owner,
      lazy: read('lazy') !== false,
      ...descriptor.options?.(checked),
    },
  };
}

/** Where the base URL in use was written, for messages: the attribute, else the page's meta. */
export function baseUrlSource(written: string): string {
  if (written.trim()) return quoted('base-url', written);
  const meta = pageBaseUrl();
  return meta ? `<meta name="${BASE_URL_META}" content="${meta}">` : quoted('base-url', '');
}
