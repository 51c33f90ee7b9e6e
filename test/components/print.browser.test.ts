// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * The ranking and the regional tables on paper: headers over their values (the same side of
 * their column, measured), whole words in headers (no `hyphens: auto`, which Firefox applies to
 * "RÉPONSE" in upper case), and in Chromium's emulation of print media (test/server/look.ts) no
 * hint meant for a pointer and the source line kept.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/components/ranking/define.js';
import '../../src/components/region-map/define.js';
import '../../src/components/region-stats/define.js';
import { mount, widgetTestHooks } from '../helpers/kit.js';

const chromium = /Chrome\//.test(navigator.userAgent);
const media = (payload: Record<string, string | null>) => executeServerCommand('look-media', payload);

/** Where a cell's words are drawn: the box of its text, not of the cell. */
function contentBox(cell: Element): DOMRect {
  const range = document.createRange();
  range.selectNodeContents(cell);
  return range.getBoundingClientRect();
}

/**
 * The columns of `table` whose header is not over its values: for each, the header's words and
 * the first row's share neither their start nor their end edge (within a pixel and a half), or
 * their computed `text-align` differs.
 */
function misaligned(table: HTMLTableElement): string[] {
  const headers = [...table.tHead!.rows[0]!.cells];
  const first = [...table.tBodies[0]!.rows[0]!.cells];
  return headers.flatMap((header, index) => {
    const cell = first[index]!;
    const [a, b] = [contentBox(header), contentBox(cell)];
    const align = (element: Element) =>
      getComputedStyle(element).textAlign.replace('left', 'start').replace('right', 'end');
    const edges = Math.abs(a.left - b.left) <= 1.5 || Math.abs(a.right - b.right) <= 1.5;
    return edges && align(header) === align(cell)
      ? []
      : [
          `${header.textContent!.trim()}: ${align(header)} over ${align(cell)}, ${a.left}-${a.right} over ${b.left}-${b.right}`,
        ];
  });
}

const hyphenated = (table: HTMLTableElement): string[] =>
  [...table.tHead!.querySelectorAll('th')]
    .filter((th) => {
      const style = getComputedStyle(th);
      return (style.hyphens || style.getPropertyValue('-webkit-hyphens')) === 'auto';
    })
    .map((th) => th.textContent!.trim());

async function widgets() {
  return {
    ranking: await mount('khountous-ranking', { lazy: 'false', limit: '5' }, { width: 960 }),
    map: await mount('khountous-region-map', { lazy: 'false', indicator: 'responseRate' }, { width: 320 }),
    stats: await mount('khountous-region-stats', { lazy: 'false' }, { width: 960 }),
  };
}

const tableOf = (element: Element) => element.shadowRoot!.querySelector('table')!;

describe('tables and hints on paper', () => {
  widgetTestHooks();

  it('headers sit over their values and keep whole words, in the ranking and the regional tables', async () => {
    const { ranking, map } = await widgets();
    for (const element of [ranking, map]) {
      const table = tableOf(element);
      expect(misaligned(table), element.localName).to.deep.equal([]);
      expect(hyphenated(table), element.localName).to.deep.equal([]);
    }
  });

  if (chromium) {
    it('printed: no pointer hint, the source line kept, the tables aligned', async () => {
      const { ranking, map, stats } = await widgets();
      const wide = await mount(
        'khountous-region-map',
        { lazy: 'false', indicator: 'responseRate' },
        { width: 960 },
      );
      const hints = (element: Element) => [...element.shadowRoot!.querySelectorAll('.hint')];
      expect(
        hints(wide).filter((hint) => hint.checkVisibility()),
        'a hint on screen',
      ).to.have.length.greaterThan(0);
      try {
        await media({ media: 'print' });
        expect(matchMedia('print').matches, 'print emulated').to.equal(true);
        for (const element of [map, wide])
          expect(
            hints(element)
              .filter((hint) => hint.checkVisibility())
              .map((hint) => hint.textContent),
            'hints printed',
          ).to.deep.equal([]);
        for (const element of [ranking, map, wide, stats]) {
          const source = element.shadowRoot!.querySelector('[part~="source"]');
          expect(source?.checkVisibility(), `${element.localName}: source printed`).to.equal(true);
        }
        for (const element of [ranking, wide, stats]) {
          const table = tableOf(element);
          expect(table.checkVisibility(), `${element.localName}: table printed`).to.equal(true);
          expect(misaligned(table), element.localName).to.deep.equal([]);
          expect(hyphenated(table), element.localName).to.deep.equal([]);
        }
      } finally {
        await media({ media: null });
      }
    });
  }
});
