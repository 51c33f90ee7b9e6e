/**
 * Browser-test helpers: a fresh kit (no persisted cache, no budget, a new
 * loader), isolated reference-API instances, waiting for an element's state,
 * and a watch on Lit's dev-mode warnings.
 */
import { expect, fixture, fixtureCleanup, oneEvent } from '@open-wc/testing';
import { getLoader } from '../../src/core/loader/loader.js';
import { namesOf, pageNamespace } from '../../src/core/names.js';
import { otherLoopback } from './loopback.js';

/**
 * The names of this test file's kit: the test runner gives each file's page a
 * namespace of its own (web-test-runner.config.mjs), so that files running at
 * the same time share no storage, lock, channel or loader.
 */
export const kitNames = namesOf(pageNamespace());

/** globalThis key of this page's loader. */
export const LOADER_KEY = kitNames.global;

/** Forgets the page's loader and everything the kit persisted in this page's namespace, as on a first visit. */
export function freshKit(): void {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(kitNames.storage)) localStorage.removeItem(key);
  }
  delete (globalThis as Record<symbol, unknown>)[LOADER_KEY];
  // The early flights of the page's loader go with it (core/loader/early.ts).
  delete (globalThis as Record<symbol, unknown>)[kitNames.early];
}

let scopes = 0;

/**
 * The test server under the page's origin with the other loopback name (localhost <->
 * 127.0.0.1): an API there is cross-origin, as the kit's API is to the pages that embed it, and
 * the browser sends its requests on connections of their own (a browser opens at most six to a
 * host over HTTP/1.1: an API on the page's host waits behind six files the server holds back).
 */
export const otherOrigin = (): string => otherLoopback(location.origin);

/**
 * An absolute base URL served by a reference-API instance of its own, with the
 * document's quotas (60 anonymous requests per hour): no other test's
 * requests count against it. Only the test runner's server serves these; on
 * `origin`, the page's unless another is given (`otherOrigin()`).
 */
export function isolatedApi(label = 'api', origin = location.origin): string {
  scopes += 1;
  const id = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${scopes}`;
  return `${origin}/scoped/${id}/v1`;
}

/** The shared reference API of the test run (raised quota). */
export const sharedApi = (): string => `${location.origin}/v1`;

/** Gives the page `base` as the kit's API (`<meta name="khountous:base-url">`), then `html` at the end of its body. */
export function pageOn(base: string, html: string): void {
  const meta = document.createElement('meta');
  meta.name = 'khountous:base-url';
  meta.content = base;
  document.head.append(meta);
  document.body.insertAdjacentHTML('beforeend', html);
}

/** Reads the reference API directly, for expectations computed independently of the kit. */
export async function api<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

export type ViewState = 'loading' | 'ready' | 'empty' | 'error';

/** Resolves once `element` reflects one of `states` in its `state` attribute. */
export async function settled(
  element: HTMLElement,
  states: ViewState[] = ['ready', 'empty', 'error'],
  timeout = 8000,
): Promise<ViewState> {
  const deadline = performance.now() + timeout;
  for (;;) {
    await (element as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete;
    const state = element.getAttribute('state') as ViewState | null;
    if (state && states.includes(state)) return state;
    if (performance.now() > deadline) {
      throw new Error(`<${element.localName}> stayed "${state}" (waiting for ${states.join('|')})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Whether a console line that `matches` comes within `timeout`: the kit's attribute
 * warnings are written once their sentences are here (src/attributes/messages.ts,
 * imported with the first problem), a moment after the widget renders.
 */
export async function eventually(matches: () => boolean, timeout = 2000): Promise<boolean> {
  const deadline = performance.now() + timeout;
  while (!matches() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return matches();
}

/** Resolves once none of `elements` has the attribute `name` (watched, not polled), else rejects after `timeout`. */
export function attributeGone(elements: readonly Element[], name: string, timeout = 8000): Promise<void> {
  return new Promise((resolve, reject) => {
    const gone = () => elements.every((element) => !element.hasAttribute(name));
    const observer = new MutationObserver(() => {
      if (gone()) finish(resolve);
    });
    const deadline = setTimeout(
      () =>
        finish(() =>
          reject(
            new Error(
              `${name} stayed on ${elements
                .filter((element) => element.hasAttribute(name))
                .map((element) => `<${element.localName}>`)
                .join(', ')}`,
            ),
          ),
        ),
      timeout,
    );
    const finish = (settle: () => void) => {
      observer.disconnect();
      clearTimeout(deadline);
      settle();
    };
    for (const element of elements) observer.observe(element, { attributes: true, attributeFilter: [name] });
    if (gone()) finish(resolve);
  });
}

/** The first event of `type` the element fires, with a timeout. */
export function nextEvent<T extends Event>(element: HTMLElement, type: string, timeout = 8000): Promise<T> {
  return Promise.race([
    oneEvent(element, type) as Promise<T>,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`no ${type} from <${element.localName}>`)), timeout),
    ),
  ]);
}

/** The previous and next buttons of a list widget's pager (none when there is one page). */
export const pagerButtons = (element: Element): HTMLButtonElement[] => [
  ...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('nav[part~="pagination"] button'),
];

/** The items of a list widget (reports, fact-checks). */
export const listItems = (element: Element): Element[] => [
  ...element.shadowRoot!.querySelectorAll('li[part~="item"]'),
];

