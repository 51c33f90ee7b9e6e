// `npm run bench`: requests, bytes, render time and memory of the kit, measured
// in headless Chromium (playwright-core, the system's binary) against the
// reference API, side by side with a baseline that fetches per widget; then page
// views from one address straight to the API and through the shared cache tier
// (bench/tier.mjs, nginx and Varnish). Prints a table, writes bench/results.json and
// docs/benchmarks.md.
//
//   npm run bench                 full run
//   npm run bench -- --quick      quick mode (also BENCH_QUICK=1): fewer runs and page views,
//                                 same code paths; writes nothing unless --write is given
//   npm run bench -- --no-build   use dist/ as it is, even when older than src/
//
// Exits non-zero when the kit exceeds its request bounds (more than 60 requests
// or any 429 in the reading session), when the heap grows beyond MEMORY_BOUND
// after the mount/unmount cycles, or when the tier answers 429 or sends the API
// more than one request per resource per freshness period (plus TIER_SLACK).
// Timings never fail the bench. Without nginx or Varnish (and no way to install them) the
// engine's tier part is skipped with the reason; under CI that fails the bench.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, resolveEngines } from '../scripts/test/browsers.mjs';
import { measureBytes } from './bytes.mjs';
import { measureMemory, measureRender } from './measure.mjs';
import { LAB_RUNS, PAINT_QUICK, PAINT_RUNS, SHIFT_RUNS, measurePaint } from './paint.mjs';
import { PICTURE_RUNS, measurePictures } from './pictures.mjs';
import { machine, markdown } from './report.mjs';
import { table } from './report-tables.mjs';
import { readingSession, repeatViews } from './requests.mjs';
import { startServer } from './server.mjs';
import { TIER_SLACK, measureTier } from './tier.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick') || ['1', 'true'].includes(process.env.BENCH_QUICK ?? '');
const write = !quick || args.includes('--write');

/** Heap growth allowed after the mount/unmount cycles. */
export const MEMORY_BOUND = 1024 * 1024;
/** The anonymous quota the kit must stay within, per hour. */
export const REQUEST_BOUND = 60;

const MODES = {
  full: {
    mode: 'full',
    sessionViews: 60,
    renderRuns: 41,
    memoryCycles: 50,
    paintRuns: PAINT_RUNS.full,
    labRuns: LAB_RUNS.full,
    shiftRuns: SHIFT_RUNS.full,
    pictureRuns: PICTURE_RUNS.full,
  },
  quick: {
    mode: 'quick',
    sessionViews: 12,
    renderRuns: 5,
    memoryCycles: 10,
    paintRuns: PAINT_RUNS.quick,
    labRuns: LAB_RUNS.quick,
    shiftRuns: SHIFT_RUNS.quick,
    pictureRuns: PICTURE_RUNS.quick,
  },
};
const SETTINGS = quick ? MODES.quick : MODES.full;

