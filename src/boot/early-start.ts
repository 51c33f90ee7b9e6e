/**
 * The early start: the API requests of the widgets already in the page, sent
 * before their element code has arrived. On a slow network the elements'
 * code (Lit, templates, styles) takes longer to arrive than the API's answer:
 * the entry runs this small module first (the shared loader and the widgets'
 * descriptors, no Lit, no element) while the element code is fetched.
 *
 * Each tag's load is the one its element will plan (widget/load.ts
 * `planLoad`, from its attributes read as the element's properties), sent
 * through the page's shared loader, so that the element, once defined, joins
 * the request under way or finds its answer in the cache: one request per
 * resource. A lazy element far from the viewport waits there as it would (the
 * loader's near-viewport wait), an element with an input it cannot use is
 * left to show its error.
 */
import { KhountousError } from '../core/errors.js';
import { inlineScriptOf } from '../core/inline.js';
import { getLoader, type KhountousLoader } from '../core/loader/loader.js';
import { NAMES } from '../core/names.js';
import { widgets as registry } from '../registry.js';
import type { Widget } from '../widget/descriptor.js';
import { attributeReader, planLoad } from '../widget/load.js';

/** Elements whose loads were started, by any copy of the kit: each once. */
function startedSet(): WeakSet<Element> {
  const holder = globalThis as unknown as Record<symbol, WeakSet<Element> | undefined>;
  return (holder[NAMES.earlyStart] ??= new WeakSet());
}

/**
 * Starts the loads of `elements` (kit tags whose element is not defined yet).
 * Returns the number of loads started.
 */
export function startLoads(
  elements: readonly Element[],
  widgets: readonly Widget[] = registry,
  loader: KhountousLoader = getLoader(),
): number {
  if (typeof customElements === 'undefined') return 0;
  const started = startedSet();
  const byTag = new Map(widgets.map((descriptor) => [descriptor.tag, descriptor]));
  let count = 0;
  for (const element of elements) {
    const descriptor = byTag.get(element.localName);
    // A defined element loads for itself.
    if (!descriptor || customElements.get(descriptor.tag) || started.has(element)) continue;
    started.add(element);
    // Data a server wrote inside it (core/inline.ts): the element adopts it, loading only if it cannot.
    if (inlineScriptOf(element)) continue;
    const planned = planLoad(descriptor, element, attributeReader(descriptor, element));
    // The element shows what it cannot use when it is defined.
    if (planned instanceof KhountousError) continue;
    loader
      .load(planned.resource, planned.options)
      // The element shows what went wrong when it loads for itself.
      .catch(() => undefined);
    count++;
  }
  return count;
}
