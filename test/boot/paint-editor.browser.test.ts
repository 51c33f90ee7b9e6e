// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * The editor's words in the script tag's text paint (src/boot/paint.ts), as the element says
 * them (src/widget/editor.ts): the headline in place of the title, the subtitle, the note,
 * as text; the source line with its date, a link to `source-href` or the platform's site,
 * left out with `credit="none"`; none of it in an inline figure.
 */
import { expect } from '@open-wc/testing';
import { paint } from '../../src/boot/paint.js';
import { PLATFORM_SITE } from '../../src/widget/source.js';

const ADMINISTRATION = {
  slug: 'mairie-de-bakel',
  name: 'Mairie de Bakel',
  score: 71.5,
  responseRate: 64,
  avgDelayDays: 12,
};
const HOSTILE = 'Titre <img src=x onerror="window.__painted=1">';

function tag(name: string, attributes: Record<string, string> = {}): HTMLElement {
  const element = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  document.body.append(element);
  return element;
}
const paintOf = (element: Element): ShadowRoot =>
  element.querySelector(':scope > khountous-paint')!.shadowRoot!;
const texts = (root: ParentNode, selector: string): string[] =>
  [...root.querySelectorAll(selector)].map((node) => node.textContent!);

describe("the text paint: the editor's words", () => {
  const made: Element[] = [];
  const make = (name: string, attributes: Record<string, string> = {}) => {
    const element = tag(name, attributes);
    made.push(element);
    return element;
  };
  afterEach(() => made.splice(0).forEach((element) => element.remove()));

  it('a list: the headline as its title, the subtitle, the items, the note, the source line linked to the platform', () => {
    const element = make('khountous-ranking', {
      headline: `  ${HOSTILE}\n`,
      subtitle: 'Sur 100',
      note: 'Moyenne  2026',
    });
    const fetchedAt = Date.UTC(2026, 11, 4, 12);
    expect(paint(element, { data: [ADMINISTRATION] }, 'fr', {}, fetchedAt)).to.equal(true);
    const root = paintOf(element);
    const lines = [...root.querySelectorAll('p, li')].map((node) => [node.className, node.textContent]);
    expect(lines).to.deep.equal([
      ['title', HOSTILE],
      ['subtitle', 'Sur 100'],
      ['', '\u2068Mairie de Bakel\u2069 · 72/100'],
      ['note', 'Moyenne 2026'],
      ['source', 'Source\u202f: Khountous · données au 4 déc. 2026'],
    ]);
    expect(root.querySelector('img')).to.equal(null);
    const link = root.querySelector('.source a')!;
    expect(link.getAttribute('href')).to.equal(PLATFORM_SITE);
    expect(link.getAttribute('rel')).to.include('noopener');
  });

  it("a card: the headline in place of its name; the data's own date; source-href, or the platform for a javascript: one", () => {
    const profile = { ...ADMINISTRATION, updatedAt: '2026-11-03T10:00:00Z' };
    const linked = make('khountous-admin-card', {
      headline: 'Notre mairie',
      'source-href': 'https://www.example.sn/m',
    });
    expect(paint(linked, profile, 'en')).to.equal(true);
    expect(texts(paintOf(linked), '.title')).to.deep.equal(['Notre mairie']);
    expect(texts(paintOf(linked), '.source')).to.deep.equal(['Source: Khountous · data as of 3 Nov 2026']);
    expect(paintOf(linked).querySelector('.source a')!.getAttribute('href')).to.equal(
      'https://www.example.sn/m',
    );
    const hostile = make('khountous-admin-card', { 'source-href': 'javascript:alert(1)' });
    expect(paint(hostile, profile, 'en')).to.equal(true);
    expect(texts(paintOf(hostile), '.title')).to.deep.equal(['\u2068Mairie de Bakel\u2069']);
    expect(paintOf(hostile).querySelector('.source a')!.getAttribute('href')).to.equal(PLATFORM_SITE);
  });

  it('credit="none": no source line; an inline figure: no title, no note, no source', () => {
    const uncredited = make('khountous-admin-card', { credit: 'none', note: 'Une note' });
    expect(paint(uncredited, ADMINISTRATION, 'fr')).to.equal(true);
    expect(paintOf(uncredited).querySelector('.source')).to.equal(null);
    expect(texts(paintOf(uncredited), '.note')).to.deep.equal(['Une note']);
    const inline = make('khountous-admin-card', { variant: 'inline', headline: 'Titre', note: 'Une note' });
    expect(paint(inline, ADMINISTRATION, 'fr', { variant: 'inline' })).to.equal(true);
    expect(paintOf(inline).textContent).to.equal('72/100');
  });
});
