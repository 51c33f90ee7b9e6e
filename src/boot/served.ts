/**
 * The script tag's delivery (dist/khountous.js, in place of boot/bundled.ts):
 * each element's module beside the script (`elements/<tag>.js`), announced
 * with `<link rel="modulepreload">` with the integrity of every file (the
 * build writes the graph into the script, whose own hash thus vouches for
 * them). Before the modules: the widgets' API requests (boot/first-paint.ts:
 * no Lit, no schema, no message; the loader adopts them), each answer that
 * arrives before its element's code shown as text (boot/paint.ts), and, when a
 * server rendered one of the tags (a declarative shadow root), Lit's hydrate
 * support (boot/hydrate.ts), so that they hydrate it.
 */
import { widgets } from '../registry.js';
import type { Delivery } from './autoload.js';
import { sendFirstRequests } from './first-paint.js';
import { paintAnswers } from './paint-answers.js';
import { announceGraph, parsePreloadGraph } from './preload.js';

/** Each element's module graph with integrity, written into the built file by the build. */
declare const __KHOUNTOUS_PRELOAD__: string | undefined;
const graph = parsePreloadGraph(
  typeof __KHOUNTOUS_PRELOAD__ === 'string' ? __KHOUNTOUS_PRELOAD__ : undefined,
);

/** The script's URL, which the elements' files are relative to (kept apart from `new URL`: the bundler would rewrite it). */
const here = import.meta.url;

/** Each element's module, beside the script: `elements/<tag>.js`. */
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

export const delivery: Delivery = {
  loaders,
  before: (tag) => announceGraph(graph, tag, here),
  prepare: (elements) =>
    Promise.all([
      sendFirstRequests(elements, widgets).then(() => paintWhenAnswered(elements)),
      // A declarative shadow root on a tag not defined yet: a server rendered it.
      elements.some((element) => element.shadowRoot) ? loadHydrateSupport() : undefined,
    ]),
};
