// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * <khountous-region-map> on a phone and on paper: where its container is too narrow for the
 * regions' names on the map (320 and 600 px), the table under it names the 14 regions with
 * their values, the better first, to every reader; wide, the names are on the map and the table
 * behind its button. The hint under the map follows the input (a touch screen: "Touchez une
 * région"; a mouse: the pointer and the keys) and is not printed. Chromium's emulation of
 * `pointer: coarse` and of print media (test/server/look.ts) shows it; every engine checks the
 * rules that decide it.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand, resetMouse, sendMouse } from '@web/test-runner-commands';
import '../../src/components/region-map/define.js';
import type { ListEnvelope, RegionStats } from '../../src/core/types.js';
import { formatIndicator } from '../../src/graphics/indicators.js';
import { REGIONS } from '../../src/components/region-map/geometry.js';
import { api, mount, sharedApi, widgetTestHooks } from '../helpers/kit.js';

type Regions = ListEnvelope<RegionStats>;
type MapElement = HTMLElement & { updateComplete: Promise<unknown> };

const chromium = /Chrome\//.test(navigator.userAgent);
const map = (attrs: Record<string, string>, width: number) =>
  mount<MapElement>('khountous-region-map', { lazy: 'false', ...attrs }, { width });
const shown = (element: Element | null) => {
  if (!element) return false;
  const box = element.getBoundingClientRect();
  return box.width > 2 && box.height > 2 && getComputedStyle(element).visibility !== 'hidden';
};
const hints = (element: HTMLElement) => {
  const root = element.shadowRoot!;
  return {
    fine: root.querySelector<HTMLElement>('.readout .hint.fine')!,
    coarse: root.querySelector<HTMLElement>('.readout .hint.coarse')!,
  };
};

