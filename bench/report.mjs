// The bench's figures as a console table and as docs/benchmarks.md.
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import * as prettier from 'prettier';
import { VARIANTS, paintTables } from './paint-tables.mjs';

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
const ms2 = (value) => `${value.toFixed(2)} ms`;
const ratio = (value) => `${value.toFixed(2)}×`;
const MiB = (bytes) => `${(bytes / 1024 ** 2).toFixed(2)} MiB`;
const signedKB = (bytes) => `${bytes >= 0 ? '+' : '−'}${(Math.abs(bytes) / 1024).toFixed(0)} KiB`;
const share = (part, whole) => `${part}/${whole}`;
const count = (value) => value.toLocaleString('en-US');

const ENGINE_NAMES = { nginx: 'nginx', varnish: 'Varnish' };

/** The engines measured (bench/tier.mjs), in order: [name, figures]. */
const tierEngines = (t) => Object.entries(t.engines ?? {});

/** The shared cache tier against direct access (bench/tier.mjs), or undefined when it was skipped. */
function tierSection(results) {
  const t = results.tier;
  if (!t || t.skipped) return undefined;
  const { direct } = t;
  const engines = tierEngines(t);
  const status = (phase, code) => count(phase.byStatus[code] ?? 0);
  const other = (phase) =>
    count(
      Object.entries(phase.byStatus)
        .filter(([code]) => !['200', '304', '429'].includes(code))
        .reduce((sum, [, n]) => sum + n, 0),
    );
  const fewer = (a, b) => (b === 0 ? '' : a === 0 ? ' (0)' : ` (1/${count(Math.round(b / a))})`);
  const latency = (label, key, q) => {
    const a = direct.latency[key][q];
    return [
      label,
      a === undefined ? '–' : ms2(a),
      ...engines.map(([, tier]) => {
        const b = tier.latency[key][q];
        return b === undefined ? '–' : `${ms2(b)}${a ? ` (${ratio(b / a)})` : ''}`;
      }),
    ];
  };
  const row = (label, directCell, cell) => [label, directCell, ...engines.map(([, tier]) => cell(tier))];
  return {
    title: `Shared cache tier: ${count(t.settings.views)} page views of the news front page from one address`,
    head: ['', 'direct', ...engines.map(([name]) => `through ${ENGINE_NAMES[name] ?? name}`)],
    rows: [
      row(
        'requests reaching the API',
        count(direct.upstream.requests),
        (tier) =>
          `${count(tier.upstream.requests)}${fewer(tier.upstream.requests, direct.upstream.requests)}`,
      ),
      row('  of which the API refused (429)', count(direct.upstream.byStatus[429] ?? 0), (tier) =>
        count(tier.upstream.byStatus[429] ?? 0),
      ),
      row('answers to readers: 200', status(direct, 200), (tier) => status(tier, 200)),
      row('  304', status(direct, 304), (tier) => status(tier, 304)),
      row('  429: refused', status(direct, 429), (tier) => status(tier, 429)),
      row('  other (5xx, network errors)', other(direct), (tier) => other(tier)),
      row(
        `page views with all ${t.resources.length} resources`,
        share(count(direct.viewsWithData), count(direct.views)),
        (tier) => share(count(tier.viewsWithData), count(tier.views)),
      ),
      latency('per request: p50', 'request', 'p50'),
      latency('  p99', 'request', 'p99'),
      latency('per page view: p50', 'view', 'p50'),
      latency('  p99', 'view', 'p99'),
      latency('per answer with data (200, 304): p50', 'requestWithData', 'p50'),
      latency('  p99', 'requestWithData', 'p99'),
    ],
  };
}

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
      title: 'Bytes: the data layer alone, by module',
      head: ['module', 'code before minification', 'share of its gzip (estimate)'],
      rows: (results.bytes.dataLayer ?? []).map((row) => [row.module, kB(row.rendered), kB(row.gzipShare)]),
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
    tierSection(results),
    ...(results.paint ? paintTables(results.paint) : []),
  ].filter(Boolean);
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

