// What a reader feels on a slow mobile network: the news front page in headless
// Chromium with its network throttled (CDP Network.emulateNetworkConditions),
// timed from navigation to the first skeleton painted and to the data painted,
// for the script tag, the autoloader, the npm package in a Vite app and the iframe embed, against the
// baseline page (bench/baseline/) and the floor: a page whose inline script
// starts the same API requests at navigation and writes their text.
//
//   node --import tsx bench/paint.mjs              full run, prints a table
//   node --import tsx bench/paint.mjs --quick      fewer runs, same code paths
//     --dist DIR --runs N --profiles slow-3g,fast-4g   another build, run count, profiles
//   node --import tsx bench/paint.mjs --write      also writes its figures into bench/results.json
//                                       and docs/benchmarks.md (the rest kept as it is)
//     --compare DIR [--compare-name NAME]   also the script tag and the autoloader of another
//                                       build (DIR, say main's dist/), alternating with this one's
//     --variants a,b --connections cold,warm   a part of the grid
//   node --import tsx bench/paint.mjs --write-shift  writes only the layout shift run (--shift-runs) into
//                                       bench/results.json and docs/benchmarks.md
//     --lab-runs N                      views of each page under Lighthouse's mobile settings
//                                       (bench/lab.mjs; 0: none)
//     --shift-runs N                    views of each page at 320 and 960 px for the layout shift
//                                       (bench/paint-shift.mjs; 0: none)
//     --lab-cpu N                       the lab's CPU slowdown, N× (Lighthouse's default, 4, is for
//                                       a host of BenchmarkIndex 1,533); without it, calibrated to
//                                       this machine (bench/lab.mjs)
//
// bench/run.mjs calls measurePaint() as one of its phases.
//
// Its parts: bench/paint-servers.mjs (the two origins and the network model),
// bench/paint-pages.mjs (the pages), bench/paint-view.mjs (one page view and its
// marks), bench/paint-tables.mjs (the tables).
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { LAB_RUNS, measureLab } from './lab.mjs';
import { renderSeeded, variantPages } from './paint-pages.mjs';
import { SETUP_ROUND_TRIPS, startApiServer, startPageServer } from './paint-servers.mjs';
import { VARIANTS, paintTables } from './paint-tables.mjs';
import { VIEWPORT, pageView } from './paint-view.mjs';
import { SHIFT_RUNS, measureShift } from './paint-shift.mjs';
import { median } from './stats.mjs';
import { buildViteApp } from '../test/installed/vite-app.ts';

export { LAB_RUNS, SHIFT_RUNS, VARIANTS, paintTables };

/** Network profiles: throughput in kbit/s, round trip in ms. */
export const PROFILES = {
  // 400 kbit/s and 400 ms as in the issue; upload as Chrome DevTools' "Slow 3G" (same as download).
  'slow-3g': { downKbps: 400, upKbps: 400, rttMs: 400 },
  // Chrome DevTools' "Fast 4G" before its 0.9 factor: 9 Mbit/s down, 1.5 Mbit/s up, 60 ms.
  'fast-4g': { downKbps: 9000, upKbps: 1500, rttMs: 60 },
};

/** Page views per variant and condition. */
export const PAINT_RUNS = { full: 7, quick: 1 };

/**
 * What `npm test` runs (the bench's quick mode): a smoke run of five page views,
 * fast 4G with the API connection cold, proving the pages, the marks and the
 * request bound still work; `npm run bench` runs the whole grid.
 */
export const PAINT_QUICK = {
  profiles: ['fast-4g'],
  connections: ['cold'],
  variants: ['floor', 'script', 'autoloader', 'npm', 'embed', 'seeded', 'chart', 'map'],
};

const round = (value, digits = 0) =>
  value === undefined ? undefined : Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The paint bench: every variant × profile × connection, `runs` times,
 * variants alternating within each run. Returns medians, ratios and samples;
 * `failures` lists a kit page that sent more API requests than resources.
 */
