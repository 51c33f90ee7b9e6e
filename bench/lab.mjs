// Lighthouse's mobile lab run, reproduced with what the bench already has
// (playwright-core driving Debian's Chromium): the news front page under
// Lighthouse's mobile settings, with its metrics read from a Chromium trace.
//
// The `lighthouse` package is not among the dependencies; its mobile defaults
// are applied here as its `throttlingMethod: 'devtools'` applies them:
// - the Moto G Power screen (412×823, device scale 1.75, touch, mobile);
// - the CPU slowed down (CDP Emulation.setCPUThrottlingRate) by the multiplier Lighthouse's
//   documentation gives for this machine ("Calibrating multipliers" in its throttling.md, and
//   its CPU throttling calculator): Lighthouse's 4× is for a host whose BenchmarkIndex is
//   about 1,533; a slower host gets a smaller multiplier, so that every host emulates the same
//   phone (on a host under 1,000, Lighthouse warns that its default gives too low a score).
//   The index is measured first, in an unthrottled page, as Lighthouse measures it.
//   `cpuSlowdown` in measureLab's options (paint.mjs `--lab-cpu N`) fixes the multiplier;
// - the network of its "slow 4G" (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) with
//   the factors its devtools throttling uses: latency × 3.75 (562.5 ms per request, which
//   stands for connection set-up), throughput × 0.9.
// The page is not scrolled, as Lighthouse does not scroll.
//
// From the trace of each view (the main frame's renderer main thread):
// - FCP and LCP: the `firstContentfulPaint` and last `largestContentfulPaint::Candidate`
//   events of the main frame, from its navigation start;
// - TBT: every task (`RunTask`) longer than 50 ms that ends after FCP counts its time
//   beyond 50 ms (clipped at FCP), up to TTI;
// - TTI: the end of the last long task after FCP that is followed by 5 s without one
//   (Lighthouse also asks for at most two requests in flight: left out here, the
//   view waits for the network to settle anyway);
// - CLS: the largest session window (gaps under 1 s, at most 5 s) of layout shifts
//   without recent input, as Lighthouse and Chrome count it;
// - the score: Lighthouse 12's log-normal curves and weights for these four metrics
//   (FCP 10, LCP 25, TBT 30, CLS 25); Speed Index (weight 10) is not measured, so the
//   weights are taken over 90;
// - where the long tasks' time goes (script, style, layout, paint, HTML parsing,
//   garbage collection, other), by self time of the trace's events;
// - the console's errors (Lighthouse's "errors-in-console": a failed load counts).
import { cumulativeLayoutShift } from './paint-view.mjs';
import { median } from './stats.mjs';

/**
 * Lighthouse's mobile defaults (core/config/constants.js) and its devtools-throttling factors.
 * `cpuSlowdown`: its default multiplier, for a host of BenchmarkIndex `lighthouseHostIndex`.
 */
export const LAB = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  cpuSlowdown: 4,
  lighthouseHostIndex: 1533,
  rttMs: 150,
  downKbps: 1638.4,
  upKbps: 750,
  latencyFactor: 3.75,
  throughputFactor: 0.9,
};

/** Lighthouse 12's scoring of mobile metrics: log-normal curves (p10, median) and weights. */
export const SCORING = {
  fcpMs: { p10: 1800, median: 3000, weight: 10 },
  lcpMs: { p10: 2500, median: 4000, weight: 25 },
  tbtMs: { p10: 200, median: 600, weight: 30 },
  cls: { p10: 0.1, median: 0.25, weight: 25 },
};

/** The pages of the lab run: the kit's news page (script tag) and the hand-written one. */
export const LAB_VARIANTS = ['baseline', 'script'];

export const LAB_RUNS = { full: 5, quick: 1 };

/**
 * The CPU slowdown for a host of BenchmarkIndex `index`, as Lighthouse's CPU throttling
 * calculator gives it: 1× at 150, 2× at 800, 3× at 1,300, then one more for every 233
 * (4× at 1,533, 6× at 2,000), straight lines in between; rounded to a tenth. A host slower
 * than 150 cannot emulate the phone: 1×, no slowdown.
 */
export function cpuSlowdownFor(index) {
  if (!Number.isFinite(index) || index < 150) return 1;
  const multiplier =
    index >= 1300
      ? 3 + (index - 1300) / 233
      : index >= 800
        ? 2 + (index - 800) / 500
        : 1 + (index - 150) / 650;
  return Math.round(multiplier * 10) / 10;
}

