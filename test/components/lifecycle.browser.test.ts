// Engines: all three (custom elements, shadow roots, DOM observers and module loading differ between engines).
/**
 * What every element does over its life on the page: taken off and put back,
 * a selection that changes while loading, revalidations that bring nothing
 * new, errors announced politely, and lists that re-render for the budget only
 * when they show it.
 */
import { expect, fixtureCleanup } from '@open-wc/testing';
import '../../src/components/admin-card/define.js';
import '../../src/components/ranking/define.js';
import '../../src/components/reports/define.js';
import {
  getLoader,
  QUOTA_EVENT,
  type LoadOptions,
  type Loaded,
  type Resource,
} from '../../src/core/loader/loader.js';
import type { Administration, AdministrationListItem, ListEnvelope } from '../../src/core/types.js';
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

type Listener = (loaded: Loaded<unknown>) => void;

/** Follows the loader's subscriptions: the listeners subscribed now, and every load's options. */
function watchLoader(): { live: Set<Listener>; loads: LoadOptions[]; restore: () => void } {
  const loader = getLoader();
  const subscribe = loader.subscribe;
  const load = loader.load;
  const live = new Set<Listener>();
  const loads: LoadOptions[] = [];
  loader.subscribe = ((resource: Resource, baseUrl: string, listener: Listener) => {
    const off = subscribe.call(loader, resource, baseUrl, listener);
    live.add(listener);
    return () => {
      live.delete(listener);
      off();
    };
  }) as typeof loader.subscribe;
  loader.load = ((resource: Resource, options: LoadOptions) => {
    loads.push(options);
    return load.call(loader, resource, options);
  }) as typeof loader.load;
  return {
    live,
    loads,
    restore: () => {
      loader.subscribe = subscribe;
      loader.load = load;
    },
  };
}

const pause = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

