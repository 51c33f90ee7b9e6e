/**
 * The test loop's parts (scripts/test/): the tiers (tiers.mjs: every test file in one, the
 * unit tier free of servers and builds), the tests a change selects (changed.mjs: through the
 * imports, the paths a test names, the built kit), and the slowest files `npm test` prints
 * (file-times.mjs).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script without declarations
import * as tiers from '../../scripts/test/tiers.mjs';
// @ts-expect-error: a plain .mjs script without declarations
import * as changed from '../../scripts/test/changed.mjs';
// @ts-expect-error: a plain .mjs script without declarations
import * as times from '../../scripts/test/file-times.mjs';
// @ts-expect-error: a plain .mjs script without declarations
import { listFiles } from '../../scripts/test/list-files.mjs';

const root = join(import.meta.dirname, '../..');
const tierOf = tiers.tierOf as (file: string) => 'unit' | 'browser' | 'integration';
const testsFor = changed.testsFor as (
  changedFiles: string[],
  graph: Map<string, string[]>,
  tests: string[],
  texts?: Map<string, string>,
) => string[];

describe('the tiers of the tests', () => {
  const files = (listFiles(join(root, 'test'), (file: string) => file.endsWith('.test.ts')) as string[]).map(
    (file) => file.slice(root.length + 1),
  );

  it('put every test file in one tier, the browser files in the browser tier', () => {
    for (const file of files) {
      const tier = tierOf(file);
      assert.ok(['unit', 'browser', 'integration'].includes(tier), file);
      assert.equal(tier === 'browser', file.endsWith('.browser.test.ts'), file);
    }
    assert.ok(
      files.filter((file) => tierOf(file) === 'unit').length >= 40,
      'the unit tier holds the pure modules’ tests',
    );
  });

  it('keep out of the unit tier any test that starts a server, a process or a build', () => {
    const system =
      /node:child_process|node:http\b|from 'node:net'|demo\/api\/server|scripts\/build\/|startApiServer|spawn\(/;
    for (const file of files.filter((name) => tierOf(name) === 'unit'))
      assert.doesNotMatch(readFileSync(join(root, file), 'utf8'), system, `${file} is a unit test`);
  });
});

describe('the engines of the browser tests', () => {
  const enginesOf = tiers.enginesOf as (text: string, file?: string) => { engines: string[]; why: string };
  const browserFiles = (
    listFiles(join(root, 'test'), (file: string) => file.endsWith('.browser.test.ts')) as string[]
  ).map((file) => file.slice(root.length + 1));

  it('each browser file says on its first line the engines it needs and why', () => {
    for (const file of browserFiles) {
      const { engines, why } = enginesOf(readFileSync(join(root, file), 'utf8'), file);
      assert.ok(engines.includes('chromium'), file);
      assert.ok(why.split(' ').length >= 5, `${file}: a reason in words`);
    }
  });

  it('runs in all three whatever draws, styles, stores, locks, focuses or loads the built kit', () => {
    const chromiumOnly = browserFiles.filter(
      (file) => enginesOf(readFileSync(join(root, file), 'utf8'), file).engines.length === 1,
    );
    for (const file of chromiumOnly) {
      assert.doesNotMatch(
        file,
        /^test\/(dist|ssr|installed|core)\//,
        `${file} tests what differs between engines`,
      );
      const text = readFileSync(join(root, file), 'utf8');
      assert.doesNotMatch(
        text,
        /getComputedStyle|getBoundingClientRect|\.focus\(|sendKeys|localStorage|navigator\.locks|to\.be\.accessible/,
        `${file} reads what differs between engines`,
      );
    }
    assert.ok(chromiumOnly.length < browserFiles.length / 4, 'most files run in all three');
  });

  it('refuses a file without its line, and reads both forms', () => {
    assert.throws(
      () => enginesOf('/** A test. */\n', 'test/x.browser.test.ts'),
      /test\/x\.browser\.test\.ts: its first line must say/,
    );
    assert.deepEqual(enginesOf('// Engines: Chromium (logic no engine changes at all).\n'), {
      engines: ['chromium'],
      why: 'logic no engine changes at all',
    });
    assert.deepEqual(enginesOf('// Engines: all three (rendering differs between engines).\n').engines, [
      'chromium',
      'firefox',
      'webkit',
    ]);
  });
});

