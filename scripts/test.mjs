#!/usr/bin/env node
// `npm test`: lint, type check, unused code (knip), the build with its size
// budgets and the README's generated tables, Node-side tests, then the browser
// tests in Chromium, Firefox and WebKit, one engine after the other, and last the
// benchmarks in quick mode (`npm run bench -- --quick`: proves the bench still
// runs; it fails only on its request and memory bounds, never on timings). Ends
// with one line "N passed, N failed" over everything, and fails when any step
// fails, when an engine ran no test, or (under CI) when an engine had to be
// skipped.
//
//   node scripts/test.mjs [--only lint,build,node,browser,bench] [--engines chromium,firefox,webkit] [files...]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, mkdtempSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { resolveEngines } from './browsers.mjs';
import { resolveNginx } from './nginx.mjs';
import { resolveVarnish } from './varnish.mjs';
import { resolveWordPress } from './wordpress-env.mjs';
import { afterRerun, filesToRerun } from './rerun.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = args[index + 1];
  args.splice(index, 2);
  return value.split(',');
};
const steps = option('only', ['lint', 'build', 'node', 'browser', 'bench']);
const engines = option('engines', ['chromium', 'firefox', 'webkit']);
const fileFilter = args;
const inCi = Boolean(process.env.CI);

const results = [];
const problems = [];
/** What the summary reports without failing the run (tests that passed only when run again). */
const notes = [];
const log = (message) => console.log(`\n\u25b6 ${message}`);

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', ...options });
  return result.status === 0;
}

function listFiles(dir, predicate, out = []) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) listFiles(path, predicate, out);
    else if (predicate(path)) out.push(path);
  }
  return out.sort();
}

const matchesFilter = (file) => fileFilter.length === 0 || fileFilter.some((part) => file.includes(part));

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
    const ok = run(command, commandArgs);
    results.push({ step: `lint:${name}`, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
    if (!ok) problems.push(`${name} failed`);
  }
}

/**
 * The build (dist/, sizes printed), its size budgets (size-limit), the
 * README's attribute tables generated from custom-elements.json, and that
 * manifest itself as the build wrote it.
 */
