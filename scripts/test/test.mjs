#!/usr/bin/env node
// `npm test`: the Debian packages checked (scripts/test/setup.mjs installs what is missing),
// lint, type check, unused code (knip), the build with its size budgets and the README's
// generated tables; then, two at a time, the Node-side tests and the browser tests in
// Firefox and Chromium (in each engine, test files run side by side too, each in a kit
// namespace of its own; the few that use what the test server holds for the whole run
// come after, one at a time), and last WebKit on its own. Ends with one line
// "N passed, N failed" over everything, and fails when any step fails, when an engine ran
// no test, or (under CI) when an engine had to be skipped. A failing test fails the run:
// nothing is run again unless asked (--rerun, for diagnosis; refused under CI).
//
//   node scripts/test/test.mjs [--only lint,build,node,browser,bench] [--engines chromium,firefox,webkit]
//                         [--concurrency N] [--node-concurrency N] [--jobs N] [--rerun] [files...]
//
// --concurrency: browser test files at a time in one engine (default 2, WebKit 1); --jobs: how many of
// the Node tests and the engines run at once (default 2). `bench` (the benchmarks in quick
// mode) runs only when named.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { resolveEngines } from './browsers.mjs';
import { resolveNginx } from '../tier/nginx.mjs';
import { resolveVarnish } from '../tier/varnish.mjs';
import { resolveWordPress } from './wordpress-env.mjs';
import {
  concurrencyOf,
  engines,
  fileFilter,
  inCi,
  jobs,
  nodeConcurrency,
  rerunFailures,
  steps,
} from './options.mjs';
import { buffered, run, runAsync } from './processes.mjs';
import { log, notes, printSummary, problems, results, since } from './report.mjs';
import { afterRerun, filesToRerun } from './rerun.mjs';
import { setup } from './setup.mjs';
import { ensureDist, listFiles, matchesFilter } from './test-files.mjs';

function lint() {
  const checks = [
    ['eslint', ['npx', 'eslint', '.']],
    ['prettier', ['npx', 'prettier', '--check', '.']],
    ['typescript', ['npx', 'tsc', '--noEmit']],
    ['lit-analyzer', ['npx', 'lit-analyzer', 'src', '--strict', '--quiet']],
    // Unused files, exports and dependencies (knip.config.ts).
    ['knip', ['npx', 'knip', '--no-progress']],
  ];
  for (const [name, [command, ...commandArgs]] of checks) {
    log(`lint: ${name}`);
    const started = Date.now();
    const ok = run(command, commandArgs);
    results.push({ step: `lint:${name}`, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: since(started) });
    if (!ok) problems.push(`${name} failed`);
  }
}

/**
 * The build (lib/ and dist/, sizes printed), its size budgets (size-limit), what
 * pages with one widget and with the mission widgets download (scripts/build/page-sizes.mjs), the
 * package as packed checked by publint and attw (the lint of what the build wrote),
 * the README's attribute tables generated from custom-elements.json, and that
 * manifest itself as the build wrote it.
 */
function buildStep() {
  // The build regenerates custom-elements.json: the one in the tree must be that one.
  const manifestBefore = existsSync('custom-elements.json')
    ? readFileSync('custom-elements.json', 'utf8')
    : '';
  const checks = [
    ['build', ['node', 'scripts/build/build.mjs']],
    ['size', ['npx', 'size-limit']],
    ['pages', ['node', 'scripts/build/page-sizes.mjs']],
    ['package', ['node', 'scripts/build/package-lint.mjs']],
    ['docs', ['node', 'scripts/generate/readme-attributes.mjs', '--check']],
  ];
  for (const [name, [command, ...commandArgs]] of checks) {
    log(`build: ${name}`);
    const started = Date.now();
    const ok = run(command, commandArgs);
    results.push({ step: `build:${name}`, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: since(started) });
    if (!ok) {
      problems.push(`${name} failed`);
      if (name === 'build') break;
    }
  }
  if (results.some((result) => result.step === 'build:build' && result.failed === 0)) {
    // In a git checkout, against the index: a rewritten file fails every run until it is staged.
    // The WordPress plugin's generated files (scripts/generate/wordpress.ts) likewise.
    const git = spawnSync(
      'git',
      ['diff', '--quiet', '--', 'custom-elements.json', 'wordpress/khountous-widgets'],
      {
        stdio: 'ignore',
      },
    );
    const same =
      git.status === 0 || git.status === 1
        ? git.status === 0
        : readFileSync('custom-elements.json', 'utf8') === manifestBefore;
    results.push({ step: 'build:manifest', passed: same ? 1 : 0, failed: same ? 0 : 1 });
    if (!same)
      problems.push(
        'custom-elements.json or wordpress/khountous-widgets/ is not what the build writes: stage or commit the rewritten files',
      );
  }
}

