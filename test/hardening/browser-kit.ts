/**
 * Browser helpers of the hardening suite: every element with attributes that
 * select real data (its folder's sample), faulty reference-API instances (test/server/api.ts), a
 * loader installed for one test with a clock that can jump ahead, and a guard
 * that records every uncaught error and unhandled rejection of the page.
 */
import {
  createLoader,
  QUOTA_EVENT,
  type KhountousLoader,
  type LoaderOptions,
} from '../../src/core/loader/loader.js';
import type { KhountousErrorKind } from '../../src/core/errors.js';
import { describe as describeResource, urlOf } from '../../src/core/endpoints.js';
import { catalog } from '../../src/registry.js';
import { planLoad } from '../../src/widget/load.js';
import { translations, widgetNameOf } from '../helpers/translations.js';
import { expect } from '@open-wc/testing';
import { isolatedApi, LOADER_KEY, otherOrigin, sharedApi, type ViewState } from '../helpers/kit.js';

export { LOADER_KEY };

export interface ElementSpec {
  tag: string;
  /** Attributes that select real data: its folder's `about.sample`. */
  attrs: () => Record<string, string>;
  /** The path (after /v1) of the element's request, with the `?` of its query: what no other element's starts with. */
  path: () => string;
  /** How long its data stays fresh, in minutes (its endpoint's). */
  fresh: number;
}

/** Every widget of the registry, with the attributes its folder declares (`about.sample`). */
export const EVERY_ELEMENT: readonly ElementSpec[] = catalog.map(({ widget, about }): ElementSpec => {
  const attrs: Record<string, string> = { ...about.sample };
  const planned = planLoad(
    widget,
    { localName: widget.tag } as Element,
    (name) => attrs[name] ?? widget.inputs[name]?.initial,
    { page: false },
  );
  if (planned instanceof Error) throw new Error(`<${widget.tag}>'s about.sample: ${planned.message}`);
  const target = describeResource(planned.resource, 'https://api.example.test/v1');
  const url = new URL(urlOf(target));
  const path = url.pathname.replace(/^.*\/v1/, '') + (url.search ? '?' : '');
  return { tag: widget.tag, attrs: () => ({ ...attrs }), path: () => path, fresh: target.ep.fresh };
});

/**
 * The elements one per request: of two widgets that send the same one (the map and the regional
 * figures both read /regions), the first only, as the faults of one request would count for both.
 */
export const ELEMENTS: readonly ElementSpec[] = EVERY_ELEMENT.filter(
  (spec, index) => EVERY_ELEMENT.findIndex((other) => other.path() === spec.path()) === index,
);

/** Fields whose values the schemas restrict to a list (or to http(s) for `url`): kept. */
const KEPT = [
  'sector',
  'level',
  'region',
  'category',
  'status',
  'verdict',
  'evidenceLevel',
  'key',
  'unit',
  'type',
  'code',
  'url',
];

/** A deep copy of `value` whose free texts (all but the fields of `kept`) are all `payload`. */
function poison(value: unknown, payload: string, kept: ReadonlySet<string>, field = ''): unknown {
  if (typeof value === 'string') return kept.has(field) ? value : payload;
  if (Array.isArray(value)) return value.map((item) => poison(item, payload, kept, field));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, poison(item, payload, kept, key)]),
    );
  }
  return value;
}

/**
 * A fetch that answers from the shared reference API, with the free texts poisoned: every
 * string but the enumerated fields (and those of `alsoKept`) is `payload`.
 */
