// The bench's figures as a console table and as docs/benchmarks.md.
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import * as prettier from 'prettier';

/** The machine the figures come from. */
export function machine(chromiumVersion) {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? cpus()[0]?.model ?? 'unknown';
  return {
    cpu: model.trim(),
    cores: cpus().length,
    memoryGB: Math.round(totalmem() / 1024 ** 3),
    os: `${process.platform} ${release()}`,
    node: process.version,
    chromium: chromiumVersion,
    loadAverage: loadavg().map((value) => Math.round(value * 10) / 10),
  };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value) => `${value.toFixed(1)} ms`;
const ratio = (value) => `${value.toFixed(2)}×`;
const MiB = (bytes) => `${(bytes / 1024 ** 2).toFixed(2)} MiB`;
const signedKB = (bytes) => `${bytes >= 0 ? '+' : '−'}${(Math.abs(bytes) / 1024).toFixed(0)} KiB`;
const share = (part, whole) => `${part}/${whole}`;

/** The rows of each section: [label, ...cells]. */
function sections(results) {
  const { views, session } = results.requests;
  const { kit, baseline } = session;
  const viewRow = (label, key) => [
    label,
    String(views.kit[key].requests),
    String(views.baseline[key].requests),
  ];
  const sessionTitle = `Reading session: ${kit.views} page views, 3 tabs, ${kit.simulatedMinutes} simulated minutes`;
  return [
    {
      title: 'Requests reaching the API: news front page',
      head: ['', 'kit', 'baseline'],
      rows: [
        viewRow('first view', 'first'),
        viewRow('second view: reload at once', 'reload'),
        viewRow('reload 5 minutes later', 'later'),
      ],
    },
    {
      title: sessionTitle,
      head: ['', 'kit', 'baseline'],
      rows: [
        ['requests reaching the API', String(kit.requests), String(baseline.requests)],
        ['answered 429', String(kit.status429), String(baseline.status429)],
        [
          'views with every widget showing data',
          share(kit.viewsWithData, kit.views),
          share(baseline.viewsWithData, baseline.views),
        ],
        ['widgets showing data', share(kit.ready, kit.widgets), share(baseline.ready, baseline.widgets)],
        ['  of which marked stale', String(kit.stale), String(baseline.stale)],
      ],
    },
    {
      title: 'Bytes: each entry with everything it imports',
      head: ['entry', 'files', 'gzip', 'brotli'],
      rows: [...results.bytes.entries, ...results.bytes.floor].map((entry) => [
        entry.name,
        String(entry.files),
        kB(entry.gzip),
        kB(entry.brotli),
      ]),
    },
    {
      title: `Render: data in the cache to painted, median of ${results.render.ranking.runs} runs`,
      head: ['', 'kit', 'baseline', 'kit/baseline'],
      rows: [
        ['ranking, 100 rows', results.render.ranking],
        ['region chart, 14 regions', results.render.regions],
      ].map(([label, r]) => [label, ms(r.kitMs), ms(r.baselineMs), ratio(r.ratio)]),
    },
    {
      title: `Memory: JS heap after ${results.memory.cycles} mount/unmount cycles of ${results.memory.widgets.length} elements`,
      head: ['before', 'after', 'growth', 'bound', ''],
      rows: [
        [
          MiB(results.memory.beforeBytes),
          MiB(results.memory.afterBytes),
          signedKB(results.memory.growthBytes),
          MiB(results.memory.boundBytes),
          results.memory.ok ? 'ok' : 'FAILED',
        ],
      ],
    },
  ];
}

/** Plain-text tables for the console. */
export function table(results) {
  return sections(results)
    .map(({ title, head, rows }) => {
      const all = [head, ...rows];
      const widths = head.map((_, column) => Math.max(...all.map((row) => row[column].length)));
      const lines = all.map((row) =>
        row
          .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
          .join('  '),
      );
      return [title, ...lines.map((line) => `  ${line}`)].join('\n');
    })
    .join('\n\n');
}

