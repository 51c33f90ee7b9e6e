// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * variant="inline": one figure in the line of a sentence (<khountous-region-stats> and
 * <khountous-admin-card>), in French and English, at 320 and 960 px: on the line of the
 * words before and after it, the paragraph no taller than with the figure written as text,
 * no heading, its tooltip on keyboard focus, its direction said by more than colour, and
 * its loading and error states inline too.
 */
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/components/region-stats/define.js';
import '../../src/components/admin-card/define.js';
import type { Administration, ListEnvelope, RegionStats } from '../../src/core/types.js';
import {
  api,
  freshKit,
  holdAnswers,
  isolatedApi,
  loadAccessibilityChecker,
  settled,
  sharedApi,
} from '../helpers/kit.js';

type Lang = 'fr' | 'en';

const SENTENCES: Record<Lang, [string, string]> = {
  fr: ['Dans la région, le chiffre atteint ', ', ce qui la place au milieu du classement national.'],
  en: ['In the region, the figure reaches ', ', which puts it in the middle of the national ranking.'],
};

/** A paragraph of `lang` at `width` px with `figure` (an element, or its text) in its sentence. */
async function sentence(lang: Lang, width: number, figure: Node): Promise<HTMLParagraphElement> {
  const wrapper = await fixture<HTMLDivElement>(document.createElement('div'));
  wrapper.style.cssText = `width:${width}px;font:16px/1.5 serif;color:rgb(10, 20, 30)`;
  const paragraph = document.createElement('p');
  paragraph.lang = lang;
  const [before, after] = SENTENCES[lang];
  paragraph.append(before, figure, after);
  wrapper.append(paragraph);
  return paragraph;
}

/** The box of the last word of the text node before `node`, and of the first word after it. */
function neighbours(node: Node): { before: DOMRect; after: DOMRect } {
  const word = (text: Text, last: boolean) => {
    const range = document.createRange();
    const content = text.data;
    const trimmed = last ? content.trimEnd() : content;
    const start = last ? trimmed.lastIndexOf(' ') + 1 : 0;
    const end = last ? trimmed.length : content.search(/\s/) > 0 ? content.search(/\s/) : content.length;
    range.setStart(text, start);
    range.setEnd(text, end);
    return range.getBoundingClientRect();
  };
  return { before: word(node.previousSibling as Text, true), after: word(node.nextSibling as Text, false) };
}

/** Whether two boxes share a line: each one's middle is within the other's height. */
const sameLine = (a: DOMRect, b: DOMRect) => {
  const middle = (r: DOMRect) => (r.top + r.bottom) / 2;
  return middle(a) > b.top && middle(a) < b.bottom && middle(b) > a.top && middle(b) < a.bottom;
};

const lineHeight = (paragraph: Element) => parseFloat(getComputedStyle(paragraph).lineHeight);

function mountInline(tag: string, attrs: Record<string, string>): HTMLElement {
  const element = document.createElement(tag);
  element.setAttribute('base-url', sharedApi());
  element.setAttribute('variant', 'inline');
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  return element;
}

const figureOf = (element: Element) => element.shadowRoot!.querySelector<HTMLElement>('.figure')!;
const tipOf = (element: Element) => element.shadowRoot!.querySelector<HTMLElement>('.tip')!;

/**
 * The figure sits in the sentence: one line high, on the line of the words before and after
 * it where they are on one line (at 960 px, every word is), and the paragraph has as many
 * lines as with the same words written as text, give or take the one line its words may move.
 */
