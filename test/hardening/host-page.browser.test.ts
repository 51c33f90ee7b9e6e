// Engines: all three (HTML parsing, bidi, storage and a host page's CSS differ between engines).
/**
 * Hostile host pages: global CSS that resets or hides everything, a document
 * language the kit does not speak, and a page that defined one of the kit's
 * tags itself before loading the kit.
 *
 * What "does not break" means, measured on every element with real data: the
 * host keeps display: block and a size, its tables still display as tables,
 * and its text keeps the kit's size (16 px at the browser's default).
 */
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import '../helpers/every-element.js';
import { freshKit, sharedApi } from '../helpers/kit.js';
import { openFrame, until } from '../helpers/frames.js';
import { ELEMENTS, allSettled, create, pageGuard, textOf } from './browser-kit.js';

const HOSTILE_CSS: Record<string, string> = {
  '* { all: unset }': '* { all: unset }',
  '* { all: unset !important }': '* { all: unset !important }',
  'table { display: none }': 'table, tbody, tr, td, th { display: none !important }',
  'div { font-size: 40px !important }':
    'div, p, span { font-size: 40px !important; line-height: 0 !important }',
  'everything inline and hidden': '* { display: inline !important; visibility: hidden; opacity: 0 }',
  'a blunt reset of lists, buttons and links':
    'ul, ol, li, button, a, nav, dl, dd, dt { display: none !important; pointer-events: none !important }',
  'colours and fonts forced':
    'body * { color: transparent !important; font: 3px/1 serif !important; letter-spacing: 2em }',
  'boxes forced':
    '* { box-sizing: content-box !important; max-width: 10px !important; overflow: hidden !important }',
};

/** The widget's tables (ranking, region-stats, dataset preview). */
const tablesOf = (element: Element) => [...element.shadowRoot!.querySelectorAll('table')];

let guard: ReturnType<typeof pageGuard>;
let style: HTMLStyleElement | undefined;

beforeEach(() => {
  freshKit();
  guard = pageGuard();
});

afterEach(() => {
  style?.remove();
  style = undefined;
  fixtureCleanup();
  expect(guard.problems).to.deep.equal([]);
  guard.stop();
  freshKit();
});

describe('global CSS of the host page', function () {
  this.timeout(20_000);

  for (const [label, css] of Object.entries(HOSTILE_CSS)) {
    it(`${label}: every widget keeps its box, its tables and its text size`, async () => {
      style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
      const page = await fixture<HTMLDivElement>(document.createElement('div'));
      page.style.width = '900px';
      const widgets = ELEMENTS.map((spec) =>
        create(page, spec.tag, { ...spec.attrs(), 'base-url': sharedApi(), lazy: 'false' }),
      );
      await allSettled(widgets, ['ready']);
      for (const widget of widgets) {
        const tag = widget.localName;
        const host = getComputedStyle(widget);
        expect(host.display, `${tag} display`).to.equal('block');
        const box = widget.getBoundingClientRect();
        expect(box.height, `${tag} height`).to.be.greaterThan(40);
        const root = widget.shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!;
        expect(getComputedStyle(root).display, `${tag} root display`).to.equal('block');
        expect(getComputedStyle(root).fontSize, `${tag} font size`).to.equal('16px');
        for (const table of tablesOf(widget)) {
          expect(getComputedStyle(table).display, `${tag} table`).to.equal('table');
        }
        // Text inside keeps a readable size.
        const cell = widget.shadowRoot!.querySelector('td, dd, p')!;
        const size = parseFloat(getComputedStyle(cell).fontSize);
        expect(size, `${tag} text size`).to.be.within(10, 24);
        expect(getComputedStyle(cell).color, `${tag} text colour`).not.to.equal('rgba(0, 0, 0, 0)');
      }
      const ranking = widgets.find((widget) => widget.localName === 'khountous-ranking')!;
      const rows = ranking.shadowRoot!.querySelectorAll('tbody tr');
      expect(rows.length).to.equal(5);
      expect(rows[0]!.getBoundingClientRect().height).to.be.greaterThan(10);
    });
  }
});

