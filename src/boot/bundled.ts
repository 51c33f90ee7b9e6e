/**
 * The npm build's delivery (lib/khountous.js): each element's module as the
 * app's bundler lays it out (every `src/components/<name>/define.ts`, found by
 * a glob), and the first requests sent through the page's shared loader
 * (boot/early-start.ts) before any element's code is asked for. The script
 * tag's build puts boot/served.ts in its place (scripts/build/script-tag.mjs).
 */
import { elementLoaders, type Delivery } from './autoload.js';
import { beginLoadsSoon } from './early-start.js';

/**
 * The early start, before the elements' modules: the first requests leave in the next task
 * (boot/early-start.ts, in the entry), and the rest of the loader, which adopts them, comes
 * in a chunk of its own (boot/start-loads.ts). The element code is asked for once that has
 * run: fetched at the same time, it would share the network with the early start and delay
 * it (the API's answer, not the element code, is what a first paint waits for on a slow
 * network). Resolves either way: the elements load their data themselves.
 */
const prepare = (elements: Element[]): Promise<unknown> => {
  // The loads planned and their boxes reserved now, their first requests sent in the next task
  // (early-start.ts `beginLoadsSoon`).
  return beginLoadsSoon(elements).then((begun) => {
    // Asked for once the first requests have left (early-start.ts `Begun.sent`).
    return begun.sent
      .then(() => import('./start-loads.js'))
      .then(
        ({ startLoads }) => startLoads(begun),
        () => begun.early?.settle(begun.keys),
      );
  });
};

export const delivery: Delivery = {
  loaders: elementLoaders(import.meta.glob('../components/*/define.ts')),
  prepare,
};
