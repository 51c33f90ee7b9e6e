// Engines: all three (HTML parsing, bidi, storage and a host page's CSS differ between engines).
/**
 * Every fault of the reference API (test/server/api-faults.ts), against the seven
 * elements of the kit at once, in two situations:
 *
 * - first visit: nothing cached. Each widget shows a localized error that
 *   names the cause (or its data, for the faults it tolerates), the widgets of
 *   another API on the page keep their data and a new one still loads, the kit
 *   sends no more than the documented attempts, nothing reaches the page as an
 *   uncaught error, and once the API recovers every widget shows its data by
 *   itself: after the first recovery delay, at the reset of a 429, or at once
 *   on `online` after a network failure;
 * - return visit: data cached by an earlier page, now stale. Each widget shows
 *   it with its "data as of" mark while the revalidation fails, and fresh data
 *   one freshness period after the API recovered.
 *
 * The loader of each test jumps its clock ahead instead of waiting (retries
 * 20 ms apart, real network): to a recovery, a 429's reset, the end of a
 * freshness period, and past the request timeout of an answer that hangs, once
 * every request that waits for it is in flight. That timeout, 10 s, is a real
 * timer too (the clock's timers also run with real time), which only slow
 * answers could reach: seven held at once share a browser's six connections to
 * a host, and the timeout counts from the fetch, queue included. The tests wait
 * for events: the elements' `state` and `stale` attributes, the kit's requests
 * starting and ending, the loader's stats.
 */
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import '../helpers/every-element.js';
import type { KhountousError, KhountousErrorKind } from '../../src/core/errors.js';
import { createSafeStorage } from '../../src/core/storage.js';
import { freshKit } from '../helpers/kit.js';
import {
  ELEMENTS,
  FaultyApi,
  allSettled,
  create,
  errorSentence,
  installLoader,
  memoryBackend,
  pageGuard,
  textOf,
  type InstalledLoader,
} from './browser-kit.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

interface Expectation {
  /** What a widget with nothing cached shows: an error of this kind, or its data. */
  shows: KhountousErrorKind | 'data';
  /** Requests the kit sends for one resource: 3 when retried (5xx, network), else 1. */
  attempts: number;
  /** How the widgets get their data back once the API recovered. */
  recovery: 'delay' | 'online' | 'reset' | 'none';
  /** For 429: the clock jump to the reset. */
  reset?: number;
  /**
   * The test page talks to the faulty API across origins: needed for a CORS refusal to show;
   * for answers that hang, it leaves the six connections of the page's own host free for the
   * test's questions to the API's control URL.
   */
  crossOrigin?: boolean;
}

const FAULTS: Record<string, Expectation> = {
  '500': { shows: 'server', attempts: 3, recovery: 'delay' },
  '503': { shows: 'server', attempts: 3, recovery: 'delay' },
  slow: { shows: 'data', attempts: 1, recovery: 'none' },
  hang: { shows: 'network', attempts: 3, recovery: 'online', crossOrigin: true },
  'malformed-json': { shows: 'invalid-response', attempts: 1, recovery: 'delay' },
  'html-200': { shows: 'invalid-response', attempts: 1, recovery: 'delay' },
  'wrong-type': { shows: 'invalid-response', attempts: 1, recovery: 'delay' },
  truncated: { shows: 'network', attempts: 3, recovery: 'online' },
  'truncated-json': { shows: 'invalid-response', attempts: 1, recovery: 'delay' },
  '429': { shows: 'quota', attempts: 1, recovery: 'reset', reset: 2 * SECOND },
  '429-bare': { shows: 'quota', attempts: 1, recovery: 'reset', reset: 5 * MINUTE },
  reset: { shows: 'network', attempts: 3, recovery: 'online' },
  cors: { shows: 'network', attempts: 3, recovery: 'online', crossOrigin: true },
  'missing-field': { shows: 'invalid-response', attempts: 1, recovery: 'delay' },
  'extra-field': { shows: 'data', attempts: 1, recovery: 'none' },
  'wrong-field': { shows: 'invalid-response', attempts: 1, recovery: 'delay' },
};

const langOf = (index: number): 'fr' | 'en' => (index % 2 === 0 ? 'fr' : 'en');