describe('the tests a change selects', () => {
  const graph = new Map([
    ['test/core/cache.test.ts', ['src/core/cache.ts']],
    ['test/core/budget.test.ts', ['src/core/budget.ts', 'test/helpers/clock.ts']],
    ['test/helpers/clock.ts', ['src/core/abort.ts']],
    ['src/core/budget.ts', ['src/core/names.ts']],
    ['src/core/cache.ts', ['src/core/storage.ts', 'src/core/names.ts']],
    ['test/scripts/build.test.ts', []],
  ]);
  const tests = ['test/core/cache.test.ts', 'test/core/budget.test.ts', 'test/scripts/build.test.ts'];
  const texts = new Map([['test/scripts/build.test.ts', "spawnSync('node', ['scripts/build/build.mjs'])"]]);

  it('through the imports, transitively, helpers included', () => {
    assert.deepEqual(testsFor(['src/core/storage.ts'], graph, tests, texts), ['test/core/cache.test.ts']);
    assert.deepEqual(testsFor(['src/core/names.ts'], graph, tests, texts), [
      'test/core/cache.test.ts',
      'test/core/budget.test.ts',
    ]);
    assert.deepEqual(testsFor(['src/core/abort.ts'], graph, tests, texts), ['test/core/budget.test.ts']);
  });

  it('a test changed itself, and a test naming a changed path (a script it runs)', () => {
    assert.deepEqual(testsFor(['test/core/cache.test.ts'], graph, tests, texts), ['test/core/cache.test.ts']);
    assert.deepEqual(testsFor(['scripts/build/build.mjs'], graph, tests, texts), [
      'test/scripts/build.test.ts',
    ]);
  });

  it('none for a file nothing reaches', () => {
    assert.deepEqual(testsFor(['docs/theming.md'], graph, tests, texts), []);
  });

  it('resolves the project’s own imports as the bundler does (.js to .ts)', () => {
    const importsOf = changed.importsOf as (text: string) => string[];
    const resolveImport = changed.resolveImport as (
      from: string,
      spec: string,
      exists: (path: string) => boolean,
    ) => string | undefined;
    assert.deepEqual(
      importsOf(
        `import { a } from '../core/cache.js';\nimport './side.js';\nconst m = await import('./lazy.js');\nimport x from 'lit';`,
      ),
      ['../core/cache.js', './side.js', './lazy.js'],
    );
    const present = new Set(['src/core/cache.ts', 'scripts/test/tiers.mjs']);
    assert.equal(
      resolveImport('src/boot/paint.ts', '../core/cache.js', (path) => present.has(path)),
      'src/core/cache.ts',
    );
    assert.equal(
      resolveImport('scripts/test/changed.mjs', './tiers.mjs', (path) => present.has(path)),
      'scripts/test/tiers.mjs',
    );
    assert.equal(
      resolveImport('src/boot/paint.ts', './gone.js', (path) => present.has(path)),
      undefined,
    );
  });

  it('on this project: a change to a core module selects its unit tests and the built kit’s', () => {
    const run = spawnSync(process.execPath, ['scripts/test/changed.mjs', '--list', '--base', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^changed since HEAD: \d+ files; the tests that cover them: \d+$/m);
  });
});

describe('the slowest files', () => {
  const slowestFiles = times.slowestFiles as (
    lines: string,
    root: string,
    count?: number,
  ) => { file: string; seconds: number }[];

  it('sums each file’s top-level tests and keeps the slowest, slowest first', () => {
    const lines = [
      { file: '/p/test/a.test.ts', ms: 1000 },
      { file: '/p/test/b.test.ts', ms: 3000 },
      { file: '/p/test/a.test.ts', ms: 2500 },
      { file: '/p/test/c.test.ts', ms: 10 },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n');
    assert.deepEqual(slowestFiles(lines, '/p', 2), [
      { file: 'test/a.test.ts', seconds: 3.5 },
      { file: 'test/b.test.ts', seconds: 3 },
    ]);
  });

  it('ranks the browser runner’s files by their tests’ time', () => {
    const slowestOf = times.slowestOf as (
      byFile: Record<string, { seconds?: number }>,
      count?: number,
    ) => { file: string; seconds: number }[];
    assert.deepEqual(
      slowestOf(
        { 'a.browser.test.ts': { seconds: 2 }, 'b.browser.test.ts': { seconds: 9 }, 'c.browser.test.ts': {} },
        2,
      ),
      [
        { file: 'b.browser.test.ts', seconds: 9 },
        { file: 'a.browser.test.ts', seconds: 2 },
      ],
    );
  });
});
