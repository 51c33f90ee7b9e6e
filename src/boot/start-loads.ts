/**
 * The early start's second half (boot/early-start.ts), which comes with the
 * rest of the loader: each planned load through the page's shared loader,
 * which adopts the early flights sent for them, and the formatters of their
 * language made while the answers travel.
 */
import { getLoader, type KhountousLoader, type Loaded } from '../core/loader/loader.js';
import { nearNow } from '../core/loader/near.js';
import { warmFormats } from '../i18n/format.js';
import type { Planned } from '../widget/load.js';
import type { Begun, Plan } from './early-start.js';

/** One load the early start began, for whoever shows its answer first (the script tag's text paint). */
export interface Started extends Plan {
  /** The loader's answer: checked, and for a list window its own items. */
  loaded: Promise<Loaded<unknown>>;
}

/** Starts the loads `begun` planned through `loader` (the page's, which takes their early flights). */
export function startLoads({ plans, early, keys }: Begun, loader: KhountousLoader = getLoader()): Started[] {
  try {
    return plans.map((plan) => {
      const { planned } = plan;
      // While the answer travels: the language's formatters, which the paint and the element write it with.
      warmFormats(planned.selection.lang);
      const loaded = orArrival(loader, planned, loader.load(planned.resource, planned.options));
      // The element shows what went wrong when it loads for itself.
      loaded.catch(() => undefined);
      return { ...plan, loaded };
    });
  } finally {
    early?.settle(keys);
  }
}

/**
 * A lazy load far from view asks for nothing until its element comes near, but data another
 * load brings for it (a list window that covers it, a ranking row that seeds a compact card)
 * is its answer as soon as the loader stores it: the element would find it in the cache.
 */
function orArrival(
  loader: KhountousLoader,
  { resource, options }: Planned,
  loaded: Promise<Loaded<unknown>>,
): Promise<Loaded<unknown>> {
  if (options.lazy === false || !options.element || nearNow(options.element)) return loaded;
  return new Promise((resolve, reject) => {
    const stop = loader.subscribe(
      resource,
      options.baseUrl,
      (arrived) => {
        stop();
        resolve(arrived);
      },
      { partial: options.partial },
    );
    loaded.then(resolve, reject).finally(stop);
  });
}
