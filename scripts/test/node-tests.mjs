// The Node-side tests of `npm test` (scripts/test/test.mjs): the files and the system parts
// they need, then Node's test runner over them, its counts and failing tests reported.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { resolveNginx } from '../tier/nginx.mjs';
import { resolveVarnish } from '../tier/varnish.mjs';
import { fileFilter, inCi, nodeConcurrency } from './options.mjs';
import process from 'node:process';
import { slowestFiles } from './file-times.mjs';
import { runAsync } from './processes.mjs';
import { log, problems, results, since } from './report.mjs';
import { ensureDist, listFiles, matchesFilter } from './test-files.mjs';
import { tierOf } from './tiers.mjs';
import { resolveWordPress } from './wordpress-env.mjs';

/**
 * The folders whose files take longest (a real WordPress, nginx and Varnish, fresh apps built
 * from the packed tarball, a copy of the repository built), started first: the runner starts
 * files in the order given, and the long ones started last left one or two running alone at
 * the end (WordPress's, alphabetically last). Then the rest of the integration tier, then the
 * unit tier's short files.
 */
const LONG_FIRST = ['wordpress', 'proxy', 'package', 'new-widget'].map(
  (folder) => join('test', folder) + sep,
);
const startRank = (file) => {
  const long = LONG_FIRST.findIndex((folder) => file.startsWith(folder));
  if (long >= 0) return long;
  return LONG_FIRST.length + (tierOf(file) === 'unit' ? 1 : 0);
};

/** The Node test files to run, with the system parts they need checked (installed first when missing). */
export function nodePlan() {
  const files = listFiles('test', (f) => f.endsWith('.test.ts') && !f.endsWith('.browser.test.ts'))
    .filter(matchesFilter)
    .sort((a, b) => startRank(a) - startRank(b));
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
export async function nodeTests(files, out) {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'khountous-node-'));
  const tap = join(dir, 'result.tap');
  const times = join(dir, 'times.jsonl');
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
      '--test-reporter=./scripts/test/file-times.mjs',
      `--test-reporter-destination=${times}`,
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
  const slowest = existsSync(times) ? slowestFiles(readFileSync(times, 'utf8'), process.cwd()) : [];
  rmSync(dir, { recursive: true, force: true });
  results.push({ step: 'node', passed, failed, seconds: since(started), slowest });
  if (!ok || failed > 0) problems.push(`Node tests failed (${failed} failing)`);
  for (const name of failing.slice(0, 20)) problems.push(`node: not ok: ${name}`);
  if (failing.length > 20)
    problems.push(`node: ... and ${failing.length - 20} more "not ok" lines (suites included)`);
  if (passed === 0) problems.push('Node tests ran no test');
}
