// Requests reaching the reference API from the news front page: the kit
// (demo/news.html with dist/khountous.js) against the baseline (the same page
// with bench/baseline/widgets.js), each with its own API instance and the
// document's quota of 60 anonymous requests per hour.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const VARIANTS = {
  kit: '/demo/news.html',
  baseline: '/demo/news-baseline.html',
};

/** A page view as a reader makes it: load, scroll down through the page, wait until every widget settled. */
async function view(page, server, url, { reload = false, timeout = 20_000 } = {}) {
  if (reload) await page.reload();
  else await page.goto(url);
  await page.evaluate(async () => {
    const step = Math.max(200, innerHeight / 2);
    for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
      scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });
  const widgetStates = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((element) => /^(khountous|naive)-/.test(element.localName))
        .map((element) => ({ state: element.getAttribute('state'), stale: element.hasAttribute('stale') })),
    );
  const deadline = Date.now() + timeout;
  let states = await widgetStates();
  while (Date.now() < deadline) {
    if (states.every(({ state }) => ['ready', 'empty', 'error'].includes(state))) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
    states = await widgetStates();
  }
  await server.idle();
  states = await widgetStates();
  return {
    widgets: states.length,
    ready: states.filter(({ state }) => state === 'ready').length,
    stale: states.filter(({ state, stale }) => state === 'ready' && stale).length,
    errors: states.filter(({ state }) => state === 'error').length,
  };
}

/** Turns the browser's HTTP cache off for a page: it keeps real time, not the simulated clock of the views. */
async function withoutHttpCache(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
}

/** Moves the pages' clock and the API's clock to `at` (simulated epoch ms); never backwards. */
async function moveClock(context, server, at) {
  const gap = Math.round(at - server.now());
  if (gap <= 0) return;
  await context.clock.fastForward(gap);
  server.advanceClock(gap);
}

/**
 * First view, a reload at once, and a reload five simulated minutes later (the
 * browser's HTTP cache off by then), in one fresh browser context.
 */
export async function repeatViews(browser, server, variant) {
  const counter = server.useApi();
  const context = await browser.newContext();
  const start = server.now();
  await context.clock.install({ time: start });
  const page = await context.newPage();
  const url = `${server.origin}${VARIANTS[variant]}`;
  const counts = {};
  let before = 0;
  const step = async (name, action) => {
    const shown = await action();
    counts[name] = { requests: counter.requests - before, ...shown };
    before = counter.requests;
  };
  await step('first', () => view(page, server, url));
  await step('reload', () => view(page, server, url, { reload: true }));
  await moveClock(context, server, start + 5 * MINUTE);
  await withoutHttpCache(context, page);
  await step('later', () => view(page, server, url, { reload: true }));
  await context.close();
  return { ...counts, byStatus: { ...counter.byStatus } };
}

/**
 * A reading session: `views` page views spread evenly over one simulated hour,
 * in three tabs of one browser context (view i in tab i % 3). Even views show
 * the front page; odd ones the front page with another administration in the
 * first card (`?slug=`), cycling through the eight of the ranking, as a
 * reader who follows the ranking to one administration after another.
 */
export async function readingSession(browser, server, variant, { views, slugs }) {
  const counter = server.useApi();
  const context = await browser.newContext();
  const start = server.now();
  await context.clock.install({ time: start });
  const tabs = [];
  for (let i = 0; i < 3; i++) {
    const page = await context.newPage();
    await withoutHttpCache(context, page);
    tabs.push(page);
  }
  const timeline = [];
  const totals = { widgets: 0, ready: 0, stale: 0, errors: 0, viewsWithData: 0 };
  for (let i = 0; i < views; i++) {
    await moveClock(context, server, start + (i * HOUR) / views);
    const slug = i % 2 === 1 ? slugs[((i - 1) / 2) % slugs.length] : undefined;
    const url = `${server.origin}${VARIANTS[variant]}${slug ? `?slug=${slug}` : ''}`;
    const before = counter.requests;
    const shown = await view(tabs[i % 3], server, url);
    for (const key of ['widgets', 'ready', 'stale', 'errors']) totals[key] += shown[key];
    if (shown.ready === shown.widgets) totals.viewsWithData += 1;
    timeline.push({
      minute: Math.round((server.now() - start) / MINUTE),
      tab: i % 3,
      slug,
      requests: counter.requests - before,
      ...shown,
    });
  }
  const minutes = (server.now() - start) / MINUTE;
  await context.close();
  return {
    views,
    tabs: 3,
    simulatedMinutes: Math.round(minutes * 10) / 10,
    requests: counter.requests,
    byStatus: { ...counter.byStatus },
    status429: counter.byStatus[429] ?? 0,
    ...totals,
    timeline,
  };
}