const log = (message) => console.log(`\u25b6 ${message}`);

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Builds dist/ when it is missing or older than what it is built from. */
function ensureBuild() {
  const marker = join(root, 'dist/integrity.json');
  const sources = ['src', 'package.json', 'scripts/build', 'demo/embed.html'].map((path) => join(root, path));
  const stale = !existsSync(marker) || Math.max(...sources.map(newestMtime)) > statSync(marker).mtimeMs;
  if (!stale) return false;
  if (args.includes('--no-build')) {
    if (!existsSync(marker)) throw new Error('dist/ is missing: run `npm run build` first.');
    return false;
  }
  log('dist/ is missing or older than src/: npm run build');
  const result = spawnSync('node', ['scripts/build/build.mjs', '--quiet'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
  return true;
}

async function firstOf(origin, path, field) {
  const response = await fetch(`${origin}/v1${path}`);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const body = await response.json();
  return body.data.map((item) => item[field]);
}

async function main() {
  const started = Date.now();
  const rebuilt = ensureBuild();
  // Measured from a snapshot: a build started elsewhere meanwhile cannot pull files from under the run.
  const dist = mkdtempSync(join(tmpdir(), 'khountous-bench-dist-'));
  cpSync(join(root, 'dist'), dist, { recursive: true });

  const [engine] = resolveEngines(['chromium'], (message) => console.log(`  ${message}`));
  if (!engine.available) throw new Error(`Chromium is needed: ${engine.reason}`);
  const server = await startServer({ root, dist });
  const browser = await chromium.launch({ executablePath: engine.path, args: CHROMIUM_FLAGS });
  const timings = {};
  const timed = async (name, action) => {
    const t0 = Date.now();
    log(name);
    const value = await action();
    timings[name] = Math.round((Date.now() - t0) / 100) / 10;
    return value;
  };

  try {
    server.useApi({ anonymous: 1_000_000 });
    const slugs = await firstOf(server.origin, '/administrations?limit=8', 'slug');
    const ids = {
      adminSlug: slugs[0],
      reportSlug: (await firstOf(server.origin, '/khountous?limit=1', 'slug'))[0],
      datasetId: 'administration-scores',
    };

    const requests = await timed('requests', async () => {
      const views = {};
      const session = {};
      for (const variant of ['kit', 'baseline']) {
        views[variant] = await repeatViews(browser, server, variant);
        session[variant] = await readingSession(browser, server, variant, {
          views: SETTINGS.sessionViews,
          slugs,
        });
      }
      return { views, session };
    });
    const bytes = await timed('bytes', () => measureBytes({ root, dist }));
    const render = await timed('render', () => measureRender(browser, server, { runs: SETTINGS.renderRuns }));
    const memory = await timed('memory', () =>
      measureMemory(browser, server, {
        dist,
        ids,
        cycles: SETTINGS.memoryCycles,
        boundBytes: MEMORY_BOUND,
      }),
    );

    // Quick mode (`npm test`): a smoke run of four page views (PAINT_QUICK), not the whole grid.
    const paint = await timed('paint', () =>
      measurePaint(browser, {
        root,
        dist,
        runs: SETTINGS.paintRuns,
        labRuns: SETTINGS.labRuns,
        shiftRuns: SETTINGS.shiftRuns,
        ...(quick ? PAINT_QUICK : {}),
        log: (message) => log(message),
      }),
    );

    const pictures = await timed('pictures', () => measurePictures({ root, runs: SETTINGS.pictureRuns }));

    const tier = await timed('tier', () => measureTier({ quick }));
    if (tier.skipped) console.log(`\n!! SKIPPED the shared cache tier: ${tier.skipped}`);

    const kit = requests.session.kit;
    const failures = [];
    if (kit.requests > REQUEST_BOUND)
      failures.push(`the kit sent ${kit.requests} requests in the session (bound ${REQUEST_BOUND})`);
    if (kit.status429 > 0) failures.push(`the API answered 429 to the kit ${kit.status429} times`);
    if (!memory.ok)
      failures.push(`the heap grew by ${memory.growthBytes} bytes (bound ${MEMORY_BOUND}) after the cycles`);
    failures.push(...paint.failures);
    failures.push(...(tier.failures ?? []));
    const warnings = [];
    for (const [name, result] of Object.entries(render)) {
      if (result.requestsWhileTimed > 0)
        warnings.push(`render ${name}: ${result.requestsWhileTimed} requests while timed (expected none)`);
    }

    const results = {
      mode: SETTINGS.mode,
      settings: SETTINGS,
      modes: MODES,
      date: new Date().toISOString(),
      machine: machine(browser.version()),
      durationSeconds: Math.round((Date.now() - started) / 1000),
      phaseSeconds: timings,
      rebuilt,
      requests,
      bytes,
      render,
      memory,
      paint,
      pictures,
      tier,
      bounds: { requests: REQUEST_BOUND, memoryBytes: MEMORY_BOUND, tierSlack: TIER_SLACK },
      failures,
      warnings,
    };
    console.log(`\n${table(results)}\n`);
    for (const warning of warnings) console.log(`warning: ${warning}`);
    if (write) {
      writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
      writeFileSync(join(root, 'docs/benchmarks.md'), await markdown(results, root));
      console.log('written: bench/results.json, docs/benchmarks.md');
    }
    console.log(`${SETTINGS.mode} run in ${results.durationSeconds} s`);
    for (const failure of failures) console.error(`FAILED: ${failure}`);
    return failures.length === 0;
  } finally {
    await browser.close();
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  }
}

try {
  process.exit((await main()) ? 0 : 1);
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
}
