// Engines: all three (custom elements, shadow roots, DOM observers and module loading differ between engines).
/**
 * The page-wide watch of <html> and <body> attributes (documentWatch), and its
 * use by the widgets: listeners run once per frame however often the page
 * writes, stop when unsubscribed; a widget reads the page's scheme only in
 * theme="auto" and while on the page.
 */
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import '../../src/components/report/define.js';
import { documentWatch } from '../../src/element/document-watch.js';
import { freshKit, settled, sharedApi } from '../helpers/kit.js';

const frames = (count: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(count);
  });

describe('documentWatch', () => {
  afterEach(() => document.documentElement.removeAttribute('data-watch-test'));

  it('runs each listener once for many writes within a frame, and not after unsubscribing', async () => {
    const watch = documentWatch(() => [document.documentElement, document.body]);
    let calls = 0;
    const unsubscribe = watch(() => calls++);
    // Each write after a microtask of its own: the observer reports each, the listener runs once.
    for (let i = 0; i < 20; i++) {
      document.documentElement.setAttribute('data-watch-test', String(i));
      await Promise.resolve();
    }
    await frames(2);
    expect(calls).to.equal(1);
    document.body.setAttribute('data-watch-test', 'x');
    await frames(2);
    expect(calls).to.equal(2);
    document.body.removeAttribute('data-watch-test');
    await frames(2);
    unsubscribe();
    const before = calls;
    document.documentElement.setAttribute('data-watch-test', 'after');
    await frames(2);
    expect(calls).to.equal(before);
  });

  it('watches only the attributes named', async () => {
    const watch = documentWatch(() => [document.documentElement], ['lang']);
    let calls = 0;
    const unsubscribe = watch(() => calls++);
    try {
      document.documentElement.setAttribute('data-watch-test', 'x');
      await frames(2);
      expect(calls).to.equal(0);
    } finally {
      unsubscribe();
    }
  });
});

describe('widgets and the page scheme', () => {
  beforeEach(freshKit);
  afterEach(() => {
    fixtureCleanup();
    document.documentElement.removeAttribute('data-watch-test');
  });

  /** How many times the page's attribute writes made `element` read its computed style. */
  async function readsAfterPageWrites(element: HTMLElement): Promise<number> {
    const original = window.getComputedStyle;
    let reads = 0;
    window.getComputedStyle = function (this: Window, target: Element, pseudo?: string | null) {
      if (target === element) reads++;
      return original.call(this, target, pseudo);
    } as typeof window.getComputedStyle;
    try {
      for (let i = 0; i < 10; i++) {
        document.documentElement.setAttribute('data-watch-test', String(i));
        await Promise.resolve();
      }
      await frames(3);
    } finally {
      window.getComputedStyle = original;
    }
    return reads;
  }

  async function report(theme?: string): Promise<HTMLElement> {
    const element = document.createElement('khountous-report');
    element.setAttribute('base-url', sharedApi());
    element.setAttribute('slug', 'no-such-report');
    if (theme) element.setAttribute('theme', theme);
    await fixture(element);
    await settled(element);
    return element;
  }

  it('counts a style read of the element made while the page writes (the probe works)', async () => {
    const element = await report();
    // A listener of the page that reads the widget's style on each write: the probe must see it.
    const observer = new MutationObserver(() => void getComputedStyle(element).colorScheme);
    observer.observe(document.documentElement, { attributes: true });
    try {
      expect(await readsAfterPageWrites(element)).to.be.greaterThan(0);
    } finally {
      observer.disconnect();
    }
  });

  it('in every theme, page writes cost no style read (the scheme is decided in CSS)', async () => {
    const element = await report();
    expect(await readsAfterPageWrites(element)).to.equal(0);
    for (const theme of ['light', 'dark', 'auto']) {
      element.setAttribute('theme', theme);
      await (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      expect(await readsAfterPageWrites(element), theme).to.equal(0);
    }
  });

  it('off the page, page writes cost no style read', async () => {
    const element = await report();
    element.remove();
    expect(await readsAfterPageWrites(element)).to.equal(0);
  });
});