/** What the tier on one engine did (docs/benchmarks.md): its answers, its requests to the API, its slowest answer. */
function tierEngineText(t, name, tier) {
  const engine = ENGINE_NAMES[name] ?? name;
  const marks = Object.entries(tier.cacheStatus)
    .sort(([, a], [, b]) => b - a)
    .map(([mark, n]) => `${count(n)} ${mark}`)
    .join(', ');
  const resources = tier.upstream.perResource
    .map(
      ({ resource, maxAge, requests, bound }) =>
        `\`${resource}\` (max-age ${maxAge} s): ${requests} (bound ${bound})`,
    )
    .join('; ');
  const slowest = tier.latency.request.max;
  const waits =
    name === 'nginx'
      ? ` A reader who asks for a resource while the tier fetches it for the first time waits for that fetch (\`proxy_cache_lock\`), and nginx looks at the lock every 500 ms.`
      : ` A reader who asks for a resource while the tier fetches it waits for that fetch (Varnish's waiting list, woken when the answer arrives).`;
  return `Through ${engine} (${tier.version}, ${tier.elapsedSeconds} s), ${tier.viewsWithData === tier.views ? 'every reader gets data' : `${count(tier.viewsWithData)} of ${count(tier.views)} readers get all their data`}
(answers by \`X-Cache-Status\`: ${marks}) and the API sees ${count(tier.upstream.requests)} requests
(${count(tier.upstream.byStatus[200] ?? 0)} answered 200, ${count(tier.upstream.byStatus[304] ?? 0)}
answered 304 to the tier's revalidations). Per resource, against its bound (one per freshness
period over the ${tier.elapsedSeconds} s, plus ${t.slack}): ${resources}. The slowest answer took ${ms(slowest)}.${waits}
`;
}

/** The shared cache tier's section of docs/benchmarks.md: its table, or why it was skipped. */
function tierText(results) {
  const t = results.tier;
  if (!t) return '';
  if (t.skipped) return `### Shared cache tier\n\nSkipped in this run: ${t.skipped}.\n`;
  const { direct } = t;
  const m = results.machine;
  const section = tierSection(results);
  const engines = tierEngines(t);
  const refused = direct.byStatus[429] ?? 0;
  const skippedEngines = Object.entries(t.skippedEngines ?? {})
    .map(([name, reason]) => `\n\n${ENGINE_NAMES[name] ?? name} was skipped in this run: ${reason}.`)
    .join('');
  return `### ${section.title}

Measured in the same run: ${m.cpu}, ${m.cores} cores, Node ${m.node}, ${engines.map(([, tier]) => tier.version).join(' and ')}, everything on
127.0.0.1, each tier with its shipped configuration (nginx with one worker; Varnish with its origin
hop, nginx with one worker). ${count(t.settings.views)} readers, each opening the page once
with no cache, arrive evenly over one compressed hour (${t.settings.hourSeconds} s:
\`KHOUNTOUS_FRESHNESS_SCALE=${t.freshnessScale}\`), first straight to the API
(${direct.elapsedSeconds} s), then through each tier. In parentheses: the tier's figure against the
direct one.${skippedEngines}

${mdTable(section)}

Direct, every reader counts against the one address's anonymous quota (60 requests per hour):
the API answers the first ${count(direct.byStatus[200] ?? 0)} requests to reach it and **refuses
the other ${count(refused)} with 429**, so only ${count(direct.viewsWithData)} page views get all
their resources and ${count(direct.views - direct.viewsWithData)} of the ${count(direct.views)}
readers miss data (with the kit they would see its "back at HH:MM" message instead). Most direct answers are
these refusals, which the API sends without building any data: the direct latencies per request
and per page view are mostly those of a refusal, and the last two rows compare answers with data
only (direct: the ${count(direct.latency.requestWithData.count)} that got it).

${engines.map(([name, tier]) => tierEngineText(t, name, tier)).join('\n')}`;
}

/** The tier's part of the quick mode paragraph. */
function tierModes(tier) {
  if (!tier?.modes) return '';
  const { quick, full } = tier.modes;
  return ` Direct and through each tier, it runs ${count(quick.views)} page views over a compressed hour of ${quick.hourSeconds} s each; the full one ${count(full.views)} over ${full.hourSeconds} s.`;
}

