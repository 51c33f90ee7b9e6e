// The shared cache tier against direct access: page views of the news front
// page from one address (a carrier NAT, an office), first straight to the
// reference API, then through the tier on each engine in front of it (nginx
// with deploy/nginx/, Varnish with deploy/varnish/: scripts/tier/tier.ts),
// everything on 127.0.0.1.
//
// Each page view is a fresh reader: a new HTTP client (its own connections, no
// cache, no validators) asking for the page's resources at once
// (test/proxy/client.ts NEWS_RESOURCES, the URLs the kit asks for). Views
// arrive evenly over one compressed hour (KHOUNTOUS_FRESHNESS_SCALE: the API's
// max-ages shrink with it; its quota keeps its real hour), with a bound on the
// views in flight. Every phase gets a new API instance with the document's
// anonymous quota (60 per hour per address).
import { Agent, request } from 'node:http';
import process from 'node:process';
import { ENGINES, engineVersion, resolveEngine, startApi, startTier } from '../scripts/tier/tier.ts';
import { NEWS_RESOURCES } from '../test/proxy/client.ts';

/** Extra requests per resource the tier may send beyond one per freshness period (nginx expires in whole seconds). */
export const TIER_SLACK = 2;

const TIER_MODES = {
  full: { views: 10_000, hourSeconds: 40, inFlight: 50 },
  quick: { views: 500, hourSeconds: 4, inFlight: 50 },
};

const HOUR_SECONDS = 3600;
/** Page views against a separate API instance before the measured phases. */
const WARMUP_VIEWS = 200;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Nearest-rank percentiles of `samples` (ms). */
function percentiles(samples) {
  if (samples.length === 0) return { count: 0 };
  const sorted = Float64Array.from(samples).sort();
  const at = (q) => round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]);
  return { count: sorted.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) };
}

/** One GET by `agent`: status (0 on a network error), the headers the report needs, time to the last byte. */
function get(url, agent) {
  const start = performance.now();
  return new Promise((resolve) => {
    const done = (status, headers = {}) =>
      resolve({
        status,
        ms: performance.now() - start,
        cacheControl: headers['cache-control'],
        cacheStatus: headers['x-cache-status'],
      });
    const req = request(url, { agent, headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => done(res.statusCode ?? 0, res.headers));
      res.on('error', () => done(0));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => done(0));
    req.end();
  });
}

/** `views` page views against `base`, evenly over `hourSeconds`, at most `inFlight` at once. */
async function pageViews(base, { views, hourSeconds, inFlight }) {
  const requestMs = [];
  const dataMs = [];
  const viewMs = [];
  const byStatus = {};
  const cacheStatus = {};
  const maxAges = {};
  let viewsWithData = 0;
  let heldBack = 0;
  let active = 0;
  let freed;
  const view = async () => {
    // A fresh reader: its own connections (up to six, as a browser opens per host), nothing cached.
    const agent = new Agent({ keepAlive: true, maxSockets: 6 });
    const start = performance.now();
    const answers = await Promise.all(NEWS_RESOURCES.map((resource) => get(`${base}${resource}`, agent)));
    viewMs.push(performance.now() - start);
    agent.destroy();
    let withData = 0;
    answers.forEach((answer, i) => {
      requestMs.push(answer.ms);
      byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
      if (answer.cacheStatus) cacheStatus[answer.cacheStatus] = (cacheStatus[answer.cacheStatus] ?? 0) + 1;
      if (answer.status === 200 || answer.status === 304) {
        withData += 1;
        dataMs.push(answer.ms);
      }
      const maxAge = /max-age=(\d+)/.exec(answer.cacheControl ?? '')?.[1];
      if (answer.status === 200 && maxAge) maxAges[NEWS_RESOURCES[i]] = Number(maxAge);
    });
    if (withData === NEWS_RESOURCES.length) viewsWithData += 1;
  };
  const start = performance.now();
  const running = [];
  for (let i = 0; i < views; i += 1) {
    const wait = start + (i * hourSeconds * 1000) / views - performance.now();
    if (wait > 1) await sleep(wait);
    if (active >= inFlight) {
      heldBack += 1;
      while (active >= inFlight) await new Promise((resolve) => (freed = resolve));
    }
    active += 1;
    running.push(
      view().finally(() => {
        active -= 1;
        freed?.();
      }),
    );
  }
  await Promise.all(running);
  const elapsedSeconds = (performance.now() - start) / 1000;
  return {
    views,
    requests: requestMs.length,
    elapsedSeconds: round(elapsedSeconds, 1),
    heldBack,
    byStatus,
    cacheStatus,
    maxAges,
    viewsWithData,
    latency: {
      request: percentiles(requestMs),
      requestWithData: percentiles(dataMs),
      view: percentiles(viewMs),
    },
  };
}

