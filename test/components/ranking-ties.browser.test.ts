// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * Ties (src/graphics/places.ts): administrations with equal scores share a place, marked "=2"
 * in the ranking's rank column with its words for screen readers ("2e ex aequo" / "tied 2nd"),
 * explained under the table; the card writes "2e ex aequo sur 185". Column headings are never
 * cut by hyphenation ("RÉ-PONSE"). On the reference API's ranking, whose scores tie.
 */
import { expect } from '@open-wc/testing';
import '../../src/components/ranking/define.js';
import '../../src/components/admin-card/define.js';
import type { Administration, AdministrationListItem, ListEnvelope } from '../../src/core/types.js';
import { api, mount, settled, sharedApi, shadowText, widgetTestHooks } from '../helpers/kit.js';

type Ranking = ListEnvelope<AdministrationListItem>;

const ORDINAL = {
  fr: (n: number) => `${n}${n === 1 ? 'er' : 'e'}`,
  en: (n: number) => `${n}${['th', 'st', 'nd', 'rd'][n % 100 > 10 && n % 100 < 14 ? 0 : n % 10] ?? 'th'}`,
};

/** What a rank cell shows and what a screen reader hears of it. */
function rankCell(row: Element): { seen: string; heard: string } {
  const cell = row.querySelector('td.rank')!;
  const hidden = cell.querySelector('[aria-hidden="true"]');
  const words = cell.querySelector('.visually-hidden');
  return {
    seen: (hidden ?? cell).textContent!.trim(),
    heard: (words ?? cell).textContent!.trim(),
  };
}

describe('ties', () => {
  widgetTestHooks();

  for (const [lang, page, limit] of [
    ['fr', 1, 10],
    ['en', 2, 8],
  ] as const) {
    it(`share a place in the ranking, marked and said (${lang}, page ${page} of ${limit})`, async () => {
      const answer = await api<Ranking>(sharedApi(), `/administrations?limit=${limit}&page=${page}`);
      const scores = answer.data.map((item) => item.score);
      expect(new Set(scores).size, 'the reference ranking has ties on this page').to.be.lessThan(
        scores.length,
      );
      const element = await mount('khountous-ranking', { lang, limit: String(limit), page: String(page) });
      expect(await settled(element)).to.equal('ready');
      const cells = [...element.shadowRoot!.querySelectorAll('tbody tr')].map(rankCell);
      const offset = (page - 1) * limit;
      scores.forEach((score, index) => {
        // One more than the scores above it on the page, from the page's first position.
        const place = offset + 1 + scores.filter((other) => other > score).length;
        const shared = scores.filter((other) => other === score).length > 1;
        const words = lang === 'fr' ? `${ORDINAL.fr(place)} ex aequo` : `tied ${ORDINAL.en(place)}`;
        expect(cells[index], `row ${index + 1}`).to.deep.equal(
          shared ? { seen: `=${place}`, heard: words } : { seen: String(place), heard: String(place) },
        );
      });
      expect(element.shadowRoot!.querySelector('.ties')!.textContent).to.equal(
        lang === 'fr' ? '=\u202f: ex aequo (même score)' : '= means tied (same score)',
      );
      await expect(element).to.be.accessible();
    });
  }

  it('leave no note under a table without a shared place', async () => {
    const element = await mount('khountous-ranking', { limit: '1' });
    expect(await settled(element)).to.equal('ready');
    expect(rankCell(element.shadowRoot!.querySelector('tbody tr')!)).to.deep.equal({ seen: '1', heard: '1' });
    expect(element.shadowRoot!.querySelector('.ties')).to.equal(null);
  });

  it('are written on the card: "2e ex aequo sur 185", "tied 2nd of 185"; a place of its own without', async () => {
    const answer = await api<Ranking>(sharedApi(), '/administrations?limit=20');
    const scores = answer.data.map((item) => item.score);
    const tied = answer.data.find((item) => scores.filter((score) => score === item.score).length > 1)!;
    const alone = answer.data.find((item) => scores.filter((score) => score === item.score).length === 1)!;
    for (const [item, shared] of [
      [tied, true],
      [alone, false],
    ] as const) {
      const profile = await api<Administration>(sharedApi(), `/administrations/${item.slug}`);
      expect(profile.rankShared, item.slug).to.equal(shared);
      expect(profile.rank).to.equal(1 + scores.filter((score) => score > item.score).length);
      for (const lang of ['fr', 'en'] as const) {
        const element = await mount('khountous-admin-card', { slug: item.slug, lang, lazy: 'false' });
        expect(await settled(element)).to.equal('ready');
        const count = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB').format(profile.rankedCount!);
        const words =
          lang === 'fr'
            ? `${ORDINAL.fr(profile.rank)}${shared ? ' ex aequo' : ''} sur ${count}`
            : `${shared ? 'tied ' : ''}${ORDINAL.en(profile.rank)} of ${count}`;
        expect(shadowText(element), `${item.slug} ${lang}`).to.contain(words);
      }
    }
  });

  it('never cut a column heading’s word by hyphenation, at any width where the columns show', async () => {
    for (const width of [560, 640, 760]) {
      const element = await mount('khountous-ranking', { limit: '3', lazy: 'false' }, { width });
      expect(await settled(element)).to.equal('ready');
      for (const th of element.shadowRoot!.querySelectorAll('thead th')) {
        if (getComputedStyle(th).display === 'none') continue;
        const text = [...th.childNodes].find(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim(),
        )!;
        for (const match of text.textContent!.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          // One box: the word is on one line, not "RÉ-" on one and "PONSE" on the next.
          expect(range.getClientRects().length, `"${match[0]}" at ${width} px`).to.equal(1);
        }
      }
    }
  });
});
