// Engines: all three (storage, Web Locks, the channel and the viewport's observer differ between engines).
/**
 * The loader in real browsers against the reference API: one request for many
 * consumers, one budget for the pages of a site, and never a 429 from the API.
 */
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import '../../src/components/ranking/define.js';
import { isKhountousError } from '../../src/core/errors.js';
import { getLoader, type KhountousLoader } from '../../src/core/loader/loader.js';
import type { AdministrationListItem, ListEnvelope, ReportListItem } from '../../src/core/types.js';
import { api, countFetches, freshKit, isolatedApi, kitNames, settled, sharedApi } from '../helpers/kit.js';
import { removeFrames } from '../helpers/frames.js';

async function frame(): Promise<KhountousLoader> {
  const iframe = document.createElement('iframe');
  iframe.src = new URL('../fixtures/frame.html', import.meta.url).href;
  document.body.append(iframe);
  await new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
  const win = iframe.contentWindow as Window & { khountousLoader?: KhountousLoader };
  for (let i = 0; i < 200 && !win.khountousLoader; i += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return win.khountousLoader!;
}

describe('loader in the browser', () => {
  let slugs: string[];
  before(async () => {
    const list = await api<ListEnvelope<AdministrationListItem>>(sharedApi(), '/administrations?limit=100');
    slugs = list.data.map((item) => item.slug);
  });
  beforeEach(freshKit);
  afterEach(() => {
    fixtureCleanup();
    removeFrames();
  });

  it('several consumers of one resource send exactly one request', async () => {
    const base = isolatedApi('dedupe');
    const fetches = countFetches();
    try {
      const wrapper = await fixture<HTMLDivElement>(document.createElement('div'));
      for (let i = 0; i < 4; i += 1) {
        const ranking = document.createElement('khountous-ranking');
        ranking.setAttribute('base-url', base);
        ranking.setAttribute('limit', '5');
        wrapper.append(ranking);
      }
      const direct = await Promise.all(
        [1, 2, 3].map(() =>
          getLoader().load({ kind: 'administrations', query: { limit: 5 } }, { baseUrl: base, lazy: false }),
        ),
      );
      for (const element of wrapper.children) expect(await settled(element as HTMLElement)).to.equal('ready');
      expect(fetches.urls).to.have.length(1);
      expect(direct[0]!.data).to.equal(direct[2]!.data);
    } finally {
      fetches.restore();
    }
  });

  it('limit 5 and limit 10 of the same list are served by one request', async () => {
    const base = isolatedApi('coalesce');
    const fetches = countFetches();
    try {
      const loader = getLoader();
      const [five, ten] = await Promise.all([
        loader.load(
          { kind: 'administrations', query: { limit: 5, sector: 'health' } },
          { baseUrl: base, lazy: false },
        ),
        loader.load(
          { kind: 'administrations', query: { limit: 10, sector: 'health' } },
          { baseUrl: base, lazy: false },
        ),
      ]);
      expect(fetches.urls).to.have.length(1);
      expect(new URL(fetches.urls[0]!).searchParams.get('limit')).to.equal('10');
      expect(five.data.data).to.have.length(5);
      expect(five.data.meta.pageSize).to.equal(5);
      expect(ten.data.data.slice(0, 5)).to.deep.equal(five.data.data);
    } finally {
      fetches.restore();
    }
  });

  it('two pages of the same site share one budget and one cache', async () => {
    const base = isolatedApi('tabs');
    const [first, second] = [await frame(), await frame()];
    expect(first).not.to.equal(second);
    for (const slug of slugs.slice(0, 5)) {
      await first.load({ kind: 'administration', slug }, { baseUrl: base, lazy: false });
    }
    expect(first.stats(base).remaining).to.equal(55);
    expect(second.stats(base).remaining).to.equal(55);
    for (const slug of slugs.slice(5, 8)) {
      await second.load({ kind: 'administration', slug }, { baseUrl: base, lazy: false });
    }
    expect(first.stats(base).remaining).to.equal(52);
    expect(second.stats(base).remaining).to.equal(52);
    const requestsBefore = second.stats(base).requests;
    const cached = await second.load(
      { kind: 'administration', slug: slugs[0]! },
      { baseUrl: base, lazy: false },
    );
    expect(cached.data.slug).to.equal(slugs[0]);
    expect(second.stats(base).requests, 'served from the cache the other page filled').to.equal(
      requestsBefore,
    );
  });

  it('80 distinct resources within the hour: at most 60 requests, no 429, each gets data or a quota error', async () => {
    const base = isolatedApi('eighty');
    const reports = await api<ListEnvelope<ReportListItem>>(sharedApi(), '/khountous?limit=100');
    const resources = [
      ...slugs.slice(0, 40).map((slug) => ({ kind: 'administration' as const, slug })),
      ...reports.data.slice(0, 40).map((report) => ({ kind: 'report' as const, slug: report.slug })),
    ];
    const original = globalThis.fetch;
    const statuses: number[] = [];
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await original(input, init);
      statuses.push(response.status);
      return response;
    };
    try {
      const loader = getLoader();
      const outcomes = await Promise.allSettled(
        resources.map((resource) => loader.load(resource, { baseUrl: base, lazy: false })),
      );
      const data = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
      const quota = outcomes.filter(
        (outcome) => outcome.status === 'rejected' && isKhountousError(outcome.reason, 'quota'),
      );
      expect(statuses.length).to.be.at.most(60);
      expect(statuses.filter((status) => status === 429)).to.deep.equal([]);
      expect(data + quota.length).to.equal(80);
      expect(data).to.equal(statuses.length);
      for (const outcome of quota) {
        const resetAt = (outcome as PromiseRejectedResult).reason.resetAt as number;
        expect(resetAt).to.be.greaterThan(Date.now());
      }
    } finally {
      globalThis.fetch = original;
    }
  });

  it('a widget far below the fold fetches only when scrolled near', async () => {
    const base = isolatedApi('lazy');
    const fetches = countFetches();
    try {
      const wrapper = await fixture<HTMLDivElement>(document.createElement('div'));
      const spacer = document.createElement('div');
      spacer.style.height = '6000px';
      const ranking = document.createElement('khountous-ranking');
      ranking.setAttribute('base-url', base);
      wrapper.append(spacer, ranking);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fetches.urls).to.deep.equal([]);
      expect(ranking.getAttribute('state')).to.equal('loading');
      ranking.scrollIntoView();
      expect(await settled(ranking)).to.equal('ready');
      expect(fetches.urls).to.have.length(1);
      window.scrollTo(0, 0);
    } finally {
      fetches.restore();
    }
  });

  it('lazy="false" fetches at once even far below the fold', async () => {
    const base = isolatedApi('eager');
    const wrapper = await fixture<HTMLDivElement>(document.createElement('div'));
    const spacer = document.createElement('div');
    spacer.style.height = '6000px';
    const ranking = document.createElement('khountous-ranking');
    ranking.setAttribute('base-url', base);
    ranking.setAttribute('lazy', 'false');
    wrapper.append(spacer, ranking);
    expect(await settled(ranking)).to.equal('ready');
  });

  it('announces what it stored to the other tabs', async () => {
    const base = isolatedApi('later');
    const heard: { type?: string; key?: string }[] = [];
    const channel = new BroadcastChannel(kitNames.channel);
    let entryHeard!: () => void;
    const entry = new Promise<void>((resolve) => (entryHeard = resolve));
    channel.addEventListener('message', (event: MessageEvent) => {
      heard.push(event.data);
      if ((event.data as { type?: string }).type === 'entry') entryHeard();
    });
    try {
      await getLoader().load({ kind: 'regions' }, { baseUrl: base, lazy: false });
      await entry;
      const entries = heard.filter((message) => message.type === 'entry');
      expect(entries.map((message) => message.key)).to.deep.equal([`${base}/regions?lang=fr`]);
    } finally {
      channel.close();
    }
  });

  it('tells the page about its budget with khountous-quota events', async () => {
    const base = isolatedApi('events');
    const loader = getLoader();
    const seen: number[] = [];
    let quotaHeard!: () => void;
    const heard = new Promise<void>((resolve) => (quotaHeard = resolve));
    const listener = (event: Event) => {
      seen.push((event as CustomEvent<{ remaining: number }>).detail.remaining);
      quotaHeard();
    };
    loader.addEventListener('khountous-quota', listener);
    try {
      await loader.load({ kind: 'regions' }, { baseUrl: base, lazy: false });
      await heard;
      expect(seen.length).to.be.greaterThan(0);
      expect(loader.stats(base).requests).to.equal(1);
      expect(loader.stats(base).cacheMisses).to.equal(1);
      await loader.load({ kind: 'regions' }, { baseUrl: base, lazy: false });
      expect(loader.stats(base).cacheHits).to.equal(1);
    } finally {
      loader.removeEventListener('khountous-quota', listener);
    }
  });
});
