/**
 * The early start: the API requests of the widgets already in the page, sent
 * before their element code, and before the rest of the loader, have arrived.
 * On a slow network the code takes longer to arrive than the API's answer:
 * the script tag's file holds only this and what it needs (the widgets'
 * descriptors and the loader's parts that send a request), and the rest
 * travels while the requests do.
 *
 * In two halves, which both builds run (boot/served.ts, boot/bundled.ts):
 *
 * 1. `beginLoadsSoon` (here, in the entry): each tag's load, the one its
 *    element will plan (widget/load.ts `planLoad`, from its attributes read as
 *    the element's properties), its box reserved (`planLoads`); and in the next
 *    task, while the page's loader is not made yet, the first request of each
 *    one in view or near it sent as an early flight (`sendLoads`,
 *    core/loader/early.ts: the loader's own lock, budget and attempt).
 * 2. `startLoads` (boot/start-loads.ts, with the rest of the loader): each
 *    load through the page's shared loader, which adopts the early flights:
 *    the element, once defined, joins the request under way or finds its
 *    answer in the cache. One request per resource, with the loader's cache,
 *    coalescing, batching and budget.
 *
 * A lazy element far from the viewport waits there as it would (the loader's
 * near-viewport wait), an element with an input it cannot use is left to show
 * its error, and one that holds a server's data (core/inline.ts) adopts it
 * when it is defined.
 */
import { describe, type Target } from '../core/endpoints.js';
import { KhountousError } from '../core/errors.js';
import { inlineScriptOf } from '../core/inline.js';
import { loadIntl } from '../i18n/idle.js';
import { pageEarly, type Early } from '../core/loader/early.js';
import { nearNow } from '../core/loader/near.js';
import { NAMES } from '../core/names.js';
import { widgets as registry } from '../registry.js';
import { BOXES, boxRule, reserve } from '../widget/box.js';
import type { Widget } from '../widget/descriptor.js';
import { attributeReader, planLoad, type Planned } from '../widget/load.js';
import type { Started, startLoads } from './start-loads.js';

/** One load the early start plans: its element, its widget and what it loads. */
export interface Plan {
  element: Element;
  widget: Widget;
  planned: Planned;
}

/** The loads planned, and the early flights sent for them (none once the page's loader is made). */
export interface Begun {
  plans: Plan[];
  early: Early | undefined;
  /** The keys of the early flights this discovery sent (which `Early.settle` lets go unless claimed). */
  keys: string[];
  /**
   * Resolves once the early flights' requests have left, or at most SENT_WAIT ms after they
   * began (a lock another tab holds): the files of the loader and of the elements are asked
   * for after them, so that no request of a file goes before the API's (a browser opens few
   * connections to a host, and a slow network shares its bandwidth).
   */
  sent: Promise<void>;
}

/** The longest the other files wait for the early flights' requests to leave, ms. */
const SENT_WAIT = 1000;

/** Elements whose loads were started, by any copy of the kit: each once. */
function startedSet(): WeakSet<Element> {
  const holder = globalThis as unknown as Record<symbol, WeakSet<Element> | undefined>;
  return (holder[NAMES.earlyStart] ??= new WeakSet());
}

/**
 * The style rule of the tags' boxes (widget/box.ts), in the document once, whichever copy of
 * the kit wrote it: a constructed style sheet, which a page's Content-Security-Policy without
 * 'unsafe-inline' styles allows (a <style> element it refuses). A browser without them gives
 * each widget its box when its element is defined.
 */
function reserveBoxes(widgets: readonly Widget[]): void {
  const page = document as Document & { [BOXES]?: true };
  if (page[BOXES] || !('adoptedStyleSheets' in page)) return;
  page[BOXES] = true;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(boxRule(widgets.map((descriptor) => descriptor.tag)));
  page.adoptedStyleSheets = [...page.adoptedStyleSheets, sheet];
}

/**
 * Plans the loads of `elements` (kit tags whose element is not defined yet) and reserves their
 * boxes. It touches no storage: the early flights (`sendLoads`) read the budget's first, and a
 * page's first read of its storage can take tens of milliseconds, so the deliveries send them
 * in a task of their own (`beginLoadsSoon`) rather than make one long task of both.
 */
function planLoads(elements: readonly Element[], widgets: readonly Widget[] = registry): Plan[] {
  if (typeof customElements === 'undefined') return [];
  const started = startedSet();
  const byTag = new Map(widgets.map((descriptor) => [descriptor.tag, descriptor]));
  const plans: Plan[] = [];
  reserveBoxes(widgets);
  for (const element of elements) {
    const descriptor = byTag.get(element.localName);
    // A defined element loads for itself.
    if (!descriptor || customElements.get(descriptor.tag) || started.has(element)) continue;
    started.add(element);
    // Data a server wrote inside it (core/inline.ts): the element adopts it, loading only if it cannot.
    if (inlineScriptOf(element)) continue;
    const read = attributeReader(descriptor, element);
    // Its box, before its data or its code (widget/box.ts): the text around it stays where it is.
    reserve(element, descriptor.box, read);
    const planned = planLoad(descriptor, element, read);
    // The element shows what it cannot use when it is defined.
    if (planned instanceof KhountousError) continue;
    plans.push({ element, widget: descriptor, planned });
  }
  return plans;
}

