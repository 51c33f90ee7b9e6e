// The steps of `npm test` (scripts/test/test.mjs) that run one command after another in the
// foreground: lint, the build with its checks, and the benchmarks' smoke run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import process from 'node:process';
import { resolveEngines } from './browsers.mjs';
import { inCi } from './options.mjs';
import { run } from './processes.mjs';
import { log, problems, results, since } from './report.mjs';

export function lint() {
  const checks = [
    ['eslint', ['npx', 'eslint', '.']],
    ['prettier', ['npx', 'prettier', '--check', '.']],
    ['typescript', ['npx', 'tsc', '--noEmit']],
    ['lit-analyzer', ['npx', 'lit-analyzer', 'src', '--strict', '--quiet']],
    // Unused files, exports and dependencies (knip.config.ts).
    ['knip', ['npx', 'knip', '--no-progress']],
    // Exports of the kit's code that only the tests use, unless tagged @internal (knip.src.config.ts).
    ['exports', ['npm', 'run', '--silent', 'lint:exports', '--', '--no-progress']],
  ];
  runChecks('lint', checks);
}

/** Runs each of `checks` ([name, command line]) in turn as part of `step`; stops after `stopOn` fails. */
function runChecks(step, checks, stopOn) {
  for (const [name, [command, ...commandArgs]] of checks) {
    log(`${step}: ${name}`);
    const started = Date.now();
    const ok = run(command, commandArgs);
    results.push({
      step: `${step}:${name}`,
      passed: ok ? 1 : 0,
      failed: ok ? 0 : 1,
      seconds: since(started),
    });
    if (!ok) {
      problems.push(`${name} failed`);
      if (name === stopOn) break;
    }
  }
}

/**
 * The build (lib/ and dist/, sizes printed), its size budgets (size-limit), what
 * pages with one widget and with the mission widgets download (scripts/build/page-sizes.mjs), the
 * package as packed checked by publint and attw (the lint of what the build wrote),
 * the docs' generated parts (scripts/generate/docs.mjs: the reference from custom-elements.json), and that
 * manifest itself as the build wrote it.
 */
export function buildStep() {
  // The build regenerates custom-elements.json: the one in the tree must be that one.
  const manifestBefore = existsSync('custom-elements.json')
    ? readFileSync('custom-elements.json', 'utf8')
    : '';
  const checks = [
    ['build', ['node', 'scripts/build/build.mjs']],
    ['size', ['npx', 'size-limit']],
    ['pages', ['node', 'scripts/build/page-sizes.mjs']],
    ['package', ['node', 'scripts/build/package-lint.mjs']],
    ['docs', ['node', 'scripts/generate/docs.mjs', '--check']],
  ];
  runChecks('build', checks, 'build');
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

/**
 * The benchmarks in quick mode (bench/run.mjs --quick): fewer runs, the same
 * code paths, nothing written. Only with `--only bench` (`.ci/run` runs it).
 */
export function benchStep() {
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