const counts = (map) => Object.fromEntries([...map].sort(([a], [b]) => a - b));
const total = (upstream) => [...upstream.values()].reduce((sum, times) => sum + times.length, 0);

/**
 * Runs the phases: direct, then through the tier on each engine. Returns
 * `{ skipped }` when no engine is available and none can be installed (throws
 * under CI instead), else the figures, with `failures` when a tier answered 429
 * or sent the API more than one request per resource per freshness period
 * (plus TIER_SLACK), and `skipped` by engine for an engine that is missing.
 */
export async function measureTier({ quick, log = console.log }) {
  const found = ENGINES.map((engine) => resolveEngine(engine, (message) => log(`  ${message}`)));
  const missing = found.filter((engine) => !engine.available);
  if (process.env.CI && missing.length > 0)
    throw new Error(
      `the tier bench needs ${missing.map((m) => `${m.engine}: ${m.reason}`).join('; ')} under CI`,
    );
  if (missing.length === found.length)
    return { skipped: missing.map((m) => `${m.engine} unavailable: ${m.reason}`).join('; ') };
  const settings = quick ? TIER_MODES.quick : TIER_MODES.full;
  const scale = settings.hourSeconds / HOUR_SECONDS;
  const apiOptions = { api: { env: { KHOUNTOUS_FRESHNESS_SCALE: String(scale) } } };

  // Warm-up, not measured: the API's code compiled and its data built before the first phase.
  const warm = await startApi({ api: { ...apiOptions.api, quotas: { anonymous: 1_000_000 } } });
  try {
    await pageViews(warm.base, { views: WARMUP_VIEWS, hourSeconds: 1, inFlight: settings.inFlight });
  } finally {
    await warm.stop();
  }

  const api = await startApi(apiOptions);
  let direct;
  try {
    direct = await pageViews(api.base, settings);
  } finally {
    await api.stop();
  }
  direct.upstream = { requests: total(api.upstream), byStatus: counts(api.statuses) };

  const failures = [];
  const engines = {};
  for (const engine of found.filter((candidate) => candidate.available)) {
    const tier = await startTier(engine, apiOptions);
    let shared;
    try {
      shared = await pageViews(tier.base, settings);
    } finally {
      await tier.stop();
    }
    const perResource = NEWS_RESOURCES.map((resource) => {
      const maxAge = shared.maxAges[resource];
      const requests = tier.upstream.get(`/v1${resource}`)?.length ?? 0;
      const bound = maxAge ? Math.ceil(shared.elapsedSeconds / maxAge) + TIER_SLACK : 1;
      return { resource, maxAge, requests, bound };
    });
    shared.upstream = {
      requests: total(tier.upstream),
      byStatus: counts(tier.upstreamStatuses),
      perResource,
    };
    shared.version = engineVersion(engine);
    engines[engine.engine] = shared;

    const refused = shared.byStatus[429] ?? 0;
    if (refused > 0)
      failures.push(`the tier on ${engine.engine} answered 429 to ${refused} of ${shared.requests} requests`);
    for (const { resource, maxAge, requests, bound } of perResource) {
      if (requests > bound)
        failures.push(
          `the tier on ${engine.engine} sent ${requests} requests for ${resource} in ${shared.elapsedSeconds} s (max-age ${maxAge} s, bound ${bound})`,
        );
    }
    for (const resource of tier.upstream.keys()) {
      if (!NEWS_RESOURCES.some((known) => `/v1${known}` === resource))
        failures.push(
          `the tier on ${engine.engine} asked the API for ${resource}, which no reader asked for`,
        );
    }
  }
  return {
    mode: quick ? 'quick' : 'full',
    settings,
    modes: TIER_MODES,
    freshnessScale: round(scale, 6),
    resources: NEWS_RESOURCES,
    slack: TIER_SLACK,
    warmupViews: WARMUP_VIEWS,
    direct,
    engines,
    ...(missing.length > 0
      ? { skippedEngines: Object.fromEntries(missing.map((m) => [m.engine, m.reason])) }
      : {}),
    failures,
  };
}
