/**
 * The early start: the API requests of the widgets already in the page, sent
 * before their element code has arrived. On a slow network the elements'
 * code (Lit, templates, styles) takes longer to arrive than the API's answer:
 * the entry runs this small module first (the shared loader and each
 * element's plan, no Lit, no element) while the element code is fetched.
 *
 * Each load goes through the page's shared loader with the options the element
 * would pass, so that the element, once defined, joins the request under way
 * or finds its answer in the cache: one request per resource. A lazy element
 * far from the viewport waits there as it would (the loader's near-viewport
 * wait), an element with an input it cannot use is left to show its error.
 */
import { getLoader, type KhountousLoader } from '../core/loader/loader.js';
import { NAMES } from '../core/names.js';
import { resolveBaseUrl } from './base-url.js';
import { languageOf, resolveLang } from './lang.js';
import type { Plan } from './plan.js';

/** Elements whose loads were started, by any copy of the kit: each once. */
function startedSet(): WeakSet<Element> {
  const holder = globalThis as unknown as Record<symbol, WeakSet<Element> | undefined>;
  return (holder[NAMES.earlyStart] ??= new WeakSet());
}

/**
 * Starts the loads of the tags of `plans` found in `root` whose element is not
 * defined yet. Returns the number of loads started.
 */
export function startLoads(
  root: ParentNode,
  plans: Readonly<Record<string, Plan>>,
  loader: KhountousLoader = getLoader(),
): number {
  if (typeof customElements === 'undefined') return 0;
  const started = startedSet();
  let count = 0;
  for (const [tag, plan] of Object.entries(plans)) {
    // A defined element loads for itself.
    if (customElements.get(tag)) continue;
    for (const element of root.querySelectorAll(tag)) {
      if (started.has(element)) continue;
      started.add(element);
      const baseUrl = resolveBaseUrl(element.getAttribute('base-url'));
      if (!baseUrl) continue;
      let selection;
      try {
        const lang = languageOf(element.getAttribute('lang'), () => resolveLang(element));
        selection = plan.select(element, (attribute) => element.getAttribute(attribute), { lang, baseUrl });
      } catch {
        continue;
      }
      loader
        .load(plan.resource(selection), {
          baseUrl,
          element,
          lazy: element.getAttribute('lazy') !== 'false',
          ...plan.options?.(selection),
        })
        // The element shows what went wrong when it loads for itself.
        .catch(() => undefined);
      count++;
    }
  }
  return count;
}