/** The Node test files to run, with the system parts they need checked (installed first when missing). */
function nodePlan() {
  const files = listFiles('test', (f) => f.endsWith('.test.ts') && !f.endsWith('.browser.test.ts')).filter(
    matchesFilter,
  );
  log(`Node tests: ${files.length} files`);
  ensureDist(files);
  // The shared cache tier's tests (test/proxy/) run a real nginx and a real Varnish.
  if (files.some((file) => file.includes(join('test', 'proxy')))) {
    for (const [engine, resolve] of [
      ['nginx', resolveNginx],
      ['varnish', resolveVarnish],
    ]) {
      const found = resolve((message) => console.log(`  ${message}`));
      if (!found.available) {
        console.log(`\n!! test/proxy/ will skip ${engine}: ${found.reason}`);
        if (inCi) problems.push(`${engine} missing under CI: ${found.reason}`);
      }
    }
  }
  // The WordPress plugin's tests (test/wordpress/) run Debian's WordPress, PHP and MariaDB.
  if (files.some((file) => file.includes(join('test', 'wordpress')))) {
    const wordpress = resolveWordPress((message) => console.log(`  ${message}`));
    if (!wordpress.available) {
      console.log(`\n!! test/wordpress/ will skip: ${wordpress.reason}`);
      if (inCi) problems.push(`WordPress missing under CI: ${wordpress.reason}`);
    }
  }
  if (files.length === 0 && fileFilter.length === 0) problems.push('no Node test file found');
  return files;
}

