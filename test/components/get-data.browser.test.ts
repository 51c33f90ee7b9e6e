// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * Get the data: on the source line's row, each widget that draws the API's data offers its
 * CSV file and a citation to copy. The file's rows equal what is drawn (the file of the
 * `khountous-download` event read back and compared with the rendered table, list or card), in
 * French and English; making and saving it sends no request; `download="none"` hides both;
 * the citation names the widget by its title, the data's date as the source line says it, and the site.
 */
import { expect, fixtureCleanup } from '@open-wc/testing';
import '../../src/khountous.js';
import { formatAs, formatDays, formatNumber, formatPercent } from '../../src/i18n/format.js';
import { balanced } from '../../src/i18n/bidi.js';
import { indicatorFormat } from '../../src/widget/indicator-format.js';
import { PLATFORM_SITE } from '../../src/widget/source.js';
import { parseCsv } from '../helpers/csv.js';
import { countFetches, freshKit, isolatedApi, mount, nextEvent } from '../helpers/kit.js';
import type { KhountousDownloadEvent } from '../../src/element/events.js';

const part = (element: Element, name: string) =>
  element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Opens the disclosure: what a reader's click on its toggle does. */
async function open(element: Element): Promise<void> {
  part(element, 'get-data-toggle')!.click();
  await new Promise((resolve) => requestAnimationFrame(resolve));
  expect((part(element, 'get-data') as HTMLDetailsElement).open, 'the disclosure opens').to.equal(true);
}

/**
 * The file a press on the button makes, as the `khountous-download` event gives it (the event
 * cancelled: no save dialog), its byte order mark checked, read as a spreadsheet reads it.
 */