/**
 * Lighthouse's BenchmarkIndex, run in the page: for half a second, how many times a
 * 10,000-character string is built one character at a time (work for the garbage
 * collector), and for half a second, how many times an array of 100,000 numbers is copied
 * into another (none); each count per second over 10, and the mean of the two. Higher is
 * faster; Lighthouse reads over 1,000 as a desktop-class machine.
 */
function benchmarkIndexInPage() {
  const perSecond = (count, start) => Math.round(count / 10 / ((Date.now() - start) / 1000));
  let start = Date.now();
  let built = 0;
  while (Date.now() - start < 500) {
    let text = '';
    for (let i = 0; i < 10000; i++) text += 'a';
    if (text.length !== 10000) throw new Error('the string was not built');
    built++;
  }
  const strings = perSecond(built, start);
  const a = Array.from({ length: 100000 }, (_, i) => i);
  const b = a.slice();
  start = Date.now();
  let copies = 0;
  // The clock is read every tenth copy, as Lighthouse does.
  while (copies % 10 !== 0 || Date.now() - start < 500) {
    const [from, to] = copies % 2 === 0 ? [a, b] : [b, a];
    for (let i = 0; i < from.length; i++) to[i] = from[i];
    copies++;
  }
  return (strings + perSecond(copies, start)) / 2;
}

/** This machine's BenchmarkIndex in Chromium, unthrottled: the median of `views` fresh pages. */
export async function hostBenchmarkIndex(browser, views = 3) {
  const indexes = [];
  for (let view = 0; view < views; view++) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto('about:blank');
      indexes.push(await page.evaluate(benchmarkIndexInPage));
    } finally {
      await context.close();
    }
  }
  return median(indexes);
}

const LONG_TASK_MS = 50;
const QUIET_WINDOW_MS = 5000;

/** erf, Abramowitz and Stegun 7.1.26 (error under 1.5e-7), as Lighthouse's statistics.js. */
function erf(x) {
  const sign = Math.sign(x);
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return sign * y;
}

/** Lighthouse's getLogNormalScore: 0.9 at p10, 0.5 at the median, two decimals. */
export function logNormalScore({ p10, median }, value) {
  if (value <= 0) return 1;
  const standardized = (Math.log(value / median) * 0.8416212335729143) / -Math.log(p10 / median);
  let score = (1 - erf(standardized)) / 2;
  if (value <= p10) score = Math.max(score, 0.9);
  else if (value <= median) score = Math.min(Math.max(score, 0.5), 0.8999);
  else score = Math.min(score, 0.4999);
  return Math.floor(score * 100) / 100;
}

/** The performance score (0 to 100) over the metrics SCORING lists. */
export function labScore(metrics) {
  let sum = 0;
  let weights = 0;
  for (const [name, curve] of Object.entries(SCORING)) {
    if (metrics[name] === undefined) return undefined;
    sum += logNormalScore(curve, metrics[name]) * curve.weight;
    weights += curve.weight;
  }
  return Math.round((sum / weights) * 100);
}

/** Which kind of work a trace event is, or undefined to take its parent's. */
function kindOf(name) {
  if (/GC|Scavenge|Sweep|Mark/i.test(name)) return 'gc';
  if (name === 'UpdateLayoutTree' || /Style|RecalcStyle/.test(name)) return 'style';
  if (name === 'Layout' || /::layout|Layout\.UpdateTime/.test(name)) return 'layout';
  if (/Paint|Commit|Composit|Raster/.test(name)) return 'paint';
  if (/ParseHTML|HTMLDocumentParser|ParseAuthorStyleSheet/.test(name)) return 'parse';
  if (
    /^v8|^V8|FunctionCall|EvaluateScript|RunMicrotasks|TimerFire|EventDispatch|FireAnimationFrame/.test(name)
  )
    return 'script';
  return undefined;
}

