// Engines: Chromium (the controller's subscription and Task: logic no engine changes).
/**
 * The ResourceController through the elements that use it: one subscription,
 * for the current selection only, whatever the loads did; what the loader
 * notifies is shown without running the Task again; a notification for a
 * selection no longer shown changes nothing; the element's options (`partial`)
 * reach the loader.
 */
import { expect, fixtureCleanup } from '@open-wc/testing';
import '../../src/components/admin-card/define.js';
import '../../src/components/ranking/define.js';
import { KhountousError } from '../../src/core/errors.js';
import { getLoader, type LoadOptions, type Loaded, type Resource } from '../../src/core/loader/loader.js';
import type { AdministrationListItem, ListEnvelope } from '../../src/core/types.js';
import {
  api,
  countFetches,
  freshKit,
  isolatedApi,
  mount,
  settled,
  shadowText,
  sharedApi,
} from '../helpers/kit.js';
import { until } from '../helpers/frames.js';

type Ranking = ListEnvelope<AdministrationListItem>;
type Listener = (loaded: Loaded<unknown>) => void;
interface Subscription {
  resource: Resource;
  listener: Listener;
  options: unknown;
}
type Widget = HTMLElement & { updateComplete: Promise<unknown>; isUpdatePending: boolean };

/** The loader's live subscriptions and every load, with what they were given. */
function watchLoader(fail?: (resource: Resource) => unknown): {
  live: Subscription[];
  loads: { resource: Resource; options: LoadOptions }[];
  reads: { resource: Resource; options: unknown }[];
  restore: () => void;
} {
  const loader = getLoader();
  const { subscribe, load, peek } = loader;
  const live: Subscription[] = [];
  const loads: { resource: Resource; options: LoadOptions }[] = [];
  const reads: { resource: Resource; options: unknown }[] = [];
  loader.peek = ((resource: Resource, baseUrl: string, options?: { partial?: boolean }) => {
    reads.push({ resource, options });
    return peek.call(loader, resource, baseUrl, options);
  }) as typeof loader.peek;
  loader.subscribe = ((resource: Resource, baseUrl: string, listener: Listener, ...rest: unknown[]) => {
    const off = (subscribe as (...args: unknown[]) => () => void).call(
      loader,
      resource,
      baseUrl,
      listener,
      ...rest,
    );
    const entry = { resource, listener, options: rest[0] };
    live.push(entry);
    return () => {
      live.splice(live.indexOf(entry), 1);
      off();
    };
  }) as typeof loader.subscribe;
  loader.load = ((resource: Resource, options: LoadOptions) => {
    loads.push({ resource, options });
    const error = fail?.(resource);
    if (error) return Promise.reject(error);
    return load.call(loader, resource, options);
  }) as typeof loader.load;
  return {
    live,
    loads,
    reads,
    restore: () => {
      loader.subscribe = subscribe;
      loader.load = load;
      loader.peek = peek;
    },
  };
}

/** The names of a ranking's rows, without the figures folded under them. */
const names = (element: Element) =>
  [...element.shadowRoot!.querySelectorAll('tbody th')].map((th) =>
    [...th.childNodes]
      .filter(
        (node) => node.nodeType === Node.TEXT_NODE || ['a', 'bdi'].includes((node as Element).localName),
      )
      .map((node) => node.textContent)
      .join('')
      .trim(),
  );

/** A copy of a loaded ranking whose first name differs: what a revalidation could bring. */
function renamed(loaded: Loaded<unknown>, name: string): Loaded<Ranking> {
  const ranking = loaded.data as Ranking;
  const [first, ...rest] = ranking.data;
  return { ...loaded, fetchedAt: Date.now(), data: { ...ranking, data: [{ ...first!, name }, ...rest] } };
}

