// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * The script tag's text paint (src/boot/paint.ts): a widget's data written as
 * text inside its tag before the element's code has arrived: what each widget
 * shows, text and never markup, out of the page's styles, and nothing where
 * the element is there, the tag holds something, or the answer lacks it; the
 * early start's answers handed to it (src/boot/paint-answers.ts).
 */
import { expect, fixtureCleanup } from '@open-wc/testing';
import { beginLoads } from '../../src/boot/early-start.js';
import { startLoads, type Started } from '../../src/boot/start-loads.js';
import type { KhountousLoader } from '../../src/core/loader/loader.js';
import { paint } from '../../src/boot/paint.js';
import { paintAnswers } from '../../src/boot/paint-answers.js';
import { isolate } from '../../src/i18n/bidi.js';
import { MAX_LIMIT, MAX_TEXT_LENGTH } from '../../src/core/types.js';
import { BIDI_PAYLOADS, drawnInOrder } from '../helpers/bidi.js';
import { widgets } from '../../src/registry.js';
import type { Widget } from '../../src/widget/descriptor.js';
import { summaries } from '../../src/summaries.js';
import type { Summary } from '../../src/widget/summary.js';

/** A tag of the kit (not defined in this page) with `attributes`, in the page. */
function tag(name: string, attributes: Record<string, string> = {}): HTMLElement {
  const element = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  document.body.append(element);
  return element;
}

/** The paint's shadow root in `element`. */
const paintOf = (element: Element): ShadowRoot =>
  element.querySelector(':scope > khountous-paint')!.shadowRoot!;
/** A text from the API as the paint writes it: isolated (U+2068 … U+2069, src/i18n/bidi.ts). */
const iso = (text: string) => `\u2068${text}\u2069`;
const texts = (root: ParentNode, selector: string): string[] =>
  [...root.querySelectorAll(selector)].map((node) => node.textContent!);

const ADMINISTRATION = {
  slug: 'mairie-de-bakel',
  name: 'Mairie de Bakel',
  score: 71.5,
  responseRate: 64,
  avgDelayDays: 12,
};

const REGIONS = {
  data: [
    { code: 'dakar', name: 'Dakar', indicators: { averageScore: 70, responseRate: 81 } },
    { code: 'kolda', name: 'Kolda', indicators: { averageScore: 52.25, responseRate: 40 } },
  ],
  meta: { page: 1, pageSize: 14, total: 2 },
};

