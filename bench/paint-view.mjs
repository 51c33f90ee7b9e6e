// One page view of the paint bench: the network throttled, the moments each
// widget's skeleton and data are painted, the bytes and the API requests.
import { isApiPath } from '../demo/api/node.ts';

/** A mobile viewport: what the reader sees decides what the kit loads without scrolling. */
export const VIEWPORT = { width: 412, height: 915 };

/**
 * Runs in every frame before its scripts. A widget's `state` attribute (the
 * kit's elements and the baseline's reflect it after each render, the floor's
 * paragraphs get it with their text, a server-rendered widget is parsed with it)
 * changing to (or arriving with) `loading` or data, or the script tag's text
 * paint of its data (a `<khountous-paint>` written inside it), marks
 * the frame in which the change is drawn: a requestAnimationFrame callback,
 * then a MessageChannel message posted from it, which runs once that frame's
 * style, layout and paint are done. The time is epoch-based
 * (timeOrigin + now) so that frames can be compared with the top page.
 */
function observePaint() {
  const marks = {
    skeleton: [],
    data: [],
    ready: [],
    errors: [],
    fcp: undefined,
    defined: undefined,
    shifts: [],
    origin: performance.timeOrigin,
  };
  Object.defineProperty(window, '__khountousPaint', { value: marks });
  const seen = new WeakMap();
  const stamp = (list, label) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => list.push({ label, at: performance.timeOrigin + performance.now() });
      channel.port2.postMessage(0);
    });
  // A widget is ready when its element, defined, shows data: whatever a text paint drew before.
  const isReady = (element) => ['ready', 'empty'].includes(element.getAttribute('state'));
  const ready = new WeakSet();
  const readyOnce = (element) => {
    if (ready.has(element)) return;
    ready.add(element);
    stamp(marks.ready, element.localName);
  };
  const look = (element) => {
    const name = element.localName;
    if (name.includes('-') && isReady(element)) {
      if (customElements.get(name)) readyOnce(element);
      // Parsed with its state (a server render): ready once its code has rendered it.
      else
        customElements
          .whenDefined(name)
          .then(() => element.updateComplete)
          .then(() => isReady(element) && readyOnce(element));
    }

    // The first of the kit's elements defined: the kit's code has run by then.
    if (element.localName.startsWith('khountous-') && marks.defined === undefined)
      customElements.whenDefined(element.localName).then(() => {
        marks.defined ??= performance.timeOrigin + performance.now();
      });
    const state = element.getAttribute('state');
    const before = seen.get(element) ?? {};
    if (state === 'loading' && !before.skeleton) {
      seen.set(element, { ...before, skeleton: true });
      if (element.localName !== 'p') stamp(marks.skeleton, element.localName);
    } else if ((state === 'ready' || state === 'empty') && !before.data) {
      seen.set(element, { ...before, data: true });
      stamp(marks.data, element.localName);
    } else if (state === 'error' && !before.error) {
      seen.set(element, { ...before, error: true });
      marks.errors.push(element.localName);
    }
  };
  const painted = (element) => {
    const before = seen.get(element) ?? {};
    if (before.data) return;
    seen.set(element, { ...before, data: true });
    stamp(marks.data, element.localName);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        if (record.target instanceof Element) look(record.target);
        continue;
      }
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        // An element that arrives with its state (a server-rendered widget, parsed with state="ready").
        if (node.hasAttribute('state')) look(node);
        // The script tag's text paint of a widget's data (src/boot/paint.ts): its data painted.
        else if (node.localName === 'khountous-paint' && node.parentElement) painted(node.parentElement);
      }
    }
  }).observe(document, { attributes: true, attributeFilter: ['state'], childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') marks.fcp = performance.timeOrigin + entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  // Layout shifts without recent input, with what moved (for the session windows of CLS).
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      const sources = (entry.sources ?? []).map((source) => {
        const node = source.node;
        const name =
          node instanceof Element
            ? node.localName + (node.className ? `.${node.className}` : '')
            : String(node?.nodeName ?? '');
        return `${name} ${Math.round(source.previousRect.y)}→${Math.round(source.currentRect.y)} h${Math.round(source.previousRect.height)}→${Math.round(source.currentRect.height)}`;
      });
      marks.shifts.push({ at: entry.startTime, value: entry.value, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Cumulative layout shift as Core Web Vitals count it: the largest session window of
 * shifts (gaps under 1 s, at most 5 s long). `shifts`: { at (ms), value }, in time order.
 */
export function cumulativeLayoutShift(shifts) {
  let cls = 0;
  let window = { start: -Infinity, last: -Infinity, sum: 0 };
  for (const shift of shifts) {
    if (shift.at - window.last > 1000 || shift.at - window.start > 5000)
      window = { start: shift.at, last: shift.at, sum: 0 };
    window.sum += shift.value;
    window.last = shift.at;
    cls = Math.max(cls, window.sum);
  }
  return cls;
}

/**
 * Where the page server serves the kit's files (bench/paint-servers.mjs): the script tag's build
 * (dist/), the other build of `--compare`, and the npm package as a Vite app bundles it.
 */
export const KIT_PATHS = ['/dist/', '/dist-compare/', '/npm-app/'];

/** Whether a file of `pathname` is one of the kit's (KIT_PATHS). */
export const isKitPath = (pathname) => KIT_PATHS.some((prefix) => pathname.startsWith(prefix));

/**
 * The reader's critical path in one view: when the first API request left (`sentAt`, the
 * earliest of `apiStarts`, epoch ms; starts of 0 or less are unknown) and the bytes of the kit's
 * files (isKitPath) that had arrived by then (`kitBytes`). `arrived`: { url, bytes, endAt }, each
 * response's size as sent and its arrival (epoch ms, undefined when unknown). Both undefined
 * when no API request left (a server-seeded page).
 */
export function criticalPath(arrived, apiStarts) {
  const starts = apiStarts.filter((at) => at > 0);
  if (starts.length === 0) return { sentAt: undefined, kitBytes: undefined };
  const sentAt = Math.min(...starts);
  const kitBytes = arrived
    .filter(({ url, endAt }) => endAt !== undefined && endAt <= sentAt && isKitPath(new URL(url).pathname))
    .reduce((sum, { bytes }) => sum + bytes, 0);
  return { sentAt, kitBytes };
}

/** Loads one page view and returns its marks, relative to the top page's navigation. */
export async function pageView(
  browser,
  { url, profile, warm, api, apiOrigin, quietMs, viewport = VIEWPORT },
) {
  const context = await browser.newContext({ viewport });
  try {
    await context.addInitScript(observePaint);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    api.reset(profile.rttMs);
    if (warm) {
      // Warm: one request to the API's origin from this page (same credentials mode as the kit),
      // answered before the measured navigation starts; its connection stays open.
      await page.goto(`${new URL(url).origin}/bench/paint-blank`).catch(() => undefined);
      await page.evaluate(
        (origin) => fetch(`${origin}/v1/`, { credentials: 'omit', mode: 'cors' }).then((r) => r.status),
        apiOrigin,
      );
      api.log.length = 0;
      api.startTimeline();
    }
    // What the console shows as errors from now on (the warm-up's blank page and its request to the
    // API's root are no part of the view), in any frame: a failed load counts, as Lighthouse counts it.
    const consoleErrors = [];
    context.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
    });
    context.on('weberror', (error) => consoleErrors.push(String(error.error())));
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.rttMs,
      downloadThroughput: (profile.downKbps * 1000) / 8,
      uploadThroughput: (profile.upKbps * 1000) / 8,
    });
    // Settled: the load event fired and nothing in flight (any frame, any origin) for quietMs.
    // (A set, not a counter: an event of the warm-up request may still arrive.)
    const pending = new Set();
    let lastAt = Date.now();
    const up = (request) => (pending.add(request), (lastAt = Date.now()));
    const down = (request) => (pending.delete(request), (lastAt = Date.now()));
    // The bytes each response brought (its headers and its body as sent: gzip for the page's files).
    const sizes = [];
    context.on('request', up);
    // When each API request left the browser (epoch ms, the browser's clock): the first is the critical path's end.
    const apiSent = [];
    context.on('request', (request) => {
      if (isApiPath(new URL(request.url()).pathname)) apiSent.push(request);
    });
    context.on('requestfinished', (request) => {
      down(request);
      // With when it arrived (the browser's clock, epoch ms): what had come before the first API request.
      const { startTime, responseEnd } = request.timing();
      sizes.push(
        request
          .sizes()
          .then(({ responseHeadersSize, responseBodySize }) => ({
            url: request.url(),
            bytes: responseHeadersSize + responseBodySize,
            endAt: responseEnd >= 0 ? startTime + responseEnd : undefined,
          }))
          .catch(() => undefined),
      );
    });
    context.on('requestfailed', down);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (pending.size > 0 || api.inFlight > 0 || Date.now() - lastAt < quietMs))
      await new Promise((resolve) => setTimeout(resolve, 50));
    // The last marks wait for a frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    const frames = [];
    for (const frame of page.frames()) {
      const marks = await frame.evaluate(() => window.__khountousPaint).catch(() => undefined);
      if (marks) frames.push(marks);
    }
    // When the first of the kit's files had arrived in the top page: no kit code runs before.
    const kitFileAt = await page.evaluate((prefixes) => {
      const ends = performance
        .getEntriesByType('resource')
        .filter((entry) => prefixes.some((prefix) => new URL(entry.name).pathname.startsWith(prefix)))
        .map((entry) => entry.responseEnd);
      return ends.length ? performance.timeOrigin + Math.min(...ends) : undefined;
    }, KIT_PATHS);
    const bytes = { page: 0, kit: 0, api: 0, other: 0 };
    const pageOrigin = new URL(url).origin;
    const arrived = (await Promise.all(sizes)).filter(Boolean);
    const critical = criticalPath(
      arrived,
      apiSent.map((request) => request.timing().startTime),
    );
    for (const size of arrived) {
      const { origin: from, pathname } = new URL(size.url);
      const kind = isApiPath(pathname)
        ? 'api'
        : isKitPath(pathname)
          ? 'kit'
          : from === pageOrigin && pathname.startsWith('/paint/')
            ? 'page'
            : 'other';
      bytes[kind] += size.bytes;
    }
    const origin = frames[0].origin;
    const rel = (list) => list.map((mark) => mark.at - origin);
    const skeleton = frames.flatMap((marks) => rel(marks.skeleton));
    const data = frames.flatMap((marks) => rel(marks.data));
    const readyAt = frames.flatMap((marks) => rel(marks.ready));
    return {
      fcpMs: frames[0].fcp === undefined ? undefined : frames[0].fcp - origin,
      kitFileMs: kitFileAt === undefined ? undefined : kitFileAt - origin,
      definedMs: frames[0].defined === undefined ? undefined : frames[0].defined - origin,
      bytes,
      // The critical path: the kit's files (as sent) in before the first API request left, and when it left.
      kitBeforeApi: critical.kitBytes,
      firstApiSentMs: critical.sentAt === undefined ? undefined : critical.sentAt - frames[0].origin,
      skeletonMs: skeleton.length ? Math.min(...skeleton) : undefined,
      firstDataMs: data.length ? Math.min(...data) : undefined,
      lastDataMs: data.length ? Math.max(...data) : undefined,
      widgetsWithData: data.length,
      // Every widget ready, its element rendered with its data (after a text paint, if any).
      readyMs: readyAt.length === data.length && readyAt.length ? Math.max(...readyAt) : undefined,
      widgetsReady: readyAt.length,
      // The top page's layout shifts (an iframe's own shifts are its document's).
      cls: cumulativeLayoutShift(frames[0].shifts),
      shifts: frames[0].shifts.map((shift) => ({ ...shift, at: Math.round(shift.at) })),
      errors: frames.flatMap((marks) => marks.errors),
      consoleErrors,
      apiRequests: [...api.log],
      api: api.timeline,
    };
  } finally {
    await context.close();
  }
}