export async function measurePaint(
  browser,
  {
    root,
    dist,
    runs,
    quietMs = 1000,
    profiles = Object.keys(PROFILES),
    connections = ['cold', 'warm'],
    variants: chosen = VARIANTS,
    compare,
    labRuns = 0,
    labCpu,
    shiftRuns = 0,
    log = () => {},
  },
) {
  // `compare`: { name, dist } of another build, whose script tag and autoloader alternate with these.
  const variants = [
    ...chosen,
    ...(compare
      ? ['script', 'script+preconnect', 'autoloader', 'autoloader+preconnect']
          .filter((variant) => chosen.includes(variant))
          .map((variant) => `${compare.name}:${variant}`)
      : []),
  ];
  if (!variants.includes('floor')) throw new Error('the paint bench needs the floor among its variants');
  // The npm package as an app bundles it: the packed tarball in a fresh Vite app, built once.
  const npmApp = variants.includes('npm') ? mkdtempSync(join(tmpdir(), 'khountous-paint-npm-')) : undefined;
  if (npmApp) {
    log('the npm page: the packed tarball bundled by a fresh Vite app');
    const skipped = buildViteApp(npmApp);
    if (skipped) {
      rmSync(npmApp, { recursive: true, force: true });
      throw new Error(`the npm page's Vite app could not be built: ${skipped}`);
    }
  }
  const api = await startApiServer({ root, dist });
  const pages = await startPageServer({ root, dist, compareDist: compare?.dist, npmApp });
  try {
    // The floor asks for what the script tag asks for on this page, unthrottled, API warm.
    pages.setPages(variantPages(root, api.origin, [], compare?.name, undefined, npmApp));
    const reference = await pageView(browser, {
      url: `${pages.origin}/paint/script.html`,
      profile: { downKbps: 1e6, upKbps: 1e6, rttMs: 0 },
      warm: true,
      api,
      apiOrigin: api.origin,
      quietMs: 300,
    });
    const floorUrls = [...new Set(reference.apiRequests)];
    if (floorUrls.length === 0) throw new Error('the script-tag page sent no API request');
    let seeded = [];
    pages.setPages(variantPages(root, api.origin, floorUrls, compare?.name, () => seeded, npmApp));
    const newsPage = variantPages(root, api.origin, floorUrls)['/paint/script.html']();

    const conditions = [];
    for (const profile of profiles)
      for (const connection of connections) conditions.push({ profile, connection });
    const results = { runs, viewport: VIEWPORT, setupRoundTrips: SETUP_ROUND_TRIPS, profiles: PROFILES };
    results.variants = variants;
    if (compare) results.compare = compare.name;
    results.floorRequests = floorUrls;
    results.conditions = [];
    const failures = [];
    for (const { profile, connection } of conditions) {
      log(`paint: ${profile}, API connection ${connection}`);
      const samples = Object.fromEntries(variants.map((variant) => [variant, []]));
      for (let run = 0; run < runs; run++) {
        for (const variant of variants) {
          if (variant === 'seeded') {
            // Rendered by the site's server just before the reader asks (its requests are not
            // the reader's: the API's log is emptied when the view starts).
            api.reset(0);
            seeded = await renderSeeded(root, api.origin, newsPage);
          }
          const view = await pageView(browser, {
            url: `${pages.origin}/paint/${variant}.html`,
            profile: PROFILES[profile],
            warm: connection === 'warm',
            api,
            apiOrigin: api.origin,
            quietMs,
          });
          samples[variant].push(view);
          if (!['floor', 'baseline'].includes(variant))
            for (const error of view.consoleErrors)
              failures.push(`${variant} (${profile}, ${connection}): console error: ${error}`);
          if (variant === 'seeded' && view.apiRequests.length > 0)
            failures.push(
              `seeded (${profile}, ${connection}): the reader's browser sent ${view.apiRequests.length} API requests (expected none while the data is fresh)`,
            );
          if (!['floor', 'baseline'].includes(variant) && view.widgetsReady < view.widgetsWithData)
            failures.push(
              `${variant} (${profile}, ${connection}): ${view.widgetsWithData - view.widgetsReady} of the ${view.widgetsWithData} widgets that showed data never became ready`,
            );
          const unique = new Set(view.apiRequests).size;
          if (!['floor', 'baseline'].includes(variant) && view.apiRequests.length > unique)
            failures.push(
              `${variant} (${profile}, ${connection}): ${view.apiRequests.length} API requests for ${unique} resources`,
            );
        }
      }
      const summary = {};
      for (const variant of variants) {
        const views = samples[variant];
        const pick = (key) => views.map((view) => view[key]).filter((value) => value !== undefined);
        summary[variant] = {
          fcpMs: round(median(pick('fcpMs'))),
          cls: round(median(pick('cls')), 3),
          skeletonMs: round(median(pick('skeletonMs'))),
          firstDataMs: round(median(pick('firstDataMs'))),
          lastDataMs: round(median(pick('lastDataMs'))),
          readyMs: round(median(pick('readyMs'))),
          kitFileMs: round(median(pick('kitFileMs'))),
          definedMs: round(median(pick('definedMs'))),
          bytes: Object.fromEntries(
            ['page', 'kit', 'api', 'other'].map((kind) => [
              kind,
              median(views.map((view) => view.bytes[kind])),
            ]),
          ),
          kitBeforeApi: round(median(pick('kitBeforeApi'))),
          firstApiSentMs: round(median(pick('firstApiSentMs'))),
          widgetsWithData: median(pick('widgetsWithData')),
          apiRequests: median(views.map((view) => view.apiRequests.length)),
          errors: views.reduce((sum, view) => sum + view.errors.length, 0),
          consoleErrors: [...new Set(views.flatMap((view) => view.consoleErrors))],
          // The API's server: when its first socket opened and its first request arrived (ms after
          // the view started): a preconnect opens the socket well before the first request.
          apiFirstSocketMs: round(
            median(views.map((view) => view.api.firstSocketMs).filter((v) => v !== undefined)),
          ),
          apiFirstRequestMs: round(
            median(views.map((view) => view.api.firstRequestMs).filter((v) => v !== undefined)),
          ),
          samples: {
            skeletonMs: pick('skeletonMs').map((v) => round(v)),
            firstDataMs: pick('firstDataMs').map((v) => round(v)),
            lastDataMs: pick('lastDataMs').map((v) => round(v)),
            readyMs: pick('readyMs').map((v) => round(v)),
            cls: pick('cls').map((v) => round(v, 3)),
          },
        };
      }
      const floor = summary.floor;
      const baseline = summary.baseline;
      for (const variant of variants) {
        const s = summary[variant];
        s.firstDataVsFloor = floor.firstDataMs ? round(s.firstDataMs / floor.firstDataMs, 2) : undefined;
        s.lastDataVsFloor = floor.lastDataMs ? round(s.lastDataMs / floor.lastDataMs, 2) : undefined;
        s.lastDataVsBaseline = baseline?.lastDataMs
          ? round(s.lastDataMs / baseline.lastDataMs, 2)
          : undefined;
        s.readyVsBaseline =
          baseline?.readyMs && s.readyMs !== undefined ? round(s.readyMs / baseline.readyMs, 2) : undefined;
      }
      results.conditions.push({ profile, connection, variants: summary });
    }
    // The layout shift at a phone's width and a desktop's (bench/paint-shift.mjs).
    if (shiftRuns > 0)
      results.shift = await measureShift(browser, {
        origin: pages.origin,
        api,
        profile: PROFILES['slow-3g'],
        runs: shiftRuns,
        quietMs,
        log,
      });
    // Lighthouse's mobile settings (bench/lab.mjs): the kit's news page and the hand-written one.
    if (labRuns > 0) {
      results.lab = await measureLab(browser, {
        origin: pages.origin,
        api,
        runs: labRuns,
        cpuSlowdown: labCpu,
        log,
      });
      failures.push(...results.lab.failures);
    }
    results.failures = failures;
    return results;
  } finally {
    await pages.close();
    await api.close();
    if (npmApp) rmSync(npmApp, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_FLAGS, resolveEngines } = await import('../scripts/test/browsers.mjs');
  const { machine, markdown } = await import('./report.mjs');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const args = process.argv.slice(2);
  const quick = args.includes('--quick') || ['1', 'true'].includes(process.env.BENCH_QUICK ?? '');
  const option = (name) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const source = option('dist') ?? join(root, 'dist');
  const compareSource = option('compare');
  if (compareSource && !existsSync(join(compareSource, 'khountous.js')))
    throw new Error(`${compareSource} has no khountous.js`);
  if (!existsSync(join(source, 'khountous.js')))
    throw new Error(`${source} has no khountous.js: run \`npm run build\` first.`);
  const dist = mkdtempSync(join(tmpdir(), 'khountous-paint-dist-'));
  cpSync(source, dist, { recursive: true });
  const compareDist = compareSource && mkdtempSync(join(tmpdir(), 'khountous-paint-compare-'));
  if (compareDist) cpSync(compareSource, compareDist, { recursive: true });
  const [engine] = resolveEngines(['chromium'], (message) => console.log(`  ${message}`));
  if (!engine.available) throw new Error(`Chromium is needed: ${engine.reason}`);
  const browser = await chromium.launch({ executablePath: engine.path, args: CHROMIUM_FLAGS });
  let ok = false;
  try {
    const paint = await measurePaint(browser, {
      root,
      dist,
      runs: Number(option('runs') ?? (quick ? PAINT_RUNS.quick : PAINT_RUNS.full)),
      profiles: option('profiles')?.split(',') ?? (quick ? PAINT_QUICK.profiles : Object.keys(PROFILES)),
      connections: option('connections')?.split(',') ?? (quick ? PAINT_QUICK.connections : undefined),
      variants: option('variants')?.split(',') ?? (quick ? PAINT_QUICK.variants : undefined),
      compare: compareDist ? { name: option('compare-name') ?? 'before', dist: compareDist } : undefined,
      labRuns: Number(option('lab-runs') ?? (quick ? LAB_RUNS.quick : LAB_RUNS.full)),
      labCpu: option('lab-cpu') === undefined ? undefined : Number(option('lab-cpu')),
      shiftRuns: Number(option('shift-runs') ?? (quick ? SHIFT_RUNS.quick : SHIFT_RUNS.full)),
      log: (message) => console.log(`\u25b6 ${message}`),
    });
    paint.mode = quick ? 'quick' : 'full';
    for (const { title, head, rows } of paintTables(paint)) {
      console.log(`\n${title}`);
      for (const row of [head, ...rows])
        console.log(`  ${row.map((cell, i) => (i ? cell.padStart(14) : cell.padEnd(40))).join('')}`);
    }
    if (args.includes('--write-shift') && paint.shift) {
      // Only the layout shift run, into the figures of the last full run.
      const file = join(root, 'bench/results.json');
      const results = JSON.parse(readFileSync(file, 'utf8'));
      results.paint.shift = {
        ...paint.shift,
        date: new Date().toISOString(),
        machine: machine(browser.version()),
      };
      writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
      writeFileSync(join(root, 'docs/benchmarks.md'), await markdown(results, root));
      console.log('written: the layout shift in bench/results.json, docs/benchmarks.md');
    } else if (args.includes('--write')) {
      const file = join(root, 'bench/results.json');
      const results = JSON.parse(readFileSync(file, 'utf8'));
      results.paint = { ...paint, date: new Date().toISOString(), machine: machine(browser.version()) };
      writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
      writeFileSync(join(root, 'docs/benchmarks.md'), await markdown(results, root));
      console.log('written: bench/results.json, docs/benchmarks.md');
    }
    for (const failure of paint.failures) console.error(`FAILED: ${failure}`);
    ok = paint.failures.length === 0;
  } finally {
    await browser.close();
    rmSync(dist, { recursive: true, force: true });
    if (compareDist) rmSync(compareDist, { recursive: true, force: true });
  }
  process.exit(ok ? 0 : 1);
}
