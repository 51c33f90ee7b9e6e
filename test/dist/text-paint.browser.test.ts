// Engines: all three (the built kit as a page loads it: modules, preloads, integrity and CSP differ between engines).
/**
 * The built script tag's text paint: when the API's answers arrive before the
 * element code (a slow network), each widget whose request the starter sent
 * shows its data as text at once (src/boot/paint.ts); when its element comes,
 * it keeps that text in place of its skeleton until it renders the data
 * itself, then removes it. Needs `npm run build`.
 */
import { expect } from '@open-wc/testing';
import { until } from '../helpers/frames.js';
import { isolatedApi, pageOn, settled } from '../helpers/kit.js';

const SLUG = 'hopital-regional-de-tambacounda';

/** An API of this file's own: nothing cached by other tests, no other test's requests. */
const API = isolatedApi('text-paint');
const scope = /\/scoped\/([^/]+)\/v1$/.exec(API)![1]!;

const paintOf = (element: Element) => element.querySelector(':scope > khountous-paint');
/** Whether `box` (one box) is on the line of the words before `element` in its paragraph. */
function onItsLine(element: Element, box: Element): boolean {
  const rects = [...box.getClientRects()];
  const words = document.createRange();
  words.selectNodeContents(element.previousSibling!);
  const line = [...words.getClientRects()].at(-1)!;
  const middle = (rects[0]!.top + rects[0]!.bottom) / 2;
  return rects.length === 1 && middle > line.top && middle < line.bottom;
}
const texts = (root: ParentNode, selector: string): string[] =>
  [...root.querySelectorAll(selector)].map((node) => node.textContent!);

describe('dist/khountous.js: the text paint', function () {
  this.timeout(20000);
  /** Every `state` each widget took, in order. */
  const states = new Map<Element, string[]>();
  let ranking: HTMLElement;
  let card: HTMLElement;
  let compact: HTMLElement;
  let region: HTMLElement;
  /** An inline figure in a sentence (variant="inline"). */
  let figure: HTMLElement;

  before(async () => {
    pageOn(
      API,
      `<khountous-ranking limit="3" lazy="false"></khountous-ranking>
       <khountous-admin-card slug="${SLUG}" lang="en" lazy="false"></khountous-admin-card>
       <khountous-admin-card slug="${SLUG}" lang="en" lazy="false" variant="compact"></khountous-admin-card>
       <khountous-region-stats region="kolda" indicator="responseRate" lazy="false"></khountous-region-stats>
       <p style="width:960px;font:16px/1.5 serif">Le taux de réponse atteint <khountous-region-stats
         region="kolda" indicator="responseRate" lazy="false" variant="inline"></khountous-region-stats> à Kolda.</p>`,
    );
    ranking = document.querySelector('khountous-ranking')!;
    [card, compact] = [...document.querySelectorAll<HTMLElement>('khountous-admin-card')] as [
      HTMLElement,
      HTMLElement,
    ];
    region = document.querySelector('khountous-region-stats')!;
    figure = document.querySelector('p > khountous-region-stats')!;
    new MutationObserver((records) => {
      for (const { target } of records) {
        const list = states.get(target as Element) ?? [];
        list.push((target as Element).getAttribute('state')!);
        states.set(target as Element, list);
      }
    }).observe(document.body, { attributes: true, attributeFilter: ['state'], subtree: true });
    // The element code is held back until the hold is deleted (at most 10 s), as on a network
    // where the code arrives after the answers; the starter and the text paint do not wait.
    const armed = await fetch(`${location.origin}/scoped/${scope}/__hold?count=100`, { method: 'POST' });
    expect(armed.status).to.equal(204);
    await import(/* @vite-ignore */ `/fresh/${scope}/dist/khountous.js`);
  });

  after(async () => {
    await fetch(`${location.origin}/scoped/${scope}/__hold`, { method: 'DELETE' });
  });

  it('shows each widget’s data as text before its element code has arrived', async () => {
    for (const element of [ranking, card, compact, region, figure])
      await until(() => paintOf(element) ?? undefined, `<${element.localName}>'s text paint`, 8000);
    for (const element of [ranking, card, compact, region, figure]) {
      expect(customElements.get(element.localName), element.localName).to.equal(undefined);
      expect(element.getAttribute('state'), 'no state before the element').to.equal(null);
      expect(paintOf(element)!.getBoundingClientRect().height, 'painted').to.be.above(0);
    }
    // The two cards of one administration: one request, painted in both.
    const sent = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith(`/v1/administrations/${SLUG}`));
    expect(sent).to.have.length(1);
    // The data itself, as the API gives it (asked again here: the answers are the same).
    const list = (await (await fetch(`${API}/administrations?lang=fr&limit=3&page=1`)).json()) as {
      data: { name: string; score: number }[];
    };
    const rows = texts(paintOf(ranking)!.shadowRoot!, 'ol > li');
    expect(rows).to.have.length(3);
    // A score shared with another on the list is said so: "(ex aequo)".
    const scores = list.data.map((item) => item.score);
    rows.forEach((row, index) => {
      const tied = scores.filter((score) => score === scores[index]).length > 1 ? ' \\(ex aequo\\)' : '';
      expect(row).to.match(new RegExp(`^\u2068${list.data[index]!.name}\u2069 · [\\d,]+/100${tied}$`));
    });
    const profile = (await (await fetch(`${API}/administrations/${SLUG}?lang=en`)).json()) as {
      name: string;
    };
    expect(texts(paintOf(card)!.shadowRoot!, '.title')).to.deep.equal([`\u2068${profile.name}\u2069`]);
    expect(texts(paintOf(compact)!.shadowRoot!, '.title')).to.deep.equal([`\u2068${profile.name}\u2069`]);
    expect(texts(paintOf(region)!.shadowRoot!, 'li')).to.have.length(1);
    expect(texts(paintOf(region)!.shadowRoot!, 'li')[0]).to.match(/^\u2068Kolda\u2069 · \d+\s?%$/);
    // The inline figure: the figure alone, as text in the line of its sentence (no list, no block).
    const inline = paintOf(figure)!;
    expect(inline.shadowRoot!.textContent).to.match(/^\d+\s?%$/);
    expect(inline.shadowRoot!.querySelector('ul, ol, li, p, div')).to.equal(null);
    expect(onItsLine(figure, inline), 'the painted figure on the line of its sentence').to.equal(true);
  });

  it('keeps the text until the element renders its data, then removes it: no skeleton between', async () => {
    await fetch(`${location.origin}/scoped/${scope}/__hold`, { method: 'DELETE' });
    for (const element of [ranking, card, compact, region, figure]) {
      expect(await settled(element)).to.equal('ready');
      expect(paintOf(element) === null, `<${element.localName}>'s text paint removed`).to.equal(true);
      expect(element.shadowRoot!.querySelector('slot') === null, 'no slot left').to.equal(true);
      // Set again by later updates, never to `loading`.
      const seen = states.get(element) ?? [];
      expect(seen.length, `${element.localName}'s states`).to.be.above(0);
      expect(new Set(seen), `${element.localName}'s states`).to.deep.equal(new Set(['ready']));
    }
    expect(ranking.shadowRoot!.querySelectorAll('tbody tr')).to.have.length(3);
    // The inline figure's element: its figure where the text was, on the line of its sentence.
    const drawn = figure.shadowRoot!.querySelector('.figure')!;
    expect(drawn.textContent).to.match(/^\d+\s?%/);
    expect(onItsLine(figure, drawn), 'the figure on the line of its sentence').to.equal(true);
  });
});
