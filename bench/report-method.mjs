// The method section of docs/benchmarks.md: how the bench measures each of its figures,
// and what its quick mode runs.
import { MiB, count } from './report-tables.mjs';

/** The tier's part of the quick mode paragraph. */
function tierModes(tier) {
  if (!tier?.modes) return '';
  const { quick, full } = tier.modes;
  return ` Direct and through each tier, it runs ${count(quick.views)} page views over a compressed hour of ${quick.hourSeconds} s each; the full one ${count(full.views)} over ${full.hourSeconds} s.`;
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
  \`chunks/\` and the Vite app's, whose names change with their content, are \`immutable\` for a year, the others
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
- **Widgets ready.** When every widget that showed data was ready: its element defined and
  rendered with its data (\`state\` \`ready\`/\`empty\` set by the element, or, for a widget parsed
  with its state, after the element's first update), timed in the frame that draws it. The script
  tag's text paint shows the data earlier; it counts in "all data", not here. "÷ hand-written"
  divides by the hand-written page's (**baseline**) figure in the same table.
- **Server-seeded.** Before each view of that page the bench renders its widgets with the
  package's \`renderWidget\` (lib/ssr/render.js) from the same API, with a new server cache (the
  data is seconds old, as a site's server with a fresh cache serves it), and writes them into
  the page in place of the tags; the page loads dist/khountous.js like the script-tag page. Its
  widgets are parsed with \`state="ready"\`, timed in the first frame that draws them. "Kit's first
  file in" is when the first file of dist/ had arrived (Resource Timing's \`responseEnd\`): no kit
  code runs before it; "first element defined" is when the first of the page's elements was
  defined (\`customElements.whenDefined\`): the kit's code has run. Any API request from the reader's browser fails the bench.
- **Bytes.** Each response's headers and body as sent (Playwright's \`request.sizes()\`): the page's
  HTML, the kit's files (dist/, or the Vite app's bundle on the npm page), the API's answers,
  anything else (the demo's style sheets).
- **Critical path.** When the page's first API request left the browser (its \`request.timing()\`
  start, from the top page's navigation), and the kit's files (dist/, or the Vite app's bundle on
  the npm page, as sent) that had arrived by
  then: what a reader's browser must receive before the kit can ask for any data. For the embed
  page, the first request of any of its iframes.
- **Floor requests.** The floor asks for the API URLs the script-tag page asked for in an
  unthrottled view first: ${paint.floorRequests.length} requests.
- **Runs.** Each figure is a median of ${paint.runs} page views; the pages alternate within each
  run. The bench fails when a kit page sends more API requests than distinct resources, when a
  widget of a kit page that showed data never becomes ready, or when a kit page logs an error to
  the console (the pages carry the demo's icon, as the demo's server adds it: without it the
  browser asks for /favicon.ico, and its 404 is such an error).
- **Layout shift.** In the grid's tables, the top page's cumulative layout shift as Core Web Vitals
  count it: the largest session window (gaps under 1 s, at most 5 s) of the \`layout-shift\` entries
  without recent input (a \`PerformanceObserver\` in the page, bench/paint-view.mjs).
${shiftMethod(paint.shift)}${labMethod(paint.lab)}`;
}

/** How the layout shift run is measured (bench/paint-shift.mjs). */
function shiftMethod(shift) {
  if (!shift) return '';
  return `
### The layout shift run

bench/paint-shift.mjs, run by bench/paint.mjs after the grid (\`--shift-runs N\`; ${shift.runs} views of each page at
each width, alternating). The news page on slow-3g with the API connection cold, as in the grid, at
${shift.widths.join(' and ')} px wide (915 px high): the hand-written page (**baseline**), the script
tag's (**script**), and the script tag marked \`blocking="render"\`, which Chromium's first paint waits
for (docs/embedding.md, "Room for each widget"). Cumulative layout shift as in the grid, in the top
page. Each widget holds its box (src/widget/box.ts) from the moment khountous.js runs; before that,
a page painted while the script travels shows its tags empty, and giving them their boxes moves the
text after them once.
`;
}

/** Where the lab's CPU slowdown comes from. */
function cpuText(t) {
  const measured =
    t.hostIndex === undefined
      ? ''
      : `This machine's BenchmarkIndex (Lighthouse's measure, taken in an unthrottled page before the
  views) was ${t.hostIndex}.`;
  return t.calibrated
    ? `Lighthouse's ${t.lighthouseSlowdown}× is for a host of BenchmarkIndex ${t.lighthouseHostIndex}; its
  documentation (throttling.md, "Calibrating multipliers", and its CPU throttling calculator) gives a
  slower host a smaller multiplier, so that every host emulates the same phone, and Lighthouse warns
  that its default understates the score on a host under 1,000. ${measured} The multiplier is the
  calculator's for that index (bench/lab.mjs \`cpuSlowdownFor\`).`
    : `The multiplier was fixed for this run (\`--lab-cpu\`). ${measured}`;
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
  Power); CPU ${t.cpuSlowdown}× slower (CDP \`Emulation.setCPUThrottlingRate\`). ${cpuText(t)}
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

/** The method section of docs/benchmarks.md: how each figure is measured, then the quick mode. */
export function methodText(results) {
  const { kit } = results.requests.session;
  const r = results.render;
  return `## Method

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
}