/** The rules of the map's styles under media whose condition matches `condition`, as text. */
function rulesUnder(condition: RegExp): string {
  const sheets = (
    customElements.get('khountous-region-map') as unknown as {
      elementStyles: { styleSheet?: CSSStyleSheet }[];
    }
  ).elementStyles;
  return sheets
    .flatMap((style) => [...(style.styleSheet?.cssRules ?? [])])
    .filter(
      (rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && condition.test(rule.conditionText),
    )
    .flatMap((rule) => [...rule.cssRules].map((inner) => inner.cssText))
    .join('\n');
}

describe('<khountous-region-map> on a phone and on paper', () => {
  let regions: Regions;
  before(async () => {
    regions = await api(sharedApi(), '/regions?lang=fr');
  });
  widgetTestHooks();
  afterEach(() => resetMouse());

  for (const width of [320, 600]) {
    it(`at ${width} px: the 14 regions named with their values under the map, the better first`, async () => {
      const element = await map({ indicator: 'responseRate' }, width);
      const root = element.shadowRoot!;
      const svg = root.querySelector('svg')!.getBoundingClientRect();
      const table = root.querySelector('[part="table"]')!;
      expect(shown(table.closest('.table-wrap')), 'the table shown').to.equal(true);
      expect(table.getBoundingClientRect().top).to.be.at.least(svg.bottom);
      expect(table.getBoundingClientRect().width).to.be.at.most(width);
      expect(element.scrollWidth, 'no overflow').to.be.at.most(width);
      const rows = [...table.querySelectorAll('tbody tr')];
      expect(rows).to.have.length(14);
      const expected = [...regions.data]
        .sort((a, b) => b.indicators.responseRate - a.indicators.responseRate)
        .map((region) => [
          region.name,
          formatIndicator('fr', 'responseRate', region.indicators.responseRate),
        ]);
      const read = rows.map((row) => [...row.children].map((cell) => cell.textContent!.trim()));
      expect(read).to.deep.equal(expected);
      for (const row of rows) expect(shown(row.querySelector('th')), row.textContent!).to.equal(true);
      // Shown already: its button would hide what a narrow map needs.
      expect(shown(root.querySelector('[part="toggle"]'))).to.equal(false);
      await expect(element).to.be.accessible();
    });
  }

  it('at 960 px: the names on the map, the table behind its button', async () => {
    const element = await map({}, 960);
    const root = element.shadowRoot!;
    const names = [...root.querySelectorAll('.names text:not(.gambia-name)')];
    expect(names).to.have.length(14);
    for (const name of names) expect(shown(name), name.textContent!).to.equal(true);
    expect(shown(root.querySelector('.table-wrap'))).to.equal(false);
    expect(shown(root.querySelector('[part="toggle"]'))).to.equal(true);
  });

  it('the hint follows the input: the pointer and the keys with a mouse, a touch on a touch screen', async () => {
    const element = await map({}, 600);
    const { fine, coarse } = hints(element);
    expect(fine.textContent).to.equal('Pointez une région, ou utilisez la touche Tab puis les flèches.');
    expect(coarse.textContent).to.equal('Touchez une région.');
    const touch = matchMedia('(pointer: coarse)').matches;
    expect(shown(fine)).to.equal(!touch);
    expect(shown(coarse)).to.equal(touch);
    // The rule that decides it, in every engine.
    expect(rulesUnder(/^\(pointer: coarse\)$/)).to.match(/\.hint\.fine\s*\{\s*display: none;/);
    const en = await map({ lang: 'en' }, 600);
    expect(hints(en).coarse.textContent).to.equal('Tap a region.');
    expect(hints(en).fine.textContent).to.contain('arrow keys');
  });

  it('on a touch screen (Chromium emulation): "Touchez une région", not the keys', async function () {
    if (!chromium) this.skip();
    const element = await map({}, 320);
    await executeServerCommand('look-media', { pointer: 'coarse' });
    try {
      expect(matchMedia('(pointer: coarse)').matches).to.equal(true);
      const { fine, coarse } = hints(element);
      expect(shown(coarse)).to.equal(true);
      expect(shown(fine)).to.equal(false);
    } finally {
      await executeServerCommand('look-media', { pointer: null });
    }
  });

  it('on paper: no hint; the region chosen still written under the map', async () => {
    expect(rulesUnder(/^print$/)).to.match(/\.hint\.fine,\s*\.hint\.coarse\s*\{\s*display: none;/);
    if (!chromium) return;
    const idle = await map({}, 600);
    const chosen = await map({ region: 'kolda' }, 600);
    await executeServerCommand('look-media', { media: 'print' });
    try {
      expect(matchMedia('print').matches).to.equal(true);
      const { fine, coarse } = hints(idle);
      expect(shown(fine) || shown(coarse)).to.equal(false);
      const readout = chosen.shadowRoot!.querySelector('[part="readout"]')!;
      expect(shown(readout)).to.equal(true);
      expect(readout.textContent).to.contain('Kolda');
    } finally {
      await executeServerCommand('look-media', { media: null });
    }
  });

  it('a click (as a tap) focuses the region: its value written under the map, the map’s one stop', async () => {
    const element = await map({}, 320);
    const root = element.shadowRoot!;
    const kolda = root.querySelector<SVGGElement>('g.region[data-code="kolda"]')!;
    const [x, y] = REGIONS.find((shape) => shape.code === 'kolda')!.label;
    const at = new DOMPoint(x, y).matrixTransform(root.querySelector('svg')!.getScreenCTM()!);
    await sendMouse({ type: 'click', position: [Math.round(at.x), Math.round(at.y)] });
    await sendMouse({ type: 'move', position: [1, 1] });
    await element.updateComplete;
    expect(root.activeElement).to.equal(kolda);
    expect(root.querySelector('[part="readout"]')!.textContent!.trim()).to.equal(
      kolda.getAttribute('aria-label'),
    );
    expect([...root.querySelectorAll('g.region[tabindex="0"]')]).to.deep.equal([kolda]);
  });
});