describe('element lifecycle', () => {
  let admins: ListEnvelope<AdministrationListItem>;
  before(async () => {
    admins = await api(sharedApi(), '/administrations?limit=5');
  });
  beforeEach(freshKit);
  afterEach(fixtureCleanup);

  it('gives the first update of each element put on the page together a task of its own', async () => {
    type Element = HTMLElement & {
      hasUpdated: boolean;
      updateComplete: Promise<unknown>;
      addController(controller: { hostUpdated(): void }): void;
    };
    const elements = ['khountous-ranking', 'khountous-admin-card', 'khountous-reports'].map((tag) => {
      const element = document.createElement(tag) as Element;
      element.setAttribute('base-url', sharedApi());
      if (tag === 'khountous-admin-card') element.setAttribute('slug', admins.data[0]!.slug);
      return element;
    });
    // How many of the elements had rendered once the microtasks of each one's first render ran.
    const rendered: number[] = [];
    for (const element of elements) {
      let first = true;
      element.addController({
        hostUpdated: () => {
          if (!first) return;
          first = false;
          queueMicrotask(() => rendered.push(elements.filter((other) => other.hasUpdated).length));
        },
      });
    }
    document.body.append(...elements);
    try {
      expect(elements.map((element) => element.hasUpdated)).to.deep.equal([false, false, false]);
      await Promise.all(elements.map((element) => element.updateComplete));
      await pause();
      // In one task, every render would come before those microtasks: 3, 3 and 3.
      expect(rendered).to.deep.equal([1, 2, 3]);
    } finally {
      for (const element of elements) element.remove();
    }
  });

  it('follows the loader again once taken off the page and put back, with no request', async () => {
    const watch = watchLoader();
    try {
      const element = await mount('khountous-ranking', { limit: '3' });
      expect(watch.live.size).to.equal(1);
      const parent = element.parentNode!;
      element.remove();
      expect(watch.live.size, 'off the page').to.equal(0);
      const fetches = countFetches();
      try {
        parent.append(element);
        expect(await settled(element)).to.equal('ready');
        await pause();
        expect(watch.live.size, 'back on the page').to.equal(1);
        expect(fetches.urls, 'served from cache').to.deep.equal([]);
      } finally {
        fetches.restore();
      }
      // A revalidation reaches it again.
      const [listener] = [...watch.live];
      listener!(
        getLoader().peek({ kind: 'administrations', query: { lang: 'fr', limit: 3, page: 1 } }, sharedApi())!,
      );
      expect((element as unknown as { isUpdatePending: boolean }).isUpdatePending).to.equal(true);
      expect(await settled(element)).to.equal('ready');
    } finally {
      watch.restore();
    }
  });

  for (const withAny of [true, false]) {
    it(`aborts its load when taken off the page, and loads again when put back${withAny ? '' : ' (without AbortSignal.any)'}`, async () => {
      const any = (AbortSignal as { any?: unknown }).any;
      if (!withAny) (AbortSignal as { any?: unknown }).any = undefined;
      const watch = watchLoader();
      try {
        const errors: Event[] = [];
        const element = await mount(
          'khountous-ranking',
          { limit: '4', 'base-url': isolatedApi('abort') },
          { settle: false },
        );
        element.addEventListener('khountous-error', (event) => errors.push(event));
        expect(watch.loads).to.have.length(1);
        const parent = element.parentNode!;
        element.remove();
        expect(watch.loads[0]!.signal!.aborted, 'the load is aborted').to.equal(true);
        await pause();
        expect(element.getAttribute('state')).not.to.equal('error');
        parent.append(element);
        expect(await settled(element)).to.equal('ready');
        expect(element.shadowRoot!.querySelectorAll('tbody tr')).to.have.length(4);
        expect(errors).to.deep.equal([]);
      } finally {
        watch.restore();
        (AbortSignal as { any?: unknown }).any = any;
      }
    });
  }

  it('shows the loading state, not the previous data, while a new selection loads', async () => {
    const [first, second] = [admins.data[0]!, admins.data[1]!];
    const element = await mount('khountous-admin-card', { slug: first.slug });
    expect(element.getAttribute('state')).to.equal('ready');
    element.setAttribute('slug', second.slug);
    await (element as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(element.getAttribute('state')).to.equal('loading');
    expect(shadowText(element)).not.to.contain(first.name);
    expect(await settled(element)).to.equal('ready');
    const profile = await api<Administration>(sharedApi(), `/administrations/${second.slug}`);
    expect(element.shadowRoot!.querySelector('[part="title"]')!.textContent).to.equal(profile.name);

    // The same selection loaded again (a revalidation) keeps the content shown.
    (element as unknown as { retry: () => void }).retry();
    await (element as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(element.getAttribute('state')).to.equal('ready');
    expect(element.shadowRoot!.querySelector('[part="title"]')!.textContent).to.equal(profile.name);
  });

  it('fires khountous-load once per new data, not again for a revalidation that brings the same', async () => {
    const watch = watchLoader();
    try {
      const loads: unknown[] = [];
      const element = document.createElement('khountous-ranking');
      element.setAttribute('base-url', sharedApi());
      element.setAttribute('limit', '3');
      element.addEventListener('khountous-load', (event) => loads.push((event as CustomEvent).detail));
      const parent = await mount('div', {}, { settle: false });
      parent.append(element);
      await settled(element);
      expect(loads).to.have.length(1);
      // What the loader tells its subscribers after a 304: the same data.
      const same = getLoader().peek(
        { kind: 'administrations', query: { lang: 'fr', limit: 3, page: 1 } },
        sharedApi(),
      )!;
      for (const listener of [...watch.live]) listener(same);
      await pause();
      await settled(element);
      expect(loads, 'same data').to.have.length(1);
      element.setAttribute('limit', '2');
      await pause();
      await settled(element);
      expect(loads, 'new data').to.have.length(2);
    } finally {
      watch.restore();
    }
  });

  it('shows errors in a polite status, not an assertive alert', async () => {
    const element = await mount('khountous-admin-card', { slug: 'no-such-administration' });
    expect(element.getAttribute('state')).to.equal('error');
    const error = element.shadowRoot!.querySelector('[part~="error"]')!;
    expect(error.getAttribute('role')).to.equal('status');
    expect(element.shadowRoot!.querySelector('[role="alert"]')).to.equal(null);
  });

  for (const tag of ['khountous-ranking', 'khountous-reports']) {
    it(`<${tag}> re-renders on budget changes only with paginate`, async () => {
      const element = (await mount(tag, { limit: '2' })) as HTMLElement & {
        isUpdatePending: boolean;
        updateComplete: Promise<unknown>;
        paginate: boolean;
      };
      getLoader().dispatchEvent(new Event(QUOTA_EVENT));
      expect(element.isUpdatePending, 'without paginate').to.equal(false);
      element.paginate = true;
      await element.updateComplete;
      getLoader().dispatchEvent(new Event(QUOTA_EVENT));
      expect(element.isUpdatePending, 'with paginate').to.equal(true);
      await element.updateComplete;
      element.paginate = false;
      await element.updateComplete;
      getLoader().dispatchEvent(new Event(QUOTA_EVENT));
      expect(element.isUpdatePending, 'paginate removed').to.equal(false);
    });
  }
});