/** Trace events to the lab's metrics for the main frame whose URL contains `urlPart`. */
export function labMetrics(traceEvents, urlPart) {
  const navigation = traceEvents.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame &&
      String(event.args?.data?.documentLoaderURL ?? '').includes(urlPart),
  );
  if (!navigation) throw new Error(`no navigation to ${urlPart} in the trace`);
  const { pid, tid, ts: t0 } = navigation;
  const frame = navigation.args.frame;
  const ms = (ts) => (ts - t0) / 1000;
  const thread = traceEvents.filter((event) => event.pid === pid && event.tid === tid && event.ts >= t0);
  const fcp = thread.find((event) => event.name === 'firstContentfulPaint' && event.args?.frame === frame);
  const lcp = thread
    .filter((event) => event.name === 'largestContentfulPaint::Candidate' && event.args?.frame === frame)
    .at(-1);
  const fcpTs = fcp?.ts;

  // CLS: session windows of shifts without recent input.
  const shifts = traceEvents
    .filter(
      (event) =>
        event.name === 'LayoutShift' &&
        event.pid === pid &&
        event.ts >= t0 &&
        !event.args?.data?.had_recent_input,
    )
    // The trace's times are in microseconds; the session windows' rule is bench/paint-view.mjs's.
    .map((event) => ({
      at: event.ts / 1000,
      value: event.args.data.weighted_score_delta ?? event.args.data.score ?? 0,
    }))
    .sort((a, b) => a.at - b.at);
  const cls = cumulativeLayoutShift(shifts);

  const tasks = thread
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const long = tasks.filter((task) => task.dur / 1000 > LONG_TASK_MS);
  // TTI: the end of the last long task after FCP followed by a quiet window.
  const after = fcpTs === undefined ? [] : long.filter((task) => task.ts + task.dur > fcpTs);
  let tti = fcpTs;
  for (let i = 0; i < after.length; i++) {
    const end = after[i].ts + after[i].dur;
    tti = Math.max(tti, end);
    const next = after[i + 1];
    if (!next || next.ts - end >= QUIET_WINDOW_MS * 1000) break;
  }
  let tbt = 0;
  const breakdown = {};
  const longTasks = [];
  for (const task of after) {
    if (task.ts >= tti) break;
    const start = Math.max(task.ts, fcpTs);
    const blocking = (task.ts + task.dur - start) / 1000 - LONG_TASK_MS;
    if (blocking > 0) tbt += blocking;
    longTasks.push({ atMs: Math.round(ms(task.ts)), durationMs: Math.round(task.dur / 1000) });
  }
  // Self time of the events inside every long task (after FCP or not), by kind.
  for (const task of long) {
    const inside = thread
      .filter(
        (event) =>
          event.ph === 'X' &&
          event !== task &&
          event.dur !== undefined &&
          event.ts >= task.ts &&
          event.ts + event.dur <= task.ts + task.dur,
      )
      .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const stack = [{ event: task, kind: 'other', childTime: 0 }];
    const close = (entry) => {
      const self = Math.max(0, entry.event.dur - entry.childTime) / 1000;
      breakdown[entry.kind] = (breakdown[entry.kind] ?? 0) + self;
    };
    for (const event of inside) {
      while (stack.length > 1 && stack.at(-1).event.ts + stack.at(-1).event.dur <= event.ts)
        close(stack.pop());
      const parent = stack.at(-1);
      parent.childTime += event.dur;
      stack.push({ event, kind: kindOf(event.name) ?? parent.kind, childTime: 0 });
    }
    while (stack.length) close(stack.pop());
  }
  const mainThreadMs = tasks.reduce((sum, task) => sum + task.dur, 0) / 1000;
  const metrics = {
    fcpMs: fcp ? ms(fcp.ts) : undefined,
    lcpMs: lcp ? ms(lcp.ts) : fcp ? ms(fcp.ts) : undefined,
    tbtMs: fcp ? tbt : undefined,
    cls,
  };
  return {
    ...metrics,
    score: labScore(metrics),
    ttiMs: tti === undefined ? undefined : ms(tti),
    longTasks,
    longTaskMs: long.reduce((sum, task) => sum + task.dur, 0) / 1000,
    mainThreadMs,
    breakdown: Object.fromEntries(
      Object.entries(breakdown).map(([kind, value]) => [kind, Math.round(value)]),
    ),
  };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'toplevel',
  'v8',
  'v8.execute',
];

/**
 * One lab view of `url` in a new context: Lighthouse's mobile settings, a trace
 * from before the navigation until the network has been quiet for `quietMs` and
 * then QUIET_WINDOW_MS more (the TTI window). `api.reset(0)`: the request's
 * latency, multiplied as Lighthouse does, stands for connection set-up.
 */