const pause = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ResourceController', () => {
  let ranking: Ranking;
  before(async () => {
    ranking = await api<Ranking>(sharedApi(), '/administrations?limit=5');
  });
  beforeEach(freshKit);
  afterEach(fixtureCleanup);

  it('draws cached data in its first render: no skeleton, no load', async () => {
    const first = await mount<Widget>('khountous-ranking', { limit: '4' });
    expect(first.getAttribute('state')).to.equal('ready');
    const watch = watchLoader();
    try {
      // What each render of a second ranking of the same list drew, as the render ends.
      const renders: { skeleton: boolean; rows: number }[] = [];
      const second = document.createElement('khountous-ranking') as Widget & {
        addController(controller: { hostUpdated(): void }): void;
      };
      second.setAttribute('base-url', sharedApi());
      second.setAttribute('limit', '4');
      second.addController({
        hostUpdated: () =>
          renders.push({
            skeleton: second.shadowRoot!.querySelector('.skeleton') !== null,
            rows: second.shadowRoot!.querySelectorAll('tbody tr').length,
          }),
      });
      document.body.append(second);
      await second.updateComplete;
      await pause();
      try {
        expect(renders[0], 'the first render').to.deep.equal({ skeleton: false, rows: 4 });
        expect(renders, 'one render').to.have.length(1);
        expect(watch.loads, 'no load').to.have.length(0);
        expect(second.getAttribute('state')).to.equal('ready');
      } finally {
        second.remove();
      }
    } finally {
      watch.restore();
    }
  });

  it('shows what the loader notifies with one update, without running the Task again', async () => {
    const watch = watchLoader();
    try {
      const element = await mount<Widget>('khountous-ranking', { limit: '3' });
      const root = element.shadowRoot!.querySelector('[part~="base"]')!;
      // The first load over: `ready` can show the loader's data while the element's Task has not
      // settled yet (aria-busy still true), which a loaded machine makes last long enough to see.
      await until(() => root.getAttribute('aria-busy') === 'false' || undefined, 'the first load over');
      const events: unknown[] = [];
      element.addEventListener('khountous-load', (event) => events.push((event as CustomEvent).detail));
      expect(watch.loads).to.have.length(1);
      expect(watch.live).to.have.length(1);
      const fresh = renamed(getLoader().peek(watch.live[0]!.resource, sharedApi())!, 'Renamed 1');
      watch.live[0]!.listener(fresh);
      expect(element.isUpdatePending, 'one update requested').to.equal(true);
      await element.updateComplete;
      expect(root.getAttribute('aria-busy'), 'no load running').to.equal('false');
      expect(names(element)[0]).to.equal('Renamed 1');
      expect(element.getAttribute('state')).to.equal('ready');
      expect(events, 'khountous-load with the new data').to.deep.equal([fresh.data]);
      await pause();
      expect(watch.loads, 'no load after the notification').to.have.length(1);
      // The same data again (a 304): no new event.
      watch.live[0]!.listener({ ...fresh, fetchedAt: Date.now() });
      await element.updateComplete;
      expect(events).to.have.length(1);
    } finally {
      watch.restore();
    }
  });

  it('shows data the loader brings after an error (its recovery), with no load from the element', async () => {
    const base = isolatedApi('recovery');
    const watch = watchLoader(() => new KhountousError('server', 'Down for a moment.'));
    try {
      const element = await mount<Widget>('khountous-ranking', { limit: '5', 'base-url': base });
      expect(element.getAttribute('state')).to.equal('error');
      expect(watch.live, 'still subscribed while the error shows').to.have.length(1);
      const loads = watch.loads.length;
      const events: unknown[] = [];
      element.addEventListener('khountous-load', (event) => events.push((event as CustomEvent).detail));
      watch.live[0]!.listener({ data: ranking, stale: false, fetchedAt: Date.now() });
      expect(await settled(element, ['ready'])).to.equal('ready');
      expect(names(element)).to.deep.equal(ranking.data.map((item) => item.name));
      expect(shadowText(element)).not.to.contain('Réessayer');
      expect(events).to.deep.equal([ranking]);
      await pause();
      expect(watch.loads).to.have.length(loads);
    } finally {
      watch.restore();
    }
  });

  it('stops the load of a plan no longer shown, also one run by a Task that a notification replaced', async () => {
    const watch = watchLoader();
    const loader = getLoader();
    const { load } = loader;
    // Loads that never end: the element's first run stays under way.
    const signals: (AbortSignal | undefined)[] = [];
    loader.load = ((resource: Resource, options: LoadOptions) => {
      signals.push(options.signal);
      return new Promise(() => {});
    }) as typeof loader.load;
    try {
      const element = await mount<Widget>('khountous-ranking', { limit: '3' }, { settle: false });
      await until(() => signals.length === 1 || undefined, 'the first load');
      expect(watch.live).to.have.length(1);
      // The loader brings the data another caller asked for: shown, the run left under way.
      watch.live[0]!.listener({ data: ranking, stale: false, fetchedAt: Date.now() });
      expect(await settled(element, ['ready'])).to.equal('ready');
      expect(signals[0]!.aborted, 'its load goes on while the plan is shown').to.equal(false);
      element.setAttribute('limit', '2');
      await element.updateComplete;
      expect(signals[0]!.aborted, 'stopped when the plan changes').to.equal(true);
    } finally {
      loader.load = load;
      watch.restore();
    }
  });

  it('leaves the previous selection when it changes, and ignores what it notifies then', async () => {
    const watch = watchLoader();
    try {
      const element = await mount<Widget>('khountous-ranking', { limit: '3' });
      const [old] = watch.live;
      element.setAttribute('limit', '2');
      await element.updateComplete;
      expect(watch.live, 'one subscription').to.have.length(1);
      expect(watch.live[0]).not.to.equal(old);
      expect(watch.live[0]!.resource).to.deep.include({ kind: 'administrations' });
      expect((watch.live[0]!.resource as { query: { limit: number } }).query.limit).to.equal(2);
      await settled(element, ['ready']);
      const shown = names(element);
      expect(shown).to.have.length(2);
      // A late notification of the old selection (its listener kept by someone): ignored.
      old!.listener(renamed(getLoader().peek(old!.resource, sharedApi())!, 'Old selection'));
      expect(element.isUpdatePending).to.equal(false);
      await pause();
      expect(names(element)).to.deep.equal(shown);
    } finally {
      watch.restore();
    }
  });

  it('a compact card follows its current slug, also when a cached ranking serves it', async () => {
    const [a, b] = [ranking.data[0]!, ranking.data[1]!];
    const warm = await mount('khountous-ranking', { limit: '5' });
    expect(warm.getAttribute('state')).to.equal('ready');
    const watch = watchLoader();
    try {
      const card = await mount<Widget>('khountous-admin-card', { slug: a.slug });
      const slugOf = (subscription: Subscription) => (subscription.resource as { slug?: string }).slug;
      expect(watch.live.filter((s) => s.resource.kind === 'administration').map(slugOf)).to.deep.equal([
        a.slug,
      ]);
      // Compact and another slug: the cached ranking row is enough, nothing is fetched.
      const fetches = countFetches();
      try {
        card.setAttribute('variant', 'compact');
        card.setAttribute('slug', b.slug);
        await card.updateComplete;
        expect(await settled(card, ['ready'])).to.equal('ready');
        expect(shadowText(card)).to.contain(b.name);
        expect(fetches.urls, 'served from the cached ranking').to.deep.equal([]);
      } finally {
        fetches.restore();
      }
      const cards = watch.live.filter((s) => s.resource.kind === 'administration');
      expect(cards.map(slugOf), 'only the current slug').to.deep.equal([b.slug]);
      expect(cards[0]!.options, 'a summary will do').to.deep.equal({ partial: true });
      // Off the page: no subscription at all.
      card.remove();
      expect(watch.live.filter((s) => s.resource.kind === 'administration')).to.deep.equal([]);
    } finally {
      watch.restore();
    }
  });

  it('passes partial to the cache reads and loads of a compact card, and nothing to a full one', async () => {
    const watch = watchLoader();
    try {
      const slug = ranking.data[2]!.slug;
      await mount('khountous-admin-card', { slug, variant: 'compact' });
      // Shown from the cache (the ranking's summary) or loaded: either way, a summary will do.
      expect(watch.reads[0]!.options).to.deep.equal({ partial: true });
      for (const load of watch.loads) expect(load.options).to.include({ partial: true });
      const [reads, loads] = [watch.reads.length, watch.loads.length];
      await mount('khountous-admin-card', { slug });
      expect(watch.reads[reads]!.options, 'the full card reads the cache without partial').to.equal(
        undefined,
      );
      for (const load of watch.loads.slice(loads)) expect(load.options).not.to.have.property('partial');
      const options = watch.live.map((s) => s.options);
      expect(options).to.deep.equal([{ partial: true }, undefined]);
    } finally {
      watch.restore();
    }
  });

  it('makes the plan once per update, and again as soon as an input changes', async () => {
    const element = await mount<
      Widget & {
        limit: number;
        requestUpdate(): void;
        input(attribute: string): unknown;
        data: { selection: unknown };
      }
    >('khountous-ranking', { limit: '4' });
    // Every plan reads the base URL once (and with it the page's meta and address).
    let plans = 0;
    const input = element.input;
    element.input = function (this: typeof element, attribute: string) {
      if (attribute === 'base-url') plans++;
      return input.call(this, attribute);
    };
    element.requestUpdate();
    await element.updateComplete;
    expect(plans, 'one plan for the update, its render and its state').to.equal(1);
    // Within the same turn, a changed input is seen at once.
    element.limit = 6;
    expect((element.data.selection as { limit: number }).limit).to.equal(6);
    await element.updateComplete;
    expect(await settled(element)).to.equal('ready');
    expect(element.shadowRoot!.querySelectorAll('tbody tr')).to.have.length(6);
  });

  it('makes the plan again when put elsewhere, under another language: no load in the old one', async () => {
    const [fr, en] = ['fr', 'en'].map((lang) => {
      const container = document.createElement('div');
      container.lang = lang;
      document.body.append(container);
      return container;
    });
    try {
      const element = document.createElement('khountous-ranking') as unknown as Widget & {
        data: { selection: { lang: string } };
      };
      element.setAttribute('base-url', sharedApi());
      fr!.append(element);
      await settled(element);
      const watch = watchLoader();
      try {
        expect(element.data.selection.lang).to.equal('fr');
        // In the same turn as that read: what the element loads on its return is in English.
        en!.append(element);
        expect(element.data.selection.lang).to.equal('en');
        await settled(element);
        const langs = watch.loads.map((load) => (load.resource as { query?: { lang?: string } }).query?.lang);
        expect(langs).to.include('en');
        expect(langs, 'no load in the language of the place it left').not.to.include('fr');
      } finally {
        watch.restore();
      }
    } finally {
      fr!.remove();
      en!.remove();
    }
  });
});
