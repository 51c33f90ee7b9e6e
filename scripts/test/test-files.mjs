// The test files `npm test` (scripts/test/test.mjs) runs: those under test/ whose path holds
// one of the names given on the command line (all when none is), and the built files they need.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileFilter, steps } from './options.mjs';
import { run } from './processes.mjs';
import { log, problems } from './report.mjs';

export function listFiles(dir, predicate, out = []) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) listFiles(path, predicate, out);
    else if (predicate(path)) out.push(path);
  }
  return out.sort();
}

export const matchesFilter = (file) =>
  fileFilter.length === 0 || fileFilter.some((part) => file.includes(part));

/** Tests under test/dist/ load the built files: build them when the build step did not run. */
export function ensureDist(files) {
  if (steps.includes('build') || (existsSync('dist/khountous.js') && existsSync('lib/index.js'))) return;
  // test/wordpress/ installs the plugin's zip, which the build writes; test/package/ packs lib/.
  if (
    !files.some((file) =>
      ['dist', 'wordpress', 'package', 'ssr'].some((folder) => file.includes(join('test', folder))),
    )
  )
    return;
  log('dist/ is missing: building it for the tests of test/dist/');
  if (!run('node', ['scripts/build/build.mjs', '--quiet'])) problems.push('the build for test/dist/ failed');
}
