// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import '../../src/components/region-stats/define.js';
import { REGION_CODES, type ListEnvelope, type RegionStats } from '../../src/core/types.js';
import { FaultyApi } from '../hardening/browser-kit.js';
import {
  api,
  countFetches,
  freshKit,
  loadAccessibilityChecker,
  mount,
  settled,
  shadowText,
  sharedApi,
} from '../helpers/kit.js';

const stats = (attrs: Record<string, string>) => mount('khountous-region-stats', attrs);

describe('<khountous-region-stats>', () => {
  loadAccessibilityChecker();
  let regions: ListEnvelope<RegionStats>;
  before(async () => {
    regions = await api(sharedApi(), '/regions');
  });
  beforeEach(freshKit);
  afterEach(fixtureCleanup);

  it('charts the 14 regions, highest first, with the values written out and a table', async () => {
    const element = await stats({});
    const root = element.shadowRoot!;
    const expected = [...regions.data].sort((a, b) => b.indicators.averageScore - a.indicators.averageScore);
    const rows = [...root.querySelectorAll('[part="chart"] .row')];
    expect(rows).to.have.length(14);
    expect(rows.map((row) => row.querySelector('.label')!.textContent)).to.deep.equal(
      expected.map((r) => r.name),
    );
    expect(rows.map((row) => row.querySelector('.value')!.textContent)).to.deep.equal(
      expected.map((r) => `${r.indicators.averageScore}/100`),
    );
    expect(root.querySelector('[part="chart"]')!.getAttribute('aria-hidden')).to.equal('true');
    const tableRows = [...root.querySelectorAll('[part="table"] tbody tr')];
    expect(tableRows.map((row) => row.querySelector('th')!.textContent)).to.deep.equal(
      expected.map((r) => r.name),
    );
    expect(shadowText(element)).to.contain('Score moyen par région');
    await expect(element).to.be.accessible();
  });

  it('single figure: coloured by how it compares with the country, in the indicator’s direction, with the country’s value', async () => {
    // Means over administrations: the country's is weighted by each region's administrations.
    const admins = regions.data.reduce((sum, region) => sum + region.administrationCount, 0);
    const national = (key: 'avgDelayDays' | 'responseRate') =>
      regions.data.reduce((sum, region) => sum + region.indicators[key] * region.administrationCount, 0) /
      admins;
    // The longest delay is worse than the country's; the highest response rate better.
    const slowest = [...regions.data].sort(
      (a, b) => b.indicators.avgDelayDays - a.indicators.avgDelayDays,
    )[0]!;
    const quickest = [...regions.data]
      .filter((region) => region.administrationCount > 0)
      .sort((a, b) => a.indicators.avgDelayDays - b.indicators.avgDelayDays)[0]!;
    const responsive = [...regions.data].sort(
      (a, b) => b.indicators.responseRate - a.indicators.responseRate,
    )[0]!;
    expect(slowest.indicators.avgDelayDays).to.be.greaterThan(national('avgDelayDays') * 1.02);
    const figure = async (region: string, indicator: string) => {
      const element = await stats({ region, indicator, variant: 'single', lang: 'en' });
      const strong = element.shadowRoot!.querySelector('.single strong')!;
      return { element, strong, colour: getComputedStyle(strong).color };
    };
    const slow = await figure(slowest.code, 'avgDelayDays');
    const quick = await figure(quickest.code, 'avgDelayDays');
    const high = await figure(responsive.code, 'responseRate');
    expect(slow.strong.className, 'a long delay').to.equal('worse');
    expect(quick.strong.className, 'a short delay').to.equal('better');
    expect(high.strong.className, 'a high response rate').to.equal('better');
    expect(slow.colour, 'worse and better drawn apart').to.not.equal(quick.colour);
    expect(quick.colour).to.equal(high.colour);
    const days = new Intl.NumberFormat('en-GB', {
      style: 'unit',
      unit: 'day',
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    }).format(national('avgDelayDays'));
    expect(shadowText(slow.element)).to.contain(`(national: ${days})`);
    // In the line of text, not drawn as the chart's line across the page.
    const said = slow.element.shadowRoot!.querySelector('.single .national')!;
    expect(getComputedStyle(said).position).to.equal('static');
  });

  it('chart: the country’s value as a line across the bars and in its key; bars coloured better or worse in the indicator’s direction, light and dark', async () => {
    const admins = regions.data.reduce((sum, region) => sum + region.administrationCount, 0);
    const national =
      regions.data.reduce(
        (sum, region) => sum + region.indicators.avgDelayDays * region.administrationCount,
        0,
      ) / admins;
    const slowest = [...regions.data].sort(
      (a, b) => b.indicators.avgDelayDays - a.indicators.avgDelayDays,
    )[0]!;
    const quickest = [...regions.data]
      .filter((region) => region.administrationCount > 0)
      .sort((a, b) => a.indicators.avgDelayDays - b.indicators.avgDelayDays)[0]!;
    const days = new Intl.NumberFormat('en-GB', {
      style: 'unit',
      unit: 'day',
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    }).format(national);
    const colours: Record<string, string>[] = [];
    for (const theme of ['light', 'dark']) {
      const element = await stats({ indicator: 'avgDelayDays', lang: 'en', theme });
      const root = element.shadowRoot!;
      expect(root.querySelector('.key')!.textContent!.replace(/\s+/g, ' ')).to.contain(`national: ${days}`);
      const bars = Object.fromEntries(
        [...root.querySelectorAll('[part="chart"] .row')].map((row) => [
          row.querySelector('.label')!.textContent!,
          row.querySelector<HTMLElement>('.bar')!,
        ]),
      );
      const fill = (name: string) => getComputedStyle(bars[name]!.querySelector('span')!).backgroundColor;
      expect(bars[slowest.name]!.classList.contains('worse'), 'the longest delay').to.equal(true);
      expect(bars[quickest.name]!.classList.contains('better'), 'the shortest delay').to.equal(true);
      expect(fill(slowest.name)).to.not.equal(fill(quickest.name));
      // The line sits where the country's value falls on the bars' scale (the longest delay fills its track).
      const line = bars[slowest.name]!.querySelector<HTMLElement>('.national-line')!;
      const track = bars[slowest.name]!.getBoundingClientRect();
      const x = line.getBoundingClientRect().left - track.left;
      expect(x / track.width).to.be.closeTo(national / slowest.indicators.avgDelayDays, 0.02);
      // One straight line down the chart: every track starts and ends where the others do,
      // whatever the width of its value ("9.5 days", "18.2 days").
      const across = (side: 'left' | 'right') =>
        Object.values(bars).map((bar) => bar.getBoundingClientRect()[side]);
      for (const side of ['left', 'right'] as const) {
        expect(
          Math.max(...across(side)) - Math.min(...across(side)),
          `the tracks' ${side} edges`,
        ).to.be.below(1);
      }
      colours.push({ better: fill(quickest.name), worse: fill(slowest.name) });
    }
    expect(colours[0]!.better, 'light and dark have their own blue').to.not.equal(colours[1]!.better);
    expect(colours[0]!.worse).to.not.equal(colours[1]!.worse);
    // An indicator with no better side (more reports may be more people who report): no judgement.
    const reports = await stats({ indicator: 'reportsPer100k' });
    expect(reports.shadowRoot!.querySelector('[part="chart"]')!.classList.contains('judged')).to.equal(false);
    expect(reports.shadowRoot!.querySelector('.key-better')).to.equal(null);
  });

  it('full view: a figure never breaks between its digits, even in a narrow tile', async () => {
    const populous = [...regions.data].sort((a, b) => b.population - a.population)[0]!;
    const element = await mount(
      'khountous-region-stats',
      { region: populous.code, lang: 'fr' },
      { width: 240 },
    );
    for (const dd of element.shadowRoot!.querySelectorAll('dd')) {
      const lineHeight = parseFloat(getComputedStyle(dd).lineHeight);
      expect(dd.getBoundingClientRect().height, dd.textContent!).to.be.below(lineHeight * 1.5);
    }
  });

  it('charts the indicator chosen, with its unit', async () => {
    const element = await stats({ indicator: 'responseRate', lang: 'en' });
    const values = [...element.shadowRoot!.querySelectorAll('[part="chart"] .value')].map(
      (v) => v.textContent,
    );
    expect(values.every((value) => /^\d+%$/.test(value!))).to.equal(true);
    const max = Math.max(...regions.data.map((r) => r.indicators.responseRate));
    expect(values[0]).to.equal(`${max}%`);
    expect(shadowText(element)).to.contain('Response rate by region');
  });

  it("with region, shows that region's indicators and figures", async () => {
    const ziguinchor = regions.data.find((region) => region.code === 'ziguinchor')!;
    const element = await stats({ region: 'ziguinchor', indicator: 'resolutionRate', lang: 'en' });
    const root = element.shadowRoot!;
    expect(root.querySelector('.title')!.textContent).to.equal('Ziguinchor');
    const labels = [...root.querySelectorAll('[part="indicators"] dt')].map((dt) => dt.textContent);
    expect(labels).to.include.members(['Average score', 'Response rate', 'Resolution rate', 'Population']);
    expect(shadowText(element)).to.contain(new Intl.NumberFormat('en-GB').format(ziguinchor.population));
    expect(root.querySelector('.highlight dt')!.textContent).to.equal('Resolution rate');
  });

  it('says state="empty" when the region it shows is not in the list, in every variant', async () => {
    // The API answers with one region only: not the one asked for.
    const faulty = new FaultyApi('region-stats-empty');
    await faulty.fail({ fault: 'first-item', paths: ['/regions'] });
    const first = (await api<ListEnvelope<RegionStats>>(faulty.base, '/regions')).data[0]!.code;
    const absent = REGION_CODES.find((code) => code !== first)!;
    for (const variant of ['full', 'single']) {
      const element = await stats({ region: absent, variant, 'base-url': faulty.base });
      expect(await settled(element), variant).to.equal('empty');
      expect(element.shadowRoot!.querySelector('[part="empty"]'), variant).to.exist;
    }
    const shown = await stats({ region: first, 'base-url': faulty.base });
    expect(await settled(shown)).to.equal('ready');
  });

  it('shows or hides the table with a button that says its state', async () => {
    const element = await stats({});
    const root = element.shadowRoot!;
    const toggle = root.querySelector<HTMLButtonElement>('[part="toggle"]')!;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(
      root.querySelector('[part="table"]')!.parentElement!.classList.contains('visually-hidden'),
    ).to.equal(true);
    toggle.focus();
    toggle.click();
    await (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(
      root.querySelector('[part="table"]')!.parentElement!.classList.contains('visually-hidden'),
    ).to.equal(false);
    expect(root.querySelector('[part="table"]')!.getBoundingClientRect().height).to.be.greaterThan(100);
  });

  it('serves every form from one request', async () => {
    const fetches = countFetches();
    try {
      const wrapper = await fixture<HTMLDivElement>(document.createElement('div'));
      for (const attrs of [{}, { indicator: 'avgDelayDays' }, { region: 'kolda' }, { region: 'matam' }]) {
        const element = document.createElement('khountous-region-stats');
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

  for (const attrs of <Record<string, string>[]>[{ indicator: 'happiness' }, { region: 'casamance' }]) {
    it(`${JSON.stringify(attrs)} is a configuration error, with no request`, async () => {
      const fetches = countFetches();
      try {
        const element = await stats(attrs);
        expect(element.getAttribute('state')).to.equal('error');
        expect(fetches.urls).to.deep.equal([]);
      } finally {
        fetches.restore();
      }
    });
  }

  it('knows every region code of the API', () => {
    expect(regions.data.map((region) => region.code)).to.deep.equal([...REGION_CODES]);
  });
});
