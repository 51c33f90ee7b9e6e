// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * <khountous-region-map>: the 14 regions and The Gambia drawn, the map one stop of the Tab key
 * with the arrow keys between its regions (Dakar too, in its inset), each named with its value, pointed at or focused its value
 * written under the map, `region` outlined, coloured by class with the better end the same
 * colour whatever the indicator's direction (light and dark), a region without a figure said
 * so, forced colours, and one request for the map and the region chart together.
 */
import { expect, fixture } from '@open-wc/testing';
import { executeServerCommand, resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/components/region-map/define.js';
import '../../src/components/region-stats/define.js';
import { REGION_CODES, type ListEnvelope, type RegionStats } from '../../src/core/types.js';
import { REGIONS } from '../../src/components/region-map/geometry.js';
import { api, countFetches, mount, settled, shadowText, sharedApi, widgetTestHooks } from '../helpers/kit.js';

type Regions = ListEnvelope<RegionStats>;
type MapElement = HTMLElement & { updateComplete: Promise<unknown> };

const map = (attrs: Record<string, string> = {}, width?: number) =>
  mount<MapElement>('khountous-region-map', attrs, { width });
const regionsOf = (element: HTMLElement) => [
  ...element.shadowRoot!.querySelectorAll<SVGGElement>('g.region'),
];
const regionIn = (element: HTMLElement, code: string) =>
  element.shadowRoot!.querySelector<SVGGElement>(`g.region[data-code="${code}"]`)!;
const readout = (element: HTMLElement) =>
  element.shadowRoot!.querySelector('[part="readout"]')!.textContent!.trim();
const fillOf = (element: HTMLElement, code: string) =>
  getComputedStyle(regionIn(element, code).querySelector('path.area')!).fill;

/** The two ends of the map's colours on each theme (region-map.styles.ts): the better end the darkest on both. */
const ENDS = {
  light: { better: 'rgb(23, 40, 117)', worse: 'rgb(95, 191, 192)' },
  dark: { better: 'rgb(35, 107, 174)', worse: 'rgb(218, 240, 179)' },
};

describe('<khountous-region-map>', () => {
  let regions: Regions;
  const by = (key: keyof RegionStats['indicators'], order: 1 | -1) =>
    [...regions.data].sort((a, b) => order * (b.indicators[key] - a.indicators[key]))[0]!;
  before(async () => {
    regions = await api(sharedApi(), '/regions?lang=fr');
  });
  widgetTestHooks();
  afterEach(() => resetMouse());

  it('draws the 14 regions, named with their values, and The Gambia as land no one reaches', async () => {
    const element = await map();
    const drawn = regionsOf(element);
    expect(drawn.map((g) => g.dataset['code']).sort()).to.deep.equal([...REGION_CODES].sort());
    for (const g of drawn) {
      const region = regions.data.find((item) => item.code === g.dataset['code'])!;
      expect(g.getAttribute('role')).to.equal('img');
      expect(g.getAttribute('tabindex')).to.equal(g.dataset['code'] === REGIONS[0]!.code ? '0' : '-1');
      expect(g.getAttribute('aria-label')).to.equal(
        // The name isolated (U+2068 … U+2069): its direction stays its own.
        `\u2068${region.name}\u2069\u202f: ${region.indicators.averageScore}/100`,
      );
    }
    const root = element.shadowRoot!;
    const gambia = root.querySelector('path.gambia')!;
    expect(gambia.getAttribute('aria-hidden')).to.equal('true');
    expect(gambia.closest('[tabindex]')).to.equal(null);
    expect(gambia.getBoundingClientRect().width).to.be.greaterThan(50);
    expect(root.querySelector('.gambia-name')!.textContent).to.equal('Gambie');
    expect(root.querySelector('svg')!.getAttribute('aria-label')).to.equal(
      'Carte\u202f: score moyen par région',
    );
    // The legend: classes of 10 points, the better first, the country's class marked, The Gambia
    // named as a country, and the country's value.
    const items = [...root.querySelectorAll('[part="legend"] li')].map((li) =>
      li.textContent!.replace(/\s+/g, ' ').trim(),
    );
    expect(items).to.deep.equal([
      '70 – 79/100 meilleur',
      '60 – 69/100',
      '50 – 59/100 ◆ valeur nationale',
      '40 – 49/100 moins bon',
      'Gambie (pays voisin)',
    ]);
    const swatch = root.querySelectorAll('[part="legend"] .swatch')[4]!;
    expect(getComputedStyle(swatch).backgroundColor).to.equal(getComputedStyle(gambia).fill);
    // (shadowText folds the narrow space before the colon.)
    expect(shadowText(element)).to.match(/national : \d+\/100/);
    await expect(element).to.be.accessible();
  });

  it('in English, names and values in its words', async () => {
    const element = await map({ lang: 'en', indicator: 'responseRate' });
    const kolda = regions.data.find((region) => region.code === 'kolda')!;
    expect(regionIn(element, 'kolda').getAttribute('aria-label')).to.equal(
      `\u2068Kolda\u2069: ${kolda.indicators.responseRate}%`,
    );
    expect(element.shadowRoot!.querySelector('.gambia-name')!.textContent).to.equal('The Gambia');
    expect(shadowText(element)).to.contain('Response rate by region');
    expect(shadowText(element)).to.match(/national: \d+%/);
  });

  it('is one Tab stop; the arrow keys reach every region, Dakar too, in reading order; Home, End; Escape leaves', async () => {
    const before = await fixture<HTMLButtonElement>(document.createElement('button'));
    before.textContent = 'before';
    const element = document.createElement('khountous-region-map') as MapElement;
    element.setAttribute('base-url', sharedApi());
    before.after(element);
    await settled(element);
    const root = element.shadowRoot!;
    const focused = () => root.activeElement as SVGGElement | null;
    // Shift held down: puppeteer's and playwright's keyboards, not WebDriver's (WebKit here).
    const holdsShift = /Chrome\/|Firefox\//.test(navigator.userAgent);
    const press = async (key: string) => {
      const [shift, last] = key.startsWith('Shift+') ? [true, key.slice(6)] : [false, key];
      if (shift) await sendKeys({ down: 'Shift' });
      await sendKeys({ press: last });
      if (shift) await sendKeys({ up: 'Shift' });
      await element.updateComplete;
    };
    // One region in the Tab order: the first.
    const stops = regionsOf(element).filter((g) => g.getAttribute('tabindex') === '0');
    expect(stops.map((g) => g.dataset['code'])).to.deep.equal([REGIONS[0]!.code]);
    before.focus();
    await press('Tab');
    const reached = [focused()?.dataset['code']];
    for (let step = 1; step < 14; step++) {
      await press(step % 2 ? 'ArrowRight' : 'ArrowDown');
      const now = focused();
      expect(now?.classList.contains('region'), `step ${step}`).to.equal(true);
      reached.push(now!.dataset['code']);
      // Focused: written under the map, outlined, and the one stop of the Tab key.
      expect(readout(element)).to.equal(now!.getAttribute('aria-label'));
      const outline = root.querySelector('.outline.focused')!;
      expect(outline.getAttribute('d')).to.equal(now!.querySelector('path.area')!.getAttribute('d'));
      expect(regionsOf(element).filter((g) => g.getAttribute('tabindex') === '0')).to.deep.equal([now]);
    }
    expect(reached).to.deep.equal(REGIONS.map((shape) => shape.code));
    expect(reached).to.include('dakar');
    // The last stays the last; back with the other arrows; Home and End.
    await press('ArrowRight');
    expect(focused()!.dataset['code']).to.equal(REGIONS[13]!.code);
    await press('ArrowLeft');
    await press('ArrowUp');
    expect(focused()!.dataset['code']).to.equal(REGIONS[11]!.code);
    await press('Home');
    expect(focused()!.dataset['code']).to.equal(REGIONS[0]!.code);
    await press('End');
    expect(focused()!.dataset['code']).to.equal(REGIONS[13]!.code);
    // One Tab past the map: the table's button; one Shift+Tab back, to the region last focused.
    await press('Tab');
    expect(root.activeElement?.getAttribute('part')).to.equal('toggle');
    expect(readout(element)).to.contain('Tab');
    expect(root.querySelector('.outline.focused')).to.equal(null);
    if (holdsShift) {
      await press('Shift+Tab');
      expect(focused()!.dataset['code']).to.equal(REGIONS[13]!.code);
      await press('Shift+Tab');
      expect(document.activeElement).to.equal(before);
      await press('Tab');
    } else {
      // WebKit's driver holds no key: back into the map as the mouse-less reader comes from before it.
      before.focus();
      await press('Tab');
    }
    expect(focused()!.dataset['code']).to.equal(REGIONS[13]!.code);
    // Escape leaves the map: no region focused, the hint again; the next Tab goes on past it
    // (in Chromium and Firefox, from where the focus was; WebKit's Tab after a blur starts elsewhere).
    await press('Escape');
    expect(root.activeElement).to.equal(null);
    expect(readout(element)).to.contain('Tab');
    if (holdsShift) {
      await press('Tab');
      expect(root.activeElement?.getAttribute('part')).to.equal('toggle');
    }
  });

  it('pointed at, a region is written under the map: Dakar through its inset too', async () => {
    const element = await map({}, 600);
    const svg = element.shadowRoot!.querySelector('svg')!;
    const at = (x: number, y: number) => new DOMPoint(x, y).matrixTransform(svg.getScreenCTM()!);
    const point = async (x: number, y: number) => {
      const { x: left, y: top } = at(x, y);
      await sendMouse({ type: 'move', position: [Math.round(left), Math.round(top)] });
      await element.updateComplete;
    };
    const tamba = REGIONS.find((shape) => shape.code === 'tambacounda')!;
    await point(...tamba.label);
    expect(readout(element)).to.equal(regionIn(element, 'tambacounda').getAttribute('aria-label'));
    expect(element.shadowRoot!.querySelector('.outline.pointed')).to.exist;
    // The middle of the inset's box, far from the region itself.
    const box = element.shadowRoot!.querySelector('rect.inset')!;
    const { x, y, width, height } = box.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(x + width / 2), Math.round(y + height / 3)] });
    await element.updateComplete;
    expect(readout(element)).to.equal(regionIn(element, 'dakar').getAttribute('aria-label'));
    expect(box.closest('g.region')).to.equal(regionIn(element, 'dakar'));
    await sendMouse({ type: 'move', position: [1, 1] });
    await element.updateComplete;
    expect(readout(element)).to.contain('Tab');
  });

  it('region="…" outlines that region and writes its value, with aria-current', async () => {
    const element = await map({ region: 'kolda' });
    const kolda = regionIn(element, 'kolda');
    expect(kolda.getAttribute('aria-current')).to.equal('true');
    expect(regionsOf(element).filter((g) => g.hasAttribute('aria-current'))).to.have.length(1);
    const outline = element.shadowRoot!.querySelector<SVGPathElement>('.outline.chosen')!;
    expect(outline.getAttribute('d')).to.equal(kolda.querySelector('path.area')!.getAttribute('d'));
    const width = (path: Element) => parseFloat(getComputedStyle(path).strokeWidth);
    expect(width(outline)).to.be.greaterThan(2 * width(kolda.querySelector('path.area')!));
    expect(readout(element)).to.equal(kolda.getAttribute('aria-label'));
    await expect(element).to.be.accessible();
  });

  for (const theme of ['light', 'dark'] as const) {
    const { better, worse } = ENDS[theme];
    it(`${theme}: the better end is one colour whatever the direction; the longest delay is the worse end`, async () => {
      const score = await map({ theme, indicator: 'averageScore' });
      expect(fillOf(score, by('averageScore', 1).code), 'the highest score').to.equal(better);
      expect(fillOf(score, by('averageScore', -1).code), 'the lowest score').to.equal(worse);
      const delay = await map({ theme, indicator: 'avgDelayDays', lang: 'en' });
      expect(fillOf(delay, by('avgDelayDays', 1).code), 'the longest delay').to.equal(worse);
      expect(fillOf(delay, by('avgDelayDays', -1).code), 'the shortest delay').to.equal(better);
      // The legend says it: its first swatch, the better end, is the best region's colour.
      const swatches = [...delay.shadowRoot!.querySelectorAll('[part="legend"] .swatch')];
      expect(getComputedStyle(swatches[0]!).backgroundColor).to.equal(better);
      expect(delay.shadowRoot!.querySelector('[part="legend"] li')!.textContent).to.contain('better');
      expect(shadowText(delay)).to.match(/national: [\d.]+ days/);
    });
  }

  it('reports per 100,000 people: its own colours, and no better or worse', async () => {
    const element = await map({ indicator: 'reportsPer100k', lang: 'en' });
    const highest = fillOf(element, by('reportsPer100k', 1).code);
    expect([ENDS.light.better, ENDS.light.worse]).to.not.include(highest);
    const legend = element.shadowRoot!.querySelector('[part="legend"]')!.textContent!;
    expect(legend).to.contain('highest');
    expect(legend).to.not.match(/better|worse/);
  });

  it('a region without a figure is hatched and said to have none', async () => {
    const data = structuredClone(regions);
    data.data.find((region) => region.code === 'kolda')!.administrationCount = 0;
    const element = document.createElement('khountous-region-map') as MapElement;
    for (const [name, value] of Object.entries({ 'base-url': sharedApi(), lazy: 'false' }))
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
    const kolda = regionIn(element, 'kolda');
    expect(kolda.getAttribute('aria-label')).to.equal('\u2068Kolda\u2069\u202f: pas de données');
    expect(kolda.querySelector('path.area')!.classList.contains('no-data')).to.equal(true);
    expect(fillOf(element, 'kolda')).to.match(/^url\(/);
    const legend = [...element.shadowRoot!.querySelectorAll('[part="legend"] li')].map((li) =>
      li.textContent!.trim(),
    );
    expect(legend.at(-2)).to.equal('pas de données');
    // Last in the table.
    const rows = [...element.shadowRoot!.querySelectorAll('[part="table"] tbody tr')];
    expect(rows.at(-1)!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Kolda pas de données');
  });

  it('forced colours: edges in the text colour, the region chosen in the highlight, the table shown', async function () {
    if (!/Chrome\//.test(navigator.userAgent)) this.skip();
    const element = await map({ region: 'matam' });
    const probe = await fixture<HTMLSpanElement>(document.createElement('span'));
    const system = (colour: string) => {
      probe.style.color = colour;
      return getComputedStyle(probe).color;
    };
    await executeServerCommand('look-media', { forcedColors: 'active' });
    try {
      expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
      const root = element.shadowRoot!;
      expect(getComputedStyle(regionIn(element, 'kolda').querySelector('path.area')!).stroke).to.equal(
        system('CanvasText'),
      );
      expect(getComputedStyle(root.querySelector('.outline.chosen')!).stroke).to.equal(system('Highlight'));
      expect(root.querySelector('[part="table"]')!.getBoundingClientRect().height).to.be.greaterThan(100);
    } finally {
      await executeServerCommand('look-media', { forcedColors: null });
    }
  });

  it('with the region chart on the page, one request for both', async () => {
    const fetches = countFetches();
    try {
      const wrapper = await fixture<HTMLDivElement>(document.createElement('div'));
      for (const [tag, attrs] of [
        ['khountous-region-stats', {}],
        ['khountous-region-map', { indicator: 'avgDelayDays', region: 'dakar' }],
        ['khountous-region-map', {}],
      ] as const) {
        const element = document.createElement(tag);
        element.setAttribute('base-url', sharedApi());
        for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
        wrapper.append(element);
      }
      for (const element of wrapper.children) expect(await settled(element as HTMLElement)).to.equal('ready');
      expect(fetches.urls.filter((url) => url.includes('/regions'))).to.have.length(1);
    } finally {
      fetches.restore();
    }
  });

  it('at 320 px and at 1280 px: the map fills its width, the legend beside it only when wide', async () => {
    for (const width of [320, 1280]) {
      const element = await map({}, width);
      const svg = element.shadowRoot!.querySelector('svg')!.getBoundingClientRect();
      const legend = element.shadowRoot!.querySelector('[part="legend"]')!.getBoundingClientRect();
      expect(svg.width, `${width}`).to.be.within(width * 0.55, width);
      expect(element.scrollWidth, `${width}: no overflow`).to.be.at.most(width);
      if (width === 320) expect(legend.top).to.be.at.least(svg.bottom);
      else expect(legend.left).to.be.at.least(svg.right);
    }
  });

  it('an indicator it does not know is a configuration error, with no request', async () => {
    const fetches = countFetches();
    try {
      const element = await map({ indicator: 'happiness' });
      expect(element.getAttribute('state')).to.equal('error');
      expect(fetches.urls).to.deep.equal([]);
    } finally {
      fetches.restore();
    }
  });
});
