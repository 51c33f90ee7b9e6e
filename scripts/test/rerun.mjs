// `npm test -- --rerun` (scripts/test/test.mjs), for diagnosis by hand, never under CI: a
// file with a failure runs once more, alone, and the summary names the tests that
// passed then (a failure that depends on order, timing or another file). The run
// fails either way. Pure functions over the counts the test runner's counting
// reporter writes (web-test-runner.config.mjs).

/** At most this many files run once more; more failing files are not flakiness. */
export const MAX_RERUN_FILES = 3;

/** The files to run once more after `first`, or [] when the rule does not apply. */
export function filesToRerun(first, { disabled = false } = {}) {
  const files = first.failedFiles ?? [];
  if (disabled || (first.ok && first.failed === 0)) return [];
  return files.length > 0 && files.length <= MAX_RERUN_FILES ? files : [];
}

/**
 * The counts of the engine after the second run of `files`: the first run's
 * with those files' results replaced when they all passed whole (`flaky` lists
 * the tests that failed the first time), else the first run's with the second
 * run's failures added (`flaky` empty).
 */
export function afterRerun(first, second, files) {
  const whole = (file) => {
    const before = first.byFile?.[file] ?? { passed: 0, failed: 0, skipped: 0 };
    const after = second.byFile?.[file];
    return (
      after !== undefined &&
      after.failed === 0 &&
      after.skipped <= before.skipped &&
      after.passed >= before.passed + before.failed
    );
  };
  if (!second.error && second.ok && second.failed === 0 && files.every(whole)) {
    const passedElsewhere = files.reduce(
      (sum, file) => sum - (first.byFile?.[file]?.passed ?? 0),
      first.passed,
    );
    return {
      counts: { ...first, ok: true, passed: passedElsewhere + second.passed, failed: 0, failures: [] },
      flaky: [...(first.failures ?? [])],
    };
  }
  const again = second.error ? [second.error] : (second.failures ?? []);
  return {
    counts: {
      ...first,
      failures: [...(first.failures ?? []), ...again.map((failure) => `again: ${failure}`)],
    },
    flaky: [],
  };
}
