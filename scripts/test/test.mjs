#!/usr/bin/env node
// `npm test`: the Debian packages checked (scripts/test/setup.mjs installs what is missing),
// lint, type check, unused code (knip), the build with its size budgets and the docs'
// generated parts; then, two at a time, the Node-side tests and the browser tests in
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
//
// Its parts, each a module beside it: options.mjs (the command line), report.mjs (the results
// and the summary), processes.mjs (child processes), test-files.mjs (which files run),
// checks.mjs (lint, build, bench), node-tests.mjs (Node's test runner), browser-tests.mjs and
// browser-runner.mjs (the engines' runs of web-test-runner).
import process from 'node:process';
import { browserPlan, engineTests, removeInstalled } from './browser-tests.mjs';
import { benchStep, buildStep, lint } from './checks.mjs';
import { nodePlan, nodeTests } from './node-tests.mjs';
import { jobs, steps } from './options.mjs';
import { buffered } from './processes.mjs';
import { log, printSummary, problems, results, since } from './report.mjs';
import { setup } from './setup.mjs';

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
 * not found; runAsync in scripts/test/processes.mjs now prints how a runner ended). Alone
 * it never did.
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

removeInstalled();

printSummary(begun);
process.exit(problems.length > 0 ? 1 : 0);
