// The browser tests of `npm test` (scripts/test/test.mjs): the files, the engines and the
// installed kit they need, then each engine's runs (scripts/test/browser-runner.mjs), their
// counts and failures reported.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveEngines } from './browsers.mjs';
import { slowestOf } from './file-times.mjs';
import { runsIn } from './tiers.mjs';
import { runEngine } from './browser-runner.mjs';
import { concurrencyOf, engines, inCi, rerunFailures } from './options.mjs';
import { run } from './processes.mjs';
import { afterRerun, filesToRerun } from './rerun.mjs';
import { log, notes, problems, results, since } from './report.mjs';
import { ensureDist, listFiles, matchesFilter } from './test-files.mjs';

/**
 * The kit as an npm user's app bundles it (test/installed/vite-app.ts: the packed tarball in
 * a fresh Vite app), built once for every engine's runs when a browser test of
 * test/installed/ is to run; its folder goes to the runners in KHOUNTOUS_INSTALLED_DIR.
 */
let installedDir;
function prepareInstalled(files) {
  if (!files.some((file) => file.includes(join('test', 'installed')))) return;
  installedDir = mkdtempSync(join(tmpdir(), 'khountous-installed-'));
  log('the installed kit: the packed tarball bundled by a fresh Vite app');
  if (!run('node', ['--import', 'tsx', 'test/installed/vite-app.ts', installedDir]))
    problems.push('the Vite app of the packed tarball could not be built (test/installed/vite-app.ts)');
}

/** Removes the installed kit's app, when one was built. */
export function removeInstalled() {
  if (installedDir) rmSync(installedDir, { recursive: true, force: true });
}

/** The browser test files to run, and the engines found (installed first when missing). */
export function browserPlan() {
  const files = listFiles('test', (f) => f.endsWith('.browser.test.ts')).filter(matchesFilter);
  log(`browser tests: ${files.length} files, engines ${engines.join(', ')}`);
  ensureDist(files);
  prepareInstalled(files);
  if (files.length === 0) {
    problems.push('no browser test file found');
    return { files, resolved: [] };
  }
  const resolved = resolveEngines(engines, (message) => console.log(`  ${message}`));
  if (!resolved.some((engine) => engine.available))
    problems.push('no browser engine available: nothing was tested');
  return { files, resolved };
}

/**
 * Browser test files that run one at a time, after the others:
 * - those that use what the test server holds for the whole run (the demo site's
 *   request log, the hold on the element code);
 * - those that hold the browser's connections to the test server for seconds (an API
 *   that never answers, three attempts of 4 s per widget). A browser opens six
 *   connections per host for all its pages, so a page another file loads beside them
 *   waits until those requests give up: 12 s and more, past that file's timeout.
 * - those whose keyboard tests need focus events: Firefox moves the focus of a window that
 *   does not have the system's focus (another file's window beside it) without firing them.
 * Every other file runs beside others, in a kit namespace of its own
 * (test/server/namespace.ts).
 */
const ALONE = [
  'test/demo/pages.browser.test.ts',
  'test/demo/builder-help.browser.test.ts',
  'test/dist/early-start.browser.test.ts',
  'test/hardening/faults.browser.test.ts',
  'test/components/region-map.browser.test.ts',
  'test/components/region-map-phone.browser.test.ts',
  'test/components/inline-figure.browser.test.ts',
  'test/dist/embed-overflow.browser.test.ts',
];

/** The counts of two runs of one engine added up. */
function addCounts(a, b) {
  if (!a) return b;
  return {
    ok: a.ok && b.ok,
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
    skipped: (a.skipped ?? 0) + (b.skipped ?? 0),
    failures: [...(a.failures ?? []), ...(b.failures ?? [])],
    failedFiles: [...(a.failedFiles ?? []), ...(b.failedFiles ?? [])],
    byFile: { ...a.byFile, ...b.byFile },
  };
}

/** The browser tests of one engine: the files side by side, then those that run alone. */
export async function engineTests(engine, given, out) {
  const started = Date.now();
  // Each file in the engines it says it needs (scripts/test/tiers.mjs).
  const files = given.filter((file) => runsIn(file, engine.name));
  if (!engine.available) {
    const message = `SKIPPED ${engine.name}: ${engine.reason}`;
    out.write(`\n!! ${message}\n`);
    results.push({ step: `browser:${engine.name}`, skipped: engine.reason });
    if (inCi) problems.push(`${engine.name} skipped under CI: ${engine.reason}`);
    return;
  }
  if (files.length === 0) {
    // Every file asked for is logic that one engine tests (their first lines say so).
    results.push({ step: `browser:${engine.name}`, info: 'no file asked for needs this engine' });
    return;
  }
  const concurrency = concurrencyOf(engine.name);
  out.write(`\n\u25b6 browser tests in ${engine.name} (${engine.path}), ${concurrency} files at a time\n`);
  const alone = files.filter((file) => ALONE.includes(file));
  const beside = files.filter((file) => !ALONE.includes(file));
  let counts;
  for (const [group, width] of [
    [beside, concurrency],
    [alone, 1],
  ]) {
    if (group.length === 0) continue;
    const run = await runEngine(engine, group, { concurrency: width, out, installedDir });
    if (run.error) {
      results.push({ step: `browser:${engine.name}`, passed: 0, failed: 1, seconds: since(started) });
      problems.push(run.error);
      return;
    }
    counts = addCounts(counts, run);
  }
  // By hand only (--rerun, refused under CI): the failing files once more, alone, to tell
  // a failure that comes back from one that does not. The run fails either way.
  const again = rerunFailures ? filesToRerun(counts) : [];
  if (again.length > 0) {
    out.write(`\n\u25b6 browser tests in ${engine.name}: running ${again.join(', ')} once more (--rerun)\n`);
    const outcome = afterRerun(
      counts,
      await runEngine(engine, again, { concurrency: 1, out, installedDir }),
      again,
    );
    for (const failure of outcome.flaky)
      notes.push(`${engine.name}: failed, then passed when run again alone: ${failure}`);
  }
  results.push({
    step: `browser:${engine.name}`,
    passed: counts.passed,
    failed: counts.failed,
    seconds: since(started),
    slowest: slowestOf(counts.byFile),
  });
  if (!counts.ok || counts.failed > 0) problems.push(`${engine.name}: browser tests failed`);
  for (const failure of counts.failures ?? []) problems.push(`${engine.name}: ${failure}`);
  if (counts.passed === 0) problems.push(`${engine.name}: ran no test`);
}
