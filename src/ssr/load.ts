/**
 * The data of a server render (`khountous-widgets/ssr`, Node), `renderWidget`'s and
 * `renderImage`'s alike, by the same rules.
 *
 * The data comes through one loader per API (and key) for the whole process:
 * the kit's own, as in a browser without storage: one request per resource per
 * freshness period, concurrent renders joined, stale data served with its real
 * age when the API fails or the budget is spent. Every request the process
 * sends to an API with a key (or without one), new resource or refresh, is
 * counted against one total per API and key (`budget`, a ceiling no answer
 * raises: src/core/budget.ts), by default the quota of the lowest level that
 * fits: the anonymous level's without a key, the free key's with one. The key
 * is sent as a Bearer token and never written into the HTML.
 */
import { createBudget, refillText, type Budget } from '../core/budget.js';
import { isKhountousError, KhountousError } from '../core/errors.js';
import { inlinePath } from '../core/inline.js';
import { createLoader, type KhountousLoader } from '../core/loader/loader.js';
import { delivery } from '../boot/bundled.js';
import { DEFAULT_BASE_URL, normaliseBaseUrl } from '../widget/base-url.js';
import { inputsOf, isWritableAttribute, type Widget } from '../widget/descriptor.js';
import { attributeReader, planLoad } from '../widget/load.js';
import { widgets } from '../registry.js';
import { DEFAULT_BUDGET, reserveOf, type RenderBudget } from './total.js';

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export type { RenderBudget };

export interface RenderOptions {
  /** The API, or the site's shared cache tier: `https://api.khountous.sn/v1` by default. */
  baseUrl?: string;
  /** An API key, sent as `Authorization: Bearer`; never written into the HTML. */
  key?: string;
  /** The fetch to use (global fetch by default). */
  fetch?: FetchLike;
  /**
   * The longest a render waits for its data, in ms (default 5000): one attempt, no retry, so
   * that a hung API never holds a page. Then the plain element (RenderError).
   */
  timeout?: number;
  /** Ends the wait early (the page's request was cancelled): a RenderError with the plain element. */
  signal?: AbortSignal;
  /**
   * When the widget cannot be rendered with its data: told why, and the render gives the plain
   * element (which loads its data in the reader's browser) instead of throwing its RenderError.
   * A site's page then shows the widget whatever the API did: `fallback: (error) =>
   * console.warn(error.message)`.
   */
  fallback?: (error: RenderError) => void;
  /**
   * The most requests the process sends to this API with this key (or without a key) in any
   * window of `per` ms: new resources and refreshes of the data it holds alike, one total for
   * the whole process, which no answer of the API or of a shared cache raises. Beyond it, the
   * data the process holds is served with its real age, else a RenderError (the plain element).
   * Default: with a key, the free key's quota (`{ requests: 1000, per: 86_400_000 }`, 1,000 a
   * day); without, the anonymous level's (60 an hour). A site sets its key's quota, or the share
   * of it the server may spend (the key's other users take the rest).
   */
  budget?: RenderBudget;
}

/** The default of RenderOptions.timeout. */
const RENDER_TIMEOUT = 5_000;
/** After a render found no data, the same resource is not asked for again before this (doubling to BACKOFF_MAX). */
const BACKOFF_FIRST = 30_000;
const BACKOFF_MAX = 15 * 60_000;

/**
 * Thrown when a widget cannot be rendered with its data: an unknown tag, an attribute
 * the widget cannot use (the message is the one the widget shows), or no data to serve
 * (the API failed or the budget is spent, and nothing cached). `html` is the plain
 * element, which loads its data in the browser (empty for an unknown tag).
 */
