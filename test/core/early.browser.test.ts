// Engines: all three (Web Locks, storage and fetch, which the early flights hold and spend, differ between engines).
/**
 * The loader's early flights (src/core/loader/early.ts) in real browsers against the reference
 * API: the first request of a resource, sent before the page's loader exists, is the loader's
 * first attempt. One request and one take from the budget for it; its key's Web Lock held from
 * before it leaves until its answer is stored; nothing sent where storage may answer or the
 * budget is spent; and, whatever the widgets and the budget, never more requests than the
 * budget allows nor more than one per resource.
 */
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { beginLoads, beginLoadsSoon } from '../../src/boot/early-start.js';
import { startLoads } from '../../src/boot/start-loads.js';
import { budgetKey, createBudget } from '../../src/core/budget.js';
import { readCacheIndex } from '../../src/core/cache-index.js';
import { describe as targetOf, urlOf, type Resource } from '../../src/core/endpoints.js';
import { isKhountousError } from '../../src/core/errors.js';
import { Early } from '../../src/core/loader/early.js';
import { DEFAULTS } from '../../src/core/loader/options.js';
import { createLoader, getLoader } from '../../src/core/loader/loader.js';
import { pageNamespace } from '../../src/core/names.js';
import { createSafeStorage } from '../../src/core/storage.js';
import { widgets as registry } from '../../src/registry.js';
import { countFetches, freshKit, isolatedApi, kitNames } from '../helpers/kit.js';

/** The test page's namespace (its storage, locks and channel), which freshKit clears. */
const namespace = pageNamespace();

const ranking = (limit: number): Resource => ({ kind: 'administrations', query: { limit } });

/** Whether the Web Lock `name` could be had at once (neither held nor asked for). */
const lockFree = (name: string): Promise<boolean> =>
  navigator.locks.request(name, { ifAvailable: true }, (lock) => lock !== null);

