// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * <khountous-region-map>'s legend on the reference API's regions, for every indicator and both
 * `classes` methods: the classes contiguous, of one width with `equal`, none narrower than the
 * values' resolution; every region's value, as the table writes it, in the class whose colour it
 * has; the country's value in the class the legend marks.
 */
import { expect } from '@open-wc/testing';
import '../../src/components/region-map/define.js';
import { REGION_INDICATORS } from '../../src/core/types.js';
import { resolutionOf } from '../../src/graphics/indicators.js';
import { mount, widgetTestHooks } from '../helpers/kit.js';

const numbers = (text: string) => (text.match(/\d+(\.\d+)?/g) ?? []).map(Number);

describe('<khountous-region-map> legend', () => {
  widgetTestHooks();

  for (const classes of ['equal', 'jenks'])
    for (const indicator of REGION_INDICATORS)
      it(`${indicator}, classes="${classes}": every value and the country's in a class of the legend`, async () => {
        const element = await mount('khountous-region-map', {
          indicator,
          classes,
          lang: 'en',
          lazy: 'false',
        });
        const root = element.shadowRoot!;
        const resolution = resolutionOf(indicator);
        const items = [...root.querySelectorAll('[part="legend"] li')].filter((li) =>
          /step-\d/.test(li.querySelector('.swatch')!.className),
        );
        const ranges = items.map((li) => {
          const [min, max = min] = numbers(li.querySelector('.range')!.textContent!);
          return {
            min: min!,
            max: max!,
            colour: getComputedStyle(li.querySelector('.swatch')!).backgroundColor,
            li,
          };
        });
        expect(ranges.length, 'at most five classes').to.be.within(2, 5);
        const ascending = [...ranges].sort((a, b) => a.min - b.min);
        for (const [index, range] of ascending.entries()) {
          expect(range.max - range.min + resolution, 'no class narrower than the resolution').to.be.at.least(
            resolution - 1e-9,
          );
          const next = ascending[index + 1];
          if (next) expect(next.min - range.max, 'no gap, no overlap').to.be.closeTo(resolution, 1e-9);
        }
        if (classes === 'equal') {
          const widths = new Set(ascending.map((range) => (range.max - range.min + resolution).toFixed(3)));
          expect([...widths], 'one width').to.have.length(1);
        }
        // Every region's value, as its row writes it, in the class whose colour it has.
        const rows = [...root.querySelectorAll('[part="table"] tbody tr')];
        expect(rows).to.have.length(14);
        for (const row of rows) {
          const name = row.querySelector('th')!.textContent!.trim();
          const [value] = numbers(row.querySelector('td')!.textContent!);
          const range = ranges.find((item) => item.min <= value! && value! <= item.max);
          expect(range, `${name} ${value}`).to.exist;
          const region = [...root.querySelectorAll('g.region')].find((g) =>
            g.getAttribute('aria-label')!.includes(name),
          )!;
          expect(getComputedStyle(region.querySelector('path.area')!).fill, name).to.equal(range!.colour);
        }
        // The country's value in the one class marked.
        const [national] = numbers(root.querySelector('.national')!.textContent!);
        const marked = ranges.filter((range) => range.li.querySelector('.mark'));
        expect(marked).to.have.length(1);
        expect(national).to.be.within(marked[0]!.min, marked[0]!.max);
        expect(marked[0]!.li.textContent).to.contain('national value');
      });
});