/** docs/benchmarks.md, formatted with the project's Prettier settings. */
const PAINT_PAGES = {
  floor: 'an inline script in the head starts the same API requests at navigation and writes their text',
  baseline: 'the baseline widgets (bench/baseline/), each fetching for itself',
  script: 'the script tag: `<script type="module" src="/dist/khountous.js">` in the head',
  'script+preconnect': 'the same with `<link rel="preconnect" href="API origin" crossorigin>` before it',
  autoloader: 'the autoloader: `<script type="module" src="/dist/autoloader.js">` in the head',
  'autoloader+preconnect': 'the same with the preconnect',
  embed: 'each widget in an iframe of dist/embed.html, served from the API origin',
  seeded:
    "server-seeded: each widget rendered with its data by the package's `renderWidget` (lib/ssr/render.js) just before the view (declarative shadow DOM and inline data in the HTML), then the script tag in the head",
};

/** The paint tables, or nothing when the run had no paint phase. */
function paintText(results) {
  const paint = results.paint;
  if (!paint) return '';
  const tables = paintTables(paint)
    .map((section) => `### ${section.title}\n\n${mdTable(section)}`)
    .join('\n\n');
  const pages = (paint.variants ?? VARIANTS)
    .map((variant) => {
      const [build, page] = variant.includes(':') ? variant.split(':') : [undefined, variant];
      return `- **${variant}**: ${PAINT_PAGES[page]}${build ? ` (the ${build} build, for comparison)` : ''}.`;
    })
    .join('\n');
  const alone =
    paint.date && paint.date.slice(0, 10) !== results.date.slice(0, 10) && paint.machine
      ? `Measured on ${paint.date.slice(0, 10)} by bench/paint.mjs alone (${paint.mode} run): ${paint.machine.cpu},
${paint.machine.cores} cores, Node ${paint.machine.node}, Chromium ${paint.machine.chromium}; load average
${paint.machine.loadAverage.join(', ')} when it ended.\n\n`
      : '';
  return `## What a reader sees on a slow network

${alone}The news front page on a ${paint.viewport.width}×${paint.viewport.height} viewport, from navigation
to the first skeleton painted and to the data painted (first widget, and every widget the page loads
without scrolling; for the script tag, the data is painted when the starter writes it as text, or when
the element renders it if its code came first), on each network profile with the API's connection cold (a new one) or warm (set
up by an earlier request of the same page). The pages:

${pages}

${tables}

"÷ floor" is the page's median over the floor's median in the same table. Method below.
${seededText(paint)}${labText(paint.lab)}`;
}

/** The server-seeded page's figures in words, from its first condition (slow 3G, cold). */
function seededText(paint) {
  const found = paint.conditions.find(({ variants }) => variants.seeded && variants.script);
  if (!found) return '';
  const { seeded, script } = found.variants;
  const sec = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  const bytes = seeded.bytes && script.bytes;
  return `
The server-seeded page (**seeded**) on ${found.profile}, API connection ${found.connection}: its data is
painted at ${sec(seeded.firstDataMs)}, with its first contentful paint (${sec(seeded.fcpMs)}), against
${sec(script.lastDataMs)} for every widget of the script-tag page. The first of its elements is defined at
${sec(seeded.definedMs)}: the widgets show their data ${sec(seeded.definedMs - seeded.lastDataMs)} before any element's code has run.
The kit's first file (the starter) had arrived at ${sec(seeded.kitFileMs)}, so the starter may have run before that
paint. The reader's browser sent the API ${seeded.apiRequests} requests.${
    bytes
      ? ` Its HTML is ${kB(seeded.bytes.page)} as sent (the script-tag page's ${kB(script.bytes.page)}: the widgets' markup, styles and
inline data), and it downloads no API answer (${kB(script.bytes.api)} for the script-tag page).`
      : ''
  }
`;
}

/** The lab run's words around its table (the table itself comes with the paint tables). */
function labText(lab) {
  if (!lab?.pages.script || !lab.pages.baseline) return '';
  const [kit, hand] = [lab.pages.script, lab.pages.baseline];
  const errors = [...kit.consoleErrors, ...hand.consoleErrors];
  return `
The last table is the kit's news page (**script**) beside the hand-written one (**baseline**) under
Lighthouse's mobile settings (bench/lab.mjs, method below): what Lighthouse's performance audit
reports, computed from a Chromium trace of each view, as the \`lighthouse\` package is not among the
dependencies. Total blocking time: ${Math.round(kit.tbtMs)} ms against ${Math.round(hand.tbtMs)} ms
(views: ${kit.samples.tbtMs.join(', ')} and ${hand.samples.tbtMs.join(', ')} ms). ${
    errors.length === 0
      ? 'Neither page logged an error to the console.'
      : `Console errors: ${errors.map((error) => `\`${error}\``).join('; ')}.`
  }
`;
}