const mdTable = ({ head, rows }) =>
  [head, head.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');

/** What happened to the baseline in the session, in one sentence. */
function baselineStory(baseline) {
  const failed = baseline.timeline.findIndex((view) => view.errors > 0);
  if (failed < 0) return `The baseline's ${baseline.requests} requests all got data.`;
  return `The baseline spends the quota in its first ${failed} views; from view ${failed + 1} on, the API refuses ${baseline.status429} of its ${baseline.requests} requests and its widgets show errors.`;
}

/** docs/benchmarks.md, formatted with the project's Prettier settings. */
export async function markdown(results, root) {
  const [requests, session, bytes, render, memory] = sections(results);
  const m = results.machine;
  const { kit, baseline } = results.requests.session;
  const r = results.render;
  const text = `# Benchmarks

<!-- Written by \`npm run bench\` (bench/run.mjs) with its latest figures: do not edit by hand. -->

\`npm run bench\` measures, in one run, what the kit costs a reader and a site, side by side with
what a site would do without it: a **baseline** page with the same widgets, each of which fetches
its own data (bench/baseline/widgets.js: plain custom elements, \`fetch\` per widget, hand-written
DOM, no shared cache). Everything runs in headless Chromium (playwright-core driving the system's
binary) against the reference API (demo/api/), served with the built kit (dist/) by a small server
(bench/server.mjs) that counts every request reaching the API.

It prints the tables below and rewrites this page and bench/results.json (every sample and
per-view detail). \`npm run bench -- --quick\` (or \`BENCH_QUICK=1\`) runs the same code with fewer
runs and page views and writes nothing; \`npm test\` runs it as its last step to prove the bench
still works. The bench fails (non-zero exit) only when the kit sends more than
${results.bounds.requests} requests or gets a 429 in the reading session, or when the heap grows by
more than ${MiB(results.bounds.memoryBytes)} over the mount/unmount cycles; timings never fail it.

## Latest figures

Measured on ${results.date.slice(0, 10)} (${results.mode} run, ${results.durationSeconds} s):
${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB of memory, ${m.os}, Node ${m.node}, Chromium
${m.chromium}. The machine is shared: its load average was ${m.loadAverage.join(', ')} when the run
ended, so timings carry noise; each is a median, and kit and baseline runs alternate so that both
see the same load.

### ${requests.title}

${mdTable(requests)}

### ${session.title}

${mdTable(session)}

With the kit, the ${kit.views} views cost ${kit.requests} requests (${kit.byStatus[304] ?? 0} of them
answered 304 Not Modified) and no 429. ${baselineStory(baseline)}

### ${bytes.title}

${mdTable(bytes)}

The last three rows are floors, bundled in the same run with Vite, production Lit, minified
(bench/floor/): a minimal Lit element (one property, one style, one template); the data layer
alone (the loader with its client, cache, budget, storage and response checks, no Lit); and
both with @lit/task, which every element of the kit ships before any code of its own. Sizes are
summed file by file, as size-limit does (gzip level 9, brotli quality 11).

### ${render.title}

${mdTable(render)}

Fastest runs: ranking ${ms(r.ranking.kitMinMs)} (kit) and ${ms(r.ranking.baselineMinMs)} (baseline);
chart ${ms(r.regions.kitMinMs)} and ${ms(r.regions.baselineMinMs)}.

### ${memory.title}

${mdTable(memory)}

Elements cycled: ${results.memory.widgets.map((tag) => `\`<${tag}>\``).join(', ')}.

## Method

### Requests