describe('the text paint', () => {
  afterEach(() => {
    for (const element of document.body.querySelectorAll('[data-test]')) element.remove();
    fixtureCleanup();
  });

  const make = (name: string, attributes: Record<string, string> = {}) =>
    tag(name, { 'data-test': '', ...attributes });

  it('writes a ranking as an ordered list: each name with its score', () => {
    const element = make('khountous-ranking');
    const list = { data: [ADMINISTRATION, { ...ADMINISTRATION, name: 'Préfecture de Kolda', score: 48 }] };
    expect(paint(element, list, 'fr')).to.equal(true);
    const root = paintOf(element);
    expect(texts(root, 'ol > li')).to.deep.equal([
      `${iso('Mairie de Bakel')} · 72/100`,
      `${iso('Préfecture de Kolda')} · 48/100`,
    ]);
    expect(root.querySelector('ul') === null, 'no unordered list').to.equal(true);
  });

  it('numbers a ranking from its page’s first place, equal scores sharing one, marked in words', () => {
    const list = {
      data: [94, 94, 93, 92, 92].map((score, index) => ({
        ...ADMINISTRATION,
        slug: `a${index}`,
        name: `A${index}`,
        score,
      })),
    };
    for (const [lang, page, word] of [
      ['fr', '1', 'ex aequo'],
      ['en', '3', 'tied'],
    ] as const) {
      const element = make('khountous-ranking');
      const offset = (Number(page) - 1) * 5;
      expect(paint(element, list, lang, { limit: 5, page: Number(page) })).to.equal(true);
      const items = [...paintOf(element).querySelectorAll('ol > li')] as HTMLLIElement[];
      expect(items.map((li) => li.value)).to.deep.equal([1, 1, 3, 4, 4].map((place) => offset + place));
      expect(items.map((li) => li.textContent!.endsWith(` (${word})`))).to.deep.equal([
        true,
        true,
        false,
        true,
        true,
      ]);
      element.remove();
    }
  });

  it('writes an administration card: its name, then its score, response rate and delay', () => {
    const element = make('khountous-admin-card');
    expect(paint(element, ADMINISTRATION, 'en')).to.equal(true);
    const root = paintOf(element);
    expect(texts(root, '.title')).to.deep.equal([iso('Mairie de Bakel')]);
    const line = texts(root, 'p:not(.title)')[0]!;
    // The score whole, as the element writes it (i18n/format.ts formatAs).
    expect(line).to.match(/^72\/100 · 64\s?% · 12 days?$/);
    expect(root.querySelector('div')!.lang).to.equal('en');
  });

  it('writes the chosen indicator of the region chosen, or of every region', () => {
    // The checked inputs by attribute (boot/paint-answers.ts).
    const one = make('khountous-region-stats');
    expect(paint(one, REGIONS, 'fr', { region: 'kolda', indicator: 'responseRate' })).to.equal(true);
    expect(texts(paintOf(one), 'li')).to.have.length(1);
    expect(texts(paintOf(one), 'li')[0]).to.match(/^\u2068Kolda\u2069 · 40\s?%$/);
    const every = make('khountous-region-stats');
    expect(paint(every, REGIONS, 'en', { region: '', indicator: 'averageScore' })).to.equal(true);
    expect(texts(paintOf(every), 'li')).to.deep.equal([
      `${iso('Dakar')} · 70/100`,
      `${iso('Kolda')} · 52/100`,
    ]);
    const unknown = make('khountous-region-stats');
    expect(
      paint(unknown, REGIONS, 'en', { region: 'matam', indicator: 'averageScore' }),
      'no such region',
    ).to.equal(false);
  });

  it('writes an inline figure (variant="inline") as text in the line of its sentence: no list, no heading, no block', () => {
    const paragraph = document.createElement('p');
    paragraph.dataset['test'] = '';
    paragraph.style.cssText = 'width:960px;font:16px/1.5 serif';
    document.body.append(paragraph);
    const figure = (name: string, data: unknown, values: Record<string, unknown>, lang: 'fr' | 'en') => {
      const element = document.createElement(name);
      paragraph.append('Le chiffre atteint ', element, ' cette année.');
      expect(paint(element, data, lang, values)).to.equal(true);
      const root = paintOf(element);
      expect(root.querySelector('ul, ol, li, p, div, .title'), 'no list, no paragraph, no heading').to.equal(
        null,
      );
      expect(getComputedStyle(element.querySelector('khountous-paint')!).display).to.equal('inline');
      const rects = [...element.getClientRects()];
      const before = document.createRange();
      before.selectNodeContents(element.previousSibling!);
      const line = before.getClientRects()[0]!;
      expect(rects, 'one box').to.have.length(1);
      expect(Math.abs(rects[0]!.top - line.top), 'on the line of the words before it').to.be.below(4);
      return root;
    };
    const region = figure(
      'khountous-region-stats',
      REGIONS,
      { region: 'kolda', indicator: 'responseRate', variant: 'inline' },
      'fr',
    );
    expect(region.textContent).to.match(/^40\s?%$/);
    expect(region.querySelector('span')!.lang).to.equal('fr');
    const card = figure('khountous-admin-card', ADMINISTRATION, { variant: 'inline' }, 'en');
    expect(card.textContent).to.equal('72/100');
    // Without a region there is no one figure: nothing painted, the element decides.
    const none = document.createElement('khountous-region-stats');
    paragraph.append(none);
    expect(paint(none, REGIONS, 'fr', { region: '', indicator: 'responseRate', variant: 'inline' })).to.equal(
      false,
    );
    // The other variants keep their block text.
    const single = make('khountous-region-stats');
    paint(single, REGIONS, 'fr', { region: 'kolda', indicator: 'responseRate', variant: 'single' });
    expect(texts(paintOf(single), 'li')).to.have.length(1);
  });

  it('writes lists of reports and fact-checks by their titles, a report and a dataset by title and text', () => {
    const reports = make('khountous-reports');
    paint(reports, { data: [{ title: 'Coupure d’eau' }, { title: 'Route' }] }, 'fr');
    expect(texts(paintOf(reports), 'ul > li')).to.deep.equal([iso('Coupure d’eau'), iso('Route')]);
    const checks = make('khountous-fact-checks');
    paint(checks, { data: [{ claim: 'Le taux a doublé' }] }, 'fr');
    expect(texts(paintOf(checks), 'li')).to.deep.equal([iso('Le taux a doublé')]);
    const report = make('khountous-report');
    paint(report, { title: 'Coupure d’eau', description: 'Depuis lundi.' }, 'fr');
    expect(texts(paintOf(report), 'p:not(.source)')).to.deep.equal([
      iso('Coupure d’eau'),
      iso('Depuis lundi.'),
    ]);
    const dataset = make('khountous-dataset');
    paint(
      dataset,
      { title: { fr: 'Scores', en: 'Scores (en)' }, description: { fr: 'Un', en: 'One' } },
      'en',
    );
    expect(texts(paintOf(dataset), 'p:not(.source)')).to.deep.equal([iso('Scores (en)'), iso('One')]);
  });

  it('paints any widget by its summary alone (src/summaries.ts): no widget is named in the paint', () => {
    const table = summaries as Record<string, Summary>;
    table['khountous-fixture'] = {
      title: { path: 'label.{lang}', brief: true },
      facts: [
        { path: 'share', format: 'percent', brief: true },
        { path: 'note', label: 'fixture.note' },
      ],
      items: {
        match: { path: 'kind', attribute: 'kind' },
        name: { path: 'name', brief: true },
        details: [{ path: 'count', format: 'number', brief: true }],
      },
    };
    try {
      const element = make('khountous-fixture');
      const data = {
        label: { fr: 'Essai', en: 'Trial' },
        share: 25,
        note: 'not brief',
        data: [
          { kind: 'a', name: 'First', count: 1200 },
          { kind: 'b', name: 'Second', count: 3 },
        ],
      };
      expect(paint(element, data, 'en', { kind: 'a' })).to.equal(true);
      const root = paintOf(element);
      expect(texts(root, '.title')).to.deep.equal([iso('Trial')]);
      expect(texts(root, 'p:not(.title)')[0]).to.match(/^25\s?%$/);
      expect(texts(root, 'ul > li')).to.deep.equal([`${iso('First')} · 1,200`]);
      expect(root.textContent).not.to.include('not brief');
    } finally {
      delete table['khountous-fixture'];
    }
  });

  it('makes a number format only for the numbers it writes, once a page (a page’s first one is slow to make)', () => {
    const made: string[] = [];
    const NumberFormat = Intl.NumberFormat;
    Intl.NumberFormat = new Proxy(NumberFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
        made.push(args[1]?.style ?? 'decimal');
        return new target(...args);
      },
    });
    // What was made since the last look (the kit's formats are cached for the page: an earlier
    // test of this page may have made some already, never twice).
    const since = () => made.splice(0).sort();
    try {
      paint(make('khountous-reports'), { data: [{ title: 'Coupure d’eau' }] }, 'fr');
      paint(make('khountous-report'), { title: 'Coupure d’eau', description: 'Depuis lundi.' }, 'fr');
      expect(since(), 'titles only').to.deep.equal([]);
      const ranking = make('khountous-ranking');
      paint(ranking, { data: [ADMINISTRATION, { ...ADMINISTRATION, score: 48 }] }, 'fr');
      expect(texts(paintOf(ranking), 'li'), 'a ranking: its scores').to.deep.equal([
        `${iso('Mairie de Bakel')} · 72/100`,
        `${iso('Mairie de Bakel')} · 48/100`,
      ]);
      expect(['decimal'], 'a ranking: a number format at most').to.include.members(since());
      paint(make('khountous-ranking'), { data: [ADMINISTRATION] }, 'fr');
      expect(since(), 'a second ranking: the same format').to.deep.equal([]);
      const card = make('khountous-admin-card');
      paint(card, ADMINISTRATION, 'en');
      expect(paintOf(card).textContent, 'a card: score, rate and delay').to.match(/72\/100 · 64%.*12/);
      const made = since();
      expect(['decimal', 'percent', 'unit'], 'a card: those formats only').to.include.members(made);
      expect(new Set(made).size, 'each once').to.equal(made.length);
      paint(make('khountous-admin-card'), ADMINISTRATION, 'en');
      expect(since(), 'a second card: the same formats').to.deep.equal([]);
    } finally {
      Intl.NumberFormat = NumberFormat;
    }
  });

  it('writes what the API sends as text, never as markup', () => {
    const element = make('khountous-admin-card');
    const hostile = '<img src=x onerror="window.__painted=1"><b>Mairie</b>';
    expect(paint(element, { ...ADMINISTRATION, name: hostile }, 'fr')).to.equal(true);
    const root = paintOf(element);
    expect(root.querySelector('img, b') === null, 'no markup').to.equal(true);
    expect(texts(root, '.title')).to.deep.equal([iso(hostile)]);
    expect((window as { __painted?: number }).__painted).to.equal(undefined);
  });

  for (const [label, payload] of Object.entries(BIDI_PAYLOADS)) {
    it(`writes a name that holds ${label} isolated: the score after it keeps its order`, () => {
      const element = make('khountous-ranking');
      element.style.cssText = 'display: block; width: 900px';
      expect(paint(element, { data: [{ ...ADMINISTRATION, name: payload }] }, 'fr')).to.equal(true);
      const item = paintOf(element).querySelector('li')!;
      item.style.whiteSpace = 'nowrap';
      expect(item.textContent).to.equal(`${isolate(payload)} · 72/100`);
      const drawn = drawnInOrder(item, '72/100');
      expect(drawn.ok, `"72/100" drawn left to right: ${drawn.lefts.join(', ')}`).to.equal(true);
    });
  }

  it('skips what is not a string or a number where one is expected', () => {
    const element = make('khountous-ranking');
    const list = {
      data: [ADMINISTRATION, { name: 42, score: 10 }, 'text', { name: 'Sans score', score: '80' }],
    };
    expect(paint(element, list, 'fr')).to.equal(true);
    expect(texts(paintOf(element), 'li')).to.deep.equal([
      `${iso('Mairie de Bakel')} · 72/100`,
      iso('Sans score'),
    ]);
  });

  it('paints nothing where the answer lacks what the widget shows, or for a tag it does not know', () => {
    for (const [name, data] of [
      ['khountous-ranking', { data: [] }],
      ['khountous-ranking', { items: [ADMINISTRATION] }],
      ['khountous-admin-card', { slug: 'x' }],
      ['khountous-report', [ADMINISTRATION]],
      ['khountous-dataset', { title: 'not by language' }],
      ['khountous-ranking', null],
      ['khountous-other', ADMINISTRATION],
    ] as const) {
      const element = make(name);
      expect(paint(element, data, 'fr'), `${name}: ${JSON.stringify(data)}`).to.equal(false);
      expect(element.childNodes.length).to.equal(0);
    }
  });

  it('paints a tag that holds only the white space of the page’s markup', () => {
    const element = make('khountous-admin-card');
    element.append('\n    ', document.createComment(' widget '), '\n');
    expect(paint(element, ADMINISTRATION, 'fr')).to.equal(true);
    expect(texts(paintOf(element), '.title')).to.deep.equal([iso('Mairie de Bakel')]);
  });

  it('leaves alone a tag that holds something, has a shadow root, or whose element is defined', () => {
    const filled = make('khountous-admin-card');
    filled.append('Voir le score sur khountous.sn');
    expect(paint(filled, ADMINISTRATION, 'fr')).to.equal(false);
    expect(filled.childNodes.length).to.equal(1);
    const linked = make('khountous-admin-card');
    linked.append(' ', Object.assign(document.createElement('a'), { href: '#', textContent: '' }), ' ');
    expect(paint(linked, ADMINISTRATION, 'fr')).to.equal(false);
    expect(linked.childNodes.length).to.equal(3);
    const rendered = make('khountous-admin-card');
    rendered.attachShadow({ mode: 'open' });
    expect(paint(rendered, ADMINISTRATION, 'fr')).to.equal(false);
    customElements.define('khountous-paint-test-defined', class extends HTMLElement {});
    const defined = make('khountous-paint-test-defined');
    expect(paint(defined, ADMINISTRATION, 'fr')).to.equal(false);
    expect(defined.childNodes.length).to.equal(0);
  });

  it('paints inside the box the early start gave its tag: the tag keeps its height, a longer text scrolls', () => {
    const never = { load: () => new Promise(() => {}) } as unknown as KhountousLoader;
    const [short, long] = [
      make('khountous-ranking', { limit: '3' }),
      make('khountous-ranking', { limit: '3' }),
    ];
    startLoads(beginLoads([short, long], widgets, null), never);
    const box = short.getBoundingClientRect().height;
    expect(box, 'the box of a ranking of 3').to.be.above(100);
    const items = (count: number) => ({
      data: Array.from({ length: count }, (_, index) => ({ ...ADMINISTRATION, name: `Mairie ${index}` })),
    });
    expect(paint(short, items(1), 'fr')).to.equal(true);
    expect(paint(long, items(40), 'fr')).to.equal(true);
    expect(short.getBoundingClientRect().height, 'one item: the box').to.be.closeTo(box, 1);
    expect(long.getBoundingClientRect().height, 'forty items: the box').to.be.closeTo(box, 1);
    const painted = long.querySelector('khountous-paint')!;
    expect(painted.scrollHeight, 'the text scrolls within it').to.be.above(painted.clientHeight);
  });

  it('is out of reach of the page’s styles, which it inherits its font and colour from', () => {
    const style = document.createElement('style');
    style.textContent = `li, p { display: none !important; } ol { list-style: none !important; }
      [data-test] { color: rgb(1, 2, 3); font-family: monospace; }`;
    document.head.append(style);
    try {
      const element = make('khountous-ranking');
      paint(element, { data: [ADMINISTRATION] }, 'fr');
      const item = paintOf(element).querySelector('li')!;
      expect(getComputedStyle(item).display).to.equal('list-item');
      expect(getComputedStyle(item).color).to.equal('rgb(1, 2, 3)');
      expect(getComputedStyle(item).fontFamily).to.equal('monospace');
      expect(item.getBoundingClientRect().height).to.be.above(0);
    } finally {
      style.remove();
    }
  });

  describe('from the early start’s loads (boot/paint-answers.ts)', () => {
    const regionStats = widgets.find((widget) => widget.tag === 'khountous-region-stats')!;
    const adminCard = widgets.find((widget) => widget.tag === 'khountous-admin-card')!;
    const started = (
      element: Element,
      widget: Widget,
      selection: Record<string, unknown>,
      loaded: Promise<unknown>,
    ): Started =>
      ({
        element,
        widget,
        planned: { selection: { lang: 'en', baseUrl: '/v1', ...selection }, resource: {}, options: {} },
        loaded,
      }) as unknown as Started;
    const painter = async () => ({ paint });

    it('paints each answer in its element, in its language and with its checked inputs', async () => {
      const region = make('khountous-region-stats');
      const card = make('khountous-admin-card');
      const answers = [
        Promise.resolve({ data: REGIONS, stale: false }),
        Promise.resolve({ data: ADMINISTRATION, stale: false }),
      ];
      let loads = 0;
      paintAnswers(
        [
          started(region, regionStats, { region: 'kolda', indicator: 'responseRate' }, answers[0]!),
          started(card, adminCard, { slug: ADMINISTRATION.slug }, answers[1]!),
        ],
        () => (loads++, painter()),
      );
      await Promise.all(answers);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(loads, 'the paint module asked for once').to.equal(1);
      expect(texts(paintOf(region), 'li')).to.deep.equal([`${iso('Kolda')} · 40%`]);
      expect(paintOf(region).querySelector('div')!.lang).to.equal('en');
      expect(texts(paintOf(card), '.title')).to.deep.equal([iso('Mairie de Bakel')]);
    });

    it('paints nothing for a load that failed, and asks for no paint module without a load', async () => {
      const element = make('khountous-admin-card');
      const failed = Promise.reject(new Error('network'));
      failed.catch(() => undefined);
      paintAnswers([started(element, adminCard, {}, failed)], painter);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(element.childNodes.length).to.equal(0);
      let asked = false;
      paintAnswers([], () => ((asked = true), painter()));
      expect(asked).to.equal(false);
    });
  });

  it('paints nothing beyond the kit’s bounds: 100 items a list, 5,000 characters a text', () => {
    const item = (i: number) => ({ ...ADMINISTRATION, slug: `a-${i}`, name: `Administration ${i}` });
    const list = (count: number) => ({ data: Array.from({ length: count }, (_, i) => item(i)), meta: {} });
    // Within the bounds: painted (so that each case below fails for its bound alone).
    const within = make('khountous-ranking');
    paint(within, list(MAX_LIMIT), 'fr');
    expect(texts(paintOf(within), 'li')).to.have.length(MAX_LIMIT);
    const long = make('khountous-admin-card');
    const name = 'N'.repeat(MAX_TEXT_LENGTH);
    paint(long, { ...ADMINISTRATION, name }, 'fr');
    expect(texts(paintOf(long), '.title')).to.deep.equal([iso(name)]);
    const cases: [string, string, unknown][] = [
      ['101 items', 'khountous-ranking', list(MAX_LIMIT + 1)],
      ['a longer name', 'khountous-admin-card', { ...ADMINISTRATION, name: `${name}N` }],
    ];
    for (const [label, tagName, data] of cases) {
      const element = make(tagName);
      paint(element, data, 'fr');
      const painted = element.querySelector('khountous-paint');
      expect(painted ? texts(painted.shadowRoot!, '.title, li').length : 0, label).to.equal(0);
    }
  });
});
