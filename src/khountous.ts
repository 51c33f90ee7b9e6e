/**
 * Script-tag entry: registers every element of the kit.
 *
 * It first starts the API requests of the widgets already in the page (the
 * early start: the shared loader and each element's plan, no Lit), then
 * imports the elements, fetched meanwhile. The elements' file is announced
 * with a `<link rel="modulepreload">` that carries its integrity hash, which
 * the build writes into this file: the hash of this file vouches for it too.
 * The elements are defined once that file has run (`customElements.whenDefined`);
 * the classes are exported by the package's main entry (index.js).
 */
import { announceGraph, parsePreloadGraph } from './boot/preload.js';
import { start } from './start.js';

/** The elements' file with its integrity, written into the built file by the build (none from source). */
declare const __KHOUNTOUS_PRELOAD__: string | undefined;

// In a browser only: in Node there is no page to start (a server render's DOM shim has a `document`
// without querySelector).
if (typeof document !== 'undefined' && typeof document.querySelector === 'function') {
  start(document);
  announceGraph(
    parsePreloadGraph(typeof __KHOUNTOUS_PRELOAD__ === 'string' ? __KHOUNTOUS_PRELOAD__ : undefined),
    'kit',
    import.meta.url,
  );
}

// Not awaited at the top level: a top-level await would keep the bundler from placing the
// shared modules in this file, and cost a round trip before the early start.
import('./kit.js').catch((error: unknown) => {
  console.error('khountous: could not load the elements (chunks/kit-*.js)', error);
});