/** Node's test runner over `files`, its output to `out`. */
async function nodeTests(files, out) {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'khountous-node-'));
  const tap = join(dir, 'result.tap');
  const ok = await runAsync(
    'npx',
    [
      'tsx',
      '--test',
      // Files side by side: most of their time is spent waiting on servers (nginx, Varnish,
      // WordPress, the reference API), each on ports of its own.
      `--test-concurrency=${nodeConcurrency}`,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...files,
    ],
    { out },
  );
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const count = (label) => Number(new RegExp(`^# ${label} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  const passed = count('pass');
  // A test cancelled because its suite failed counts as failing.
  const failed = count('fail') + count('cancelled');
  // The failing tests by name, so that the summary at the end of a long log says which
  // (a "not ok ... # TODO" is a known gap, not a failure: Node's runner does not count it).
  const failing = [...text.matchAll(/^\s*not ok \d+ - (.*)$/gm)]
    .map((match) => match[1])
    .filter((name) => !/ # TODO\b/.test(name));
  rmSync(dir, { recursive: true, force: true });
  results.push({ step: 'node', passed, failed, seconds: since(started) });
  if (!ok || failed > 0) problems.push(`Node tests failed (${failed} failing)`);
  for (const name of failing.slice(0, 20)) problems.push(`node: not ok: ${name}`);
  if (failing.length > 20)
    problems.push(`node: ... and ${failing.length - 20} more "not ok" lines (suites included)`);
  if (passed === 0) problems.push('Node tests ran no test');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/status`);
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** Starts WebKitWebDriver (under Xvfb when there is no display); returns a stop function. */
async function startWebKitDriver(engine) {
  const port = await freePort();
  const command = engine.xvfbRun && !process.env.DISPLAY ? engine.xvfbRun : engine.path;
  const commandArgs = command === engine.path ? [`--port=${port}`] : ['-a', engine.path, `--port=${port}`];
  const child = spawn(command, commandArgs, { stdio: 'ignore', detached: true });
  const up = await waitForPort(port, 20000);
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  if (!up) {
    stop();
    return { error: `WebKitWebDriver did not answer on port ${port}` };
  }
  return { port, stop };
}

/**
 * Browser test files that use what the test server holds for the whole run (the demo
 * site's request log, the hold on the element code): they run one at a time, after
 * the others. Every other file runs beside others, in a kit namespace of its own
 * (test/server/namespace.ts).
 */
const ALONE = [
  'test/demo/pages.browser.test.ts',
  'test/demo/builder-help.browser.test.ts',
  'test/dist/early-start.browser.test.ts',
];

/** One run of the test runner in `engine` over `files`: its counts, `ok`, or an `error`. */
async function runEngine(engine, files, { concurrency, out }) {
  const env = {
    ...process.env,
    KHOUNTOUS_ENGINE: engine.name,
    KHOUNTOUS_TEST_FILES: files.join(','),
    KHOUNTOUS_CONCURRENCY: String(concurrency),
    // A free port of its own (the system's choice), for the runner's server.
    KHOUNTOUS_PORT: String(await freePort()),
    ...(installedDir ? { KHOUNTOUS_INSTALLED_DIR: installedDir } : {}),
  };
  if (engine.name === 'chromium') env.CHROME_PATH = engine.path;
  if (engine.name === 'firefox') env.FIREFOX_PATH = engine.path;
  let driver;
  if (engine.name === 'webkit') {
    driver = await startWebKitDriver(engine);
    if (driver.error) return { error: driver.error };
    env.WEBKIT_DRIVER_PORT = String(driver.port);
    env.WEBKIT_BROWSER_PATH = engine.miniBrowser;
  }
  const dir = mkdtempSync(join(tmpdir(), 'khountous-wtr-'));
  env.KHOUNTOUS_COUNTS_FILE = join(dir, 'counts.json');
  const ok = await runAsync('node', ['--import', 'tsx', 'node_modules/@web/test-runner/dist/bin.js'], {
    env,
    out,
  });
  driver?.stop();
  try {
    return { ok, ...JSON.parse(readFileSync(env.KHOUNTOUS_COUNTS_FILE, 'utf8')) };
  } catch {
    return { error: `${engine.name}: the test runner wrote no result` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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
async function engineTests(engine, files, out) {
  const started = Date.now();
  if (!engine.available) {
    const message = `SKIPPED ${engine.name}: ${engine.reason}`;
    out.write(`\n!! ${message}\n`);
    results.push({ step: `browser:${engine.name}`, skipped: engine.reason });
    if (inCi) problems.push(`${engine.name} skipped under CI: ${engine.reason}`);
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
    const run = await runEngine(engine, group, { concurrency: width, out });
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
    const outcome = afterRerun(counts, await runEngine(engine, again, { concurrency: 1, out }), again);
    for (const failure of outcome.flaky)
      notes.push(`${engine.name}: failed, then passed when run again alone: ${failure}`);
  }
  results.push({
    step: `browser:${engine.name}`,
    passed: counts.passed,
    failed: counts.failed,
    seconds: since(started),
  });
  if (!counts.ok || counts.failed > 0) problems.push(`${engine.name}: browser tests failed`);
  for (const failure of counts.failures ?? []) problems.push(`${engine.name}: ${failure}`);
  if (counts.passed === 0) problems.push(`${engine.name}: ran no test`);
}

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

/** The browser test files to run, and the engines found (installed first when missing). */
function browserPlan() {
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
 * The benchmarks in quick mode (bench/run.mjs --quick): fewer runs, the same
 * code paths, nothing written. Only with `--only bench` (`.ci/run` runs it).
 */
function benchStep() {
  log('bench: quick mode');
  const started = Date.now();
  const [engine] = resolveEngines(['chromium'], (message) => console.log(`  ${message}`));
  if (!engine.available) {
    console.log(`\n!! SKIPPED bench: ${engine.reason}`);
    results.push({ step: 'bench', skipped: engine.reason });
    if (inCi) problems.push(`bench skipped under CI: ${engine.reason}`);
    return;
  }
  const ok = run('node', ['--import', 'tsx', 'bench/run.mjs', '--quick'], {
    env: { ...process.env, CHROME_PATH: engine.path },
  });
  results.push({ step: 'bench', passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: since(started) });
  if (!ok) problems.push('bench (quick mode) failed');
}

const begun = Date.now();
// The Debian packages (browsers, nginx, Varnish, WordPress): installed when missing.
if (steps.some((step) => ['node', 'browser', 'bench'].includes(step))) {
  const started = Date.now();
  const prepared = setup((message) => console.log(message));
  if (prepared.seconds > 0)
    results.push({ step: 'setup', info: 'Debian packages installed', seconds: since(started) });
  if (!prepared.ok) console.log(`\n!! missing Debian packages: ${prepared.missing.join(' ')}`);
}
if (steps.includes('lint')) lint();
if (steps.includes('build')) buildStep();

// The Node tests and each engine's browser tests, side by side (at most `jobs` at once).
const tasks = [];
if (steps.includes('node')) {
  const files = nodePlan();
  if (files.length > 0) tasks.push(['Node tests', (out) => nodeTests(files, out)]);
}
/**
 * WebKit runs last, on its own: twice in eight full runs with the other engines and the
 * Node tests beside it, its test runner ended mid-run without a word or a result (cause
 * not found; scripts/test/test.mjs now prints how a runner ended). Alone it never did.
 */
const last = [];
if (steps.includes('browser')) {
  const { files, resolved } = browserPlan();
  // The longest first, so that the two lanes end together.
  const order = ['firefox', 'chromium', 'webkit'];
  const sorted = [...resolved].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  if (files.length > 0)
    for (const engine of sorted)
      (engine.name === 'webkit' ? last : tasks).push([
        `browser tests in ${engine.name}`,
        (out) => engineTests(engine, files, out),
      ]);
}
for (const group of [tasks, last]) {
  if (group.length === 0) continue;
  log(`running ${group.map(([name]) => name).join(', ')} (${Math.min(jobs, group.length)} at once)`);
  const queue = [...group];
  await Promise.all(
    Array.from({ length: Math.min(jobs, group.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await buffered(next[0], next[1]);
    }),
  );
}
if (steps.includes('bench')) benchStep();

if (installedDir) rmSync(installedDir, { recursive: true, force: true });

printSummary(begun);
process.exit(problems.length > 0 ? 1 : 0);
