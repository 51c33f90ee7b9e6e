/**
 * The script tag (dist/khountous.js, and dist/autoloader.js, the same file):
 * a small starter that loads, per tag, only what the page holds.
 *
 * It finds the kit's tags in the page (and in the open shadow roots there),
 * sends their API requests at once (boot/first-paint.ts: no Lit, no schema, no
 * message; the loader adopts them), announces with `<link rel="modulepreload">`
 * exactly the files their elements need, each with its integrity hash (the
 * build writes the graph into this file, whose own hash thus vouches for them),
 * then imports each element's module, which defines it; meanwhile, each
 * answer that arrives before its element's code is shown as text
 * (boot/paint.ts, a small module loaded with the first request). Before them, when a
 * server rendered one of the tags (a declarative shadow root), Lit's hydrate
 * support (boot/hydrate.ts), so that they hydrate it. A tag added to the page
 * later is loaded when it appears (a MutationObserver). Built on its own, with
 * no static import: one file, one round trip before the first API request.
 *
 * Shadow roots of the host page created later: `observe(root)` (or
 * `discover(root)` once).
 */
import { createAutoloader } from './boot/autoload.js';
import { sendFirstRequests } from './boot/first-paint.js';
import { paintAnswers } from './boot/paint-answers.js';
import { announceGraph, parsePreloadGraph } from './boot/preload.js';
import { widgets } from './registry.js';

/** Each element's module graph with integrity, written into the built file by the build. */
declare const __KHOUNTOUS_PRELOAD__: string | undefined;
const graph = parsePreloadGraph(
  typeof __KHOUNTOUS_PRELOAD__ === 'string' ? __KHOUNTOUS_PRELOAD__ : undefined,
);

/** This file's URL, which the elements' files are relative to (kept apart from `new URL`: the bundler would rewrite it). */
const here = import.meta.url;

/** Each element's module, beside this file: `elements/<tag>.js`. */
const loaders = Object.fromEntries(
  widgets.map(({ tag }) => [
    tag,
    () => import(/* @vite-ignore */ new URL(`./elements/${tag}.js`, here).href),
  ]),
);

/** Lit's hydrate support (boot/hydrate.ts), loaded once, before the elements, when a server rendered one. */
let hydrateSupport: Promise<unknown> | undefined;
const loadHydrateSupport = (): Promise<unknown> => {
  if (!hydrateSupport) {
    announceGraph(graph, 'hydrate', here);
    hydrateSupport = import(/* @vite-ignore */ new URL('./hydrate.js', here).href).catch((error: unknown) => {
      // The elements then draw the server's widgets again, as without the support.
      console.error('khountous: could not load the hydrate support', error);
    });
  }
  return hydrateSupport;
};

/** Each answer that arrives before its element's code, shown as text (boot/paint.ts). */
const paintWhenAnswered = paintAnswers(graph, here);

const autoloader = createAutoloader(
  loaders,
  (tag) => announceGraph(graph, tag, here),
  (elements) =>
    Promise.all([
      sendFirstRequests(elements, widgets).then(() => paintWhenAnswered(elements)),
      // A declarative shadow root on a tag not defined yet: a server rendered it.
      elements.some((element) => element.shadowRoot) ? loadHydrateSupport() : undefined,
    ]),
);

/** Loads the elements used in `root` that are not registered yet. */
export const discover = (root: ParentNode): Promise<void> => autoloader.discover(root);

/** Watches `root` (a shadow root of the host page, say) for tags added later; returns a function that stops. */
export const observe = (root: Node): (() => void) => autoloader.observe(root);

/** The tags the kit loads. */
export const tags: readonly string[] = widgets.map(({ tag }) => tag).sort();

if (typeof document !== 'undefined' && typeof document.querySelector === 'function') {
  autoloader.observe(document);
  void autoloader.discover(document);
}