/** Spends what is left of the budget of `base` without sending anything (as downloads would). */
export function spendBudget(base: string): void {
  const loader = getLoader();
  while (loader.canDownload(base)) loader.recordDownload(base);
}

/** Text content of the element's shadow root, whitespace folded. */
export const shadowText = (element: Element): string =>
  (element.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * Records console warnings so a test can assert which the kit wrote, and that
 * Lit logged none of its dev-mode warnings (lit.dev/msg/...) other than the
 * notice that dev mode is on. `quiet` keeps them out of the test log (for
 * tests that expect many and assert them).
 */
export function watchWarnings({ quiet = false } = {}): {
  litWarnings: () => string[];
  all: () => string[];
  restore: () => void;
} {
  const original = console.warn;
  const seen: string[] = [];
  console.warn = (...args: unknown[]) => {
    seen.push(args.map(String).join(' '));
    if (!quiet) original.apply(console, args);
  };
  return {
    all: () => [...seen],
    litWarnings: () =>
      seen.filter((line) => line.includes('lit.dev/msg/') && !line.includes('lit.dev/msg/dev-mode')),
    restore: () => {
      console.warn = original;
    },
  };
}

/**
 * A `before` hook that loads the accessibility checker (axe-core, half a
 * megabyte) and runs it once on the empty page. Its first load takes seconds on
 * a busy machine; in a test, that time would count against that test's timeout.
 */
export function loadAccessibilityChecker(): void {
  before(async function () {
    this.timeout(60000);
    await expect(document.body).to.be.accessible();
  });
}

/**
 * The hooks of a widget test suite: the accessibility checker loaded before
 * the first test; a fresh kit before each test; after it, the fixtures removed
 * and not one Lit dev-mode warning. Returns the warnings of the running test,
 * kept out of the log (the tests assert those they expect).
 */
export function widgetTestHooks(): () => ReturnType<typeof watchWarnings> {
  let warnings: ReturnType<typeof watchWarnings> | undefined;
  loadAccessibilityChecker();
  beforeEach(() => {
    freshKit();
    warnings = watchWarnings({ quiet: true });
  });
  afterEach(() => {
    fixtureCleanup();
    warnings!.restore();
    expect(warnings!.litWarnings(), 'Lit dev-mode warnings').to.deep.equal([]);
  });
  return () => warnings!;
}

/** The URL a fetch call asks for, whichever form it was given in. */
export const requestUrl = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * Lets the text of the API's successful answers to URLs that hold `fragment` be rewritten
 * before the kit reads it (a number JSON.stringify cannot write, such as 1e309). Returns the
 * function that puts fetch back.
 */
export function rewriteAnswers(fragment: string, rewrite: (text: string) => string): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await original(input, init);
    if (!requestUrl(input).includes(fragment) || !response.ok) return response;
    const text = rewrite(await response.text());
    const headers = new Headers(response.headers);
    headers.delete('Content-Length');
    headers.delete('Content-Encoding');
    return new Response(text, { status: response.status, headers });
  };
  return () => (globalThis.fetch = original);
}

/** Lets the API's successful answers to URLs that hold `fragment` be edited (`edit` changes the body in place). */
export const editAnswers = <T>(fragment: string, edit: (body: T) => unknown): (() => void) =>
  rewriteAnswers(fragment, (text) => {
    const body = JSON.parse(text) as T;
    edit(body);
    return JSON.stringify(body);
  });

/**
 * Holds the answers the page's fetch gets from `base` until `release()`: the
 * request goes out and the API answers as usual, but the kit sees nothing yet.
 * A test looks at the view while data is on its way for as long as it needs,
 * on a machine of any speed. `restore()` releases and puts fetch back.
 */
export function holdAnswers(base: string): { release: () => void; restore: () => void } {
  const original = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await original(input, init);
    if (requestUrl(input).startsWith(base)) await gate;
    return response;
  };
  return {
    release,
    restore: () => {
      release();
      globalThis.fetch = original;
    },
  };
}

/** Counts the fetch calls the page makes (the kit's requests), by URL. */
export function countFetches(): { urls: string[]; priorities: (string | undefined)[]; restore: () => void } {
  const original = globalThis.fetch;
  const urls: string[] = [];
  /** Each request's fetch priority as asked (`high`), in the order of `urls`; undefined: the default. */
  const priorities: (string | undefined)[] = [];
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(requestUrl(input));
    priorities.push((init as (RequestInit & { priority?: string }) | undefined)?.priority);
    return original(input, init);
  };
  return { urls, priorities, restore: () => (globalThis.fetch = original) };
}

export interface MountOptions {
  /** Wait until the element settles (ready, empty or error). Default true. */
  settle?: boolean;
  /** Put the element in a container of this width, in px. */
  width?: number;
}

/**
 * Creates `<tag>` with `attrs` (base-url defaults to the shared API), mounts it
 * in a test fixture and, unless told otherwise, waits until it settles.
 */
export async function mount<E extends HTMLElement = HTMLElement>(
  tag: string,
  attrs: Record<string, string> = {},
  { settle = true, width }: MountOptions = {},
): Promise<E> {
  const element = document.createElement(tag) as E;
  element.setAttribute('base-url', sharedApi());
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  if (width) {
    const wrapper = await fixture<HTMLDivElement>(document.createElement('div'));
    wrapper.style.width = `${width}px`;
    wrapper.append(element);
    await (element as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete;
  } else {
    await fixture(element);
  }
  if (settle) await settled(element);
  return element;
}
