// Engines: all three (custom elements, shadow roots, DOM observers and module loading differ between engines).
/**
 * The early start (src/boot/early-start.ts) while the answers travel: it has
 * the language's number and date formatters made, one per idle moment, so
 * that neither the text paint nor the element pays for the locale's data in
 * the task that shows the answer. And it gives each tag its box (src/widget/box.ts)
 * before the element's code arrives: the text after the tag is where the box ends. Once the
 * first requests have left, the delivery's import of the rest of the loader starts the loads
 * (`startWhenSent`), and when it fails the flights are let go and the console says why.
 */
import { expect } from '@open-wc/testing';
import { beginLoads, startWhenSent, type Begun } from '../../src/boot/early-start.js';
import { startLoads, type Started } from '../../src/boot/start-loads.js';
import type { KhountousLoader } from '../../src/core/loader/loader.js';
import { widgets } from '../../src/registry.js';
import { until } from '../helpers/frames.js';

describe('the early start', () => {
  it('has the formatters of its widgets’ language made while their answers travel, not in its own task', async () => {
    const made: string[] = [];
    const watched = <C extends typeof Intl.NumberFormat | typeof Intl.DateTimeFormat>(constructor: C): C =>
      new Proxy(constructor, {
        construct(target, args: [string?, object?]) {
          made.push(String(args[0]));
          return new (target as new (...args: unknown[]) => object)(...args);
        },
      });
    const { NumberFormat, DateTimeFormat } = Intl;
    Intl.NumberFormat = watched(NumberFormat);
    Intl.DateTimeFormat = watched(DateTimeFormat);
    // A loader whose answers never arrive: what happens meanwhile is the early start's doing.
    const loads: unknown[] = [];
    const loader = {
      load: (...args: unknown[]) => (loads.push(args), new Promise(() => {})),
    } as unknown as KhountousLoader;
    const element = document.createElement('khountous-ranking');
    element.setAttribute('lang', 'en');
    element.setAttribute('limit', '3');
    document.body.append(element);
    try {
      expect(startLoads(beginLoads([element], widgets, null), loader), 'its load').to.have.length(1);
      expect(loads).to.have.length(1);
      expect(made, 'none in the task that starts the loads').to.deep.equal([]);
      await until(() => made.filter((locale) => locale === 'en-GB').length >= 6, 'the six formatters of en');
      expect(
        made.every((locale) => locale === 'en-GB'),
        `only en's: ${made.join(', ')}`,
      ).to.equal(true);
    } finally {
      Intl.NumberFormat = NumberFormat;
      Intl.DateTimeFormat = DateTimeFormat;
      element.remove();
    }
  });

  for (const width of [320, 960])
    it(`gives each tag its box at ${width} px before its element is defined, the text after it below`, async () => {
      const loader = { load: () => new Promise(() => {}) } as unknown as KhountousLoader;
      const column = document.createElement('div');
      // A block formatting context of its own: the paragraph's margin stays inside it.
      column.style.cssText = `width: ${width}px; display: flow-root`;
      const tags = ['5', '10'].map((limit) => {
        const element = document.createElement('khountous-ranking');
        element.setAttribute('limit', limit);
        return element;
      });
      const card = document.createElement('khountous-admin-card');
      card.setAttribute('slug', 'mairie-de-bakel');
      card.setAttribute('variant', 'compact');
      const after = document.createElement('p');
      after.textContent = 'La suite de l’article.';
      column.append(...tags, card, after);
      document.body.append(column);
      try {
        const top = after.getBoundingClientRect().top;
        expect(startLoads(beginLoads([...tags, card], widgets, null), loader)).to.have.length(3);
        const heights = [...tags, card].map((element) => element.getBoundingClientRect().height);
        const [five, ten, compact] = heights;
        expect(five, 'a ranking of 5').to.be.above(200);
        expect(ten, 'a ranking of 10, taller').to.be.above(five! + 100);
        expect(compact, 'a compact card').to.be.within(50, 200);
        for (const element of [...tags, card]) {
          const rem = Number(getComputedStyle(element).getPropertyValue('--khountous-box'));
          expect(element.getBoundingClientRect().height).to.be.closeTo(rem * 16, 1);
        }
        const sum = heights.reduce((total, height) => total + height, 0);
        expect(
          after.getBoundingClientRect().top - top,
          'the text after them, below their boxes',
        ).to.be.closeTo(sum, 1);
      } finally {
        column.remove();
      }
    });

  it('narrower, a ranking’s box is taller (its names wrap)', () => {
    const loader = { load: () => new Promise(() => {}) } as unknown as KhountousLoader;
    const boxes = [320, 960].map((width) => {
      const column = document.createElement('div');
      column.style.width = `${width}px`;
      const element = document.createElement('khountous-ranking');
      element.setAttribute('limit', '8');
      column.append(element);
      document.body.append(column);
      startLoads(beginLoads([element], widgets, null), loader);
      const height = element.getBoundingClientRect().height;
      column.remove();
      return height;
    });
    expect(boxes[0]).to.be.above(boxes[1]! * 1.3);
  });

  describe('the rest of the loader, started once the first requests have left (startWhenSent)', () => {
    /** A discovery that planned one load, whose requests leave when `leave` is called. */
    const discovery = (plans = 1) => {
      let leave!: () => void;
      const settled: string[][] = [];
      const begun = {
        plans: Array.from({ length: plans }, () => ({})),
        early: { settle: (keys: string[]) => settled.push(keys) },
        keys: ['the-key'],
        sent: new Promise<void>((resolve) => (leave = resolve)),
      } as unknown as Begun;
      return { begun, leave, settled };
    };
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('imports it once the requests have left, starts the loads and hands them on', async () => {
      const { begun, leave, settled } = discovery();
      const started = [{}] as unknown as Started[];
      const calls: string[] = [];
      let handed: Started[] | undefined;
      startWhenSent(
        begun,
        () => {
          calls.push('load');
          return Promise.resolve({
            startLoads: ((given: Begun) => (
              calls.push(given === begun ? 'start' : 'other'),
              started
            )) as never,
          });
        },
        (loads) => (handed = loads),
      );
      await tick();
      expect(calls, 'nothing before the requests have left').to.deep.equal([]);
      leave();
      await until(() => handed, 'the loads handed on');
      expect(calls).to.deep.equal(['load', 'start']);
      expect(handed).to.equal(started);
      expect(settled, 'no flight let go by it').to.deep.equal([]);
    });

    it('lets the flights go and says why when the loader does not load', async () => {
      const { begun, leave, settled } = discovery();
      const logged: unknown[][] = [];
      const { error } = console;
      console.error = (...args: unknown[]) => logged.push(args);
      try {
        startWhenSent(begun, () => Promise.reject(new Error('offline')));
        leave();
        await until(() => settled.length > 0, 'the flights let go');
        expect(settled).to.deep.equal([['the-key']]);
        expect(logged.map((args) => args[0])).to.deep.equal(['khountous: could not load the loader']);
      } finally {
        console.error = error;
      }
    });

    it('imports nothing when nothing was planned', async () => {
      const { begun, leave } = discovery(0);
      let loaded = false;
      startWhenSent(begun, () => ((loaded = true), Promise.reject(new Error('not asked'))));
      leave();
      await tick();
      await tick();
      expect(loaded).to.equal(false);
    });
  });
});
