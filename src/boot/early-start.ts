/**
 * The early start: the API requests of the widgets already in the page, sent
 * before their element code has arrived. On a slow network the elements'
 * code (Lit, templates, styles) takes longer to arrive than the API's answer:
 * the entry runs this first (the shared loader and the widgets' descriptors,
 * no Lit, no element) while the element code is fetched. Both builds run it:
 * the script tag's file holds it with the loader (boot/served.ts), the npm
 * build loads it before the elements (boot/bundled.ts).
 *
 * Each tag's load is the one its element will plan (widget/load.ts
 * `planLoad`, from its attributes read as the element's properties), sent
 * through the page's shared loader, so that the element, once defined, joins
 * the request under way or finds its answer in the cache: one request per
 * resource, with the loader's cache, coalescing, batching and budget. A lazy
 * element far from the viewport waits there as it would (the loader's
 * near-viewport wait), an element with an input it cannot use is left to
 * show its error, and one that holds a server's data (core/inline.ts) adopts
 * it when it is defined.
 */
import { KhountousError } from '../core/errors.js';
import { inlineScriptOf } from '../core/inline.js';
import { getLoader, type KhountousLoader, type Loaded } from '../core/loader/loader.js';
import { NAMES } from '../core/names.js';
import { warmFormats } from '../i18n/format.js';
import { widgets as registry } from '../registry.js';
import { BOXES, boxRule, reserve } from '../widget/box.js';
import type { Widget } from '../widget/descriptor.js';
import { attributeReader, planLoad, type Planned } from '../widget/load.js';

/** One load the early start sent, for whoever shows its answer first (the script tag's text paint). */
export interface Started {
  element: Element;
  widget: Widget;
  planned: Planned;
  /** The loader's answer: checked, and for a list window its own items. */
  loaded: Promise<Loaded<unknown>>;
}

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
 * Starts the loads of `elements` (kit tags whose element is not defined yet)
 * and returns them.
 */
export function startLoads(
  elements: readonly Element[],
  widgets: readonly Widget[] = registry,
  loader: KhountousLoader = getLoader(),
): Started[] {
  if (typeof customElements === 'undefined') return [];
  const started = startedSet();
  const byTag = new Map(widgets.map((descriptor) => [descriptor.tag, descriptor]));
  const loads: Started[] = [];
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
    // While the answer travels: the language's formatters, which the paint and the element write it with.
    warmFormats(planned.selection.lang);
    const loaded = loader.load(planned.resource, planned.options);
    // The element shows what went wrong when it loads for itself.
    loaded.catch(() => undefined);
    loads.push({ element, widget: descriptor, planned, loaded });
  }
  return loads;
}
