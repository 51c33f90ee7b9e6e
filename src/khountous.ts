/**
 * The kit's entry, for both builds: dist/khountous.js (the script tag and the
 * kit's core, which every other file of dist/ takes its exports from, published
 * on the page by the build's scripts/build/core-link.mjs; dist/autoloader.js is a
 * copy of it) and lib/khountous.js (`import
 * 'khountous-widgets/khountous.js'`; `khountous-widgets/autoloader.js` is this
 * module too). It registers each element of the kit the first time its tag is
 * seen in the page (and in the open shadow roots there), and keeps watching for
 * tags added later (a MutationObserver).
 *
 * One boot sequence (boot/autoload.ts): the tags found, their loads started
 * at once through the page's loader (boot/early-start.ts), then each
 * element's module imported. How the files reach the
 * page is the build's (boot/autoload.ts `Delivery`): boot/bundled.ts here, the
 * app's bundler laying the elements out; boot/served.ts in the script tag's
 * build, files beside the script with their integrity, a text paint of the
 * first answers and Lit's hydrate support for a server's render.
 *
 * Shadow roots of the host page created later: `observe(root)` (or
 * `discover(root)` once).
 */
import { createAutoloader } from './boot/autoload.js';
import { delivery } from './boot/bundled.js';

const autoloader = createAutoloader(delivery.loaders, delivery.before, delivery.prepare);

/** Loads the elements used in `root` that are not registered yet. */
export const discover = (root: ParentNode): Promise<void> => autoloader.discover(root);

/** Watches `root` (a shadow root of the host page, say) for tags added later; returns a function that stops. */
export const observe = (root: Node): (() => void) => autoloader.observe(root);

// Each widget's tag in HTMLElementTagNameMap, type only (written by scripts/generate/widgets.mjs):
export type { KhountousAdminCard } from './components/admin-card/define.js';
export type { KhountousDataset } from './components/dataset/define.js';
export type { KhountousFactChecks } from './components/fact-checks/define.js';
export type { KhountousRanking } from './components/ranking/define.js';
export type { KhountousRegionMap } from './components/region-map/define.js';
export type { KhountousRegionStats } from './components/region-stats/define.js';
export type { KhountousReport } from './components/report/define.js';
export type { KhountousReports } from './components/reports/define.js';
// (end of the widgets' tags)

/** The tags the kit loads. */
export const tags: readonly string[] = Object.keys(delivery.loaders).sort();

// In a browser only: in Node there is no page to watch (a server render's DOM shim has a
// `document` without querySelector).
if (typeof document !== 'undefined' && typeof document.querySelector === 'function') {
  autoloader.observe(document);
  void autoloader.discover(document);
}
