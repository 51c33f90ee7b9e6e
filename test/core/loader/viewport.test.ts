/**
 * The near-viewport wait: off-screen widgets fetch nothing until they come near.
 * On the fake clock and a fake fetch over the reference API that counts calls;
 * expected data is read from the API directly, independently of the loader.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isKhountousError } from '../../../src/core/errors.js';
import { FRESHNESS_MINUTES } from '../../../src/core/loader/options.js';
import { createViewport } from '../../../src/core/loader/viewport.js';
import { createFakeViewport, fakeElement, removeElement } from '../../helpers/fake-browser.js';
import { BASE_URL } from '../../helpers/fake-fetch.js';
import { loaderEnv, run, MINUTE } from '../../helpers/loader-env.js';

describe('off-screen elements', () => {
  test('nothing is fetched until the element comes near the viewport', async () => {
    const env = loaderEnv();
    const viewport = createFakeViewport();
    const tab = env.tab({ intersectionObserver: viewport.Observer });
    const element = fakeElement();
    let settled = false;
    const promise = tab.load({ kind: 'regions' }, { element }).then((loaded) => ((settled = true), loaded));
    await env.clock.advance(60_000);
    assert.equal(env.api.count, 0);
    assert.equal(settled, false);
    assert.deepEqual(viewport.observed(), [element]);
    viewport.show(element);
    await env.clock.settle();
    await promise;
    assert.equal(env.api.count, 1);
    assert.deepEqual(viewport.observed(), []);
  });

  test('cache hits are served at once even off-screen; lazy: false and configure() fetch at once', async () => {
    const env = loaderEnv();
    const viewport = createFakeViewport();
    const tab = env.tab({ intersectionObserver: viewport.Observer });
    await run(tab, { kind: 'regions' }, { element: fakeElement(), lazy: false });
    assert.equal(env.api.count, 1);
    await run(tab, { kind: 'regions' }, { element: fakeElement() });
    assert.equal(env.api.count, 1);
    const waiting = tab.load({ kind: 'regions', lang: 'en' }, { element: fakeElement() });
    await env.clock.settle();
    assert.equal(env.api.count, 1);
    tab.loader.configure({ lazy: false });
    await env.clock.settle();
    await waiting;
    assert.equal(env.api.count, 2);
  });

  test('without IntersectionObserver everything loads at once', async () => {
    const env = loaderEnv();
    await run(env, { kind: 'regions' }, { element: fakeElement() });
    assert.equal(env.api.count, 1);
  });
});

describe('waits for elements that never come near', () => {
  test('a load whose element left the page before it came near ends, and the element is let go', async () => {
    const env = loaderEnv();
    const viewport = createFakeViewport();
    const tab = env.tab({ intersectionObserver: viewport.Observer });
    const gone = fakeElement('gone');
    const first = tab.load({ kind: 'regions' }).catch((error: unknown) => error);
    await env.clock.settle();
    const waiting = tab
      .load({ kind: 'regions', lang: 'en' }, { element: gone })
      .catch((error: unknown) => error);
    await env.clock.settle();
    await first;
    assert.deepEqual(viewport.observed(), [gone]);
    removeElement(gone);
    const other = fakeElement('other');
    const next = tab.load({ kind: 'administrations' }, { element: other });
    await env.clock.settle();
    assert.ok(isKhountousError(await waiting, 'aborted'), 'the wait of the removed element ends');
    assert.deepEqual(viewport.observed(), [other], 'the removed element is no longer observed');
    const third = fakeElement('third');
    void tab.load({ kind: 'administrations', query: { limit: 5 } }, { element: third }).catch(() => {});
    removeElement(third);
    viewport.show(other); // the observer reports: waits of removed elements end too
    await env.clock.settle();
    await next;
    assert.deepEqual(viewport.observed(), []);
    assert.equal(env.api.count, 2, 'nothing fetched for the removed elements');
  });

  test('a revalidation waiting for an off-screen element ends when the last subscriber leaves', async () => {
    const env = loaderEnv();
    const viewport = createFakeViewport();
    const tab = env.tab({ intersectionObserver: viewport.Observer });
    const element = fakeElement();
    await run(tab, { kind: 'regions' }, { element, lazy: false });
    await env.clock.advance(FRESHNESS_MINUTES.regions * MINUTE);
    const unsubscribe = tab.loader.subscribe({ kind: 'regions' }, BASE_URL, () => {});
    const stale = await run(tab, { kind: 'regions' }, { element });
    assert.equal(stale.stale, true);
    assert.deepEqual(viewport.observed(), [element], 'the revalidation waits for the element');
    unsubscribe();
    await env.clock.settle();
    assert.deepEqual(viewport.observed(), [], 'the wait ended with the last subscriber');
    viewport.show(element);
    await env.clock.settle();
    assert.equal(env.api.count, 1, 'and nothing is sent for it');
  });
});

describe('an answer that arrives while a load waits for the viewport', () => {
  // The early start sends a widget's request (its element code not there yet); the element,
  // once defined, asks for the same resource and waits for the viewport; the request ends
  // meanwhile. What it brought (data or a not-found) answers the element: no second request.
  for (const [name, slug, outcome] of [
    ['data', 'hopital-regional-de-tambacounda', 'fulfilled'],
    ['a not-found', 'no-such-administration', 'rejected'],
  ] as const) {
    test(`${name} is what the waiting load gets, without a request of its own`, async () => {
      const env = loaderEnv();
      const viewport = createFakeViewport();
      const tab = env.tab({ intersectionObserver: viewport.Observer });
      const element = fakeElement();
      const resource = { kind: 'administration', slug } as const;
      const early = tab.load(resource, { element, lazy: false });
      const own = tab.load(resource, { element });
      const [first] = await Promise.allSettled([early, env.clock.settle()]);
      assert.equal(first.status, outcome);
      assert.equal(env.api.count, 1);
      viewport.show(element);
      const [second] = await Promise.allSettled([own, env.clock.settle()]);
      assert.equal(second.status, outcome);
      if (second.status === 'rejected') assert.ok(isKhountousError(second.reason, 'not-found'));
      assert.equal(env.api.count, 1, 'one request for both');
    });
  }
});

describe('the page’s viewport (createViewport)', () => {
  /** An observer that records what it is told, and reports what the test says. */
  function recordingObserver() {
    const made: {
      options: unknown;
      observed: Element[];
      report: (near: boolean, element: Element) => void;
    }[] = [];
    class Observer {
      private readonly record: (typeof made)[number];
      constructor(
        callback: (entries: { target: Element; isIntersecting: boolean }[]) => void,
        options?: unknown,
      ) {
        this.record = {
          options,
          observed: [],
          report: (isIntersecting, target) => callback([{ target, isIntersecting }]),
        };
        made.push(this.record);
      }
      observe(element: Element) {
        this.record.observed.push(element);
      }
      unobserve(element: Element) {
        this.record.observed = this.record.observed.filter((seen) => seen !== element);
      }
    }
    return { Observer, made };
  }
  const flush = () => new Promise((resolve) => setImmediate(resolve));

  test('one observer for the page, watching about one screen around the visible area', async () => {
    const { Observer, made } = recordingObserver();
    const viewport = createViewport(Observer);
    const a = fakeElement('a');
    const b = fakeElement('b');
    void viewport.whenNear(a, undefined);
    void viewport.whenNear(b, undefined);
    assert.equal(made.length, 1);
    assert.deepEqual(made[0]!.options, { rootMargin: '100%' });
    assert.deepEqual(made[0]!.observed, [a, b]);
  });

  test('an element near the visible area by its layout does not wait for the observer; one far away does', async () => {
    const { Observer, made } = recordingObserver();
    const viewport = createViewport(Observer);
    const page = globalThis as { innerHeight?: number; innerWidth?: number };
    const laidOut = (top: number, rendered = true) =>
      ({
        isConnected: true,
        getBoundingClientRect: () => ({ top, bottom: top + 40, left: 0, right: 300 }),
        getClientRects: () => (rendered ? [{}] : []),
      }) as unknown as Element;
    Object.assign(page, { innerHeight: 800, innerWidth: 400 });
    try {
      const ended: string[] = [];
      // Within one screen below the fold (the observer's margin): at once.
      void viewport.whenNear(laidOut(1500), undefined).then(() => ended.push('near'));
      // Beyond it, or not rendered: the observer decides.
      void viewport.whenNear(laidOut(1700), undefined).then(() => ended.push('far'));
      void viewport.whenNear(laidOut(10, false), undefined).then(() => ended.push('hidden'));
      await flush();
      assert.deepEqual(ended, ['near']);
      assert.equal(made[0]!.observed.length, 2, 'only the two others observed');
    } finally {
      delete page.innerHeight;
      delete page.innerWidth;
    }
  });

  test('a report that the element is still far ends nothing; one that it is near ends every wait for it', async () => {
    const { Observer, made } = recordingObserver();
    const viewport = createViewport(Observer);
    const element = fakeElement();
    const ended: string[] = [];
    void viewport.whenNear(element, undefined).then(() => ended.push('first'));
    void viewport.whenNear(element, undefined).then(() => ended.push('second'));
    assert.deepEqual(made[0]!.observed, [element], 'observed once');
    made[0]!.report(false, element);
    await flush();
    assert.deepEqual(ended, []);
    made[0]!.report(true, element);
    await flush();
    assert.deepEqual(ended, ['first', 'second']);
    assert.deepEqual(made[0]!.observed, []);
  });

  test('a wait given up leaves the others for the same element waiting; the last one lets the element go', async () => {
    const { Observer, made } = recordingObserver();
    const viewport = createViewport(Observer);
    const element = fakeElement();
    const leaving = new AbortController();
    const left = viewport.whenNear(element, leaving.signal).catch((error: unknown) => error);
    let stayed = false;
    void viewport.whenNear(element, undefined).then(() => (stayed = true));
    leaving.abort();
    assert.ok(isKhountousError(await left, 'aborted'));
    assert.deepEqual(made[0]!.observed, [element], 'still observed for the other wait');
    made[0]!.report(true, element);
    await flush();
    assert.equal(stayed, true);

    const alone = new AbortController();
    const other = fakeElement('other');
    const gone = viewport.whenNear(other, alone.signal).catch((error: unknown) => error);
    alone.abort();
    await gone;
    assert.deepEqual(made[0]!.observed, [], 'no wait left for it: no longer observed');
  });

  test('an element that left the page says so in the error of its wait', async () => {
    const { Observer } = recordingObserver();
    const viewport = createViewport(Observer);
    const element = fakeElement();
    const waiting = viewport.whenNear(element, undefined).catch((error: unknown) => error);
    removeElement(element);
    void viewport.whenNear(fakeElement('next'), undefined);
    const error = await waiting;
    assert.ok(isKhountousError(error, 'aborted'));
    assert.equal((error as Error).message, 'The element left the page before it came near.');
  });
});
