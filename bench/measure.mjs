// Render time and memory, driven in bench/pages/measure.html (in-page side:
// bench/pages/measure.js) with the built kit, against an API instance whose
// quota does not get in the way.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './stats.mjs';

const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

async function openMeasurePage(browser, server) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.origin}/bench/pages/measure.html`);
  await page
    .waitForFunction(() => window.bench?.ready, undefined, { timeout: 20_000 })
    .catch(() => {
      throw new Error(`bench/pages/measure.html did not start: ${errors.join('; ') || 'no error reported'}`);
    });
  return page;
}

/** Median render times (ms) of the 100-row ranking and the 14-region chart, kit and baseline. */
export async function measureRender(browser, server, { runs }) {
  server.useApi({ anonymous: 1_000_000 });
  const page = await openMeasurePage(browser, server);
  const results = {};
  for (const name of ['ranking', 'regions']) {
    const raw = await page.evaluate(
      ([caseName, count]) => window.bench.render(caseName, count),
      [name, runs],
    );
    const kit = median(raw.kit);
    const baseline = median(raw.baseline);
    results[name] = {
      rows: raw.rows,
      runs,
      kitMs: round(kit),
      baselineMs: round(baseline),
      ratio: round(kit / baseline),
      kitMinMs: round(Math.min(...raw.kit)),
      baselineMinMs: round(Math.min(...raw.baseline)),
      kitLateFrames: raw.kitCrossedTask,
      baselineLateFrames: raw.baselineCrossedTask,
      requestsWhileTimed: raw.requestsWhileTimed,
      samples: { kit: raw.kit.map((ms) => round(ms)), baseline: raw.baseline.map((ms) => round(ms)) },
    };
  }
  await page.close();
  return results;
}

/** What each element needs to show data; an element not listed here is mounted without attributes. */
function widgetAttributes({ adminSlug, reportSlug, datasetId }) {
  return {
    'khountous-ranking': { limit: '10' },
    'khountous-admin-card': { slug: adminSlug },
    'khountous-report': { slug: reportSlug },
    'khountous-region-stats': {},
    'khountous-reports': { limit: '10' },
    'khountous-fact-checks': {},
    'khountous-dataset': { 'dataset-id': datasetId, preview: '5' },
  };
}

/** Every element the build ships (dist/elements/khountous-*.js), with its attributes. */
function widgets(dist, ids) {
  const known = widgetAttributes(ids);
  return readdirSync(join(dist, 'elements'))
    .filter((file) => /^khountous-.+\.js$/.test(file))
    .map((file) => file.replace(/\.js$/, ''))
    .sort()
    .map((tag) => [tag, known[tag] ?? {}]);
}

/**
 * JS heap after `cycles` mount/unmount cycles of every element, against the
 * heap before them: both read after forced garbage collections (CDP
 * HeapProfiler.collectGarbage, then Runtime.getHeapUsage), once a few warm-up
 * cycles have filled the loader's cache and Lit's template caches.
 */
export async function measureMemory(browser, server, { dist, ids, cycles, warmup = 5, boundBytes }) {
  server.useApi({ anonymous: 1_000_000 });
  const page = await openMeasurePage(browser, server);
  const cdp = await page.context().newCDPSession(page);
  const list = widgets(dist, ids);
  const heap = async () => {
    for (let i = 0; i < 3; i++) {
      await cdp.send('HeapProfiler.collectGarbage');
      await page.waitForTimeout(50);
    }
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  const run = (count) =>
    page.evaluate(
      async ([all, n]) => {
        const states = {};
        for (let i = 0; i < n; i++) Object.assign(states, await window.bench.cycle(all));
        return states;
      },
      [list, count],
    );
  await run(warmup);
  const before = await heap();
  const states = await run(cycles);
  const after = await heap();
  await page.close();
  const growth = after - before;
  return {
    cycles,
    warmup,
    widgets: list.map(([tag]) => tag),
    states,
    beforeBytes: before,
    afterBytes: after,
    growthBytes: growth,
    boundBytes,
    ok: growth <= boundBytes,
  };
}
