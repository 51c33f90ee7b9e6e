/**
 * The script tag's first-paint start: the API requests of the kit's widgets in
 * the page, sent before any element code or the loader has arrived, with no
 * Lit, no schema and no message (the script tag, khountous.js, is this and its
 * module map).
 *
 * A widget's request is the one its element will ask the loader for: its
 * inputs read from its attributes and checked against its descriptor's rules,
 * the descriptor's resource, its URL and cache key from core/routes.ts, which
 * the loader's endpoint table uses too. Only what is certain is sent: an input
 * the rules would read as another spelling (`Saint Louis`), an invalid one, a
 * resource the persisted cache can serve (the exact key, a window of the same
 * list, a list that seeds a compact card), a lazy widget far from the
 * viewport, a page whose loader is already there, or a budget without room
 * send nothing here, and the element loads for itself as it always does.
 * A page's kit namespace (core/names.ts) is the loader's: its storage, its
 * lock, its handoff.
 *
 * What is sent is counted in the persisted budget (core/budget.ts: its row in
 * the log of the API's origin, under the cross-tab budget lock, as the loader
 * takes one) and handed to the loader by URL (core/handoff.ts), which takes it
 * in place of its own request: one request per resource, counted once, its
 * answer checked as any other.
 */
import { ANONYMOUS } from '../core/anonymous.js';
import { budgetKey, spendOne } from '../core/budget.js';
import { DEFAULT_MAX_AGE, ITEM_PREFIX, readCacheIndex } from '../core/cache.js';
import { handoffOf } from '../core/handoff.js';
import { inlineScriptOf } from '../core/inline.js';
import { pageNames, type Names } from '../core/names.js';
import { keyOf, requestUrl, ROUTES, type Route } from '../core/routes.js';
import type { ListWindow, Resource } from '../core/endpoints.js';
import { isNear } from '../core/loader/viewport.js';
import { group } from '../core/loader/windows.js';
import type { Params } from '../core/params.js';
import { DEFAULT_LIMIT } from '../core/types.js';
import { acceptedValue, REFUSED } from '../attributes/rules.js';
import { resolveBaseUrl } from '../widget/base-url.js';
import { camel, type Widget } from '../widget/descriptor.js';
import { languageOf, resolveLang } from '../widget/lang.js';

/** What the start would send for one widget. */
export interface FirstRequest {
  /** The request URL, which the loader sends for the same resource. */
  url: string;
  /** Its cache key (core/endpoints.ts Target.key). */
  key: string;
  /** The checked base URL. */
  base: string;
  /** What the element will ask the loader for. */
  resource: Resource;
  /** The prefixes of cached keys that would answer it instead (a window of the list, a seeding list). */
  servedBy: string[];
  /** Whether the element waits until it comes near the viewport. */
  lazy: boolean;
  /** Its checked inputs, by attribute name (what the text paint's summary reads). */
  values: Record<string, unknown>;
  /** A list's window, and the request of another window of the same list (its family URL). */
  window?: ListWindow | undefined;
  family: string;
  at(window: ListWindow): { url: string; resource: Resource };
}

/**
 * The request `descriptor`'s element `element` will send first, from its
 * attributes, or undefined when the start cannot be sure of it.
 */
export function firstRequest(descriptor: Widget, element: Element): FirstRequest | undefined {
  // Data the page gave it (a script inside: src/core/inline.ts): the element adopts it, loading only if it cannot.
  if (inlineScriptOf(element)) return undefined;
  const attribute = (name: string) => element.getAttribute(name);
  const base = resolveBaseUrl(attribute('base-url'))?.replace(/\/+$/, '');
  // An http(s) URL without query or hash (widget/base-url.ts), which the loader's check takes
  // (core/params.ts checkBaseUrl) unless it carries credentials.
  if (!base || base.includes('@')) return undefined;
  const selection: Record<string, unknown> = {
    lang: languageOf(attribute('lang'), () => resolveLang(element)),
    baseUrl: base,
  };
  const values: Record<string, unknown> = {};
  for (const [name, input] of Object.entries(descriptor.inputs)) {
    if (!input.rule || input.display) continue;
    // The rules' reading of a value as written (attributes/rules.ts): any other is left to the
    // element, which reads another spelling or shows its error.
    const value = acceptedValue(input.rule, attribute(name) ?? (input.initial as string | number | null));
    if (value === REFUSED) return undefined;
    selection[camel(name)] = values[name] = value;
  }
  const resource = descriptor.resource(selection as never) as Record<string, unknown> & { kind: string };
  const route: Route | undefined = (ROUTES as Record<string, Route>)[resource.kind];
  if (!route) return undefined;
  const given = { ...resource, ...(resource['query'] as object) } as Record<string, unknown>;
  const ids: Params = {};
  if (route.id) ids[route.id] = given[route.id] as string;
  const query: Params = { ...route.defaults };
  for (const name of route.query) if (given[name] != null) query[name] = given[name] as string;
  const family = requestUrl(base, route, ids, query);
  const window = route.paged
    ? { page: (given['page'] as number) ?? 1, limit: (given['limit'] as number) ?? DEFAULT_LIMIT }
    : undefined;
  const servedBy = window ? [`${family}#`] : [];
  if (route.seed && descriptor.options?.(selection as never)?.partial)
    servedBy.push(`${base}${(ROUTES as Record<string, Route>)[route.seed]!.path}?`);
  const at = (other: ListWindow) => ({
    url: requestUrl(base, route, ids, { ...query, ...other }),
    resource: { ...resource, query: { ...(resource['query'] as object), ...other } } as unknown as Resource,
  });
  return {
    url: window ? at(window).url : family,
    key: keyOf(family, window),
    base,
    resource: resource as unknown as Resource,
    servedBy,
    lazy: attribute('lazy') !== 'false',
    values,
    window,
    family,
    at,
  };
}