let guard: ReturnType<typeof pageGuard>;
const shownErrors: { tag: string; kind: KhountousErrorKind }[] = [];
const onError = (event: Event) =>
  shownErrors.push({
    tag: (event.target as Element).localName,
    kind: ((event as CustomEvent).detail as KhountousError).kind,
  });

beforeEach(() => {
  freshKit();
  shownErrors.length = 0;
  guard = pageGuard();
  document.addEventListener('khountous-error', onError);
});

afterEach(() => {
  fixtureCleanup();
  document.removeEventListener('khountous-error', onError);
  guard.stop();
  freshKit();
});

/** The seven elements on `base`, in languages that alternate fr / en. */
function mountAll(parent: Element, base: string): HTMLElement[] {
  return ELEMENTS.map((spec, index) =>
    create(parent, spec.tag, { ...spec.attrs(), 'base-url': base, lang: langOf(index) }),
  );
}

/** Per element: the kit's requests for its resource. */
function attemptsPerElement(kit: InstalledLoader, api: FaultyApi): number[] {
  return ELEMENTS.map(
    (spec) => kit.sentTo(api.id).filter((request) => request.url.includes(spec.path())).length,
  );
}

/** The loader's request timeout: reached only when the test jumps the clock past it. */
const REQUEST_TIMEOUT = 10 * SECOND;

/**
 * Times out the requests of an API whose answers hang: each time every widget of `api` that
 * has not failed yet has its request in flight, and the API holds those the browser sends at
 * once (six connections to a host; one it kept in its queue and the kit cancelled never
 * leaves), jumps the clock past the request timeout; until every widget's request has failed
 * (its retries spent).
 */
async function timeOutHanging(kit: InstalledLoader, api: FaultyApi): Promise<void> {
  const failed = () => kit.loader.stats(api.base).errors;
  let neverLeft = 0;
  for (;;) {
    await kit.until(
      () =>
        failed() >= ELEMENTS.length ||
        (kit.inFlight(api.id) > 0 && kit.inFlight(api.id) + failed() === ELEMENTS.length),
      'a request in flight for each widget that has not failed',
    );
    if (failed() >= ELEMENTS.length) return;
    const sent = kit.sentTo(api.id).length;
    const queued = Math.max(0, kit.inFlight(api.id) - 6);
    neverLeft = sent - (await hanging(api, sent - neverLeft - queued));
    kit.clock.advance(REQUEST_TIMEOUT);
    // The cancelled requests end before the next jump.
    await kit.until(() => kit.inFlight(api.id) === 0, 'the cancelled requests to end');
  }
}

/**
 * Resolves with the number of requests `api` holds unanswered (those that got the fault) once
 * it is `count` or more. Polled: the API runs in another process, which tells the page nothing
 * until asked.
 */
