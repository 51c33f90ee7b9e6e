// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import '../../src/components/admin-card/define.js';
import '../../src/components/ranking/define.js';
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
  kitNames,
  LOADER_KEY,
  attributeGone,
} from '../helpers/kit.js';

const card = (attrs: Record<string, string>) => mount('khountous-admin-card', attrs, { settle: false });

/** Ages every entry the kit persisted by `ms`, as if stored that long ago. */
function ageStoredEntries(ms: number): void {
  for (const key of Object.keys(localStorage)) {
    if (!key.startsWith(`${kitNames.storage}e:`)) continue;
    const item = JSON.parse(localStorage.getItem(key)!) as { f: number };
    localStorage.setItem(key, JSON.stringify({ ...item, f: item.f - ms }));
  }
  const index = JSON.parse(localStorage.getItem(`${kitNames.storage}cache-index`) ?? '{}') as Record<
    string,
    number[]
  >;
  for (const row of Object.values(index)) row[2]! -= ms;
  localStorage.setItem(`${kitNames.storage}cache-index`, JSON.stringify(index));
}

const listRequests = (urls: string[]) => urls.filter((url) => /\/administrations\?/.test(url));

const detailRequests = (urls: string[], slug: string) =>
  urls.filter((url) => url.includes(`/administrations/${slug}`));