export function poisonedFetch(payload: string, alsoKept: readonly string[] = []) {
  const kept = new Set([...KEPT, ...alsoKept]);
  return async (input: string, init: RequestInit): Promise<Response> => {
    const path = new URL(input).pathname.replace(/^.*\/v1/, '') + new URL(input).search;
    const response = await fetch(`${sharedApi()}${path}`, { signal: init.signal ?? null });
    const body = poison(await response.json(), payload, kept);
    return new Response(JSON.stringify(body), {
      status: response.status,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  fault: string | null;
  cookie: boolean;
  origin: string | null;
  referer: string | null;
}

export interface FaultPlan {
  fault: string;
  times?: number;
  paths?: string[];
  delayMs?: number;
  retryAfter?: number;
}

/** A reference-API instance of its own that can be told to fail. */
export class FaultyApi {
  readonly id: string;
  readonly base: string;
  private readonly control: string;

  constructor(label: string, { crossOrigin = false } = {}) {
    this.base = isolatedApi(label, crossOrigin ? otherOrigin() : location.origin);
    this.id = new URL(this.base).pathname.split('/')[2]!;
    this.control = `${location.origin}/scoped/${this.id}/__faults`;
  }

  async fail(plan: FaultPlan): Promise<void> {
    const response = await fetch(this.control, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(plan),
    });
    if (response.status !== 204) throw new Error(`fault not set: ${await response.text()}`);
  }

  /** The API recovers. */
  async recover(): Promise<void> {
    await fetch(this.control, { method: 'DELETE' });
  }

  /** Every GET that reached the instance. */
  async requests(): Promise<RecordedRequest[]> {
    const response = await fetch(this.control, { cache: 'no-store' });
    const body = (await response.json()) as { requests: RecordedRequest[] };
    return body.requests.filter((request) => request.method === 'GET');
  }
}

/**
 * A clock for the loader that runs with real time and can jump ahead: timers
 * are real ones, and `advance(ms)` moves the clock and fires at once every
 * timer that falls due. A request's timeout is a timer too: jump while one is
 * in flight only to time it out (`InstalledLoader.inFlight` tells which are).
 */
export function warpClock() {
  let offset = 0;
  let nextId = 0;
  const timers = new Map<
    number,
    { due: number; callback: () => void; real: ReturnType<typeof setTimeout> }
  >();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  const now = () => Date.now() + offset;
  const fire = (id: number) => {
    const timer = timers.get(id);
    if (!timer) return;
    timers.delete(id);
    clearTimeout(timer.real);
    timer.callback();
    changed();
  };
  return {
    now,
    setTimeout(callback: () => void, ms: number): unknown {
      const id = ++nextId;
      timers.set(id, { due: now() + ms, callback, real: setTimeout(() => fire(id), ms) });
      changed();
      return id;
    },
    clearTimeout(handle: unknown): void {
      const timer = timers.get(handle as number);
      if (timer) clearTimeout(timer.real);
      if (timers.delete(handle as number)) changed();
    },
    advance(ms: number): void {
      offset += ms;
      const due = [...timers].filter(([, timer]) => timer.due <= now()).sort((a, b) => a[1].due - b[1].due);
      for (const [id] of due) fire(id);
    },
    /** When the next timer falls due (Infinity when none is set). */
    nextDue(): number {
      let next = Infinity;
      for (const timer of timers.values()) next = Math.min(next, timer.due);
      return next;
    },
    /** Calls `listener` whenever a timer is set, cleared or fired; returns its removal. */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type WarpClock = ReturnType<typeof warpClock>;

export interface SentRequest {
  url: string;
  init: RequestInit;
}

export interface InstalledLoader {
  loader: KhountousLoader;
  clock: WarpClock;
  /** Every request the kit sent through the loader, in order. */
  sent: SentRequest[];
  /** The kit's requests whose URL contains `fragment`. */
  sentTo(fragment: string): SentRequest[];
  /** How many of the kit's requests whose URL contains `fragment` wait for their answer. */
  inFlight(fragment: string): number;
  /**
   * Resolves once `condition` holds, checked whenever a request of the kit starts or ends, a
   * timer of the clock is set, cleared or fired, and the loader's stats change (its
   * `khountous-quota` event); rejects after `timeout` ms of real time, naming `what`.
   */
  until(condition: () => boolean, what: string, timeout?: number): Promise<void>;
  /**
   * Resolves once no request of the kit waits for an answer and no timer of the clock falls due
   * within a second: the loader's short timers in these tests (its batch flush, 0 ms; its
   * retries, 20 ms apart) have run, its long ones (recoveries, freshness) wait for a jump.
   */
  idle(): Promise<void>;
}

/** The loader's timers that fire without a jump of the clock, in these tests: those due within this. */
const SOON = 1000;

/**
 * Installs a new page-wide loader (memory only, no cross-tab, everything loads
 * at once) with short retries, a warp clock and a fetch that records what the
 * kit sends. Elements created after this use it.
 *
 * The request timeout stays the kit's own (30 s): an answer of the test's API that a busy
 * machine delays must not become a network error. A test of timeouts jumps the clock past it.
 */
export function installLoader(options: LoaderOptions = {}, clock = warpClock()): InstalledLoader {
  const sent: SentRequest[] = [];
  /** The requests waiting for their answer (the body of an answer read too). */
  const flying = new Set<SentRequest>();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  const inner = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  const loader = createLoader({
    storage: null,
    broadcastChannel: null,
    locks: null,
    intersectionObserver: null,
    retryDelay: 20,
    now: clock.now,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    ...options,
    fetch: async (input, init) => {
      const request = { url: input, init };
      sent.push(request);
      flying.add(request);
      changed();
      try {
        const response = await inner(input, init);
        // The body is read by the kit next: count it as pending until then.
        const body = await response
          .clone()
          .arrayBuffer()
          .catch(() => undefined);
        void body;
        return response;
      } finally {
        flying.delete(request);
        changed();
      }
    },
  });
  Object.defineProperty(globalThis, LOADER_KEY, { value: loader, configurable: true, writable: true });
  const until = (condition: () => boolean, what: string, timeout = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const finish = (settle: () => void) => {
        listeners.delete(check);
        offClock();
        loader.removeEventListener(QUOTA_EVENT, check);
        clearTimeout(deadline);
        settle();
      };
      const check = () => {
        try {
          if (condition()) finish(resolve);
        } catch (error) {
          finish(() => reject(error as Error));
        }
      };
      const deadline = setTimeout(
        () => finish(() => reject(new Error(`still waiting for ${what} after ${timeout} ms`))),
        timeout,
      );
      listeners.add(check);
      const offClock = clock.onChange(check);
      loader.addEventListener(QUOTA_EVENT, check);
      check();
    });
  const quiet = () => flying.size === 0 && clock.nextDue() > clock.now() + SOON;
  return {
    loader,
    clock,
    sent,
    sentTo: (fragment) => sent.filter((request) => request.url.includes(fragment)),
    inFlight: (fragment) => [...flying].filter((request) => request.url.includes(fragment)).length,
    until,
    async idle() {
      for (;;) {
        await until(quiet, 'no request in flight and no timer due soon');
        // One task: what follows an answer (its body parsed, stored, the next attempt planned)
        // runs in promise callbacks, which have no event; so does a request that a fired timer
        // asks for before it is sent.
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (quiet()) return;
      }
    },
  };
}

/** Records what reaches the page: uncaught errors and unhandled rejections. */
export function pageGuard() {
  const problems: string[] = [];
  const onError = (event: ErrorEvent) => problems.push(`error: ${event.message}`);
  const onRejection = (event: PromiseRejectionEvent) =>
    problems.push(`unhandled rejection: ${String(event.reason)}`);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return {
    problems,
    stop() {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    },
  };
}

/** Creates `<tag>` with `attrs` inside `parent`, not waiting for anything. */
export function create(parent: Element, tag: string, attrs: Record<string, string>): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  parent.append(element);
  return element;
}

/**
 * Resolves once every element shows one of `states` (and, when asked, no stale mark): its
 * `state` and `stale` attributes, which an element sets after each update, watched.
 */
export async function allSettled(
  elements: readonly HTMLElement[],
  states: ViewState[] = ['ready', 'empty', 'error'],
  // Below the test's own timeout (10 s), so that a failure names the states it saw.
  { timeout = 8_000, fresh = false } = {},
): Promise<void> {
  const done = (element: HTMLElement) =>
    states.includes(element.getAttribute('state') as ViewState) && !(fresh && element.hasAttribute('stale'));
  for (;;) {
    await new Promise<void>((resolve, reject) => {
      const observer = new MutationObserver(() => check());
      const finish = (settle: () => void) => {
        observer.disconnect();
        clearTimeout(deadline);
        settle();
      };
      const check = () => {
        if (elements.every(done)) finish(resolve);
      };
      const deadline = setTimeout(() => {
        const detail = elements
          .filter((element) => !done(element))
          .map(
            (element) =>
              `<${element.localName}> ${element.getAttribute('state')}${element.hasAttribute('stale') ? ' stale' : ''}`,
          );
        finish(() =>
          reject(
            new Error(`still waiting (${states.join('|')}${fresh ? ', fresh' : ''}): ${detail.join(', ')}`),
          ),
        );
      }, timeout);
      for (const element of elements)
        observer.observe(element, { attributes: true, attributeFilter: ['state', 'stale'] });
      check();
    });
    // An update under way ends first; it may show another state.
    await Promise.all(
      elements.map(
        (element) => (element as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete,
      ),
    );
    if (elements.every(done)) return;
  }
}

/** The localized sentence the element of `tag` shows for an error of `kind` (quota: its time any). */
export function errorSentence(lang: 'fr' | 'en', kind: KhountousErrorKind, tag: string): string | RegExp {
  const t = translations(lang);
  const name = widgetNameOf(tag);
  if (kind !== 'quota') return t.error(kind, name);
  const [before, after] = t.error('quota', name, '\u0000').split('\u0000');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escape(before!)}\\d{2}:\\d{2}${escape(after!)}`);
}

/** The text of the shadow root, whitespace folded. */
export const textOf = (element: Element): string =>
  (element.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** A localStorage stand-in for a loader's storage (two loaders sharing one are a page and its reload). */
export function memoryBackend() {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** Every kind of element the kit's templates use; data can add none. */
export const KIT_TAGS = new Set([
  'a',
  'article',
  'bdi',
  'blockquote',
  'button',
  'caption',
  'circle',
  'dd',
  'defs',
  'details',
  'div',
  'dl',
  'dt',
  'footer',
  'g',
  'h3',
  'li',
  'line',
  'nav',
  'ol',
  'p',
  'path',
  'pattern',
  'q',
  'rect',
  'span',
  'strong',
  'summary',
  'svg',
  'table',
  'tbody',
  'td',
  'text',
  'th',
  'thead',
  'time',
  'tr',
  'ul',
]);

declare global {
  interface Window {
    __pwned?: unknown;
  }
}

/** What must hold of any rendering, whatever the data. */
export function assertSafe(element: HTMLElement): void {
  expect(window.__pwned, 'window.__pwned').to.equal(undefined);
  const root = element.shadowRoot!;
  for (const node of root.querySelectorAll('*')) {
    expect(KIT_TAGS.has(node.localName), `<${node.localName}> in <${element.localName}>`).to.equal(true);
    for (const attribute of node.attributes) {
      expect(attribute.name.startsWith('on'), `${attribute.name} on <${node.localName}>`).to.equal(false);
    }
  }
  for (const link of root.querySelectorAll('a[href]')) {
    const url = new URL(link.getAttribute('href')!, document.baseURI);
    expect(['http:', 'https:'], link.getAttribute('href')!).to.include(url.protocol);
    if (url.origin !== location.origin) {
      const rel = (link.getAttribute('rel') ?? '').split(/\s+/);
      expect(rel, `rel of ${url.href}`).to.include.members(['noopener', 'noreferrer']);
    }
  }
}
