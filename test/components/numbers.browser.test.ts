// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * Numbers checked against what they mean, as a reader sees them (src/core/schemas.ts,
 * docs/api-assumptions.md): a region list with a region twice, or a score no score can be,
 * is an invalid answer, shown as the kit's error; a list without every region gives no
 * "national" value but says how many regions its value comes from; a stored dataset value
 * no chart can mark (2e-323, whose scale once looped for ever) is checked again when a new
 * page reads it, and never drawn.
 */
import { expect, fixtureCleanup } from '@open-wc/testing';
import '../../src/components/dataset/define.js';
import '../../src/components/ranking/define.js';
import '../../src/components/region-map/define.js';
import '../../src/components/region-stats/define.js';
import type { KhountousErrorEvent } from '../../src/element/events.js';
import type { DatasetJson, ListEnvelope, RegionStats } from '../../src/core/types.js';
import {
  LOADER_KEY,
  api,
  editAnswers,
  isolatedApi,
  kitNames,
  mount,
  rewriteAnswers,
  settled,
  shadowText,
  sharedApi,
  widgetTestHooks,
} from '../helpers/kit.js';
import { translations, widgetNameOf } from '../helpers/translations.js';

type Regions = ListEnvelope<RegionStats>;

const errorText = (element: Element) =>
  element.shadowRoot!.querySelector('[part~="error"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** Mounts `tag`, waits for its error, and returns the kinds of the errors it announced. */
async function invalidShown(
  tag: string,
  attrs: Record<string, string>,
  lang: 'fr' | 'en',
): Promise<string[]> {
  const kinds: string[] = [];
  const listen = (event: Event) => kinds.push((event as KhountousErrorEvent).detail.kind);
  document.addEventListener('khountous-error', listen);
  try {
    const element = await mount(tag, { ...attrs, lang }, { settle: false });
    expect(await settled(element, ['ready', 'empty', 'error'])).to.equal('error');
    expect(errorText(element)).to.contain(translations(lang).error('invalid-response', widgetNameOf(tag)));
    return kinds;
  } finally {
    document.removeEventListener('khountous-error', listen);
  }
}

/** What a line says, without the sign beside it that a screen reader skips (the map's national ◆). */
function saidOf(line: Element): string {
  const copy = line.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent!.replace(/[ \n\t]+/g, ' ').trim();
}

describe('numbers checked against what they mean', () => {
  widgetTestHooks();
  let regions: Regions;
  before(async () => {
    regions = await api<Regions>(sharedApi(), '/regions?lang=fr');
  });

  for (const [tag, lang] of [
    ['khountous-region-map', 'fr'],
    ['khountous-region-stats', 'en'],
  ] as const) {
    it(`<${tag}>: 86 more rows of Dakar (score 1) are an invalid answer, not Dakar at 1/100`, async () => {
      const restore = editAnswers<Regions>('/regions', (list) => {
        const dakar = list.data.find((region) => region.code === 'dakar')!;
        list.data.push(
          ...Array.from({ length: 86 }, () => ({
            ...dakar,
            indicators: { ...dakar.indicators, averageScore: 1 },
          })),
        );
      });
      try {
        expect(await invalidShown(tag, { 'base-url': isolatedApi('numbers-dakar') }, lang)).to.deep.equal([
          'invalid-response',
        ]);
      } finally {
        restore();
      }
    });
  }

  it('<khountous-ranking>: a score of 1e309 (Infinity once parsed) is an invalid answer, not "∞"', async () => {
    const restore = rewriteAnswers('/administrations', (text) =>
      text.replace(/"score":\d+/, '"score":1e309'),
    );
    try {
      expect(
        await invalidShown(
          'khountous-ranking',
          { 'base-url': isolatedApi('numbers-score'), limit: '3' },
          'en',
        ),
      ).to.deep.equal(['invalid-response']);
    } finally {
      restore();
    }
  });

  describe('a list without every region: no "national" value, the regions it covers said', () => {
    /** The mean of `regions` weighted by their administrations (docs/api-assumptions.md), as written: whole points. */
    const meanScore = (list: RegionStats[]) =>
      Math.round(
        list.reduce((sum, region) => sum + region.indicators.averageScore * region.administrationCount, 0) /
          list.reduce((sum, region) => sum + region.administrationCount, 0),
      );

    for (const [kept, lang, said] of [
      [13, 'fr', '13 régions sur 14\u202f: '],
      [13, 'en', '13 of 14 regions: '],
      [3, 'en', '3 of 14 regions: '],
      [1, 'fr', '1 région sur 14\u202f: '],
    ] as const) {
      it(`${kept} regions (${lang}): "${said.trim()}" on the map, the chart and the single figure`, async () => {
        const list = regions.data.filter((region) => region.code !== 'kedougou').slice(0, kept);
        const codes = list.map((region) => region.code);
        const restore = editAnswers<Regions>('/regions', (answer) => {
          answer.data = answer.data.filter((region) => codes.includes(region.code));
          answer.meta.total = answer.data.length;
        });
        const base = isolatedApi('numbers-part');
        const expected = `${said}${meanScore(list)}/100`;
        try {
          const mapped = await mount('khountous-region-map', { 'base-url': base, lang });
          expect(mapped.getAttribute('state')).to.equal('ready');
          const line = saidOf(mapped.shadowRoot!.querySelector('.national')!);
          expect(line).to.equal(expected);
          const chart = await mount('khountous-region-stats', { 'base-url': base, lang });
          expect(
            chart
              .shadowRoot!.querySelector('.key')!
              .textContent!.replace(/[ \n\t]+/g, ' ')
              .trim(),
          ).to.contain(expected);
          const single = await mount('khountous-region-stats', {
            'base-url': base,
            lang,
            region: codes[0]!,
            variant: 'single',
          });
          expect(single.shadowRoot!.querySelector('.single .national')!.textContent!.trim()).to.equal(
            `(${expected})`,
          );
          for (const element of [mapped, chart, single])
            expect(shadowText(element), 'no national value claimed').not.to.match(/national/i);
        } finally {
          restore();
        }
      });
    }

    it('the 14 regions: the value is national', async () => {
      const element = await mount('khountous-region-map', { lang: 'en' });
      expect(saidOf(element.shadowRoot!.querySelector('.national')!)).to.equal(
        `national: ${meanScore(regions.data)}/100`,
      );
    });
  });

  it('a stored dataset value of 2e-323 is checked again when a new page reads it: the invalid answer shown, never drawn', async () => {
    const base = isolatedApi('numbers-stored');
    const attrs = { 'base-url': base, 'dataset-id': 'response-times', lang: 'en', preview: '3' };
    const first = await mount('khountous-dataset', attrs);
    expect(first.getAttribute('state')).to.equal('ready');
    expect(first.shadowRoot!.querySelector('svg.graph'), 'its chart drawn').to.exist;
    // The first number column, the one its chart draws: 0 everywhere but one 2e-323, whose
    // power of ten underflows to 0.
    const tiny = (dataset: DatasetJson) => {
      for (const row of dataset.rows) row['submitted'] = 0;
      dataset.rows[1]!['submitted'] = 2e-323;
    };
    // Stored as the kit stored it (by a version whose check took any number): the item's data edited.
    const stored = Object.keys(localStorage).find(
      (key) =>
        key.startsWith(`${kitNames.storage}e:${base}/datasets/response-times`) && !key.endsWith('index'),
    )!;
    expect(stored, 'the kit stored the dataset').to.be.a('string');
    const item = JSON.parse(localStorage.getItem(stored)!) as { d: DatasetJson };
    tiny(item.d);
    localStorage.setItem(stored, JSON.stringify(item));
    expect(localStorage.getItem(stored)).to.contain('2e-323');
    // A new page: no loader, no memory, the same storage; the API answers the same number.
    fixtureCleanup();
    delete (globalThis as Record<symbol, unknown>)[LOADER_KEY];
    const restore = editAnswers<DatasetJson>('/datasets/response-times', tiny);
    try {
      const kinds: string[] = [];
      const listen = (event: Event) => kinds.push((event as KhountousErrorEvent).detail.kind);
      document.addEventListener('khountous-error', listen);
      const element = await mount('khountous-dataset', attrs, { settle: false });
      expect(await settled(element)).to.equal('error');
      document.removeEventListener('khountous-error', listen);
      expect(kinds).to.deep.equal(['invalid-response']);
      expect(errorText(element)).to.contain(
        translations('en').error('invalid-response', widgetNameOf('khountous-dataset')),
      );
      expect(element.shadowRoot!.querySelector('svg.graph'), 'no chart').to.equal(null);
      expect(localStorage.getItem(stored), 'the stored item dropped').to.equal(null);
    } finally {
      restore();
    }
  });
});
