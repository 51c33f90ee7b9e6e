// Engines: all three (what a reader sees: rendering, layout, styles and focus differ between engines).
/**
 * Errors an editor can act on: the widget itself says which attribute is
 * wrong, the value given and what would be right (the accepted values, the
 * closest one), in the page's language; what people type for a region is read
 * as the region it names; a base URL without /v1 says so; a resource the API
 * does not know offers no retry.
 */
import { expect } from '@open-wc/testing';
import '../../src/khountous.js';
import { REGION_CODES } from '../../src/core/types.js';
import { countFetches, mount, sharedApi, shadowText, widgetTestHooks } from '../helpers/kit.js';

const errorBox = (element: Element) => element.shadowRoot!.querySelector<HTMLElement>('[part~="error"]');
const retryButton = (element: Element) => element.shadowRoot!.querySelector('[part~="retry"]');

/** Collects console.info lines (the notes of values read as another spelling). */
/* eslint-disable no-console -- the notes are what is tested */
function watchNotes(): { lines: string[]; restore: () => void } {
  const original = console.info;
  const lines: string[] = [];
  console.info = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  return { lines, restore: () => (console.info = original) };
}
/* eslint-enable no-console */

describe('errors an editor can act on', () => {
  const warnings = widgetTestHooks();

  for (const [typed, code] of [
    ['Kolda', 'kolda'],
    ['thiès', 'thies'],
    ['Saint Louis', 'saint-louis'],
    ['saint-louis ', 'saint-louis'],
  ]) {
    it(`reads region="${typed}" as ${code}, asks for it, and notes it in the console`, async () => {
      const notes = watchNotes();
      const fetches = countFetches();
      try {
        const element = await mount('khountous-ranking', { region: typed!, limit: '3' });
        expect(element.getAttribute('state')).to.be.oneOf(['ready', 'empty']);
        const regions = fetches.urls.map((url) => new URL(url, location.href).searchParams.get('region'));
        expect(regions).to.include(code);
        // Spaces around are trimmed without a word; another spelling is noted.
        const noted = notes.lines.some((line) => line.includes(`read as "${code}"`));
        expect(noted).to.equal(typed!.trim() !== code);
      } finally {
        notes.restore();
        fetches.restore();
      }
    });
  }

  it('reads sector="HEALTH" as health', async () => {
    const fetches = countFetches();
    try {
      const element = await mount('khountous-ranking', { sector: 'HEALTH', limit: '2' });
      expect(element.getAttribute('state')).to.be.oneOf(['ready', 'empty']);
      const sectors = fetches.urls.map((url) => new URL(url, location.href).searchParams.get('sector'));
      expect(sectors).to.include('health');
    } finally {
      fetches.restore();
    }
  });

  it('a slug typed as a title is refused with no request, offering its slug form', async () => {
    const fetches = countFetches();
    try {
      const element = await mount('khountous-admin-card', { slug: 'Mairie de Dakar', lang: 'en' });
      expect(element.getAttribute('state')).to.equal('error');
      expect(errorBox(element)!.textContent).to.contain('Did you mean "mairie-de-dakar"?');
      expect(fetches.urls).to.deep.equal([]);
    } finally {
      fetches.restore();
    }
  });

  it('a region chart reads "Thiès" and shows that region', async () => {
    const element = await mount('khountous-region-stats', { region: 'Thiès', lang: 'fr' });
    expect(element.getAttribute('state')).to.equal('ready');
    expect(element.shadowRoot!.querySelector('[role="heading"]')!.textContent).to.contain('Thiès');
  });

  it('an unknown region shows the attribute, the value, the closest and the accepted values (fr), with no retry and no request', async () => {
    const fetches = countFetches();
    try {
      const element = await mount('khountous-ranking', { region: 'Tiess', lang: 'fr' });
      expect(element.getAttribute('state')).to.equal('error');
      const box = errorBox(element)!;
      expect(box.getAttribute('role')).to.equal('status');
      const text = box.textContent!.replace(/[ \n\t]+/g, ' ');
      expect(text).to.contain('Le widget est mal configuré.');
      expect(text).to.contain('region="Tiess" n’est pas une valeur acceptée.');
      expect(text).to.contain('Vouliez-vous dire «\u202fthies\u202f»\u202f?');
      expect(text).to.contain(`Valeurs acceptées\u202f: ${REGION_CODES.join(', ')}.`);
      expect(retryButton(element)).to.equal(null);
      expect(fetches.urls).to.deep.equal([]);
      expect(
        warnings()
          .all()
          .some((line) => line.includes('region="Tiess" is not accepted')),
      ).to.equal(true);
      await expect(element).to.be.accessible();
    } finally {
      fetches.restore();
    }
  });

  it('says it in English on an English page, and shows the value as text, never markup', async () => {
    const element = await mount('khountous-reports', { status: '<b>Done</b>', lang: 'en' });
    const box = errorBox(element)!;
    expect(box.textContent).to.contain('The widget is misconfigured.');
    expect(box.textContent).to.contain('status="<b>Done</b>" is not accepted.');
    expect(box.textContent).to.contain('Accepted values: received, under-review');
    expect(box.querySelector('b')).to.equal(null);
  });

  it('a missing slug says the attribute is required, with an example', async () => {
    const element = await mount('khountous-admin-card', { lang: 'en' });
    expect(shadowText(element)).to.contain('The slug attribute is required: lower-case letters');
    expect(shadowText(element)).to.contain('"mairie-de-dakar"');
  });

  it('an unknown slug names it and offers no retry', async () => {
    const element = await mount('khountous-admin-card', { slug: 'mairie-de-nulle-part', lang: 'fr' });
    expect(element.getAttribute('state')).to.equal('error');
    expect(errorBox(element)!.textContent).to.contain(
      'Rien n’a été trouvé pour slug="mairie-de-nulle-part". Vérifiez son orthographe.',
    );
    expect(retryButton(element)).to.equal(null);
  });

  it('a network error still offers a retry', async () => {
    const element = await mount('khountous-ranking', { 'base-url': 'http://127.0.0.1:9/v1', limit: '2' });
    expect(element.getAttribute('state')).to.equal('error');
    expect(retryButton(element)).to.not.equal(null);
  });

  it('a base-url without /v1 says so and names the address it probably meant', async () => {
    const base = sharedApi().replace(/\/v1$/, '');
    const element = await mount('khountous-ranking', { 'base-url': base, lang: 'en', limit: '2' });
    expect(element.getAttribute('state')).to.equal('error');
    const text = errorBox(element)!.textContent!;
    expect(text).to.contain(`base-url="${base}" does not end with /v1`);
    expect(text).to.contain(`Did you mean "${base}/v1"?`);
    expect(retryButton(element)).to.equal(null);
  });

  it('a base-url that is not http(s) says so', async () => {
    const element = await mount('khountous-dataset', {
      'base-url': 'ftp://example.org/v1',
      'dataset-id': 'x',
    });
    expect(errorBox(element)!.textContent).to.contain(
      'base-url="ftp://example.org/v1" n’est pas une adresse http(s)',
    );
  });

  it('the error stays readable in a 320 px column: no part of it wider than the widget', async () => {
    const element = await mount('khountous-ranking', { region: 'Tiess', lang: 'fr' }, { width: 320 });
    const box = errorBox(element)!;
    expect(box.scrollWidth).to.be.at.most(box.clientWidth + 1);
    expect(element.getBoundingClientRect().width).to.be.at.most(320);
  });
});
