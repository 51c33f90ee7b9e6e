// The test files `npm test` (scripts/test/test.mjs) runs: those under test/ whose path holds
// one of the names given on the command line (all when none is), and the built files they need.
import { existsSync } from 'node:fs';
import { listFiles } from './list-files.mjs';
import { fileFilter, steps, tier } from './options.mjs';
import { readsBuild, tierOf } from './tiers.mjs';
import { run } from './processes.mjs';
import { log, problems } from './report.mjs';

export { listFiles };

/** Whether `file` is asked for: its path holds one of the names given, and it is in the tier given. */
export const matchesFilter = (file) =>
  (fileFilter.length === 0 || fileFilter.some((part) => file.includes(part))) &&
  (tier === undefined || tierOf(file) === tier);

/** Tests under test/dist/ load the built files: build them when the build step did not run. */
export function ensureDist(files) {
  if (steps.includes('build') || (existsSync('dist/khountous.js') && existsSync('lib/index.js'))) return;
  // test/wordpress/ installs the plugin's zip, which the build writes; test/package/ packs lib/.
  if (!files.some(readsBuild)) return;
  log('dist/ is missing: building it for the tests of test/dist/');
  if (!run('node', ['scripts/build/build.mjs', '--quiet'])) problems.push('the build for test/dist/ failed');
}
