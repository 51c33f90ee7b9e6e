/**
 * The npm build's "every element" entry (lib/khountous.js: `import
 * 'khountous-widgets/khountous.js'`): registers every element of the kit.
 *
 * It first starts the API requests of the widgets already in the page (the
 * early start: the shared loader and each element's plan, no Lit; a widget
 * with data a server wrote inside it adopts that instead), then imports the
 * elements, which the app's bundler lays out. (The script tag, dist/khountous.js,
 * is src/script-tag.ts.)
 */
import { start } from './boot/early-start.js';

// In a browser only: in Node there is no page to start (a server render's DOM shim has a `document`
// without querySelector).
if (typeof document !== 'undefined' && typeof document.querySelector === 'function') start(document);

// Not awaited at the top level: a top-level await would keep the bundler from placing the
// shared modules in this file, and cost a round trip before the early start.
import('./every-element.js').catch((error: unknown) => {
  console.error('khountous: could not load the elements', error);
});
