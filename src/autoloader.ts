/**
 * The npm build's autoloader entry (lib/autoloader.js; the script tag's is src/script-tag.ts): loads
 * only the elements used on the page, each the first time its tag is seen, and
 * watches the document for tags added later.
 *
 * Shadow roots of the host page: the open ones present when the page is
 * searched are searched and watched too; for one created later, call
 * `observe(root)` (or `discover(root)` once).
 */
import { elementLoaders } from './elements.js';
import { createAutoloader } from './boot/autoload.js';

/**
 * In a browser. Not in Node: a server render's DOM shim has a `document`
 * without querySelector, and no page to watch.
 */
const inPage = typeof document !== 'undefined' && typeof document.querySelector === 'function';

/**
 * The early start, once, before the first element is imported: the API
 * requests of the widgets in the document leave as soon as the shared loader
 * has arrived (boot/early-start.js and its chunk). The element code is asked for once
 * that has run: fetched at the same time, it would share the network with the
 * early start and delay it (the API's answer, not the element code, is what a
 * first paint waits for on a slow network). Resolves either way.
 */
let early: Promise<void> | undefined;
const startEarly = (): Promise<void> =>
  (early ??= !inPage
    ? Promise.resolve()
    : import('./boot/early-start.js').then(
        ({ start }) => void start(document),
        // The elements load their data themselves.
        () => undefined,
      ));

/** Each element's loader, after the early start. */
const loaders = Object.fromEntries(
  Object.entries(elementLoaders).map(([tag, load]) => [tag, () => startEarly().then(load)]),
);

const autoloader = createAutoloader(loaders);

/** Loads the elements used in `root` that are not registered yet. */
export const discover = (root: ParentNode): Promise<void> => autoloader.discover(root);

/** Watches `root` (a shadow root of the host page, say) for tags added later; returns a function that stops. */
export const observe = (root: Node): (() => void) => autoloader.observe(root);

/** The tags this autoloader can load. */
export const tags: readonly string[] = Object.keys(elementLoaders).sort();

if (inPage) {
  autoloader.observe(document);
  void autoloader.discover(document);
}
