// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * Each widget's box (src/widget/box.ts, its descriptor's `box`): the height it
 * holds while its data is on its way is the height it has once the data shows,
 * so the text after it does not move when the data arrives. Measured in the
 * browser with the reference API's data, at a phone's width and a page's.
 */
import { expect } from '@open-wc/testing';
import '../helpers/every-element.js';
import { holdAnswers, settled, sharedApi, widgetTestHooks } from '../helpers/kit.js';

/** The widgets and the inputs measured: each kind, a list at two limits. */
const CASES: [string, Record<string, string>][] = [
  ['khountous-ranking', { limit: '5' }],
  ['khountous-ranking', { limit: '10' }],
  ['khountous-admin-card', { slug: 'hopital-regional-de-tambacounda' }],
  ['khountous-admin-card', { slug: 'mairie-de-bakel', variant: 'compact' }],
  ['khountous-region-stats', {}],
  ['khountous-region-stats', { region: 'kolda', variant: 'single' }],
  ['khountous-region-map', {}],
  ['khountous-reports', { limit: '3' }],
  ['khountous-fact-checks', { limit: '5' }],
  ['khountous-dataset', { 'dataset-id': 'administration-scores' }],
];

/**
 * How far the text after a widget may move when its data arrives: the box is measured
 * with the reference API's data, whose names wrap differently in each engine's fonts.
 */
const tolerance = (height: number): number => Math.max(24, 0.12 * height);

/** `<p>` before, the widget, `<p>` after, in a column `width` px wide; its answers held. */
async function loading(tag: string, attrs: Record<string, string>, width: number) {
  const column = document.createElement('div');
  column.style.cssText = `width: ${width}px; font: 16px/1.5 sans-serif`;
  const element = document.createElement(tag);
  element.setAttribute('base-url', sharedApi());
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  const [before, after] = [document.createElement('p'), document.createElement('p')];
  before.textContent = 'Avant le graphique.';
  after.textContent = 'Après le graphique.';
  column.append(before, element, after);
  document.body.append(column);
  await settled(element, ['loading']);
  return { column, element, after };
}

describe('each widget holds its box while its data is on its way', () => {
  widgetTestHooks();

  for (const width of [320, 960])
    for (const [tag, attrs] of CASES) {
      const label = `${tag.replace('khountous-', '')} ${new URLSearchParams(attrs)}`;
      it(`${label} at ${width} px: the text after it stays where it is when the data arrives`, async () => {
        const held = holdAnswers(sharedApi());
        const { column, element, after } = await loading(tag, attrs, width);
        try {
          const box = element.getBoundingClientRect().height;
          const top = after.getBoundingClientRect().top;
          expect(box, 'a box while loading').to.be.above(40);
          held.release();
          expect(await settled(element)).to.equal('ready');
          const height = element.getBoundingClientRect().height;
          const moved = after.getBoundingClientRect().top - top;
          expect(
            Math.abs(moved),
            `the text after it moved ${moved} px (box ${box}, data ${height})`,
          ).to.be.at.most(tolerance(height));
        } finally {
          held.restore();
          column.remove();
        }
      });
    }

  for (const width of [320, 960])
    it(`report at ${width} px: its box is a minimum its timeline grows below`, async () => {
      const held = holdAnswers(sharedApi());
      const attrs = { slug: '26-jours-d-attente-pour-l-admission-aux-urgences-a-kolda' };
      const { column, element } = await loading('khountous-report', attrs, width);
      try {
        const box = element.getBoundingClientRect().height;
        held.release();
        expect(await settled(element)).to.equal('ready');
        const height = element.getBoundingClientRect().height;
        expect(box, 'a box while loading').to.be.above(200);
        expect(height, 'the report is at least its box').to.be.at.least(box - 1);
      } finally {
        held.restore();
        column.remove();
      }
    });

  it('an error keeps the box', async () => {
    const held = holdAnswers(sharedApi());
    const { column, element, after } = await loading('khountous-ranking', { limit: '10' }, 320);
    try {
      const top = after.getBoundingClientRect().top;
      element.setAttribute('base-url', 'ftp://example.org/v1');
      expect(await settled(element, ['error'])).to.equal('error');
      expect(after.getBoundingClientRect().top).to.be.closeTo(top, 1);
    } finally {
      held.restore();
      column.remove();
    }
  });
});
