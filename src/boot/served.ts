/**
 * The script tag's delivery (dist/khountous.js, in place of boot/bundled.ts):
 * the script is the kit's core (the widgets' descriptors, the early start and
 * the parts of the loader that send its first requests; the rest of the loader
 * in dist/loader.js, imported once those requests have left) and each element's module
 * comes beside it
 * (`elements/<tag>.js`, importing the core from the script), announced with
 * `<link rel="modulepreload">` with the integrity of every file (the build
 * writes the graph into the script, whose own hash thus vouches for them).
 * Before the modules: the widgets' loads, their first requests sent early
 * (boot/early-start.ts, as the npm build does), each answer that arrives
 * before its element's code shown as text (boot/paint.ts), and, when a
 * server rendered one of the tags (a declarative shadow root), Lit's hydrate
 * support (boot/hydrate.ts), so that they hydrate it.
 */
import { elementLoaders, type Delivery } from './autoload.js';
import { beginLoadsSoon, startWhenSent } from './early-start.js';
import { paintAnswers, type Painter } from './paint-answers.js';
import { announceGraph, parsePreloadGraph } from './preload.js';

/** Each module's graph with integrity, written into the built file by the build. */
declare const __KHOUNTOUS_PRELOAD__: string | undefined;
const graph = parsePreloadGraph(
  typeof __KHOUNTOUS_PRELOAD__ === 'string' ? __KHOUNTOUS_PRELOAD__ : undefined,
);

/** The script's URL, which the graph's files are relative to. */
const here = import.meta.url;

/** Lit's hydrate support (boot/hydrate.ts), loaded once, before the elements, when a server rendered one. */
let hydrateSupport: Promise<unknown> | undefined;
const loadHydrateSupport = (): Promise<unknown> => {
  if (!hydrateSupport) {
    announceGraph(graph, 'hydrate', here);
    hydrateSupport = import('./hydrate.js').catch((error: unknown) => {
      // The elements then draw the server's widgets again, as without the support.
      console.error('khountous: could not load the hydrate support', error);
    });
  }
  return hydrateSupport;
};

/** The rest of the loader, with the early start's second half (boot/start-loads.ts), announced and imported with the first loads. */
const loadLoader = () => {
  announceGraph(graph, 'loads', here);
  return import('./start-loads.js');
};

/** The text paint, announced and imported with the loader, when there are loads. */
const loadPainter = () => {
  announceGraph(graph, 'paint', here);
  return import('./paint.js');
};

export const delivery: Delivery = {
  loaders: elementLoaders(import.meta.glob('../components/*/define.ts')),
  before: (tag) => announceGraph(graph, tag, here),
  prepare: (elements) => {
    // The loads planned and their boxes reserved now, their first requests sent in the next
    // task (early-start.ts `beginLoadsSoon`); the loader that adopts them, the paint and the
    // elements are asked for once they have left.
    const sent = beginLoadsSoon(elements).then((begun) => {
      let painter: Promise<Painter> | undefined;
      startWhenSent(
        begun,
        () => {
          // The text paint with the loader, not once it is here: one round trip less before
          // an answer shows.
          painter = loadPainter();
          painter.catch(() => undefined);
          return loadLoader();
        },
        (started) => paintAnswers(started, () => painter!),
      );
      return begun.sent;
    });
    // A declarative shadow root on a tag not defined yet: a server rendered it.
    const hydrate = elements.some((element) => element.shadowRoot) ? loadHydrateSupport() : undefined;
    return Promise.all([sent, hydrate]);
  },
};