describe('<khountous-admin-card>', () => {
  let list: ListEnvelope<AdministrationListItem>;
  before(async () => {
    list = await api(sharedApi(), '/administrations?limit=20');
  });
  beforeEach(freshKit);
  afterEach(fixtureCleanup);

  it('shows the name, score, score details, indicators, response rate, delay and rank', async () => {
    const slug = list.data[4]!.slug;
    const profile = await api<Administration>(sharedApi(), `/administrations/${slug}`);
    const element = await card({ slug });
    expect(await settled(element)).to.equal('ready');
    const root = element.shadowRoot!;
    expect(root.querySelector('[part="title"]')!.textContent).to.equal(profile.name);
    expect(root.querySelector('.score-value')!.textContent).to.equal(String(profile.score));
    const details = [...root.querySelectorAll('[part="details"] li')].map((li) =>
      li.textContent!.replace(/\s+/g, ' ').trim(),
    );
    expect(details).to.deep.equal(profile.scoreDetails.map((detail) => `${detail.label} ${detail.score}`));
    const indicatorLabels = [...root.querySelectorAll('[part="indicators"] dt')].map((dt) => dt.textContent);
    expect(indicatorLabels).to.deep.equal(profile.indicators.map((indicator) => indicator.label));
    expect(shadowText(element)).to.contain(profile.description);
    // "3e sur 312": the place as an ordinal, out of the whole ranking's count (both from the API), shared or not.
    expect(profile.rankedCount, 'the ranking’s size').to.be.greaterThan(profile.rank - 1);
    expect(shadowText(element)).to.contain(
      `${profile.rank}${profile.rank === 1 ? 'er' : 'e'}${profile.rankShared ? ' ex aequo' : ''} sur ${new Intl.NumberFormat('fr-FR').format(profile.rankedCount!)}`,
    );
    expect(root.querySelector('[role="heading"]')!.getAttribute('aria-level')).to.equal('3');
  });

  it('takes editorial texts in the language asked', async () => {
    const slug = list.data[2]!.slug;
    const en = await api<Administration>(sharedApi(), `/administrations/${slug}?lang=en`);
    const element = await card({ slug, lang: 'en' });
    await settled(element);
    expect(shadowText(element)).to.contain(en.description);
    expect(shadowText(element)).to.contain('Overall score');
    expect(shadowText(element)).to.contain(en.scoreDetails[0]!.label);
  });

  it('shows the list-level fields at once when a ranking has them, then the profile', async () => {
    const ranking = document.createElement('khountous-ranking');
    ranking.setAttribute('base-url', sharedApi());
    ranking.setAttribute('limit', '20');
    await fixture(ranking);
    await settled(ranking);
    const item = list.data[7]!;
    // Above the ranking, on screen: off-screen widgets wait before fetching.
    const element = document.createElement('khountous-admin-card');
    element.setAttribute('base-url', sharedApi());
    element.setAttribute('slug', item.slug);
    ranking.before(element);
    await (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(element.getAttribute('state')).to.equal('loading');
    expect(element.shadowRoot!.querySelector('[part="title"]')!.textContent).to.equal(item.name);
    expect(element.shadowRoot!.querySelector('.score-value')!.textContent).to.equal(String(item.score));
    expect(await settled(element)).to.equal('ready');
    expect(element.shadowRoot!.querySelector('[part="details"]')).to.exist;
  });

  it('compact: one line from a cached ranking, with no request for the profile', async () => {
    const ranking = document.createElement('khountous-ranking');
    ranking.setAttribute('base-url', sharedApi());
    ranking.setAttribute('limit', '20');
    await fixture(ranking);
    await settled(ranking);
    const item = list.data[11]!;
    const fetches = countFetches();
    try {
      const element = await card({ slug: item.slug, variant: 'compact' });
      expect(await settled(element)).to.equal('ready');
      expect(detailRequests(fetches.urls, item.slug)).to.deep.equal([]);
      const text = shadowText(element);
      expect(text).to.contain(item.name);
      expect(text).to.contain(`${item.score}/100`);
      expect(element.shadowRoot!.querySelector('[part="details"]')).to.equal(null);
    } finally {
      fetches.restore();
    }
  });

  it('compact without a cached ranking fetches the profile once', async () => {
    const item = list.data[13]!;
    const fetches = countFetches();
    try {
      const element = await card({ slug: item.slug, variant: 'compact' });
      expect(await settled(element)).to.equal('ready');
      expect(detailRequests(fetches.urls, item.slug)).to.have.length(1);
      expect(shadowText(element)).to.contain(item.name);
    } finally {
      fetches.restore();
    }
  });

  it('three cards of one administration send one request', async () => {
    const slug = list.data[15]!.slug;
    const fetches = countFetches();
    try {
      const wrapper = await fixture<HTMLDivElement>(document.createElement('div'));
      for (let i = 0; i < 3; i += 1) {
        const element = document.createElement('khountous-admin-card');
        element.setAttribute('base-url', sharedApi());
        element.setAttribute('slug', slug);
        wrapper.append(element);
      }
      for (const element of wrapper.children) expect(await settled(element as HTMLElement)).to.equal('ready');
      expect(detailRequests(fetches.urls, slug)).to.have.length(1);
    } finally {
      fetches.restore();
    }
  });

  for (const slug of ['', '   ', 'Not A Slug!', '../../etc']) {
    it(`slug="${slug}" is a configuration error, with no request`, async () => {
      const fetches = countFetches();
      try {
        const element = await card({ slug });
        expect(await settled(element)).to.equal('error');
        expect(shadowText(element)).to.contain('mal configuré');
        expect(fetches.urls).to.deep.equal([]);
      } finally {
        fetches.restore();
      }
    });
  }

  it('heading-level sets the level of the name', async () => {
    const element = await card({ slug: list.data[0]!.slug, 'heading-level': '2' });
    await settled(element);
    expect(element.shadowRoot!.querySelector('[role="heading"]')!.getAttribute('aria-level')).to.equal('2');
  });

  for (const [given, title, sub] of [
    ['4', '4', '5'],
    ['6', '6', '6'],
  ] as const) {
    it(`heading-level="${given}" puts the sections one level under the name (${title} > ${sub})`, async () => {
      const element = await card({ slug: list.data[0]!.slug, 'heading-level': given });
      await settled(element);
      const headings = [...element.shadowRoot!.querySelectorAll('[role="heading"]')];
      expect(headings.map((heading) => heading.getAttribute('aria-level'))).to.deep.equal([title, sub, sub]);
      expect(element.shadowRoot!.querySelector('h1, h2, h3, h4, h5, h6')).to.equal(null);
    });
  }

  it('compact, seeded from a ranking stored two days ago: stale like it, one shared revalidation, then fresh', async () => {
    const base = isolatedApi('seeded');
    const first = await mount('khountous-ranking', { 'base-url': base, limit: '20' });
    const item = (await api<ListEnvelope<AdministrationListItem>>(base, '/administrations?limit=20'))
      .data[6]!;
    expect(first.getAttribute('state')).to.equal('ready');
    fixtureCleanup();
    ageStoredEntries(2 * 24 * 60 * 60 * 1000);
    // A new page load: a new loader over the same storage.
    delete (globalThis as Record<symbol, unknown>)[LOADER_KEY];
    const fetches = countFetches();
    try {
      const wrapper = await fixture<HTMLDivElement>(document.createElement('div'));
      const compact = document.createElement('khountous-admin-card');
      compact.setAttribute('base-url', base);
      compact.setAttribute('slug', item.slug);
      compact.setAttribute('variant', 'compact');
      const ranking = document.createElement('khountous-ranking');
      ranking.setAttribute('base-url', base);
      ranking.setAttribute('limit', '20');
      wrapper.append(compact, ranking);
      expect(await settled(ranking)).to.equal('ready');
      expect(await settled(compact)).to.equal('ready');
      // Both showed the two-day-old data as stale, and one revalidation serves both.
      await attributeGone([ranking, compact], 'stale');
      expect(listRequests(fetches.urls)).to.have.length(1);
      expect(detailRequests(fetches.urls, item.slug)).to.deep.equal([]);
      expect(ranking.hasAttribute('stale')).to.equal(false);
      expect(compact.hasAttribute('stale')).to.equal(false);
      expect(shadowText(compact)).to.contain(item.name);
    } finally {
      fetches.restore();
    }
  });

  it('compact, seeded from a stale ranking, is marked stale until the revalidation answers', async () => {
    const base = isolatedApi('seeded-stale');
    await mount('khountous-ranking', { 'base-url': base, limit: '20' });
    const item = (await api<ListEnvelope<AdministrationListItem>>(base, '/administrations?limit=20'))
      .data[3]!;
    fixtureCleanup();
    ageStoredEntries(2 * 24 * 60 * 60 * 1000);
    delete (globalThis as Record<symbol, unknown>)[LOADER_KEY];
    // The API holds its answers back: the revalidation stays under way.
    const original = globalThis.fetch;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    globalThis.fetch = async (input, init) => {
      await held;
      return original(input, init);
    };
    try {
      const compact = await card({ 'base-url': base, slug: item.slug, variant: 'compact' });
      expect(await settled(compact)).to.equal('ready');
      expect(compact.hasAttribute('stale')).to.equal(true);
      expect(shadowText(compact)).to.contain(item.name);
    } finally {
      release();
      globalThis.fetch = original;
    }
  });
});