async function fileOf(
  element: Element,
): Promise<{ header: string[]; rows: string[][]; button: HTMLButtonElement; name: string }> {
  await open(element);
  const button = part(element, 'data-file') as HTMLButtonElement | null;
  expect(button, 'the download button').to.exist;
  const caught = new Promise<KhountousDownloadEvent>((resolve) =>
    element.addEventListener(
      'khountous-download',
      (event) => {
        event.preventDefault();
        resolve(event as KhountousDownloadEvent);
      },
      { once: true },
    ),
  );
  button!.click();
  const { file, name } = (await caught).detail;
  expect(file.type).to.equal('text/csv;charset=utf-8');
  const bytes = new Uint8Array(await file.arrayBuffer());
  expect([...bytes.slice(0, 3)], 'the byte order mark').to.deep.equal([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parseCsv(new TextDecoder().decode(bytes));
  return { header: header!, rows, button: button!, name };
}

/** A cell as the API gave it: a neutralised formula's quote taken off. */
const given = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

const WORDS = {
  fr: {
    get: 'Obtenir les données',
    download: 'Télécharger (CSV)',
    cite: 'données au',
    title: 'Classement des administrations',
  },
  en: {
    get: 'Get the data',
    download: 'Download (CSV)',
    cite: 'data as of',
    title: 'Ranking of administrations',
  },
} as const;

describe('get the data: a CSV file equal to the drawing, and a citation', function () {
  this.timeout(30000);
  beforeEach(freshKit);
  afterEach(() => fixtureCleanup());

  for (const lang of ['fr', 'en'] as const)
    it(`the ranking (${lang}): each row of the file is a row of the table, in the widget's language`, async () => {
      const element = await mount('khountous-ranking', { 'base-url': isolatedApi('csv'), lang, limit: '6' });
      expect(text(part(element, 'get-data-toggle'))).to.equal(WORDS[lang].get);
      const { header, rows, button } = await fileOf(element);
      expect(text(button)).to.equal(WORDS[lang].download);
      // A column's name, without what its heading says under it (the total ranked, the bars' scale).
      const heads = [...element.shadowRoot!.querySelectorAll('thead th')].map((th) => {
        const copy = th.cloneNode(true) as Element;
        copy.querySelector('.under')?.remove();
        return text(copy);
      });
      // Name, score, response rate, delay: the table's column names, the unit in brackets after a number's.
      expect(header[0]).to.equal(heads[1]);
      for (const [index, column] of [2, 3, 4].entries())
        expect(header[index + 1]!.startsWith(`${heads[column]} (`)).to.equal(true);
      const drawn = [...element.shadowRoot!.querySelectorAll('tbody tr')];
      expect(rows.length).to.equal(drawn.length);
      expect(rows.length).to.equal(6);
      rows.forEach(([name, score, rate, delay], index) => {
        const row = drawn[index]!;
        expect(text(row.querySelector('th.name bdi')), `row ${index + 1}`).to.equal(
          balanced(given(name!)).trim(),
        );
        // Compared in the same white space as drawn (text() writes every space as one).
        const same = (value: string) => value.replace(/\s+/g, ' ');
        expect(text(row.querySelector('.score-value'))).to.equal(same(formatNumber(lang, Number(score))));
        const [rateCell, delayCell] = row.querySelectorAll('td.wide');
        expect(text(rateCell)).to.equal(same(formatPercent(lang, Number(rate))));
        expect(text(delayCell)).to.equal(same(formatDays(lang, Number(delay))));
      });
    });

  for (const [tag, lang, indicator] of [
    ['khountous-region-stats', 'fr', 'responseRate'],
    ['khountous-region-map', 'en', 'averageScore'],
    ['khountous-region-map', 'fr', 'avgDelayDays'],
  ] as const)
    it(`${tag} (${lang}, ${indicator}): the file holds each region's value as its table writes it`, async () => {
      const element = await mount(tag, { 'base-url': isolatedApi('csv'), lang, indicator });
      const { header, rows } = await fileOf(element);
      const heads = [...element.shadowRoot!.querySelectorAll('thead th')].map(text);
      expect(header[0]).to.equal(heads[0]);
      const drawn = new Map(
        [...element.shadowRoot!.querySelectorAll('tbody tr')].map((row) => [
          text(row.querySelector('th')),
          text(row.querySelector('td')),
        ]),
      );
      expect(rows.length, 'as many regions as the table').to.equal(drawn.size);
      const format = indicatorFormat.formats[indicator];
      for (const [name, value] of rows)
        expect(drawn.get(balanced(name!).trim()), name).to.equal(
          formatAs(lang, format, Number(value)).replace(/\s+/g, ' '),
        );
    });

  for (const [tag, lang] of [
    ['khountous-reports', 'fr'],
    ['khountous-fact-checks', 'en'],
  ] as const)
    it(`${tag} (${lang}): one row per item drawn, in its order`, async () => {
      const element = await mount(tag, { 'base-url': isolatedApi('csv'), lang, limit: '4' });
      const { rows } = await fileOf(element);
      const drawn = [...element.shadowRoot!.querySelectorAll('[part~="item"]')].map((item) =>
        text(item.querySelector('[part~="title"] bdi, [part~="claim"] bdi')),
      );
      expect(drawn.length).to.be.greaterThan(0);
      expect(rows.map(([name]) => balanced(given(name!)).trim())).to.deep.equal(drawn);
    });

  for (const [tag, attrs] of [
    ['khountous-admin-card', { slug: 'hopital-regional-de-tambacounda' }],
    ['khountous-report', { slug: '26-jours-d-attente-pour-l-admission-aux-urgences-a-kolda' }],
  ] as const)
    it(`${tag}: one row, its title the card's`, async () => {
      const element = await mount(tag, { 'base-url': isolatedApi('csv'), lang: 'en', ...attrs });
      const { rows } = await fileOf(element);
      expect(rows.length).to.equal(1);
      expect(balanced(given(rows[0]![0]!)).trim()).to.equal(
        text(part(element, 'title')!.querySelector('bdi')),
      );
    });

  it('making the file and saving it sends no request: the kit saves it as a link to the file would', async () => {
    const base = isolatedApi('csv-requests');
    const fetches = countFetches();
    const clicked: HTMLAnchorElement[] = [];
    const click = HTMLAnchorElement.prototype.click;
    try {
      const element = await mount('khountous-ranking', { 'base-url': base, lang: 'fr', limit: '5' });
      const before = fetches.urls.filter((url) => url.startsWith(base)).length;
      expect(before, 'the widget loaded its data').to.be.greaterThan(0);
      await open(element);
      // The save as the kit starts it, without the save dialog: the link it clicks is kept, not followed.
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        clicked.push(this);
      };
      const offered = new Promise<KhountousDownloadEvent>((resolve) =>
        element.addEventListener('khountous-download', (event) => resolve(event as KhountousDownloadEvent), {
          once: true,
        }),
      );
      part(element, 'data-file')!.click();
      const { detail } = await offered;
      await new Promise((resolve) => setTimeout(resolve));
      expect(clicked.length, 'one save').to.equal(1);
      const [link] = clicked;
      expect(link!.download).to.equal(detail.name);
      expect(link!.href.startsWith('blob:'), 'a link to the file in memory').to.equal(true);
      expect(await (await fetch(link!.href)).text()).to.equal(await detail.file.text());
      expect(link!.isConnected, 'the link is taken away').to.equal(false);
      expect(fetches.urls.filter((url) => url.startsWith(base)).length).to.equal(before);
      // Nothing of the file is in the markup before a reader asks for it.
      expect(element.shadowRoot!.innerHTML).to.not.match(/data:|blob:/);
    } finally {
      HTMLAnchorElement.prototype.click = click;
      fetches.restore();
    }
  });

  for (const lang of ['fr', 'en'] as const)
    it(`a file whose code does not arrive is said under the button (${lang}), and the next press makes it`, async () => {
      const element = (await mount('khountous-ranking', {
        'base-url': isolatedApi('csv-fails'),
        lang,
        limit: '3',
      })) as unknown as Element & {
        loadDataFile: () => Promise<unknown>;
        updateComplete: Promise<boolean>;
      };
      await open(element);
      const arrives = element.loadDataFile;
      const errors: unknown[][] = [];
      const consoleError = console.error;
      console.error = (...args: unknown[]) => void errors.push(args);
      let offered = 0;
      element.addEventListener('khountous-download', (event) => {
        event.preventDefault();
        offered++;
      });
      try {
        // As a chunk lost on the network: the import is refused.
        element.loadDataFile = () =>
          Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
        part(element, 'data-file')!.click();
        await new Promise((resolve) => setTimeout(resolve));
        await element.updateComplete;
        const said = part(element, 'data-file-error');
        expect(said !== null, 'the failure is said').to.equal(true);
        expect(said!.getAttribute('role')).to.equal('alert');
        expect(text(said)).to.equal(
          lang === 'fr'
            ? 'Le fichier n’est pas disponible pour le moment. Réessayez.'
            : 'The file is not available at the moment. Try again.',
        );
        expect(offered, 'no file offered').to.equal(0);
        expect(
          errors.some((args) => String(args[0]).includes('could not make')),
          'and told to the console',
        ).to.equal(true);
        // The code arrives: the same button makes the file, and the message goes.
        element.loadDataFile = arrives;
        const next = nextEvent(element as unknown as HTMLElement, 'khountous-download');
        part(element, 'data-file')!.click();
        await next;
        await element.updateComplete;
        expect(offered, 'the file offered on the next press').to.equal(1);
        expect(part(element, 'data-file-error') === null, 'the message is gone').to.equal(true);
      } finally {
        console.error = consoleError;
      }
    });

  for (const lang of ['fr', 'en'] as const)
    it(`the citation (${lang}): the platform, the widget's title, the source line's date, the site`, async () => {
      const element = await mount('khountous-ranking', { 'base-url': isolatedApi('csv'), lang, limit: '3' });
      const source = text(part(element, 'source'));
      const date = source.slice(source.indexOf(WORDS[lang].cite) + WORDS[lang].cite.length).trim();
      expect(date).to.match(/\d{4}$/);
      const cited = text(part(element, 'citation')!.querySelector('.cited'));
      expect(cited).to.equal(
        `Khountous, ${WORDS[lang].title}, ${WORDS[lang].cite} ${date}, ${PLATFORM_SITE}`,
      );
      // Its file is named after the widget and the date: no space, no accent.
      expect((await fileOf(element)).name).to.match(/^khountous-ranking-\d{4}-\d{2}-\d{2}\.csv$/);
    });

  it('the toggle and the button are reached with the keyboard and named by their words; the citation is text to select', async () => {
    const element = await mount('khountous-ranking', {
      'base-url': isolatedApi('csv'),
      lang: 'en',
      limit: '3',
    });
    const toggle = part(element, 'get-data-toggle')!;
    toggle.focus();
    expect(element.shadowRoot!.activeElement, 'the toggle takes the focus').to.equal(toggle);
    expect(part(element, 'citation')!.checkVisibility(), 'closed, the citation is not shown').to.equal(false);
    await open(element);
    const button = part(element, 'data-file') as HTMLButtonElement;
    button.focus();
    expect(element.shadowRoot!.activeElement, 'the button takes the focus').to.equal(button);
    expect(button.type).to.equal('button');
    expect(getComputedStyle(part(element, 'citation')!).userSelect).to.not.equal('none');
    expect(part(element, 'citation')!.checkVisibility(), 'open, the citation is shown').to.equal(true);
    await expect(element).to.be.accessible();
  });

  it('download="none" hides the link and the citation; "csv" shows them again', async () => {
    const element = await mount('khountous-ranking', {
      'base-url': isolatedApi('csv'),
      download: 'none',
      limit: '3',
    });
    expect(element.getAttribute('state')).to.equal('ready');
    expect(part(element, 'get-data')).to.equal(null);
    expect(part(element, 'citation')).to.equal(null);
    element.setAttribute('download', 'csv');
    await (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(part(element, 'data-file')).to.exist;
    expect(part(element, 'citation')).to.exist;
  });

  it('the dataset: its citation, and no file of ours beside the API’s own downloads', async () => {
    const element = await mount('khountous-dataset', {
      'base-url': isolatedApi('csv'),
      'dataset-id': 'administration-scores',
    });
    expect(element.getAttribute('state')).to.equal('ready');
    expect(text(part(element, 'get-data-toggle')), 'a disclosure named for what it holds').to.equal(
      'Citer ces données',
    );
    expect(part(element, 'data-file') === null, 'no file of ours').to.equal(true);
    expect(part(element, 'download') !== null, 'the API’s own downloads').to.equal(true);
    expect(text(part(element, 'citation')!.querySelector('.cited'))).to.match(
      /^Khountous, Jeu de données ouvert, données au .+\d{4}, https:\/\/khountous\.sn$/,
    );
  });
});
