// @ts-check
// The mutation run (`npm run mutate`, not part of `npm test`): Stryker changes the code of
// the data layer and of the checks that stand between an author's (or an attacker's) input
// and the page, one small change (a "mutant") at a time, and runs the Node tests that
// reach that code; a mutant no test notices is a behaviour no test pins down.
// docs/reliability.md ("Mutation testing") has the last scores and the mutants left alive.
//
// Areas (their scores are reported apart by scripts/test/mutation-scores.mjs):
// - src/core: the client, the cache, the budget, storage, the loader;
// - the attribute rules: src/attributes/rules.ts, messages.ts, owner.ts (the elements' checks);
// - src/embed/params.ts: the embed page's query string.

/** Stryker's options: node_modules/@stryker-mutator/core/schema/stryker-schema.json. */
const config = {
  mutate: [
    'src/core/**/*.ts',
    // Types, the API's lists of values (regions, sectors...) and its patterns: declarations,
    // no behaviour of the kit's own. A mutant there changes what the API is assumed to
    // accept, which the reference API's tests (test/api/, docs/api-assumptions.md) pin down.
    '!src/core/types.ts',
    'src/attributes/rules.ts',
    'src/attributes/messages.ts',
    'src/attributes/owner.ts',
    'src/embed/params.ts',
  ],
  // Node's test runner, each test file in a process of its own with the TAP reporter, the
  // TypeScript sources read through tsx. The browser tests (*.browser.test.ts) are not run:
  // what they check of these files has Node tests too. Left out as well: the tests that read
  // the source or the build rather than run it (test/hardening/source.test.ts scans src/,
  // where Stryker's instrumented code has the `new Function` it forbids;
  // test/boot/first-paint.test.ts weighs the built start, which instrumented code outgrows).
  testRunner: 'tap',
  tap: {
    testFiles: [
      'test/core/**/!(*.browser).test.ts',
      'test/attributes/**/!(*.browser).test.ts',
      'test/embed/**/!(*.browser).test.ts',
      'test/widget/**/!(*.browser).test.ts',
      'test/hardening/parsing.test.ts',
      'test/hardening/recovery.test.ts',
    ],
    nodeArgs: ['--import', 'tsx', '--test-reporter=tap', '-r', '{{hookFile}}', '{{testFile}}'],
  },
  // The tap runner reports one "test" per file: a mutant runs only the files that reached it.
  coverageAnalysis: 'perTest',
  // A mutant the compiler rejects is not run and not counted (tsconfig.mutation.json: src only,
  // which is all the mutated files need, and much less to check than the whole project).
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.mutation.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  // Two cores: Stryker gives half to the checker and half to the tests (one process each)
  // until every mutant is checked, then both to the tests.
  concurrency: 2,
  // Loaded machines (the loader's tests use fake clocks, but each file is a tsx process).
  timeoutMS: 10000,
  // A second run tests only the mutants whose code or tests changed since the last.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { allowEmojis: false, logTests: false, reportScoreTable: true },
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: 'reports/.stryker-tmp',
  // What the sandbox (a copy of the project) does not need.
  // Anchored ("/name"): an unanchored "reports" would drop src/components/reports/ too.
  ignorePatterns: [
    '/dist',
    '/lib',
    '/build',
    '/coverage',
    '/screenshots',
    '/wordpress',
    '/deploy',
    '/bench',
    '/reports',
  ],
  thresholds: { high: 90, low: 80, break: null },
};

export default config;