async function expectInSentence(element: HTMLElement, lang: Lang, width: number): Promise<void> {
  const paragraph = element.parentElement!;
  const line = lineHeight(paragraph);
  const box = element.shadowRoot!.querySelector('.figure, .pending')!;
  const rects = [...box.getClientRects()];
  expect(rects, 'one box').to.have.length(1);
  expect(rects[0]!.height, 'one line high').to.be.at.most(line * 1.05);
  const host = [...element.getClientRects()].filter((rect) => rect.width > 0);
  const { before, after } = neighbours(element);
  if (width >= 960) {
    expect(host, 'the host on one line').to.have.length(1);
    expect(sameLine(rects[0]!, before), `${lang} ${width}px: the word before on its line`).to.equal(true);
    expect(sameLine(rects[0]!, after), `${lang} ${width}px: the word after on its line`).to.equal(true);
  } else {
    expect(
      sameLine(rects[0]!, before) || sameLine(rects[0]!, after),
      `${lang} ${width}px: a word beside it on its line`,
    ).to.equal(true);
  }
  // The same sentence with the figure's words as plain text.
  const shown = element.shadowRoot!.querySelector('.root')!.cloneNode(true) as Element;
  for (const hidden of shown.querySelectorAll('.tip, .visually-hidden')) hidden.remove();
  const text = document.createTextNode(shown.textContent!.replace(/\s+/g, ' ').trim());
  const reference = await sentence(lang, width, text);
  reference.style.cssText = '';
  const lines = (p: Element) => Math.round(p.getBoundingClientRect().height / line);
  expect(Math.abs(lines(paragraph) - lines(reference)), `${lang} ${width}px: lines`).to.be.at.most(1);
  // No block in the line: no heading, no paragraph or box of the card.
  expect(
    element.shadowRoot!.querySelector('[role="heading"], h1, h2, h3, h4, h5, h6, p, .error, .source'),
  ).to.equal(null);
}

