// The tiers of the tests (docs/contributing.md, "Which loop"): the one owner of which test
// file is in which.
//
// - unit: the Node tests of the kit's pure modules (no server, no build, no browser, no
//   system package): the data layer, the attribute rules, the widgets' descriptors and
//   summaries, the words and formats, the graphics' rules, the embed page's parameters, the
//   bench's arithmetic. `npm run test:unit`.
// - browser: every *.browser.test.ts, in the engines its first line names (`enginesOf`): all
//   three where what it tests can differ between them, Chromium for logic that cannot.
// - integration: the other Node tests: the reference API's server, the demo, the builds and
//   the packed tarball in fresh apps, server rendering, nginx and Varnish, WordPress.
import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/** The folders of test/ whose Node tests are the unit tier. */
export const UNIT_FOLDERS = ['core', 'attributes', 'widget', 'i18n', 'graphics', 'embed', 'bench'];

/**
 * The folders of test/ whose tests read the built kit (dist/, lib/, the WordPress plugin's zip,
 * the packed tarball): a change to src/ or to the build reaches them through the build.
 */
export const BUILT_FOLDERS = ['dist', 'installed', 'package', 'ssr', 'wordpress'];

/** Whether a test file reads the built kit (`BUILT_FOLDERS`). */
export const readsBuild = (file) =>
  BUILT_FOLDERS.some((folder) => file.startsWith(join('test', folder) + sep));

/** The tier of a test file (a path from the project's root: `test/core/cache.test.ts`). */
export function tierOf(file) {
  if (file.endsWith('.browser.test.ts')) return 'browser';
  return UNIT_FOLDERS.some((folder) => file.startsWith(join('test', folder) + sep)) ? 'unit' : 'integration';
}

/** The engines a browser test can run in. */
export const ENGINES = ['chromium', 'firefox', 'webkit'];

/**
 * The engines a browser test file needs, from its first line, and why:
 * `// Engines: all three (<why>).` where what it tests can differ between engines (rendering,
 * styles, storage, locks, focus, CSP, the installed kit), `// Engines: Chromium (<why>).` for
 * logic that cannot. A file without the line is refused: each says which and why.
 */
export function enginesOf(text, file = 'a browser test') {
  const declared = /^\/\/ Engines: (all three|Chromium) \((.+)\)\.$/m.exec(text.split('\n', 1)[0] ?? '');
  if (!declared)
    throw new Error(
      `${file}: its first line must say the engines it needs and why: // Engines: all three (why). or // Engines: Chromium (why).`,
    );
  return { engines: declared[1] === 'Chromium' ? ['chromium'] : ENGINES, why: declared[2] };
}

/** Whether the browser test `file` (a path from the project's root) runs in `engine`. */
export const runsIn = (file, engine) => enginesOf(readFileSync(file, 'utf8'), file).engines.includes(engine);