/**
 * While the page's loader is not made yet, sends the first requests of `plans` as `early`
 * flights (`null`: none); boot/start-loads.ts then starts them through the loader.
 */
function sendLoads(plans: Plan[], early: Early | null | undefined = pageEarly()): Begun {
  if (typeof customElements === 'undefined')
    return { plans: [], early: undefined, keys: [], sent: Promise.resolve() };
  const keys = early ? sendEarly(early, plans) : [];
  // Those of an earlier discovery too: a tag found twice (the page's observer, then the
  // embed page's own call) waits for the request the first sent.
  const sent = early ? sentOrWaited(early) : Promise.resolve();
  return { plans, early: early ?? undefined, keys, sent };
}

/**
 * `planLoads` then `sendLoads`, in one task.
 *
 * @internal tested on its own: the deliveries run `beginLoadsSoon`
 */
export function beginLoads(
  elements: readonly Element[],
  widgets: readonly Widget[] = registry,
  early?: Early | null,
): Begun {
  return sendLoads(planLoads(elements, widgets), early);
}

/**
 * What the deliveries run (boot/served.ts, boot/bundled.ts): `planLoads` now, and `sendLoads`
 * in a task of its own, queued at once, so that the two make no long task together. A
 * message, which a hidden page does not throttle as it does timers.
 */
export function beginLoadsSoon(elements: readonly Element[]): Promise<Begun> {
  const plans = planLoads(elements);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      // Sent through a promise's executor: an error there rejects it, where in the message's
      // handler it would end, the promise never settled.
      resolve(new Promise<Begun>((sent) => sent(sendLoads(plans))));
      // While the answers travel: the engine's Intl data, which showing them needs.
      if (plans.length > 0) loadIntl();
    };
    channel.port2.postMessage(undefined);
  });
}

/** The early start's second half (boot/start-loads.ts), as a delivery imports it. */
type StartLoads = { startLoads: typeof startLoads };

/**
 * Once the first requests of `begun` have left, the rest of the loader (`load`: the delivery's
 * import of boot/start-loads.ts, asked for then, as the elements' modules are) starts its
 * loads, which `use` takes (the script tag's text paint). The loader not loading, the flights
 * are let go and the console says why. Nothing when nothing was planned. Both deliveries run it
 * (boot/served.ts, boot/bundled.ts).
 */
export function startWhenSent(
  begun: Begun,
  load: () => Promise<StartLoads>,
  use: (started: Started[]) => void = () => undefined,
): void {
  if (begun.plans.length === 0) return;
  void begun.sent.then(() =>
    load().then(
      ({ startLoads }) => use(startLoads(begun)),
      (error: unknown) => {
        begun.early?.settle(begun.keys);
        console.error('khountous: could not load the loader', error);
      },
    ),
  );
}

/** Resolves once `early`'s flights' requests have left, or after SENT_WAIT ms, whichever is first. */
function sentOrWaited(early: Early): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, SENT_WAIT)));
  return Promise.race([early.whenSent(), waited]).finally(() => clearTimeout(timer));
}

/**
 * The early flights of `plans` (core/loader/early.ts): a load whose element is lazy and far
 * waits for the loader's viewport, and the windows of one list are left to the loader's batch,
 * which sends as few covering requests as it can. A load sent early waits for no viewport.
 */
function sendEarly(early: Early, plans: Plan[]): string[] {
  const targets = new Map<Plan, Target>();
  const keysOf = new Map<string, Set<string>>();
  for (const plan of plans) {
    const { resource, options } = plan.planned;
    if (options.lazy && !nearNow(plan.element)) continue;
    let target: Target;
    try {
      target = describe(resource, options.baseUrl);
    } catch {
      // The loader says what is wrong with it.
      continue;
    }
    targets.set(plan, target);
    keysOf.set(target.family, (keysOf.get(target.family) ?? new Set()).add(target.key));
  }
  const sent: string[] = [];
  for (const [plan, target] of targets) {
    if (keysOf.get(target.family)!.size > 1) continue;
    if (early.send(target)) sent.push(target.key);
    // Sent, or left to another's flight of its list: it waits for no viewport.
    plan.planned = { ...plan.planned, options: { ...plan.planned.options, lazy: false } };
  }
  return sent;
}