describe('the root font size', () => {
  it('html { font-size: 62.5% }: the widget follows the root size (rem), and --khountous-font-size sets it back', async () => {
    style = document.createElement('style');
    style.textContent = 'html { font-size: 62.5% } .sized { --khountous-font-size: 16px }';
    document.head.append(style);
    const page = await fixture<HTMLDivElement>(document.createElement('div'));
    const plain = create(page, 'khountous-ranking', { 'base-url': sharedApi(), limit: '2' });
    const sized = create(page, 'khountous-ranking', {
      'base-url': sharedApi(),
      limit: '2',
      class: 'sized',
    });
    await allSettled([plain, sized], ['ready']);
    const size = (element: Element) =>
      getComputedStyle(element.shadowRoot!.querySelector('[part~="base"]')!).fontSize;
    expect(size(plain)).to.equal('10px');
    expect(size(sized)).to.equal('16px');
  });
});

describe('a document language the kit does not speak', function () {
  this.timeout(20_000);
  let saved: string | null;
  beforeEach(() => (saved = document.documentElement.getAttribute('lang')));
  afterEach(() => {
    if (saved === null) document.documentElement.removeAttribute('lang');
    else document.documentElement.setAttribute('lang', saved);
  });

  it('<html lang="wo">: every widget speaks French, and English once the page switches to en', async () => {
    document.documentElement.setAttribute('lang', 'wo');
    const page = await fixture<HTMLDivElement>(document.createElement('div'));
    const widgets = ELEMENTS.map((spec) =>
      create(page, spec.tag, { ...spec.attrs(), 'base-url': sharedApi(), lazy: 'false' }),
    );
    await allSettled(widgets, ['ready']);
    for (const widget of widgets) {
      expect(
        widget.shadowRoot!.querySelector('[part~="base"]')!.getAttribute('lang'),
        widget.localName,
      ).to.equal('fr');
    }
    expect(textOf(widgets[0]!)).to.contain('Taux de réponse');
    document.documentElement.setAttribute('lang', 'en');
    await until(
      () =>
        widgets.every(
          (widget) => widget.shadowRoot!.querySelector('[part~="base"]')!.getAttribute('lang') === 'en',
        ),
      'the widgets to follow the page into English',
    );
    await allSettled(widgets, ['ready']);
    await until(() => textOf(widgets[0]!).includes('Response rate'), 'English texts');
  });

  for (const lang of ['', 'WO', 'x-klingon', 'fr-FR-u-nu-arab']) {
    it(`<html lang="${lang}">: French`, async () => {
      document.documentElement.setAttribute('lang', lang);
      const page = await fixture<HTMLDivElement>(document.createElement('div'));
      const ranking = create(page, 'khountous-ranking', { 'base-url': sharedApi(), limit: '2' });
      await allSettled([ranking], ['ready']);
      expect(textOf(ranking)).to.contain('Taux de réponse');
    });
  }
});

describe('a host page that defined a tag of the kit itself', function () {
  this.timeout(20_000);

  it('the kit keeps the host’s element, warns once naming the tag, throws nothing, and its other elements work', async () => {
    const frame = await openFrame('/test/hardening/fixtures/predefined.html');
    const win = frame.contentWindow as Window & {
      hostReport: {
        warnings: string[];
        errors: string[];
        loaded: boolean;
        HostRanking: CustomElementConstructor;
      };
    };
    await until(() => frame.contentDocument?.body.dataset.ready === 'true', 'the host page to load the kit');
    const hostReport = win.hostReport;
    expect(hostReport.loaded).to.equal(true);
    expect(hostReport.errors).to.deep.equal([]);
    expect(win.customElements.get('khountous-ranking')).to.equal(hostReport.HostRanking);
    const warnings = hostReport.warnings.filter((line) => line.includes('khountous-ranking'));
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('already defined');

    const doc = frame.contentDocument!;
    const own = doc.createElement('khountous-ranking');
    doc.body.append(own);
    expect(own.textContent).to.contain('own ranking');
    const stats = doc.createElement('khountous-region-stats');
    stats.setAttribute('base-url', sharedApi());
    doc.body.append(stats);
    await until(() => stats.getAttribute('state') === 'ready', 'the kit’s region-stats to show data');
    expect(hostReport.errors).to.deep.equal([]);
    frame.remove();
  });
});