/** Waits until `condition` holds, for up to two seconds. */
async function until(condition: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 100; turn++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting until ${what}`);
}

const storedKeys = () => Object.keys(readCacheIndex(createSafeStorage({ prefix: kitNames.storage })));

describe('early flights', () => {
  beforeEach(freshKit);
  afterEach(freshKit);

  it('the loader takes an early flight as its first attempt: one request, one take from the budget, the answer stored', async () => {
    const base = isolatedApi('early-adopted');
    const fetches = countFetches();
    try {
      const early = new Early(namespace);
      const target = targetOf(ranking(3), base);
      early.send(target);
      const loader = createLoader({ early, namespace });
      const loaded = await loader.load(ranking(3), { baseUrl: base, lazy: false });
      early.settle([target.key]);
      expect(fetches.urls).to.deep.equal([urlOf(target)]);
      expect((loaded.data as { data: unknown[] }).data).to.have.length(3);
      const stats = loader.stats(base);
      expect(stats.requests, 'counted once').to.equal(1);
      expect(stats.remaining, 'taken once from the budget').to.equal(59);
      expect(storedKeys(), 'stored, as a later page reads it').to.include(target.key);
    } finally {
      fetches.restore();
    }
  });

  it("holds its key's lock from before it leaves until the loader has stored its answer", async () => {
    const base = isolatedApi('early-lock');
    const early = new Early(namespace);
    const target = targetOf(ranking(2), base);
    const lock = kitNames.lock + target.key;
    early.send(target);
    expect(await lockFree(lock), 'asked for at once').to.equal(false);
    const loader = createLoader({ early, namespace });
    const loading = loader.load(ranking(2), { baseUrl: base, lazy: false });
    expect(await lockFree(lock), 'held while the answer travels').to.equal(false);
    await loading;
    expect(storedKeys()).to.include(target.key);
    await until(() => lockFree(lock), 'the lock is free once the answer is stored');
  });

  it('one the loader does not claim frees its lock once the loader has started; its request stays counted', async () => {
    const base = isolatedApi('early-unclaimed');
    const fetches = countFetches();
    try {
      const early = new Early(namespace);
      const target = targetOf(ranking(4), base);
      early.send(target);
      const loader = createLoader({ early, namespace });
      // The page asks for another window of the list: the early flight is nobody's.
      await loader.load(ranking(6), { baseUrl: base, lazy: false });
      early.settle([target.key]);
      await until(() => lockFree(kitNames.lock + target.key), 'the unclaimed flight frees its lock');
      expect(fetches.urls).to.have.length(2);
      expect(loader.stats(base).remaining, 'both requests counted').to.equal(58);
    } finally {
      fetches.restore();
    }
  });

  it("asks for its request at high fetch priority, ahead of the page's files; the loader's own requests at the default", async () => {
    const base = isolatedApi('early-priority');
    const fetches = countFetches();
    try {
      const early = new Early(namespace);
      const target = targetOf(ranking(3), base);
      early.send(target);
      await early.whenSent();
      const loader = createLoader({ early, namespace });
      await loader.load(ranking(3), { baseUrl: base, lazy: false });
      early.settle([target.key]);
      // Another resource, which no flight sent: the loader's own request.
      const other: Resource = { kind: 'administrations', query: { limit: 3, region: 'kolda' } };
      await loader.load(other, { baseUrl: base, lazy: false });
      expect(fetches.urls).to.deep.equal([urlOf(target), urlOf(targetOf(other, base))]);
      expect(fetches.priorities).to.deep.equal(['high', undefined]);
    } finally {
      fetches.restore();
    }
  });

  it('one whose loader never comes frees its lock after the request timeout; its request stays counted', async () => {
    const base = isolatedApi('early-abandoned');
    const fetches = countFetches();
    // The time limit's timer, caught as it is set (the others run as they would).
    const realSetTimeout = globalThis.setTimeout;
    const limits: (() => void)[] = [];
    globalThis.setTimeout = ((callback: () => void, ms?: number) => {
      if (ms === DEFAULTS.requestTimeout) {
        limits.push(callback);
        return 0;
      }
      return realSetTimeout(callback, ms);
    }) as typeof setTimeout;
    let early: Early;
    let target: ReturnType<typeof targetOf>;
    try {
      early = new Early(namespace);
      target = targetOf(ranking(5), base);
      early.send(target);
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
    try {
      expect(limits, 'one time limit, of the request timeout').to.have.length(1);
      await early.whenSent();
      const lock = kitNames.lock + target.key;
      expect(await lockFree(lock), 'held while no loader has come').to.equal(false);
      limits[0]!();
      await until(() => lockFree(lock), 'the lock is free once the time limit has passed');
      // A loader that comes late finds no flight to take: it sends for itself, within the budget.
      const loader = createLoader({ early, namespace });
      await loader.load(ranking(5), { baseUrl: base, lazy: false });
      expect(fetches.urls).to.have.length(2);
      expect(loader.stats(base).remaining, 'both requests counted').to.equal(58);
    } finally {
      fetches.restore();
    }
  });

  it('sends nothing where storage holds its list (any window): the loader answers from it', async () => {
    const base = isolatedApi('early-stored');
    await createLoader({ namespace }).load(ranking(10), { baseUrl: base, lazy: false });
    const fetches = countFetches();
    try {
      const early = new Early(namespace);
      early.send(targetOf(ranking(5), base));
      const loader = createLoader({ early, namespace });
      const loaded = await loader.load(ranking(5), { baseUrl: base, lazy: false });
      early.settle([]);
      expect((loaded.data as { data: unknown[] }).data).to.have.length(5);
      expect(fetches.urls, 'served from the stored window of 10').to.deep.equal([]);
    } finally {
      fetches.restore();
    }
  });

  it('sends nothing when the budget is spent: the loader says so, and the API hears nothing', async () => {
    const base = isolatedApi('early-spent');
    const fetches = countFetches();
    try {
      const early = new Early(namespace);
      const budget = early.budget(base);
      for (let sent = 0; sent < 60; sent++) budget.record(Date.now());
      const urlKey = targetOf(ranking(3), base).key;
      early.send(targetOf(ranking(3), base));
      const loader = createLoader({ early, namespace });
      const failed = await loader.load(ranking(3), { baseUrl: base, lazy: false }).then(
        () => undefined,
        (error: unknown) => error,
      );
      early.settle([urlKey]);
      expect(isKhountousError(failed, 'quota'), String(failed)).to.equal(true);
      expect(fetches.urls).to.deep.equal([]);
    } finally {
      fetches.restore();
    }
  });

  it('the deliveries plan in the task that finds the tags, with no storage read, and send in a task of their own', async () => {
    const base = isolatedApi('early-soon');
    const container = document.createElement('div');
    document.body.append(container);
    const fetches = countFetches();
    // Every call to the page's storage, by method.
    const calls: string[] = [];
    const methods = ['getItem', 'setItem', 'removeItem', 'key'] as const;
    const originals = methods.map((name) => Storage.prototype[name]);
    methods.forEach((name, index) => {
      const original = originals[index] as (this: Storage, ...args: unknown[]) => unknown;
      (Storage.prototype as unknown as Record<string, unknown>)[name] = function (
        this: Storage,
        ...args: unknown[]
      ) {
        calls.push(name);
        return original.apply(this, args);
      };
    });
    // Every Intl formatter made.
    const made: string[] = [];
    const { NumberFormat, DateTimeFormat } = Intl;
    const watched = <C extends typeof Intl.NumberFormat | typeof Intl.DateTimeFormat>(constructor: C): C =>
      new Proxy(constructor, {
        construct(target, args: unknown[]) {
          made.push(target.name);
          return new (target as new (...args: unknown[]) => object)(...args);
        },
      });
    Intl.NumberFormat = watched(NumberFormat);
    Intl.DateTimeFormat = watched(DateTimeFormat);
    try {
      const element = document.createElement('khountous-ranking');
      for (const [name, value] of Object.entries({ 'base-url': base, limit: '3', lazy: 'false' }))
        element.setAttribute(name, value);
      container.append(element);
      const soon = beginLoadsSoon([element]);
      // In this task: the plan and its box, nothing read from storage, nothing sent.
      expect(element.getBoundingClientRect().height, 'its box reserved').to.be.above(100);
      expect(calls, 'no storage read in the task that plans').to.deep.equal([]);
      let begun: Awaited<typeof soon> | undefined;
      void soon.then((value) => (begun = value));
      await Promise.resolve();
      expect(begun, 'not sent in a microtask of the same task').to.equal(undefined);
      begun = await soon;
      expect(begun.plans, 'its plan').to.have.length(1);
      expect(begun.keys, 'its flight').to.have.length(1);
      expect(calls.length, 'the budget read and written in the next task').to.be.above(0);
      // The engine's Intl data, loaded in idle moments while the answer travels (i18n/idle.ts),
      // neither in the task that plans nor in the one that sends.
      expect(made, 'no formatter made in the tasks that plan and send').to.deep.equal([]);
      await until(
        () => made.includes('NumberFormat') && made.includes('DateTimeFormat'),
        'the Intl data loaded',
      );
      expect(made.slice(0, 2), 'a number formatter first, a date formatter next').to.deep.equal([
        'NumberFormat',
        'DateTimeFormat',
      ]);
      await begun.sent;
      await until(() => fetches.urls.length === 1, 'the request left');
      await Promise.all(startLoads(begun).map(({ loaded }) => loaded));
      expect(fetches.urls, 'one request').to.have.length(1);
    } finally {
      Intl.NumberFormat = NumberFormat;
      Intl.DateTimeFormat = DateTimeFormat;
      methods.forEach((name, index) => {
        (Storage.prototype as unknown as Record<string, unknown>)[name] = originals[index];
      });
      fetches.restore();
      container.remove();
    }
  });

  it("the flights of a later discovery are not let go by an earlier one's start: each resource once", async () => {
    const base = isolatedApi('early-two');
    const container = document.createElement('div');
    document.body.append(container);
    const fetches = countFetches();
    try {
      const tag = (region: string) => {
        const element = document.createElement('khountous-ranking');
        for (const [name, value] of Object.entries({ 'base-url': base, region, limit: '3', lazy: 'false' }))
          element.setAttribute(name, value);
        container.append(element);
        return element;
      };
      // Two discoveries (the page's observer, then a later tag) before the loader has arrived.
      const first = beginLoads([tag('dakar')], registry);
      const second = beginLoads([tag('kolda')], registry);
      expect([first.keys.length, second.keys.length], 'each sent its own').to.deep.equal([1, 1]);
      await Promise.all([first.sent, second.sent]);
      expect(fetches.urls, 'both requests left').to.have.length(2);
      await Promise.all(startLoads(first).map(({ loaded }) => loaded));
      // The first one's flights let go; the second one's still waits for its loads.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await Promise.all(startLoads(second).map(({ loaded }) => loaded));
      expect(fetches.urls, 'one request per resource').to.have.length(2);
      expect(getLoader().stats(base).requests).to.equal(2);
    } finally {
      fetches.restore();
      container.remove();
    }
  });

  it('a lazy card far below takes the ranking row the list in view brings, at once and with no request of its own', async () => {
    const base = isolatedApi('early-far-seeded');
    const ranking = document.createElement('khountous-ranking');
    ranking.setAttribute('base-url', base);
    ranking.setAttribute('limit', '8');
    // Four screens below: the loader's near wait would hold its own load until the reader scrolls.
    const spacer = Object.assign(document.createElement('div'), { style: `height: ${4 * innerHeight}px` });
    const listed = await fetch(`${base}/administrations?limit=8`).then(
      (response) => response.json() as Promise<{ data: { slug: string; name: string }[] }>,
    );
    const row = listed.data[7]!;
    const card = document.createElement('khountous-admin-card');
    for (const [name, value] of Object.entries({ 'base-url': base, slug: row.slug, variant: 'compact' }))
      card.setAttribute(name, value);
    document.body.append(ranking, spacer, card);
    const fetches = countFetches();
    try {
      const [list, far] = startLoads(beginLoads([ranking, card], registry));
      await list!.loaded;
      const seeded = await Promise.race([
        far!.loaded,
        new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 2000)),
      ]);
      expect(seeded, 'answered without coming near').to.not.equal('waiting');
      const loaded = seeded as Exclude<typeof seeded, 'waiting'>;
      expect(loaded.partial, 'a part of the list').to.equal(true);
      expect((loaded.data as { name: string }).name).to.equal(row.name);
      expect(fetches.urls, 'only the list').to.have.length(1);
      expect(fetches.urls[0]).to.match(/\/administrations\?/);
    } finally {
      fetches.restore();
      for (const element of [ranking, spacer, card]) element.remove();
    }
  });

  it('whatever the widgets in view and what remains of the budget: no more requests than the loader alone sends, one per resource, never beyond the budget', async function () {
    // Two pages of real requests for each of its runs.
    this.timeout(120_000);
    const container = document.createElement('div');
    document.body.append(container);
    /** The widgets' loads started on a page whose budget has `left` requests: early, or by a loader alone. */
    const run = async (widgets: { region: string; limit: number }[], left: number, early: boolean) => {
      freshKit();
      const base = isolatedApi('early-property');
      const spent = createBudget({
        storage: createSafeStorage({ prefix: kitNames.storage }),
        storageKey: budgetKey(base),
      });
      for (let sent = 0; sent < 60 - left; sent++) spent.record(Date.now());
      container.replaceChildren(
        ...widgets.map(({ region, limit }) => {
          const element = document.createElement('khountous-ranking');
          for (const [name, value] of Object.entries({ 'base-url': base, region, limit, lazy: 'false' }))
            element.setAttribute(name, String(value));
          return element;
        }),
      );
      const fetches = countFetches();
      try {
        const loads = early
          ? startLoads(beginLoads([...container.children], registry))
          : startLoads(beginLoads([...container.children], registry, null), createLoader({ namespace }));
        const outcomes = await Promise.all(
          loads.map(({ loaded }) =>
            loaded.then(
              () => 'data',
              (error: unknown) => (isKhountousError(error, 'quota') ? 'quota' : String(error)),
            ),
          ),
        );
        // Flights nobody claimed let go (Early.settle).
        await new Promise((resolve) => setTimeout(resolve, 30));
        return { urls: [...fetches.urls], outcomes };
      } finally {
        fetches.restore();
      }
    };
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({ region: fc.constantFrom('dakar', 'thies', 'kolda'), limit: fc.constantFrom(3, 5) }),
            { minLength: 1, maxLength: 5 },
          ),
          fc.integer({ min: 0, max: 4 }),
          async (widgets, left) => {
            const alone = await run(widgets, left, false);
            const early = await run(widgets, left, true);
            expect(early.urls.length, 'no more requests than the loader alone').to.be.at.most(
              alone.urls.length,
            );
            expect(new Set(early.urls).size, 'one request per resource').to.equal(early.urls.length);
            expect(early.urls.length, 'within the budget').to.be.at.most(left);
            for (const outcome of early.outcomes) expect(['data', 'quota']).to.include(outcome);
          },
        ),
        { numRuns: 15 },
      );
    } finally {
      container.remove();
    }
  });
});