function buildStep() {
  // The build regenerates custom-elements.json: the one in the tree must be that one.
  const manifestBefore = existsSync('custom-elements.json')
    ? readFileSync('custom-elements.json', 'utf8')
    : '';
  const checks = [
    ['build', ['node', 'scripts/build.mjs']],
    ['size', ['npx', 'size-limit']],
    ['docs', ['node', 'scripts/readme-attributes.mjs', '--check']],
  ];
  for (const [name, [command, ...commandArgs]] of checks) {
    log(`build: ${name}`);
    const ok = run(command, commandArgs);
    results.push({ step: `build:${name}`, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
    if (!ok) {
      problems.push(`${name} failed`);
      if (name === 'build') break;
    }
  }
  if (results.some((result) => result.step === 'build:build' && result.failed === 0)) {
    // In a git checkout, against the index: a rewritten file fails every run until it is staged.
    // The WordPress plugin's generated files (scripts/wordpress.ts) likewise.
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

/** Tests under test/dist/ load the built files: build them when the build step did not run. */
function ensureDist(files) {
  if (steps.includes('build') || existsSync('dist/khountous.js')) return;
  // test/wordpress/ installs the plugin's zip, which the build writes.
  if (!files.some((file) => file.includes(join('test', 'dist')) || file.includes(join('test', 'wordpress'))))
    return;
  log('dist/ is missing: building it for the tests of test/dist/');
  if (!run('node', ['scripts/build.mjs', '--quiet'])) problems.push('the build for test/dist/ failed');
}

function nodeTests() {
  const files = listFiles('test', (f) => f.endsWith('.test.ts') && !f.endsWith('.browser.test.ts')).filter(
    matchesFilter,
  );
  log(`Node tests: ${files.length} files`);
  ensureDist(files);
  // The shared cache tier's tests (test/proxy/) run a real nginx and a real Varnish: install
  // Debian's packages when missing.
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
  if (files.length === 0) {
    if (fileFilter.length === 0) problems.push('no Node test file found');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'khountous-node-'));
  const tap = join(dir, 'result.tap');
  const ok = run('npx', [
    'tsx',
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    ...files,
  ]);
  const text = readFileSync(tap, 'utf8');
  const count = (label) => Number(new RegExp(`^# ${label} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  const passed = count('pass');
  const failed = count('fail');
  // The failing tests by name, so that the summary at the end of a long log says which
  // (a "not ok ... # TODO" is a known gap, not a failure: Node's runner does not count it).
  const failing = [...text.matchAll(/^\s*not ok \d+ - (.*)$/gm)]
    .map((match) => match[1])
    .filter((name) => !/ # TODO\b/.test(name));
  rmSync(dir, { recursive: true, force: true });
  results.push({ step: 'node', passed, failed });
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

/** One run of the test runner in `engine` over `files`: its counts, `ok`, or an `error`. */
async function runEngine(engine, files) {
  const env = { ...process.env, KHOUNTOUS_ENGINE: engine.name, KHOUNTOUS_TEST_FILES: files.join(',') };
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
  const ok = run('node', ['--import', 'tsx', 'node_modules/@web/test-runner/dist/bin.js'], { env });
  driver?.stop();
  try {
    return { ok, ...JSON.parse(readFileSync(env.KHOUNTOUS_COUNTS_FILE, 'utf8')) };
  } catch {
    return { error: `${engine.name}: the test runner wrote no result` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function browserTests() {
  const files = listFiles('test', (f) => f.endsWith('.browser.test.ts')).filter(matchesFilter);
  log(`browser tests: ${files.length} files, engines ${engines.join(', ')}`);
  ensureDist(files);
  if (files.length === 0) {
    problems.push('no browser test file found');
    return;
  }
  const resolved = resolveEngines(engines, (message) => console.log(`  ${message}`));
  for (const engine of resolved) {
    if (!engine.available) {
      const message = `SKIPPED ${engine.name}: ${engine.reason}`;
      console.log(`\n!! ${message}`);
      results.push({ step: `browser:${engine.name}`, skipped: engine.reason });
      if (inCi) problems.push(`${engine.name} skipped under CI: ${engine.reason}`);
      continue;
    }
    log(`browser tests in ${engine.name} (${engine.path})`);
    const first = await runEngine(engine, files);
    if (first.error) {
      results.push({ step: `browser:${engine.name}`, passed: 0, failed: 1 });
      problems.push(first.error);
      continue;
    }
    let counts = first;
    // A file with a failure runs once more, alone (scripts/rerun.mjs): the tests
    // that passed then are named as flaky; what fails again fails the run.
    const again = filesToRerun(first, { disabled: Boolean(process.env.KHOUNTOUS_NO_RETRY) });
    if (again.length > 0) {
      log(`browser tests in ${engine.name}: running ${again.join(', ')} once more`);
      const outcome = afterRerun(first, await runEngine(engine, again), again);
      counts = outcome.counts;
      for (const failure of outcome.flaky)
        notes.push(`FLAKY in ${engine.name} (passed when run again): ${failure}`);
    }
    results.push({ step: `browser:${engine.name}`, passed: counts.passed, failed: counts.failed });
    if (!counts.ok || counts.failed > 0) problems.push(`${engine.name}: browser tests failed`);
    for (const failure of counts.failures ?? []) problems.push(`${engine.name}: ${failure}`);
    if (counts.passed === 0) problems.push(`${engine.name}: ran no test`);
  }
  if (!resolved.some((engine) => engine.available))
    problems.push('no browser engine available: nothing was tested');
}

/**
 * The benchmarks in quick mode (bench/run.mjs --quick): fewer runs, the same
 * code paths, nothing written. Skipped when test files are named.
 */
function benchStep() {
  if (fileFilter.length > 0) return;
  log('bench: quick mode');
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
  results.push({ step: 'bench', passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  if (!ok) problems.push('bench (quick mode) failed');
}

if (steps.includes('lint')) lint();
if (steps.includes('build')) buildStep();
if (steps.includes('node')) nodeTests();
if (steps.includes('browser')) await browserTests();
if (steps.includes('bench')) benchStep();

console.log('\nSummary');
for (const result of results) {
  const detail = result.skipped
    ? `SKIPPED (${result.skipped})`
    : `${result.passed} passed, ${result.failed} failed`;
  console.log(`  ${result.step.padEnd(22)} ${detail}`);
}
for (const note of notes) console.log(`  note: ${note}`);
for (const problem of problems) console.log(`  problem: ${problem}`);
const passed = results.reduce((sum, result) => sum + (result.passed || 0), 0);
// A problem that no failing test stands for (an engine that ran nothing, a skip
// under CI) still counts as one failure, so the closing line never reads as green.
const failedTests = results.reduce((sum, result) => sum + (result.failed || 0), 0);
const failed = failedTests === 0 && problems.length > 0 ? problems.length : failedTests;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(problems.length > 0 ? 1 : 0);