/** How the paint figures are measured. */
function paintMethod(results) {
  const paint = results.paint;
  if (!paint) return 'Not part of this run.';
  const profiles = Object.entries(paint.profiles)
    .map(([name, p]) => `${name}: ${p.downKbps} kbit/s down, ${p.upKbps} kbit/s up, ${p.rttMs} ms round trip`)
    .join('; ');
  return `bench/paint.mjs, also runnable alone (\`node --import tsx bench/paint.mjs [--quick] [--write]\`).

- **Origins.** The page and the kit come from one loopback server, the API from another (another
  port: another origin with its own connections). Files are served gzip-compressed (level 9), the
  API's JSON as the reference API writes it (not compressed). As a static host or an npm CDN
  serves them, every file carries an \`ETag\` (a 304 answers a request that names it); dist/'s
  \`chunks/\`, whose names change with their content, are \`immutable\` for a year, the others
  \`no-cache\` (asked again at each view, a 304 when unchanged). Within one view, the iframes of
  the embed page thus share one download of each file: a server that sends no validator makes
  each iframe download its own copy (about 257 kB of kit files on this page instead of 55 kB).
- **Network.** Chromium's throttling (CDP \`Network.emulateNetworkConditions\`, every frame of the
  page): ${profiles}. The latency given to Chromium is one round trip per request; the
  throughput is shared by the requests in flight. No CPU slowdown.
- **Connections.** Chromium's throttling works per request: opening a connection costs nothing on
  the loopback, so a cold API connection, a warm one and a preconnect would all look alike.
  Lighthouse, which throttles the same way, multiplies every request's latency by 3.75 to stand for
  connection set-up and slow start; here the API's server adds the set-up once per connection
  instead: ${paint.setupRoundTrips} round trips (TCP, then TLS 1.3; DNS taken as cached) from the moment the
  browser opens its first socket to the API's origin. A request that arrives before that is held
  until it is over, plus one round trip (the hold stands in for Chromium's latency, which runs from
  the same instant). Once a socket is set up, every request to the origin goes through at once, as
  over one HTTP/2 connection. The page's own origin counts as connected (the reader has its HTML).
- **Preconnect.** A \`<link rel="preconnect" crossorigin>\` should open that socket while the page
  still loads (\`crossorigin\`: the kit's requests are anonymous and use the browser's anonymous
  connections). The last column ("API socket / request") is when the API's server saw the first
  socket open and the first request arrive: in this headless Chromium they coincide for every page,
  with or without the link (also without \`crossorigin\`, with \`localhost\`, and without
  \`--disable-background-networking\`): the browser opens no socket for the hint, so the
  "+preconnect" rows measure the same page as the rows above them, not what a preconnect saves.
- **Cold and warm.** Each page view runs in a new browser context (no cache, no storage, no
  connection) after every connection of the API server is closed. Warm: the context first loads
  a page of the page's origin that fetches the API's origin once (anonymous, as the kit), then
  navigates to the measured page, the connection still open.
- **Painted.** An init script in every frame watches the widgets' \`state\` attribute (the kit's
  elements and the baseline's reflect it after each render; the floor sets it with its text). A
  change to \`loading\` (the skeleton) or to \`ready\`/\`empty\` (data) is timed in the frame that
  draws it: a \`requestAnimationFrame\` callback posts a \`MessageChannel\` message, which runs once
  that frame's style, layout and paint are done. Times are from the top page's navigation start
  (\`performance.timeOrigin\`, so that iframes compare). A widget the kit leaves for later (beyond
  about one screen, or below the fold inside an iframe) shows its skeleton and counts in neither.
- **Server-seeded.** Before each view of that page the bench renders its widgets with the
  package's \`renderWidget\` (lib/ssr/render.js) from the same API, with a new server cache (the
  data is seconds old, as a site's server with a fresh cache serves it), and writes them into
  the page in place of the tags; the page loads dist/khountous.js like the script-tag page. Its
  widgets are parsed with \`state="ready"\`, timed in the first frame that draws them. "Kit's first
  file in" is when the first file of dist/ had arrived (Resource Timing's \`responseEnd\`): no kit
  code runs before it; "first element defined" is when the first of the page's elements was
  defined (\`customElements.whenDefined\`): the kit's code has run. Any API request from the reader's browser fails the bench.
- **Bytes.** Each response's headers and body as sent (Playwright's \`request.sizes()\`): the page's
  HTML, the files of dist/, the API's answers, anything else (the demo's style sheets).
- **Floor requests.** The floor asks for the API URLs the script-tag page asked for in an
  unthrottled view first: ${paint.floorRequests.length} requests.
- **Runs.** Each figure is a median of ${paint.runs} page views; the pages alternate within each
  run. The bench fails when a kit page sends more API requests than distinct resources, or logs
  an error to the console (the pages carry the demo's icon, as the demo's server adds it: without
  it the browser asks for /favicon.ico, and its 404 is such an error).
${labMethod(paint.lab)}`;
}

