// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * <khountous-region-map>'s colours as the browser draws them, light and dark: the classes in one
 * order on both themes (the worse or lowest end the lightest, the better or highest the darkest),
 * the lowest class never the background's colour, and every class, the hatching of a region
 * without a figure (its mean colour: the hatch's share of its tile) and The Gambia at least
 * MIN_DELTA_E apart (CIE76 ΔE*ab, test/helpers/colour.ts) as they are, in grey and under
 * protanopia and deuteranopia (Machado et al. 2009). The colours are read from the rendered map:
 * the kit's own values, whatever they are.
 */
import { expect, fixture } from '@open-wc/testing';
import '../../src/components/region-map/define.js';
import { REGION_CODES, type ListEnvelope, type RegionStats } from '../../src/core/types.js';
import { api, settled, sharedApi, widgetTestHooks } from '../helpers/kit.js';
import { deltaE, lab, linearOf, mix, VISIONS } from '../helpers/colour.js';

type Regions = ListEnvelope<RegionStats>;
type MapElement = HTMLElement & { updateComplete: Promise<unknown> };

/** ΔE*ab of 10: two colours told apart at a glance on a map (2.3 is a just-noticeable difference). */
const MIN_DELTA_E = 10;

/** Values that make five classes of equal width (0 – 19 … 80 – 99); Kolda without a figure. */
const VALUES = [10, 12, 30, 32, 50, 52, 70, 72, 90, 92, 15, 35, 55, 75];

async function drawn(regions: Regions, attrs: Record<string, string>): Promise<MapElement> {
  const data = structuredClone(regions);
  for (const [index, region] of data.data.entries()) {
    region.indicators.averageScore = VALUES[index]!;
    region.indicators.reportsPer100k = VALUES[index]!;
  }
  data.data.find((region) => region.code === 'kolda')!.administrationCount = 0;
  data.data.find((region) => region.code === 'kolda')!.population = 0;
  const element = document.createElement('khountous-region-map') as MapElement;
  for (const [name, value] of Object.entries({ 'base-url': sharedApi(), lazy: 'false', ...attrs }))
    element.setAttribute(name, value);
  const script = document.createElement('script');
  script.type = 'application/json';
  script.textContent = JSON.stringify({
    khountous: 1,
    path: '/regions?lang=fr',
    fetchedAt: Date.now(),
    data,
  });
  element.append(script);
  await fixture(element);
  expect(await settled(element)).to.equal('ready');
  return element;
}

/** What the map draws, in linear RGB: each step's fill, the hatching's mean, The Gambia, the background. */
function colours(element: HTMLElement) {
  const root = element.shadowRoot!;
  const style = (selector: string) => getComputedStyle(root.querySelector(selector)!);
  const steps = [0, 1, 2, 3, 4].map((step) => {
    const area = root.querySelector(`path.area.step-${step}`);
    expect(area, `a region of step ${step}`).to.exist;
    return linearOf(getComputedStyle(area!).fill);
  });
  // The hatching: its line's share of the tile it repeats (the pattern's width), over its ground.
  const pattern = root.querySelector('pattern#no-data')!;
  const share =
    parseFloat(style('pattern#no-data .hatch').strokeWidth) / Number(pattern.getAttribute('width'));
  expect(share, 'the hatch covers part of its tile').to.be.within(0.05, 0.6);
  const hatch = mix(linearOf(style('.hatch-ground').fill), linearOf(style('.hatch').stroke), share);
  return {
    steps,
    hatch,
    gambia: linearOf(style('path.gambia').fill),
    background: linearOf(style('rect.inset').fill),
  };
}

describe('<khountous-region-map> colours', () => {
  let regions: Regions;
  before(async () => {
    regions = await api(sharedApi(), '/regions?lang=fr');
    expect(regions.data.map((region) => region.code).sort()).to.deep.equal([...REGION_CODES].sort());
  });
  widgetTestHooks();

  it('measures what it claims: white and black 100 apart, red and green close under deuteranopia', () => {
    const [white, black] = [linearOf('rgb(255, 255, 255)'), linearOf('rgb(0, 0, 0)')];
    expect(deltaE(white, black)).to.be.closeTo(100, 0.01);
    const [red, green] = [linearOf('rgb(200, 60, 40)'), linearOf('rgb(60, 140, 40)')];
    expect(deltaE(red, green)).to.be.greaterThan(50);
    expect(deltaE(VISIONS.deuteranopia(red), VISIONS.deuteranopia(green))).to.be.lessThan(25);
  });

  for (const indicator of ['averageScore', 'reportsPer100k'] as const) {
    it(`${indicator}: one order of lightness on both themes, the better or highest end the darkest`, async () => {
      const lightness = [];
      for (const theme of ['light', 'dark']) {
        const element = await drawn(regions, { theme, indicator });
        const { steps } = colours(element);
        const ls = steps.map((colour) => lab(colour)[0]);
        for (let step = 1; step < 5; step++)
          expect(ls[step], `${theme}: step ${step} darker than ${step - 1}`).to.be.lessThan(ls[step - 1]!);
        lightness.push(ls);
        // The legend's first swatch (the better or highest end) is the colour of the highest value's region.
        const swatch = element.shadowRoot!.querySelector('[part="legend"] .swatch')!;
        const highest = element.shadowRoot!.querySelector(
          'g.region[data-code="' + regions.data[9]!.code + '"] path.area',
        )!;
        expect(getComputedStyle(swatch).backgroundColor).to.equal(getComputedStyle(highest).fill);
      }
      expect(lightness).to.have.length(2);
    });

    for (const theme of ['light', 'dark']) {
      it(`${indicator}, ${theme}: classes, no data and The Gambia ΔE ≥ ${MIN_DELTA_E} apart, as seen, in grey, protanopia, deuteranopia`, async () => {
        const element = await drawn(regions, { theme, indicator });
        const { steps, hatch, gambia, background } = colours(element);
        const named = [
          ...steps.map((colour, step) => [`class ${step}`, colour] as const),
          ['no data', hatch] as const,
          ['The Gambia', gambia] as const,
        ];
        for (const [vision, see] of Object.entries(VISIONS)) {
          let least = Infinity;
          for (const [index, [a, first]] of named.entries())
            for (const [b, second] of named.slice(index + 1)) {
              const distance = deltaE(see(first), see(second));
              least = Math.min(least, distance);
              expect(distance, `${vision}: ${a} and ${b}`).to.be.at.least(MIN_DELTA_E);
            }
          // The lowest class is not the background's colour (nor taken for no data).
          expect(
            deltaE(see(steps[0]!), see(background)),
            `${vision}: the lowest class and the background`,
          ).to.be.at.least(MIN_DELTA_E);
          expect(least).to.be.finite;
        }
      });
    }
  }
});
