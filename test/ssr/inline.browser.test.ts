// Engines: all three (declarative shadow DOM and hydration differ between engines).
/**
 * An inline figure (variant="inline") rendered on the server with its data (renderWidget, run
 * by the test server) and put inside a paragraph as a page's HTML brings it: the parser keeps
 * the paragraph whole, and before any script runs (no element defined in this page) the figure
 * is on the line of the words around it, with no heading, at 320 and 960 px, in fr and en.
 */
import { expect } from '@open-wc/testing';
import { renderWidget } from './browser-server.js';
import { isolatedApi } from '../helpers/kit.js';

describe('server-rendered inline figure', () => {
  const containers: HTMLElement[] = [];
  before(async function () {
    // The test server's renderer loads the kit's sources at its first render.
    this.timeout(60000);
    await renderWidget('khountous-admin-card', { slug: 'mairie-de-dakar' }, isolatedApi('ssr-inline-warm'));
  });
  afterEach(() => {
    for (const container of containers.splice(0)) container.remove();
  });

  const cases: { tag: string; attributes: Record<string, string> }[] = [
    { tag: 'khountous-region-stats', attributes: { region: 'kolda', indicator: 'responseRate' } },
    { tag: 'khountous-admin-card', attributes: { slug: 'mairie-de-dakar' } },
  ];
  for (const { tag, attributes } of cases)
    for (const lang of ['fr', 'en'])
      it(`<${tag}> inside a paragraph: one paragraph, the figure on the line of its words (${lang})`, async () => {
        const html = await renderWidget(
          tag,
          { ...attributes, variant: 'inline', lang, lazy: 'false' },
          isolatedApi(`ssr-inline-${lang}`),
        );
        expect(customElements.get(tag), 'not defined: the server’s markup alone').to.equal(undefined);
        for (const width of [320, 960]) {
          const container = document.createElement('div');
          container.style.cssText = `width:${width}px;font:16px/1.5 serif`;
          document.body.append(container);
          containers.push(container);
          container.setHTMLUnsafe(`<p>Le chiffre atteint ${html} cette année.</p>`);
          expect(container.children, 'the parser kept one paragraph').to.have.length(1);
          const paragraph = container.firstElementChild!;
          const element = paragraph.querySelector(tag)!;
          expect(element.parentElement).to.equal(paragraph);
          expect(paragraph.lastChild!.textContent).to.equal(' cette année.');
          const root = element.shadowRoot!;
          expect(root, 'its declarative shadow root').to.not.equal(null);
          expect(root.querySelector('[role="heading"], h1, h2, h3, h4, h5, h6, p, .source')).to.equal(null);
          const figure = root.querySelector('.figure')!;
          expect(figure.textContent).to.match(/\d/);
          const rects = [...figure.getClientRects()];
          expect(rects).to.have.length(1);
          const words = document.createRange();
          words.selectNodeContents(paragraph.firstChild!);
          const line = [...words.getClientRects()].at(-1)!;
          const middle = (rects[0]!.top + rects[0]!.bottom) / 2;
          expect(middle, `${width} px: on the line of the words before it`).to.be.within(
            line.top,
            line.bottom,
          );
          expect(getComputedStyle(element).display).to.equal('inline');
          // As many lines as the sentence with the figure's words written as text, give or take one.
          const height = paragraph.getBoundingClientRect().height;
          const reference = document.createElement('p');
          reference.textContent = `Le chiffre atteint ${figure.textContent} cette année.`;
          container.append(reference);
          expect(Math.abs(height - reference.getBoundingClientRect().height)).to.be.at.most(24);
        }
      });
});
