#!/usr/bin/env node
// `npm run test:changed`: the tests that cover what changed, and only them. What changed is
// what `git` says differs from HEAD (or from `--base <rev>`), files not yet added included. A
// test covers a file when it imports it, directly or through other modules of the project,
// or names its path (a script it runs, a document it reads); a change to src/ or to the build
// also selects the tests of the built kit (scripts/test/tiers.mjs), run after a build. Runs them through `npm test`'s
// runner (scripts/test/test.mjs): the Node tests and the browser tests, in Chromium unless
// `--engines` says otherwise; other options go to the runner as they are.
//
//   node scripts/test/changed.mjs [--base <rev>] [--list] [runner options...]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { listFiles } from './list-files.mjs';
import { readsBuild } from './tiers.mjs';

/** The specifiers a module imports (static, dynamic, re-exports), relative ones only. */
export function importsOf(text) {
  const found = new Set();
  const patterns = [
    /\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

/** The file a relative specifier of `from` names (`./cache.js` -> `src/core/cache.ts`), if it exists. */
export function resolveImport(from, specifier, exists = existsSync) {
  const path = normalize(join(dirname(from), specifier));
  const candidates = [path, path.replace(/\.js$/, '.ts'), path.replace(/\.mjs$/, '.mts'), `${path}.ts`];
  return candidates.find((candidate) => exists(candidate));
}

/**
 * The test files that cover `changed`: each test file whose imports reach a changed file
 * (`graph`: each module's imported files), or that is itself changed, or whose text (or a
 * module's it imports) names a changed file's path.
 */
export function testsFor(changed, graph, tests, texts = new Map()) {
  const changedSet = new Set(changed);
  const covers = new Map();
  const reaches = (file, seen = new Set()) => {
    if (covers.has(file)) return covers.get(file);
    if (seen.has(file)) return false;
    seen.add(file);
    const text = texts.get(file) ?? '';
    const hit =
      changedSet.has(file) ||
      changed.some((path) => text.includes(path)) ||
      (graph.get(file) ?? []).some((next) => reaches(next, seen));
    covers.set(file, hit);
    return hit;
  };
  return tests.filter((test) => reaches(test));
}

/** The project's modules (src, test, demo, scripts, bench): each one's imported files and its text. */
function projectGraph() {
  const graph = new Map();
  const texts = new Map();
  const modules = ['src', 'test', 'demo', 'scripts', 'bench'].flatMap((dir) =>
    existsSync(dir)
      ? listFiles(dir, (file) => /\.(ts|mts|mjs|js)$/.test(file) && !file.includes('node_modules'))
      : [],
  );
  for (const file of modules) {
    const text = readFileSync(file, 'utf8');
    texts.set(file, text);
    graph.set(
      file,
      importsOf(text)
        .map((specifier) => resolveImport(file, specifier))
        .filter(Boolean),
    );
  }
  return { graph, texts };
}

/** What differs from `base` (HEAD by default), added or not, deleted files left out. */
function changedFiles(base) {
  const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
  const files = [...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')];
  return [...new Set(files)].filter((file) => existsSync(file));
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const args = process.argv.slice(2);
  const take = (name) => {
    const index = args.indexOf(name);
    if (index === -1) return undefined;
    return args.splice(index, name === '--list' ? 1 : 2)[1] ?? true;
  };
  const base = take('--base') ?? 'HEAD';
  const listOnly = take('--list') !== undefined;
  const changed = changedFiles(base);
  const { graph, texts } = projectGraph();
  const tests = listFiles('test', (file) => file.endsWith('.test.ts'));
  // A change to the kit's source or its build reaches the tests of the built kit through the build.
  const builds = changed.some((file) => file.startsWith('src/') || file.startsWith('scripts/build/'));
  const chosen = [
    ...new Set([...testsFor(changed, graph, tests, texts), ...(builds ? tests.filter(readsBuild) : [])]),
  ].sort();
  const uncovered = changed.filter(
    (file) => !file.startsWith('test/') && testsFor([file], graph, tests, texts).length === 0,
  );
  console.log(`changed since ${base}: ${changed.length} files; the tests that cover them: ${chosen.length}`);
  for (const file of chosen) console.log(`  ${file}`);
  if (uncovered.length > 0) {
    console.log('no test imports or names these (npm test covers them):');
    for (const file of uncovered) console.log(`  ${file}`);
  }
  if (listOnly || chosen.length === 0) process.exit(0);
  const engines = args.includes('--engines') ? [] : ['--engines', 'chromium'];
  // The built kit's tests on a build of what changed.
  const only = args.includes('--only')
    ? []
    : ['--only', builds && chosen.some(readsBuild) ? 'build,node,browser' : 'node,browser'];
  const run = spawnSync('node', ['scripts/test/test.mjs', ...only, ...engines, ...args, ...chosen], {
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
}
