import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script without declarations
import * as rerun from '../../scripts/test/rerun.mjs';

interface FileCounts {
  passed: number;
  failed: number;
  skipped: number;
}
interface Counts {
  ok: boolean;
  passed: number;
  failed: number;
  failures: string[];
  failedFiles: string[];
  byFile: Record<string, FileCounts>;
  error?: string;
}
const { filesToRerun, afterRerun, MAX_RERUN_FILES } = rerun as {
  filesToRerun(first: Counts, options?: { disabled?: boolean }): string[];
  afterRerun(first: Counts, second: Counts, files: string[]): { counts: Counts; flaky: string[] };
  MAX_RERUN_FILES: number;
};

/** Counts as the reporter writes them, from per-file results. */
function counts(byFile: Record<string, [passed: number, failed: number, skipped?: number]>): Counts {
  const files = Object.entries(byFile);
  const sum = (index: 0 | 1) => files.reduce((total, [, result]) => total + result[index], 0);
  return {
    ok: sum(1) === 0,
    passed: sum(0),
    failed: sum(1),
    failures: files.flatMap(([file, [, failed]]) =>
      Array.from({ length: failed }, (_, i) => `${file}: test ${i}`),
    ),
    failedFiles: files.filter(([, [, failed]]) => failed > 0).map(([file]) => file),
    byFile: Object.fromEntries(
      files.map(([file, [passed, failed, skipped = 0]]) => [file, { passed, failed, skipped }]),
    ),
  };
}

describe('browser tests: the once-more rule', () => {
  it('runs again only the files that failed, none when all passed or when turned off', () => {
    const first = counts({ 'a.ts': [5, 0], 'b.ts': [3, 1] });
    assert.deepEqual(filesToRerun(first), ['b.ts']);
    assert.deepEqual(filesToRerun(counts({ 'a.ts': [5, 0] })), []);
    assert.deepEqual(filesToRerun(first, { disabled: true }), []);
  });

  it(`gives up beyond ${MAX_RERUN_FILES} failing files`, () => {
    const many = Object.fromEntries(
      Array.from({ length: MAX_RERUN_FILES + 1 }, (_, i) => [`f${i}.ts`, [1, 1] as [number, number]]),
    );
    assert.deepEqual(filesToRerun(counts(many)), []);
  });

  it('passes when the file passes whole the second time, and names the flaky test', () => {
    const first = counts({ 'a.ts': [5, 0], 'b.ts': [3, 1] });
    const { counts: after, flaky } = afterRerun(first, counts({ 'b.ts': [4, 0] }), ['b.ts']);
    assert.equal(after.ok, true);
    assert.equal(after.failed, 0);
    assert.equal(after.passed, 9);
    assert.deepEqual(flaky, ['b.ts: test 0']);
  });

  it('fails when the second run fails again, naming both failures', () => {
    const first = counts({ 'a.ts': [5, 0], 'b.ts': [3, 1] });
    const second = counts({ 'b.ts': [3, 1] });
    second.failures = ['b.ts: another test'];
    const { counts: after, flaky } = afterRerun(first, second, ['b.ts']);
    assert.equal(after.failed, 1);
    assert.deepEqual(after.failures, ['b.ts: test 0', 'again: b.ts: another test']);
    assert.deepEqual(flaky, []);
  });

  it('fails when the second run passes fewer tests, skips more, or misses a file', () => {
    const first = counts({ 'b.ts': [3, 1], 'c.ts': [2, 1] });
    const fewer = afterRerun(first, counts({ 'b.ts': [3, 0], 'c.ts': [3, 0] }), ['b.ts', 'c.ts']);
    assert.equal(fewer.counts.failed, 2);
    const skipped = afterRerun(first, counts({ 'b.ts': [4, 0, 1], 'c.ts': [3, 0] }), ['b.ts', 'c.ts']);
    assert.equal(skipped.counts.failed, 2);
    const missing = afterRerun(first, counts({ 'b.ts': [4, 0] }), ['b.ts', 'c.ts']);
    assert.equal(missing.counts.failed, 2);
  });

  it('fails when the second run could not run, or its runner failed', () => {
    const first = counts({ 'b.ts': [3, 1] });
    const error = { ...counts({}), error: 'WebKitWebDriver did not answer' };
    assert.deepEqual(afterRerun(first, error, ['b.ts']).counts.failures, [
      'b.ts: test 0',
      'again: WebKitWebDriver did not answer',
    ]);
    const crashed = { ...counts({ 'b.ts': [4, 0] }), ok: false };
    assert.equal(afterRerun(first, crashed, ['b.ts']).counts.failed, 1);
  });
});