- **Pages.** The kit's page is demo/news.html as it is (a ranking of 8, two full and two compact
  administration cards, the regional chart) with the built dist/khountous.js in place of the
  demo's source entry. The baseline's page is the same file with the \`khountous-\` tags renamed
  \`naive-\` and bench/baseline/widgets.js loaded instead: same layout, same widgets, same
  attributes.
- **A view** loads the page, scrolls down through it as a reader would (the kit waits for
  off-screen widgets to come near) and waits until every widget shows data or an error and no
  request has been in flight at the API for 150 ms.
- **Counting.** The server wraps the reference API's middleware and counts every request that
  reaches it and every answer by status. Each variant gets a new API instance with the
  document's quota (60 anonymous requests per hour), so neither sees the other's traffic.
- **Second view.** A reload in the same browser context, at once, then again five simulated
  minutes later. The API's answers carry \`Cache-Control: public, max-age=F\` with F the
  endpoint's freshness (on this page 600 s for the ranking, 900 for the cards, 1,800 for the
  regions: docs/api-assumptions.md), so an immediate reload is served by the browser's HTTP
  cache, even for the baseline. The later reload runs with Chromium's HTTP cache turned off (CDP
  \`Network.setCacheDisabled\`): that cache keeps real time, not the simulated clock, so the row
  is what each page asks for with nothing in it (another browser, an evicted cache). Within those
  max-ages a browser that kept its cache would answer the baseline's six requests from it too.
- **Reading session.** ${kit.views} views spread evenly over one simulated hour, in three tabs
  (pages) of one browser context, view *i* in tab *i* mod 3. Even views show the front page; odd
  views show it with another administration in the first card (\`?slug=\`), cycling through the
  eight of the ranking, as a reader who goes on to one administration after another: the session
  asks for new resources as well as known ones. The HTTP cache is off throughout (it keeps real
  time, not the simulated one): the figures are what each page asks of the network without the
  browser's cache, an upper bound for the baseline, some of whose requests a browser would answer
  from that cache within the API's max-ages.
- **Clock.** Playwright's \`context.clock.install()\` replaces \`Date\`, timers and
  \`performance\` in every page of the context (time still flows), and
  \`context.clock.fastForward()\` jumps all pages to the next view's minute, firing the timers
  due (the kit's background refreshes and recoveries). The reference API is created with
  \`createApi({ now })\`, where \`now\` is the real time plus the same jumps, so the API's rolling
  quota window and the loader's budget, freshness times and \`X-RateLimit-Reset\` all read the
  same simulated time.
- **Showed data** means the widget was in its \`ready\` state (\`state\` attribute) when the view
  settled; stale data marked as such counts, an error does not.

### Bytes

The entries and their files are those of scripts/size-entries.mjs, which \`npm run build\` prints
and size-limit checks: each entry with every module it imports statically, Lit included.

### Render

bench/pages/measure.html loads dist/khountous.js and the baseline's render functions. For each
case the data is first loaded into the loader's cache (warm-up mounts, not counted); the
baseline's data is fetched once into a variable. A timed run starts at the beginning of a frame
(in a \`requestAnimationFrame\` callback, \`performance.now()\`), mounts the element (the kit's:
\`<khountous-ranking limit="100" lazy="false">\` or \`<khountous-region-stats lazy="false">\`, which take their data from
the cache, render and fire \`khountous-load\`; the baseline's: a custom element that builds the
same rows with \`createElement\`/\`textContent\` in \`connectedCallback\`), and stops in the first
task after that frame (a \`MessageChannel\` message posted from the frame), that is once the
frame's style, layout and paint are done. A mount that waited for a task could not be painted
in that frame and is timed to the end of the next one (counted as a late frame in
bench/results.json; there were ${r.ranking.kitLateFrames + r.regions.kitLateFrames} for the kit and
${r.ranking.baselineLateFrames + r.regions.baselineLateFrames} for the baseline). Kit and baseline
runs alternate; each figure is the median of ${r.ranking.runs} runs, and the ratio is kit median
over baseline median. The loader's request count is checked to stay unchanged while timed
(network excluded).

### Memory

bench/pages/measure.html mounts every element the build ships (\`lazy="false"\`), each with
attributes that make it show data, waits until each shows data (or an error), lets a frame pass, and unmounts them:
one cycle. After ${results.memory.warmup} warm-up cycles (cache and templates filled), the JS
heap is read (three CDP \`HeapProfiler.collectGarbage\` calls, then \`Runtime.getHeapUsage\`),
then again after ${results.memory.cycles} more cycles. The growth must stay within
${MiB(results.memory.boundBytes)}.

### Quick mode

${results.mode === 'quick' ? 'This run was a quick one: ' : 'The quick mode runs '}a reading session of ${results.modes.quick.sessionViews} views (${60 / results.modes.quick.sessionViews} simulated minutes apart), ${results.modes.quick.renderRuns} render runs and ${results.modes.quick.memoryCycles} memory cycles; the full one ${results.modes.full.sessionViews} views, ${results.modes.full.renderRuns} runs and ${results.modes.full.memoryCycles} cycles.
`;
  const options = (await prettier.resolveConfig(join(root, 'docs/benchmarks.md'))) ?? {};
  // Paragraphs rewrapped at the print width (the project's `preserve` keeps them as they are then).
  return prettier.format(text, { ...options, parser: 'markdown', proseWrap: 'always' });
}
