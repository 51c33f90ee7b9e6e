/**
 * The npm build's delivery (lib/khountous.js): each element's module as the
 * app's bundler lays it out (every `src/components/<name>/define.ts`, found by
 * a glob), and the first requests sent through the page's shared loader
 * (boot/early-start.ts) before any element's code is asked for. The script
 * tag's build puts boot/served.ts in its place (scripts/build/script-tag.mjs).
 */
import { elementLoaders, type Delivery } from './autoload.js';
import { beginLoadsSoon, startWhenSent } from './early-start.js';

/**
 * The early start, before the elements' modules: the first requests leave in the next task
 * (boot/early-start.ts, in the entry), and the rest of the loader, which adopts them, comes
 * in a chunk of its own (boot/start-loads.ts), asked for once they have left, as the
 * elements' modules are: asked for at the same time as those requests, the code would share
 * the network with them and delay them (the API's answer, not the element code, is what a
 * first paint waits for on a slow network). The elements do not wait for that chunk to arrive
 * (one round trip more before they are defined): the loader, whichever of them makes it first,
 * takes the early flights (core/loader/loader.ts `getLoader`). Resolves either way: the
 * elements load their data themselves.
 */
const prepare = (elements: Element[]): Promise<unknown> =>
  // The loads planned and their boxes reserved now, their first requests sent in the next task
  // (early-start.ts `beginLoadsSoon`).
  beginLoadsSoon(elements).then((begun) => {
    startWhenSent(begun, () => import('./start-loads.js'));
    // The elements' modules, asked for once the first requests have left (`Begun.sent`).
    return begun.sent;
  });

export const delivery: Delivery = {
  loaders: elementLoaders(import.meta.glob('../components/*/define.ts')),
  prepare,
};