async function hanging(api: FaultyApi, count: number, timeout = 10 * SECOND): Promise<number> {
  const deadline = performance.now() + timeout;
  for (;;) {
    const held = (await api.requests()).filter((request) => request.fault !== null).length;
    if (held >= count) return held;
    if (performance.now() > deadline) throw new Error(`${held} requests reached the API, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits for the recovery the expectation promises, making it happen (clock jump or `online`). */
async function recover(
  kit: InstalledLoader,
  expectation: Expectation,
  widgets: HTMLElement[],
): Promise<void> {
  if (expectation.recovery === 'online') window.dispatchEvent(new Event('online'));
  else if (expectation.recovery === 'reset') kit.clock.advance(expectation.reset!);
  else kit.clock.advance(30 * SECOND);
  await allSettled(widgets, ['ready'], { fresh: true });
}

describe('a failing API, first visit: errors that name the cause, then recovery', function () {
  this.timeout(60_000);

  for (const [fault, expected] of Object.entries(FAULTS)) {
    it(`${fault}: ${expected.shows === 'data' ? 'data shown' : `"${expected.shows}" shown`}, ${expected.attempts} request(s) per widget, recovery ${expected.recovery}`, async () => {
      const kit = installLoader({ requestTimeout: REQUEST_TIMEOUT });
      const page = await fixture<HTMLDivElement>(document.createElement('div'));
      const faulty = new FaultyApi(`fault-${fault}`, { crossOrigin: expected.crossOrigin ?? false });
      const healthy = new FaultyApi(`healthy-${fault}`, { crossOrigin: !expected.crossOrigin });

      // Widgets of another API, loaded before the trouble.
      const others = mountAll(page, healthy.base);
      await allSettled(others, ['ready']);

      await faulty.fail({ fault, ...(fault === '429' ? { retryAfter: 2 } : {}) });
      const widgets = mountAll(page, faulty.base);
      if (fault === 'hang') await timeOutHanging(kit, faulty);
      await allSettled(widgets);

      // Each widget: its data, or a localized sentence naming the cause, with a retry button.
      widgets.forEach((widget, index) => {
        const tag = widget.localName;
        if (expected.shows === 'data') {
          expect(widget.getAttribute('state'), tag).to.equal('ready');
          expect(textOf(widget), tag).not.to.contain('pwned');
          return;
        }
        expect(widget.getAttribute('state'), tag).to.equal('error');
        const alert = widget.shadowRoot!.querySelector('[part~="error"]');
        expect(alert, `${tag} alert`).to.exist;
        const sentence = errorSentence(langOf(index), expected.shows as KhountousErrorKind, tag);
        if (typeof sentence === 'string') expect(alert!.textContent, tag).to.contain(sentence);
        else expect(alert!.textContent, tag).to.match(sentence);
        expect(widget.shadowRoot!.querySelector('button[part~="retry"]'), `${tag} retry`).to.exist;
      });
      if (expected.shows !== 'data') {
        expect(new Set(shownErrors.map((shown) => shown.kind))).to.deep.equal(new Set([expected.shows]));
      }

      // The other API's widgets keep their data, and a new one still loads.
      for (const other of others) expect(other.getAttribute('state'), other.localName).to.equal('ready');
      const late = create(page, 'khountous-ranking', { 'base-url': healthy.base, limit: '3', lang: 'en' });
      await allSettled([late], ['ready']);

      // The budget: no more than the documented attempts per resource (a 429 stops the others).
      const sent = attemptsPerElement(kit, faulty);
      for (const [index, count] of sent.entries()) {
        const spec = ELEMENTS[index]!;
        // What was sent, and when, to tell a retry from a second resource when a count is off.
        const seen = kit
          .sentTo(faulty.id)
          .filter((request) => request.url.includes(spec.path()))
          .map((request) => JSON.stringify(request))
          .join(', ');
        const tag = `${spec.tag} (${seen})`;
        if (fault.startsWith('429')) expect(count, tag).to.be.at.most(1);
        else expect(count, tag).to.equal(expected.attempts);
      }
      // What reached the API is what the kit sent; except that a browser resends a request
      // whose connection was reset by itself, below fetch (Firefox up to 10 times).
      const arrived = (await faulty.requests()).length;
      const total = sent.reduce((sum, count) => sum + count, 0);
      if (fault === 'reset') expect(arrived).to.be.within(1, 10 * total);
      // A browser opens at most six connections to a host: with every answer hanging, a
      // request it still held in its queue when the kit's timeout cancelled it never left.
      else if (fault === 'hang') expect(arrived).to.be.within(total - ELEMENTS.length, total);
      else expect(arrived).to.equal(total);

      // Recovery: nothing to do for the page.
      if (expected.recovery !== 'none') {
        await faulty.recover();
        const before = kit.sentTo(faulty.id).length;
        await recover(kit, expected, widgets);
        expect(kit.sentTo(faulty.id).length - before, 'one attempt per resource').to.be.at.most(
          ELEMENTS.length,
        );
      }
      expect(guard.problems).to.deep.equal([]);
    });
  }
});

describe('a failing API, return visit: stale data with its mark, then fresh data', function () {
  this.timeout(60_000);

  for (const [fault, expected] of Object.entries(FAULTS)) {
    it(`${fault}: the cached data stays on screen, marked stale`, async () => {
      const backend = memoryBackend();
      const first = installLoader({
        storage: createSafeStorage({ backend }),
        requestTimeout: REQUEST_TIMEOUT,
      });
      const faulty = new FaultyApi(`stale-${fault}`, { crossOrigin: expected.crossOrigin ?? false });
      let page = await fixture<HTMLDivElement>(document.createElement('div'));
      await allSettled(mountAll(page, faulty.base), ['ready']);
      fixtureCleanup();

      // An hour later (every freshness time is over), the reader comes back while the API fails.
      first.clock.advance(61 * MINUTE);
      const kit = installLoader(
        { storage: createSafeStorage({ backend }), requestTimeout: REQUEST_TIMEOUT },
        first.clock,
      );
      await faulty.fail({ fault, ...(fault === '429' ? { retryAfter: 2 } : {}) });
      page = await fixture<HTMLDivElement>(document.createElement('div'));
      const widgets = mountAll(page, faulty.base);
      await allSettled(widgets, ['ready']);

      if (expected.shows === 'data') {
        await allSettled(widgets, ['ready'], { fresh: true });
      } else {
        // Let the background revalidations run out, then look: every one failed, or (a 429) the
        // budget closed with no request left in flight.
        if (fault === 'hang') await timeOutHanging(kit, faulty);
        await kit.until(
          () =>
            fault.startsWith('429')
              ? kit.loader.stats(faulty.base).remaining === 0 && kit.inFlight(faulty.id) === 0
              : kit.loader.stats(faulty.base).errors >= ELEMENTS.length,
          'the revalidations to run out',
        );
        // What follows the last failure runs in promise callbacks, which have no event: one task,
        // then any update of a widget under way.
        await new Promise((resolve) => setTimeout(resolve, 0));
        await Promise.all(
          widgets.map(
            (widget) => (widget as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete,
          ),
        );
        widgets.forEach((widget, index) => {
          const tag = widget.localName;
          expect(widget.getAttribute('state'), tag).to.equal('ready');
          expect(widget.hasAttribute('stale'), `${tag} stale`).to.equal(true);
          const mark = widget.shadowRoot!.querySelector('[part~="stale"]');
          expect(mark?.textContent, tag).to.match(
            langOf(index) === 'fr' ? /données de \d{2}:\d{2}/ : /data as of \d{2}:\d{2}/,
          );
        });
        const sent = attemptsPerElement(kit, faulty);
        for (const [index, count] of sent.entries()) {
          expect(count, ELEMENTS[index]!.tag).to.be.at.most(expected.attempts);
        }
        await faulty.recover();
        // The failed revalidation is tried again one freshness period later (60 min at most).
        kit.clock.advance(60 * MINUTE);
        await allSettled(widgets, ['ready'], { fresh: true });
        const after = attemptsPerElement(kit, faulty);
        for (const [index, count] of after.entries()) {
          expect(count - sent[index]!, ELEMENTS[index]!.tag).to.equal(1);
        }
      }
      expect(guard.problems).to.deep.equal([]);
    });
  }
});

describe('a long outage: no retry storm', function () {
  this.timeout(60_000);

  it('the API answers 500 for three hours: each widget retries on the documented schedule, within the budget', async () => {
    const kit = installLoader();
    const faulty = new FaultyApi('outage');
    await faulty.fail({ fault: '500' });
    const page = await fixture<HTMLDivElement>(document.createElement('div'));
    const widgets = mountAll(page, faulty.base);
    await allSettled(widgets, ['error']);
    await kit.idle();
    for (let minute = 0; minute < 180; minute++) {
      kit.clock.advance(MINUTE);
      await kit.idle();
    }
    const arrived = await faulty.requests();
    const sent = kit.sentTo(faulty.id);
    expect(arrived.length).to.equal(sent.length);
    // Three attempts per resource, then 30 s, 2 min, 8 min, then one per freshness time (its endpoint's).
    for (const [index, count] of attemptsPerElement(kit, faulty).entries()) {
      const { tag, fresh } = ELEMENTS[index]!;
      expect(count, tag).to.be.at.most(3 + 3 + Math.ceil(180 / fresh));
    }
    // The budget: automatic attempts never spend the last 10 requests of the hour.
    expect(kit.loader.stats(faulty.base).remaining).to.be.at.least(10);
    for (const widget of widgets) expect(widget.getAttribute('state')).to.equal('error');
    await faulty.recover();
    kit.clock.advance(60 * MINUTE);
    await allSettled(widgets, ['ready'], { fresh: true });
    expect(guard.problems).to.deep.equal([]);
  });
});