export class RenderError extends Error {
  override readonly name = 'RenderError';
  constructor(
    message: string,
    readonly html: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type Attributes = Readonly<Record<string, string | number | boolean | null | undefined>>;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The attributes as HTML (`true`: present, `false`/null/undefined: absent), the writable ones only. */
function attributesHtml(attributes: Attributes, descriptor: Widget): string {
  let out = '';
  for (const [name, value] of Object.entries(attributes)) {
    if (!isWritableAttribute(descriptor, name) || value === false || value === null || value === undefined)
      continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeAttribute(String(value))}"`;
  }
  return out;
}

/** One loader per API, key and timeout, for the whole process. */
const loaders = new Map<string, KhountousLoader>();
/** Per API, key and resource: failures in a row, and the time before which it is not asked again. */
const backoffs = new Map<string, { failures: number; until: number }>();
/** Per API (its base URL) and key: the process's one total, which every loader of them spends, and its size. */
const totals = new Map<string, { budget: Budget; size: RenderBudget }>();

const durationText = (ms: number) =>
  ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`;
const budgetText = ({ requests, per }: RenderBudget) => `${requests} requests per ${durationText(per)}`;

/** The total of `baseUrl`'s API and `key`, made at its first render; why not, when `asked` cannot be one. */
function totalFor(baseUrl: string, key: string | undefined, asked: RenderBudget | undefined) {
  const size = asked ?? (key ? DEFAULT_BUDGET.key : DEFAULT_BUDGET.anonymous);
  const { requests, per } = (size ?? {}) as Partial<RenderBudget>;
  if (!Number.isSafeInteger(requests) || requests! < 1 || !Number.isSafeInteger(per) || per! < 1)
    return `budget ${JSON.stringify(asked)} is not { requests, per }: two whole numbers above 0 (per in ms)`;
  const id = `${baseUrl}\n${key ?? ''}`;
  const found = totals.get(id);
  if (found && (found.size.requests !== requests || found.size.per !== per))
    return `budget ${budgetText(size)} is not the total the process already counts for ${baseUrl} and this key (${budgetText(found.size)}): one total per API and key`;
  if (found) return found;
  const made = {
    budget: createBudget({ limit: requests!, windowMs: per!, ceiling: true }),
    size: { requests: requests!, per: per! },
  };
  totals.set(id, made);
  return made;
}

function loaderFor(
  baseUrl: string,
  key: string | undefined,
  fetch: FetchLike,
  timeout: number,
  total: { budget: Budget; size: RenderBudget },
): KhountousLoader {
  const id = `${baseUrl}\n${key ?? ''}\n${timeout}`;
  let loader = loaders.get(id);
  if (!loader) {
    loader = createLoader({
      // Every loader of this API and key spends the one total.
      budget: () => total.budget,
      // Refreshes leave new resources the share of the total the browser's loader leaves them.
      revalidationReserve: reserveOf(total.size.requests),
      storage: null,
      broadcastChannel: null,
      locks: null,
      intersectionObserver: null,
      lazy: false,
      // A server render waits once, at most `timeout`: no retry behind a page.
      maxRetries: 0,
      requestTimeout: timeout,
      fetch: (input, init) => {
        if (!key) return fetch(input, init);
        const headers = new Headers(init?.headers);
        headers.set('Authorization', `Bearer ${key}`);
        return fetch(input, { ...init, headers });
      },
    });
    loaders.set(id, loader);
  }
  return loader;
}

/** Forgets the loaders (their caches), the totals and the back-offs: for tests. */
export function resetRenderCache(): void {
  loaders.clear();
  totals.clear();
  backoffs.clear();
}

/** An object that answers what planLoad asks of an element, from `attributes`. */
function ownerOf(tag: string, attributes: Attributes): Element {
  const get = (name: string) => {
    const value = attributes[name];
    return value === undefined || value === null || value === false
      ? null
      : value === true
        ? ''
        : String(value);
  };
  return { localName: tag, getAttribute: get, hasAttribute: (name: string) => get(name) !== null } as Element;
}

/** What a render of `<tag>` needs: its descriptor, its attributes as HTML, the plain element, the load planned, and its data. */
export interface ForRender {
  readonly descriptor: Widget;
  /** The writable attributes as HTML (` limit="5"`). */
  readonly given: string;
  /** The plain element, which loads its data in the browser: a RenderError's `html`. */
  readonly plain: string;
  readonly planned: Exclude<ReturnType<typeof planLoad>, KhountousError>;
  readonly loaded: { readonly data: unknown; readonly fetchedAt: number };
}

/**
 * The data of `<tag>` with `attributes`, by the rules of every server render (see above):
 * the server's own API only, its key never written, one total per API and key, a timeout,
 * stale data with its real age rather than none. Throws a RenderError when it has none.
 */
export async function loadForRender(
  tag: string,
  attributes: Attributes,
  options: RenderOptions,
): Promise<ForRender> {
  const descriptor = widgets.find((widget) => widget.tag === tag) as Widget | undefined;
  const load = delivery.loaders[tag];
  if (!descriptor || !load) {
    throw new RenderError(
      `<${tag}> is not an element of the kit: ${widgets.map((w) => w.tag).join(', ')}`,
      '',
    );
  }
  // One allow-list (widget/descriptor.ts): nothing else is written, whoever asks.
  const given = attributesHtml(attributes, descriptor);
  const plain = `<${tag}${given}></${tag}>`;
  const refused = Object.keys(attributes).filter((name) => !isWritableAttribute(descriptor, name));
  if (refused.length > 0)
    throw new RenderError(
      `<${tag}> takes no attribute ${refused.map((name) => JSON.stringify(name)).join(', ')}: ` +
        `its attributes are ${Object.keys(inputsOf(descriptor)).join(', ')}, id, class and data-* (the others are not written)`,
      plain,
    );
  const baseUrl = normaliseBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL);
  if (!baseUrl) throw new RenderError(`baseUrl "${options.baseUrl}" is not an http(s) URL`, plain);
  const total = totalFor(baseUrl, options.key, options.budget);
  if (typeof total === 'string') throw new RenderError(total, plain);
  // The server calls its own API only (`baseUrl`), with its key: an attribute cannot send it
  // elsewhere. An element whose base-url names another API is left to load in the browser.
  const named = attributes['base-url'];
  if (typeof named === 'string' && normaliseBaseUrl(named, `${baseUrl}/`) !== baseUrl)
    throw new RenderError(
      `<${tag}> base-url="${named}" is not the server's API (${baseUrl}): the server renders only from its own; the element loads in the browser`,
      plain,
    );
  const owner = ownerOf(tag, { ...attributes, 'base-url': baseUrl });
  const planned = planLoad(descriptor, owner, attributeReader(descriptor, owner), { page: false });
  if (planned instanceof KhountousError) throw new RenderError(planned.message, plain, { cause: planned });
  await load();
  const timeout = Math.max(1, options.timeout ?? RENDER_TIMEOUT);
  const loader = loaderFor(
    planned.options.baseUrl,
    options.key,
    options.fetch ?? globalThis.fetch.bind(globalThis),
    timeout,
    total,
  );
  const backoffKey = `${planned.options.baseUrl}\n${options.key ?? ''}\n${inlinePath(planned.resource, planned.options.baseUrl)}`;
  const backoff = backoffs.get(backoffKey);
  const backingOff = backoff !== undefined && Date.now() < backoff.until;
  // While backing off, what the process holds at once (stale, with its real age), or nothing.
  let loaded = backingOff ? loader.peek(planned.resource, planned.options.baseUrl) : undefined;
  if (backingOff && !loaded)
    throw new RenderError(
      `<${tag}>: no data to render (the API failed ${backoff.failures} time(s) in a row; not asked again before ${new Date(backoff.until).toISOString()}); it loads in the browser`,
      plain,
    );
  if (!loaded)
    try {
      const signals = [AbortSignal.timeout(timeout), ...(options.signal ? [options.signal] : [])];
      loaded = await loader.load(planned.resource, {
        ...planned.options,
        lazy: false,
        signal: AbortSignal.any(signals),
      });
      backoffs.delete(backoffKey);
    } catch (error) {
      const failures = (backoff?.failures ?? 0) + 1;
      // The total spent is no failure of the API: it refuses, without a request, until it refills.
      const spent = isKhountousError(error, 'quota');
      if (!options.signal?.aborted && !spent)
        backoffs.set(backoffKey, {
          failures,
          until: Date.now() + Math.min(BACKOFF_MAX, BACKOFF_FIRST * 2 ** (failures - 1)),
        });
      // What the process holds, with its real age, rather than nothing.
      loaded = loader.peek(planned.resource, planned.options.baseUrl);
      if (!loaded && spent)
        throw new RenderError(
          `<${tag}>: no data to render: the server's request budget for the API is spent (${budgetText(total.size)}, or fewer as the API says); it refills at ${refillText(total.budget, Date.now())}; it loads in the browser`,
          plain,
          { cause: error },
        );
      if (!loaded)
        throw new RenderError(
          `<${tag}>: no data to render (${error instanceof Error ? error.message : String(error)}); it loads in the browser`,
          plain,
          { cause: error },
        );
    }
  return { descriptor, given, plain, planned, loaded };
}