/** What a widget's first request was: its URL, and the items of it that are the widget's. */
export interface Sent {
  url: string;
  /** The widget's checked inputs (FirstRequest `values`). */
  values: Record<string, unknown>;
  /** For a window served by a larger one: where its items start in that answer, and how many. */
  items?: [offset: number, count: number];
}

/** The request sent for each element, by this start (read by the text paint). */
const sentFor = new WeakMap<Element, Sent>();

/** The first request that serves `element`, if the start sent one. */
export const firstRequestOf = (element: Element): Sent | undefined => sentFor.get(element);

/** A request to send, with the elements it serves. */
type Send = FirstRequest & { members: [Element, Sent][] };

/**
 * The requests to send for `wanted` (element and request): one per URL, and the windows
 * of one list asked together served by the fewest covering requests, as the loader's
 * batcher groups them (core/loader/windows.ts `group`): `limit=5` and `limit=10` of one
 * ranking are one request with `limit=10`.
 */
function covering(wanted: [Element, FirstRequest][]): Send[] {
  const families = new Map<string, [Element, FirstRequest][]>();
  for (const pair of wanted) families.set(pair[1].family, [...(families.get(pair[1].family) ?? []), pair]);
  return [...families.values()].flatMap((list) => {
    const [, first] = list[0]!;
    // Not a list: one request, the same URL for each.
    if (!first.window)
      return [
        {
          ...first,
          members: list.map(([element, { values }]): [Element, Sent] => [
            element,
            { url: first.url, values },
          ]),
        },
      ];
    return group(list, ([, request]) => request.window!).map(({ cover, members }) => {
      const sent = first.at(cover);
      return {
        ...first,
        ...sent,
        members: members.map(([element, { window, values }]): [Element, Sent] => [
          element,
          {
            url: sent.url,
            values,
            items: [(window!.page - 1) * window!.limit - (cover.page - 1) * cover.limit, window!.limit],
          },
        ]),
      };
    });
  });
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const readJson = (storage: Store, key: string): unknown => {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
};

/**
 * Whether the persisted cache (core/cache.ts: its items and their index) holds something the loader
 * would serve for `request`: its own item, however old, or a window of its list or a list that
 * seeds it, not past the cache's maximum age.
 */
function cached(storage: Store, names: Names, request: FirstRequest, now: number): boolean {
  if (storage.getItem(names.storage + ITEM_PREFIX + request.key) !== null) return true;
  const index = readCacheIndex({ getJSON: (key) => readJson(storage, names.storage + key) });
  return Object.entries(index).some(
    ([key, [, , downloadedAt]]) =>
      request.servedBy.some((prefix) => key.startsWith(prefix)) && downloadedAt >= now - DEFAULT_MAX_AGE,
  );
}

/**
 * Takes one request from the persisted budget of `base`'s origin, as the
 * loader's budget does (core/budget.ts `spendOne`, under the key the loader
 * gives it): the id it is logged under (which the loader reconciles the
 * answer's headers with), or undefined when there is no room.
 */
export const spend = (storage: Store, names: Pick<Names, 'storage'>, base: string, now: number) =>
  spendOne(
    {
      getJSON: (key) => readJson(storage, names.storage + key),
      setJSON: (key, value) => (storage.setItem(names.storage + key, JSON.stringify(value)), true),
    },
    budgetKey(base),
    now,
  );

/** Runs `task` holding the loader's cross-tab budget lock, when the browser has Web Locks. */
function withBudgetLock(names: Names, task: () => void): Promise<void> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return Promise.resolve(task());
  return locks.request(`${names.lock}budget`, task).then(
    () => undefined,
    () => task(),
  );
}

/**
 * Sends the requests of `elements` (widgets of `widgets` whose element is not
 * defined yet) that the start can be sure of, each once per page; resolves
 * once they have left (their responses are under way).
 */
export async function sendFirstRequests(
  elements: readonly Element[],
  widgets: readonly Widget[],
): Promise<void> {
  const names = pageNames();
  const handoff = handoffOf(names);
  const wanted: [Element, FirstRequest][] = [];
  let storage: Store;
  try {
    // A loader on the page (a copy of the kit came first, or the elements already have) loads for them.
    if ((globalThis as Record<symbol, unknown>)[names.global]) return;
    // Without storage (refused, sandboxed), the loader's budget could not see these requests.
    storage = localStorage;
    const now = Date.now();
    for (const element of elements) {
      const descriptor = widgets.find((one) => one.tag === element.localName);
      const request = descriptor && firstRequest(descriptor, element);
      if (request && (!request.lazy || isNear(element)) && !cached(storage, names, request, now))
        wanted.push([element, request]);
    }
  } catch {
    return;
  }
  const sends = covering(wanted).filter(({ url, members }) => {
    // Sent already (a tag found earlier): these elements are served by it too.
    if (!handoff.has(url)) return true;
    for (const [element, sent] of members) sentFor.set(element, sent);
    return false;
  });
  if (sends.length > 0)
    await withBudgetLock(names, () => {
      for (const { base, url, resource, members } of sends) {
        let sentId: string | undefined;
        try {
          sentId = spend(storage, names, base, Date.now());
        } catch {
          continue;
        }
        if (sentId === undefined) continue;
        // As the loader's requests go out (core/http.ts call).
        const response = fetch(url, { headers: { Accept: 'application/json' }, ...ANONYMOUS });
        // Read by the loader; a failure is its to report.
        response.catch(() => undefined);
        handoff.set(url, { response, sentId, resource, baseUrl: base });
        for (const [element, sent] of members) sentFor.set(element, sent);
      }
    });
}