describe('variant="inline": a figure in a sentence', () => {
  loadAccessibilityChecker();
  let regions: ListEnvelope<RegionStats>;
  before(async () => {
    regions = await api(sharedApi(), '/regions');
  });
  beforeEach(freshKit);
  afterEach(fixtureCleanup);

  for (const lang of ['fr', 'en'] as const)
    for (const width of [320, 960])
      it(`<khountous-region-stats>: on the line of its sentence, ${lang}, ${width} px, in the text's font and colour`, async () => {
        const element = mountInline('khountous-region-stats', {
          region: 'kolda',
          indicator: 'averageScore',
          lang,
        });
        await sentence(lang, width, element);
        expect(await settled(element)).to.equal('ready');
        const kolda = regions.data.find((region) => region.code === 'kolda')!;
        expect(figureOf(element).textContent).to.contain(`${kolda.indicators.averageScore}/100`);
        await expectInSentence(element, lang, width);
        const style = getComputedStyle(element.shadowRoot!.querySelector('.root')!);
        expect(style.fontFamily, 'the font of the text').to.equal(
          getComputedStyle(element.parentElement!).fontFamily,
        );
        expect(style.fontSize).to.equal('16px');
        expect(style.color, 'the colour of the text').to.equal('rgb(10, 20, 30)');
        expect(getComputedStyle(element).display).to.equal('inline');
      });

  for (const lang of ['fr', 'en'] as const)
    it(`<khountous-admin-card>: the score and its place out of how many, in the line (${lang})`, async () => {
      const list = await api<ListEnvelope<{ slug: string }>>(sharedApi(), '/administrations?limit=1');
      const slug = list.data[0]!.slug;
      const profile = await api<Administration>(sharedApi(), `/administrations/${slug}?lang=${lang}`);
      for (const width of [320, 960]) {
        const element = mountInline('khountous-admin-card', { slug, lang });
        await sentence(lang, width, element);
        expect(await settled(element)).to.equal('ready');
        const text = element.shadowRoot!.textContent!.replace(/\s+/g, ' ');
        expect(text).to.contain(`${profile.score}/100`);
        const count = String(profile.rankedCount);
        expect(text).to.contain(lang === 'fr' ? `(1er sur ${count})` : `(1st of ${count})`);
        await expectInSentence(element, lang, width);
        fixtureCleanup();
      }
    });

  it('its tooltip shows on keyboard focus and on hover, and describes it: what it is, the country’s value, the source and its date; Escape hides it', async () => {
    const element = mountInline('khountous-region-stats', { region: 'kolda', indicator: 'responseRate' });
    const paragraph = await sentence('fr', 960, element);
    const before = document.createElement('button');
    before.textContent = 'avant';
    paragraph.before(before);
    const after = document.createElement('button');
    after.textContent = 'après';
    paragraph.after(after);
    await settled(element);
    const figure = figureOf(element);
    const tip = tipOf(element);
    expect(figure.tabIndex).to.equal(0);
    expect(figure.getAttribute('aria-describedby')).to.equal(tip.id);
    expect(tip.getAttribute('role')).to.equal('tooltip');
    expect(getComputedStyle(tip).display, 'hidden at first').to.equal('none');
    before.focus();
    await sendKeys({ press: 'Tab' });
    expect(element.shadowRoot!.activeElement, 'the Tab key reaches it').to.equal(figure);
    expect(getComputedStyle(tip).display, 'shown on focus').to.not.equal('none');
    expect(tip.getBoundingClientRect().height).to.be.greaterThan(0);
    const text = tip.textContent!;
    expect(text).to.contain('Taux de réponse, ');
    expect(text).to.contain('Kolda');
    expect(text).to.match(/national\u202f: \d+\s%/);
    expect(text).to.match(/Source\u202f: Khountous · données au \d{1,2} \S+ \d{4}/);
    await sendKeys({ press: 'Escape' });
    expect(getComputedStyle(tip).display, 'Escape hides it').to.equal('none');
    // Away (to the button after the sentence), and back.
    await sendKeys({ press: 'Tab' });
    expect(element.shadowRoot!.activeElement).to.equal(null);
    expect(getComputedStyle(tip).display, 'gone with the focus').to.equal('none');
    before.focus();
    await sendKeys({ press: 'Tab' });
    expect(getComputedStyle(tip).display, 'shown again on the next focus').to.not.equal('none');
    await sendKeys({ press: 'Tab' });
    expect(getComputedStyle(tip).display, 'hidden again').to.equal('none');
    const box = figure.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.x + 4), Math.round(box.y + box.height / 2)] });
    expect(getComputedStyle(tip).display, 'shown on hover').to.not.equal('none');
    await resetMouse();
    before.remove();
    after.remove();
    await expect(element).to.be.accessible();
  });

  it('its tooltip stays within the window, at the end of a line too', async () => {
    const element = mountInline('khountous-region-stats', { region: 'kolda', indicator: 'avgDelayDays' });
    const paragraph = await sentence('fr', document.documentElement.clientWidth, element);
    paragraph.style.textAlign = 'end';
    paragraph.replaceChildren('Le délai atteint ', element);
    const before = document.createElement('button');
    before.textContent = 'avant';
    paragraph.before(before);
    await settled(element);
    before.focus();
    await sendKeys({ press: 'Tab' });
    const tip = tipOf(element).getBoundingClientRect();
    expect(tip.width, 'shown').to.be.greaterThan(0);
    expect(tip.right).to.be.at.most(document.documentElement.clientWidth + 0.5);
    expect(tip.left).to.be.at.least(-0.5);
    before.remove();
  });

  it('its tooltip goes under its line when the window has no room above (a figure in the first line of a page)', async () => {
    const element = mountInline('khountous-region-stats', { region: 'kolda', indicator: 'avgDelayDays' });
    const paragraph = await sentence('fr', 960, element);
    paragraph.replaceChildren(element, ' : le délai moyen à Kolda.');
    // The paragraph at the very top of the window, nothing above it.
    paragraph.style.cssText = 'position: fixed; top: 0; left: 0; margin: 0';
    await settled(element);
    figureOf(element).focus();
    const tip = tipOf(element).getBoundingClientRect();
    const figure = figureOf(element).getBoundingClientRect();
    expect(tip.height, 'shown').to.be.greaterThan(0);
    expect(tip.top, 'within the window').to.be.at.least(-0.5);
    expect(tip.top, 'under its figure').to.be.at.least(figure.bottom - 0.5);
  });

  it('better or worse than the country: an arrow and words, not colour alone; an indicator with no better way is not coloured', async () => {
    const withFigure = regions.data.filter((region) => region.administrationCount > 0);
    const slowest = [...withFigure].sort((a, b) => b.indicators.avgDelayDays - a.indicators.avgDelayDays)[0]!;
    const quickest = [...withFigure].sort(
      (a, b) => a.indicators.avgDelayDays - b.indicators.avgDelayDays,
    )[0]!;
    const shown = async (region: string, indicator: string, lang: Lang) => {
      const element = mountInline('khountous-region-stats', { region, indicator, lang });
      await sentence(lang, 960, element);
      await settled(element);
      const figure = figureOf(element);
      return {
        figure,
        cue: figure.querySelector('.cue')?.textContent,
        said: figure.querySelector('.visually-hidden')?.textContent,
        colour: getComputedStyle(figure).color,
      };
    };
    const slow = await shown(slowest.code, 'avgDelayDays', 'fr');
    expect(slow.figure.classList.contains('worse')).to.equal(true);
    expect(slow.cue, 'a longer delay: up').to.equal('▲');
    expect(slow.said).to.contain('moins bien que le pays');
    expect(slow.colour, 'coloured').to.not.equal('rgb(10, 20, 30)');
    const quick = await shown(quickest.code, 'avgDelayDays', 'en');
    expect(quick.figure.classList.contains('better')).to.equal(true);
    expect(quick.cue, 'a shorter delay: down').to.equal('▼');
    expect(quick.said).to.contain('better than the country');
    expect(quick.colour).to.not.equal(slow.colour);
    // Reports per 100,000 have no better way: an arrow may say higher or lower, no colour.
    const perPeople = await shown(slowest.code, 'reportsPer100k', 'en');
    expect(
      perPeople.figure.classList.contains('better') || perPeople.figure.classList.contains('worse'),
    ).to.equal(false);
    expect(perPeople.colour).to.equal('rgb(10, 20, 30)');
    expect(perPeople.said).to.equal(undefined);
  });

  it('while loading: a placeholder the width of a figure in the line, read as loading', async () => {
    const base = isolatedApi('inline-loading');
    const hold = holdAnswers(base);
    try {
      const element = mountInline('khountous-region-stats', { region: 'kolda', 'base-url': base });
      await sentence('fr', 960, element);
      await (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      expect(element.getAttribute('state')).to.equal('loading');
      const pending = element.shadowRoot!.querySelector('.pending')!;
      expect(getComputedStyle(pending).display).to.equal('inline-block');
      expect(element.shadowRoot!.querySelector('.skeleton')).to.equal(null);
      expect(element.shadowRoot!.textContent).to.contain('Chargement des indicateurs régionaux…');
      await expectInSentence(element, 'fr', 960);
      hold.release();
      expect(await settled(element)).to.equal('ready');
    } finally {
      hold.restore();
    }
  });

  for (const lang of ['fr', 'en'] as const)
    it(`an error is said in the line: ${lang === 'fr' ? '(donnée indisponible)' : '(figure unavailable)'}, why in its tooltip`, async () => {
      const element = mountInline('khountous-admin-card', { slug: 'mairie-de-nulle-part', lang });
      await sentence(lang, 320, element);
      expect(await settled(element)).to.equal('error');
      const figure = figureOf(element);
      expect(figure.textContent).to.equal(lang === 'fr' ? '(donnée indisponible)' : '(figure unavailable)');
      expect(tipOf(element).textContent).to.contain('mairie-de-nulle-part');
      expect(element.shadowRoot!.querySelector('button')).to.equal(null);
      await expectInSentence(element, lang, 320);
      await expect(element).to.be.accessible();
    });
});
