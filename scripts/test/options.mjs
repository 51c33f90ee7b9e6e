// The command line of `npm test` (scripts/test/test.mjs): the steps, the engines, how many
// files and runs at a time, --rerun, and the names that pick test files (the rest of it).
import process from 'node:process';

const args = process.argv.slice(2);
/** A command line it cannot read: said in one line, exit 2. */
const refuse = (message) => {
  console.error(`npm test: ${message}`);
  process.exit(2);
};
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = args[index + 1];
  if (value === undefined || value.startsWith('--')) refuse(`--${name} needs a value`);
  args.splice(index, 2);
  return value.split(',');
};
const flag = (name) => {
  const index = args.indexOf(`--${name}`);
  if (index !== -1) args.splice(index, 1);
  return index !== -1;
};
export const steps = option('only', ['lint', 'build', 'node', 'browser']);
export const engines = option('engines', ['chromium', 'firefox', 'webkit']);
/**
 * Browser test files at a time in each engine. WebKit runs one at a time: web-test-runner's
 * WebDriver launcher runs files side by side as iframes of one page, where WebKit left
 * widgets of the layout and contract tests waiting in "loading"; one at a time, each file
 * has the page to itself.
 */
const givenConcurrency = option('concurrency', undefined);
export const concurrencyOf = (engine) =>
  givenConcurrency
    ? Math.max(1, Number(givenConcurrency[0]) || 1)
    : ({ chromium: 2, firefox: 2, webkit: 1 }[engine] ?? 1);
/**
 * How many of the Node tests and the engines run at once: two on a two-core machine
 * (all four at once kept the load at 11 and left the block editor test and WebKit short of
 * time). `--jobs 4` runs them all at once on a larger one.
 */
export const jobs = Math.max(1, Number(option('jobs', ['2'])[0]) || 1);
/** Node test files at a time. */
export const nodeConcurrency = Math.max(1, Number(option('node-concurrency', ['3'])[0]) || 1);
export const rerunFailures = flag('rerun');
/** A tier of the tests only (scripts/test/tiers.mjs): `unit`, `browser` or `integration`. */
export const tier = option('tier', [undefined])[0];
if (tier !== undefined && !['unit', 'browser', 'integration'].includes(tier))
  refuse(`--tier ${tier}: the tiers are unit, browser and integration`);
/** What is left of the command line: parts of the paths of the test files to run. */
export const fileFilter = args;
const unknown = args.find((arg) => arg.startsWith('--'));
if (unknown)
  refuse(
    `unknown option ${unknown} (options: --only, --engines, --tier, --concurrency, --jobs, --node-concurrency, --rerun)`,
  );
export const inCi = Boolean(process.env.CI);
if (rerunFailures && inCi) {
  console.error('--rerun is for diagnosis by hand: under CI a failing test fails the run.');
  process.exit(2);
}