/** How the lab figures are measured. */
function labMethod(lab) {
  if (!lab) return '';
  const t = lab.settings;
  return `
### Lighthouse's mobile settings

bench/lab.mjs, run by bench/paint.mjs after the grid above (\`--lab-runs N\`; ${lab.runs} views of
each page, alternating). The \`lighthouse\` package is not a dependency: its mobile defaults are
applied as its devtools throttling applies them, and its metrics read from a Chromium trace.

- **Device.** ${t.viewport.width}×${t.viewport.height} viewport at device scale ${t.deviceScaleFactor}, mobile, touch (its Moto G
  Power); CPU ${t.cpuSlowdown}× slower (CDP \`Emulation.setCPUThrottlingRate\`).
- **Network.** Its slow 4G (${t.rttMs} ms round trip, ${t.downKbps} kbit/s down, ${t.upKbps} kbit/s up) with the
  factors of its devtools throttling: latency × ${t.latencyFactor} per request (which stands for connection
  set-up: the API's server adds none here), throughput × ${t.throughputFactor}. The page is not scrolled.
- **Metrics**, from the trace of the page's main thread: FCP and LCP from the main frame's paint
  events; total blocking time, the time beyond 50 ms of every task (\`RunTask\`) over 50 ms that ends
  after FCP, up to TTI; TTI, the end of the last such task followed by 5 s without one (Lighthouse
  also waits for the network to be quiet: the view does); CLS, the largest session window of layout
  shifts without input. The work of tasks over 50 ms is split by the self time of the trace's events
  (script, layout, style, paint, HTML parsing, garbage collection, other).
- **Score.** Lighthouse 12's log-normal curves and weights for FCP (10), LCP (25), TBT (30) and CLS
  (25), over 90: Speed Index (weight 10) is not measured, so the score is not Lighthouse's to the
  point.
- **Console.** Errors logged by any frame (a failed load counts, as in Lighthouse's audit); one on
  the kit's page fails the bench.
`;
}