export async function labView(browser, { url, api, cpuSlowdown, quietMs = 1000 }) {
  const context = await browser.newContext({
    viewport: LAB.viewport,
    deviceScaleFactor: LAB.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => consoleErrors.push(String(error.message ?? error)));
    const cdp = await context.newCDPSession(page);
    api.reset(0);
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LAB.rttMs * LAB.latencyFactor,
      downloadThroughput: (LAB.downKbps * LAB.throughputFactor * 1000) / 8,
      uploadThroughput: (LAB.upKbps * LAB.throughputFactor * 1000) / 8,
    });
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: CATEGORIES },
    });
    const pending = new Set();
    let lastAt = Date.now();
    page.on('request', (request) => (pending.add(request), (lastAt = Date.now())));
    const down = (request) => (pending.delete(request), (lastAt = Date.now()));
    page.on('requestfinished', down);
    page.on('requestfailed', down);
    await page.goto(url, { waitUntil: 'load', timeout: 90_000 });
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline && (pending.size > 0 || api.inFlight > 0 || Date.now() - lastAt < quietMs))
      await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    await cdp.send('Tracing.end');
    await complete;
    return {
      ...labMetrics(events, new URL(url).pathname),
      consoleErrors,
      apiRequests: api.log.length,
    };
  } finally {
    await context.close();
  }
}

/** The medians of the lab views' figures, and the kinds of work of their long tasks. */
function summarise(views) {
  const pick = (key) => median(views.map((view) => view[key]));
  const kinds = [...new Set(views.flatMap((view) => Object.keys(view.breakdown)))];
  return {
    score: pick('score'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    ttiMs: pick('ttiMs'),
    mainThreadMs: pick('mainThreadMs'),
    longTaskMs: pick('longTaskMs'),
    longTasks: median(views.map((view) => view.longTasks.length)),
    breakdown: Object.fromEntries(
      kinds.map((kind) => [kind, median(views.map((v) => v.breakdown[kind] ?? 0))]),
    ),
    consoleErrors: [...new Set(views.flatMap((view) => view.consoleErrors))],
    apiRequests: median(views.map((view) => view.apiRequests)),
    samples: {
      tbtMs: views.map((view) => Math.round(view.tbtMs ?? NaN)),
      lcpMs: views.map((view) => Math.round(view.lcpMs ?? NaN)),
      score: views.map((view) => view.score),
    },
  };
}

/**
 * The lab run: `runs` views of each of `variants` (pages of the paint bench's
 * page server at `origin`), alternating, with the CPU slowed down by
 * `cpuSlowdown`, or else by the multiplier calibrated to this machine. Returns
 * the settings (with the host's BenchmarkIndex and the multiplier used), the
 * medians per page, the kit's over the hand-written page's, and `failures`: a
 * console error on the kit's page.
 */
export async function measureLab(
  browser,
  { origin, api, runs, variants = LAB_VARIANTS, cpuSlowdown: fixed, log = () => {} },
) {
  const hostIndex = await hostBenchmarkIndex(browser);
  const cpuSlowdown = fixed ?? cpuSlowdownFor(hostIndex);
  log(
    `paint: lab, Lighthouse's mobile settings (${runs} views of each page; this machine's BenchmarkIndex ${Math.round(hostIndex)}, CPU ${cpuSlowdown}× slower${fixed === undefined ? ', calibrated' : ''})`,
  );
  const samples = Object.fromEntries(variants.map((variant) => [variant, []]));
  for (let run = 0; run < runs; run++)
    for (const variant of variants)
      samples[variant].push(
        await labView(browser, { url: `${origin}/paint/${variant}.html`, api, cpuSlowdown }),
      );
  const pages = Object.fromEntries(variants.map((variant) => [variant, summarise(samples[variant])]));
  const failures = [];
  for (const variant of variants.filter((variant) => variant !== 'baseline'))
    for (const error of pages[variant].consoleErrors)
      failures.push(`${variant} (lab): console error: ${error}`);
  const ratios = {};
  if (pages.script && pages.baseline)
    for (const key of ['fcpMs', 'lcpMs', 'tbtMs', 'ttiMs', 'mainThreadMs', 'longTaskMs']) {
      const [kit, base] = [pages.script[key], pages.baseline[key]];
      if (kit !== undefined && base) ratios[key] = Math.round((kit / base) * 100) / 100;
    }
  const settings = {
    ...LAB,
    cpuSlowdown,
    calibrated: fixed === undefined,
    lighthouseSlowdown: LAB.cpuSlowdown,
    hostIndex: Math.round(hostIndex),
  };
  return { settings, scoring: SCORING, runs, variants, pages, ratios, failures };
}
