// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * <khountous-ranking>'s scale, measured in pixels: bars from 0 by default (a score's bar is its
 * share of the track: 50 fills half, 97 and 92 differ by 5 %), as the header says; `scale="fit"`
 * draws dots on the narrower scale its header states, never bars.
 */
import { expect } from '@open-wc/testing';
import '../../src/components/ranking/define.js';
import type { AdministrationListItem, ListEnvelope } from '../../src/core/types.js';
import type { KhountousRanking } from '../../src/components/ranking/ranking.js';
import { api, mount, sharedApi, widgetTestHooks } from '../helpers/kit.js';

type Ranking = ListEnvelope<AdministrationListItem>;

const ranking = (attrs: Record<string, string>, width?: number) =>
  mount<KhountousRanking>('khountous-ranking', attrs, { width });
const scoreHeader = (element: Element) =>
  element.shadowRoot!.querySelectorAll('thead th')[2]!.textContent!.replace(/\s+/g, ' ').trim();
/** Each row's track and what is drawn on it, in pixels. */
const drawn = (element: Element) =>
  [...element.shadowRoot!.querySelectorAll('tbody tr')].map((row) => {
    const track = row.querySelector('[part="bar"]')!.getBoundingClientRect();
    const mark = row.querySelector('[part="bar"] span')!.getBoundingClientRect();
    return { track, mark };
  });

describe('<khountous-ranking> scale', () => {
  widgetTestHooks();
  let expected: Ranking;
  before(async () => {
    expected = await api<Ranking>(sharedApi(), '/administrations?limit=10');
  });

  for (const width of [320, 960]) {
    it(`at ${width} px: bars from 0 to 100, as the header says, each score its share of the track in pixels`, async () => {
      const element = await ranking({}, width);
      expect(scoreHeader(element)).to.equal('Score barres de 0 à 100');
      const scores = expected.data.map((item) => item.score);
      const bars = drawn(element);
      expect(bars).to.have.length(scores.length);
      for (const [index, { track, mark }] of bars.entries()) {
        expect(track.width, 'a track to measure').to.be.greaterThan(20);
        expect(mark.left - track.left, 'from the start of the track').to.be.closeTo(0, 0.5);
        // A score of 50 draws half the track; every score its share, to the pixel.
        expect(mark.width, `score ${scores[index]}`).to.be.closeTo((scores[index]! / 100) * track.width, 1);
      }
      // Two scores' bars in the proportion of the scores (97 against 92 is 5 % longer, not 2.5 times).
      const [first, last] = [bars[0]!, bars.at(-1)!];
      expect(first.mark.width / last.mark.width).to.be.closeTo(scores[0]! / scores.at(-1)!, 0.03);
      const english = await ranking({ lang: 'en', lazy: 'false' });
      expect(scoreHeader(english)).to.equal('Score bars from 0 to 100');
    });
  }

  it('scale="fit": dots on a line from the tens below the lowest score, less ten, as the header says', async () => {
    const element = await ranking({ scale: 'fit' }, 960);
    const scores = expected.data.map((item) => item.score);
    const from = Math.floor(Math.min(...scores) / 10) * 10 - 10;
    expect(from, 'the list starts above 10').to.be.greaterThan(0);
    expect(scoreHeader(element)).to.equal(`Score points sur une échelle de ${from} à 100`);
    for (const [index, { track, mark }] of drawn(element).entries()) {
      // The dot's centre (the line's end) where the score is on the stated scale; a line, not a bar.
      const at = ((scores[index]! - from) / (100 - from)) * track.width;
      expect(mark.right - track.left, `score ${scores[index]}`).to.be.closeTo(at, 1);
      expect(mark.height).to.be.at.most(3);
    }
    const dot = element.shadowRoot!.querySelector('[part="bar"] span')!;
    const after = getComputedStyle(dot, '::after');
    expect(parseFloat(after.width)).to.be.greaterThan(6);
    expect(after.borderRadius).to.not.equal('0px');
    const english = await ranking({ scale: 'fit', lang: 'en', lazy: 'false' });
    expect(scoreHeader(english)).to.equal(`Score dots on a scale from ${from} to 100`);
  });

  it('a scale it does not know is a configuration error, which names the attribute', async () => {
    const element = await ranking({ scale: 'zoom' });
    expect(element.getAttribute('state')).to.equal('error');
    expect(element.shadowRoot!.textContent).to.contain('scale');
  });
});
