// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * Layout defects seen on the demo pages, each checked by measuring the
 * widget in a real browser: score bars in a narrow column, the hidden table of
 * the region chart, words broken mid-word, the dataset preview's cells, French
 * colons, and the single-indicator figure.
 */
import { expect } from '@open-wc/testing';
import '../../src/khountous.js';
import { mount, widgetTestHooks } from '../helpers/kit.js';

/** True when every word of `element`'s text sits on one line (no word broken inside). */
function wordsWhole(element: Element): boolean {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (const match of text.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (tops.size > 1) return false;
    }
  }
  return true;
}

describe('layout', () => {
  widgetTestHooks();

  for (const width of [300, 360, 560]) {
    it(`ranking at ${width} px: every score bar is a bar, not a dot`, async () => {
      const element = await mount('khountous-ranking', { limit: '8' }, { width });
      const bars = [...element.shadowRoot!.querySelectorAll<HTMLElement>('[part~="bar"]')];
      expect(bars).to.have.length(8);
      for (const bar of bars) expect(bar.getBoundingClientRect().width).to.be.at.least(24);
    });
  }

  for (const lang of ['fr', 'en']) {
    it(`ranking at 300 px in ${lang}: the table stays within the widget's box`, async () => {
      const element = await mount('khountous-ranking', { limit: '8', lang }, { width: 300 });
      const root = element.shadowRoot!.querySelector<HTMLElement>('.root')!;
      const table = element.shadowRoot!.querySelector('table')!;
      const padding = parseFloat(getComputedStyle(root).paddingInlineEnd);
      expect(table.getBoundingClientRect().right).to.be.at.most(
        root.getBoundingClientRect().right - padding + 0.5,
      );
      expect(root.scrollWidth).to.be.at.most(root.clientWidth);
    });
  }

  it('ranking at 700 px: the names take the width the figures leave (at most 3 lines)', async () => {
    const element = await mount('khountous-ranking', { limit: '8', lang: 'fr' }, { width: 700 });
    for (const name of element.shadowRoot!.querySelectorAll<HTMLElement>('th.name a, th.name')) {
      const link = name.querySelector('a') ?? name;
      const lineHeight = parseFloat(getComputedStyle(link).lineHeight) || 20;
      const lines =
        [...link.getClientRects()].length || Math.round(link.getBoundingClientRect().height / lineHeight);
      expect(lines, link.textContent!).to.be.at.most(3);
    }
  });

  it('region chart: the screen-reader table takes no room (at most 1 px, no overflow)', async () => {
    const frame = document.createElement('div');
    // Smaller than the widget: what it scrolls is the widget, and nothing under it.
    frame.style.cssText = 'position: relative; overflow: auto; width: 480px; height: 100px';
    document.body.append(frame);
    try {
      const element = document.createElement('khountous-region-stats');
      element.setAttribute('base-url', `${location.origin}/v1`);
      frame.append(element);
      const { settled } = await import('../helpers/kit.js');
      await settled(element);
      const table = element.shadowRoot!.querySelector('[part="table"]')!;
      const hidden = table.parentElement!;
      expect(hidden.getBoundingClientRect().height).to.be.at.most(1);
      expect(hidden.getBoundingClientRect().width).to.be.at.most(1);
      expect(frame.scrollHeight).to.be.at.most(element.getBoundingClientRect().height + 1);
      // Shown on demand, it takes its room.
      element.shadowRoot!.querySelector<HTMLButtonElement>('[part~="toggle"]')!.click();
      await (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      expect(table.getBoundingClientRect().height).to.be.greaterThan(100);
    } finally {
      frame.remove();
    }
  });

  it('admin card at 320 px: "1er sur 185" keeps its words whole', async () => {
    const { api, sharedApi } = await import('../helpers/kit.js');
    const list = await api<{ data: { slug: string }[] }>(sharedApi(), '/administrations?limit=1');
    for (const lang of ['fr', 'en']) {
      const element = await mount('khountous-admin-card', { slug: list.data[0]!.slug, lang }, { width: 320 });
      const figures = element.shadowRoot!.querySelector('[part~="figures"]')!;
      expect(figures.textContent).to.match(/(\d(er|e|st|nd|rd|th)) (sur|of) \d/);
      expect(wordsWhole(figures), figures.textContent!).to.equal(true);
    }
  });

  it('dataset preview: region names, one way of writing numbers per column, tokens not broken at 320 px', async () => {
    const element = await mount(
      'khountous-dataset',
      { 'dataset-id': 'budget-execution', preview: '10', lang: 'fr' },
      { width: 320 },
    );
    const table = element.shadowRoot!.querySelector<HTMLTableElement>('[part="preview"]')!;
    const headers = [...table.tHead!.rows[0]!.cells].map((cell) => cell.textContent!.trim());
    const column = (i: number) => [...table.tBodies[0]!.rows].map((row) => row.cells[i]!.textContent!.trim());
    const region = column(headers.indexOf('Région'));
    expect(region).to.include('Dakar');
    expect(region.some((name) => /^[a-z]/.test(name))).to.equal(false);
    for (let i = 0; i < headers.length; i++) {
      const cells = column(i).filter(
        (text) => /^-?[\d\s\u202f\u00a0.,]+$/.test(text) && /\d{4}|\d[\s\u202f\u00a0]\d{3}/.test(text),
      );
      const grouped = cells.filter((text) => /\d[\s\u202f\u00a0]\d{3}/.test(text));
      // Either every number of four digits or more in the column is grouped, or none is.
      expect(
        grouped.length === 0 || grouped.length === cells.length,
        `${headers[i]}: ${cells.join(' | ')}`,
      ).to.equal(true);
    }
    for (const cell of table.querySelectorAll('td'))
      expect(wordsWhole(cell), cell.textContent!).to.equal(true);
    // Wider than the widget: it scrolls inside a focusable, named region.
    const scroll = table.parentElement!;
    expect(scroll.getAttribute('role')).to.equal('region');
    expect(scroll.getAttribute('tabindex')).to.equal('0');
    expect(getComputedStyle(scroll).overflowX).to.equal('auto');
  });

  it('report at 290 px: each label keeps its words whole beside a long administration name', async () => {
    const { api, sharedApi } = await import('../helpers/kit.js');
    const list = await api<{ data: { slug: string; administration: { name: string } }[] }>(
      sharedApi(),
      '/khountous?limit=100',
    );
    const longest = [...list.data].sort(
      (a, b) => b.administration.name.length - a.administration.name.length,
    )[0]!;
    expect(longest.administration.name.length).to.be.greaterThan(30);
    for (const lang of ['fr', 'en']) {
      const element = await mount(
        'khountous-report',
        { slug: longest.slug, lang, lazy: 'false' },
        { width: 290 },
      );
      const labels = [...element.shadowRoot!.querySelectorAll('dt')];
      expect(labels.length).to.be.greaterThan(2);
      for (const label of labels) expect(wordsWhole(label), `${lang}: ${label.textContent}`).to.equal(true);
    }
  });

  it('report in French: a narrow no-break space before the colon of each label', async () => {
    const { api, sharedApi } = await import('../helpers/kit.js');
    const list = await api<{ data: { slug: string }[] }>(sharedApi(), '/khountous?limit=1');
    const element = await mount('khountous-report', { slug: list.data[0]!.slug, lang: 'fr' });
    const dt = element.shadowRoot!.querySelector('dt')!;
    expect(getComputedStyle(dt, '::after').content).to.equal('"\u202f:"');
    const english = await mount('khountous-report', { slug: list.data[0]!.slug, lang: 'en' });
    expect(getComputedStyle(english.shadowRoot!.querySelector('dt')!, '::after').content).to.equal('":"');
  });

  it('region-stats variant="single" shows the one indicator chosen', async () => {
    const element = await mount('khountous-region-stats', {
      region: 'ziguinchor',
      indicator: 'avgDelayDays',
      variant: 'single',
      lang: 'en',
    });
    const root = element.shadowRoot!;
    expect(root.querySelectorAll('dt')).to.have.length(0);
    const figure = root.querySelector('[part~="indicators"]')!;
    expect(figure.textContent).to.contain('Average');
    expect(root.querySelector('[role="heading"]')!.textContent).to.contain('Ziguinchor');
    await expect(element).to.be.accessible();
  });
});