export async function markdown(results, root) {
  const [requests, session, bytes, dataLayer, render, memory] = sections(results);
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
${results.bounds.requests} requests or gets a 429 in the reading session, when the heap grows by
more than ${MiB(results.bounds.memoryBytes)} over the mount/unmount cycles, or when the shared cache
tier answers a reader 429 or sends the API more than one request per resource per freshness
period (plus ${results.bounds.tierSlack}); timings never fail it.

Last, the bench runs page views of the news front page from one address, straight to the API and
through the shared cache tier on each engine (bench/tier.mjs: Debian's nginx with deploy/nginx/,
Debian's Varnish with deploy/varnish/, as in [docs/scaling.md](scaling.md)). Where an engine is
missing and cannot be installed, its part is skipped with the reason; under CI (\`CI\` set) that
fails the bench.

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
both with @lit/task, which every element of the kit ships before any code of its own. The response
checks are the kit's own small checker (src/core/check.ts); the elements' entries leave out the
sentences of attribute problems (src/attributes/messages.ts), imported with the first problem
(khountous.js keeps them). Sizes are summed file by file, as size-limit does (gzip level 9,
brotli quality 11).

### ${dataLayer.title}

${mdTable(dataLayer)}

The data layer's floor above, split by module: each module's code as the bundler rendered it before
minification, and its share of the floor's gzip in proportion to that code (an estimate: gzip does not
split by module).

### ${render.title}

${mdTable(render)}

Fastest runs: ranking ${ms(r.ranking.kitMinMs)} (kit) and ${ms(r.ranking.baselineMinMs)} (baseline);
chart ${ms(r.regions.kitMinMs)} and ${ms(r.regions.baselineMinMs)}.

### ${memory.title}

${mdTable(memory)}

Elements cycled: ${results.memory.widgets.map((tag) => `\`<${tag}>\``).join(', ')}.

${tierText(results)}
${paintText(results)}
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

The entries and their files are those of scripts/build/size-entries.mjs, which \`npm run build\` prints
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
${r.ranking.baselineLateFrames + r.regions.baselineLateFrames} for the baseline). The kit's elements
render their first update in a task of their own, so that the elements of a page do not add up to
one long task (the total blocking time of the lab figures): each of their timed mounts is thus a
late frame, and the ratios count that frame. Kit and baseline
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

### Shared cache tier

- **Servers.** The reference API runs in the bench's Node process (scripts/tier/tier.ts, shared with
  the tests of test/proxy/), which counts every request reaching it and every answer by status;
  nginx runs with deploy/nginx/khountous.conf.template rendered by scripts/tier/nginx.mjs (one worker),
  Varnish with deploy/varnish/ rendered by scripts/tier/varnish.mjs (its cache in a file of 64 MB, its
  origin hop on nginx with one worker), neither with a site key: the tier too calls the API
  anonymously, from its own address. Each phase gets a
  new API instance with the document's anonymous quota (60 per hour per address, in real time);
  before them, ${results.tier?.warmupViews ?? 200} page views against a separate instance with a large quota warm its code
  up, not counted.
- **Readers.** Each page view is a fresh reader: a new HTTP client (\`http.Agent\`, up to six
  connections as a browser opens to one host, no cache, no \`If-None-Match\`) that asks at once
  for the page's ${results.tier?.resources?.length ?? 6} resources, the URLs the kit asks for
  (test/proxy/client.ts \`NEWS_RESOURCES\`, which test/proxy/news.test.ts checks against the
  page in Chromium), with \`Accept-Encoding: gzip\`. All of them come from 127.0.0.1: one address,
  as behind a carrier NAT.
- **Time.** The views arrive evenly over one hour compressed into a few seconds: the API runs
  with \`KHOUNTOUS_FRESHNESS_SCALE\` = those seconds / 3,600, so its max-ages, and the tier's
  cache times with them, shrink in proportion. At most
  ${results.tier?.settings?.inFlight ?? 50} views are in flight at once; an arrival that finds
  them all busy waits (counted as \`heldBack\` in bench/results.json).
- **Latency** runs from sending a request to its last byte, connection set-up included (each
  reader opens its own connections); a page view's, from its first request to the last byte of its
  last answer. Percentiles are nearest-rank over every sample. The client shares the Node process
  with the API: direct latencies include that contention, and the tier's do not include the API
  at all except on a miss.
- **Bounds.** Through the tier no answer may be 429, and each resource may reach the API at most
  ⌈elapsed time / its max-age⌉ + ${results.bounds.tierSlack} times, on each engine (nginx keeps
  expiry times in whole seconds).

### Painted on a slow network

${paintMethod(results)}

### Quick mode

${results.mode === 'quick' ? 'This run was a quick one: ' : 'The quick mode runs '}a reading session of ${results.modes.quick.sessionViews} views (${60 / results.modes.quick.sessionViews} simulated minutes apart), ${results.modes.quick.renderRuns} render runs and ${results.modes.quick.memoryCycles} memory cycles; the full one ${results.modes.full.sessionViews} views, ${results.modes.full.renderRuns} runs and ${results.modes.full.memoryCycles} cycles.${tierModes(results.tier)}
`;
  const options = (await prettier.resolveConfig(join(root, 'docs/benchmarks.md'))) ?? {};
  // Paragraphs rewrapped at the print width (the project's `preserve` keeps them as they are then).
  return prettier.format(text, { ...options, parser: 'markdown', proseWrap: 'always' });
}
