// What `npm test` (scripts/test/test.mjs) found, step by step, and its summary: one line
// per step, the notes and problems, then "N passed, N failed" over everything.

/** One entry per step: `{ step, passed, failed, seconds, slowest? }`, `{ step, skipped }` or `{ step, info, seconds }`. */
export const results = [];
/** What fails the run, each said in the summary. */
export const problems = [];
/** What the summary reports without failing the run (--rerun's findings). */
export const notes = [];
export const log = (message) => console.log(`\n\u25b6 ${message}`);
export const since = (started) => (Date.now() - started) / 1000;

/** Prints the summary of a run begun at `begun`. */
export function printSummary(begun) {
  console.log('\nSummary');
  for (const result of results) {
    const detail = result.skipped
      ? `SKIPPED (${result.skipped})`
      : (result.info ?? `${result.passed} passed, ${result.failed} failed`);
    const time = result.seconds === undefined ? '' : ` (${result.seconds.toFixed(0)} s)`;
    console.log(`  ${result.step.padEnd(22)} ${detail}${time}`);
  }
  console.log(`  wall time              ${since(begun).toFixed(0)} s`);
  // Where the time goes: the slowest test files of each step (their tests' time).
  for (const result of results.filter((r) => r.slowest?.length)) {
    console.log(`  the ${result.slowest.length} slowest files of ${result.step} (their tests' time):`);
    for (const { file, seconds } of result.slowest)
      console.log(`    ${seconds.toFixed(1).padStart(6)} s  ${file}`);
  }
  for (const note of notes) console.log(`  note: ${note}`);
  for (const problem of problems) console.log(`  problem: ${problem}`);
  const passed = results.reduce((sum, result) => sum + (result.passed || 0), 0);
  // A problem that no failing test stands for (an engine that ran nothing, a skip
  // under CI) still counts as one failure, so the closing line never reads as green.
  const failedTests = results.reduce((sum, result) => sum + (result.failed || 0), 0);
  const failed = failedTests === 0 && problems.length > 0 ? problems.length : failedTests;
  console.log(`\n${passed} passed, ${failed} failed`);
}
