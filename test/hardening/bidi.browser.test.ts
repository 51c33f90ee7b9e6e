// Engines: all three (HTML parsing, bidi, storage and a host page's CSS differ between engines).
/**
 * Direction: a text from the API that holds a right-to-left override (U+202E), an embedding
 * (U+202B) or an isolate (U+2067) it leaves open, a stray PDI (U+2069) or a paragraph
 * separator keeps its direction to itself in every element and in the map's readout (the
 * text paint's: test/boot/paint.browser.test.ts): the kit's words and figures written after
 * it keep their order.
 *
 * Two checks: where each text sits (in a `<bdi>`, balanced, or between U+2068 and U+2069 in a
 * string: src/i18n/bidi.ts, element/bdi.ts), for the eight elements with every free text of
 * the reference API's answers replaced; and the drawn order of the figures after a name
 * (each character's box left of the next), measured in the engine.
 */
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import '../helpers/every-element.js';
import { balanced, isolate } from '../../src/i18n/bidi.js';
import { BIDI_PAYLOADS, drawnInOrder } from '../helpers/bidi.js';
import { api, freshKit, sharedApi } from '../helpers/kit.js';
import { EVERY_ELEMENT, allSettled, create, installLoader, pageGuard, poisonedFetch } from './browser-kit.js';

/** Every element of the kit. */
const SPECS = EVERY_ELEMENT;

/** Dates as the API writes them, so that the figures written after a name are figures. */
const DATES = ['date', 'submittedAt', 'publishedAt', 'updatedAt'];

/** Where `root` holds the payload: each text and attribute that holds it, and whether it is isolated there. */
function placesOf(root: ShadowRoot, payload: string): { where: string; isolated: boolean }[] {
  const places: { where: string; isolated: boolean }[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Text) {
      if (!node.data.includes('Ndakaaru')) continue;
      const bdi = node.parentElement?.closest('bdi');
      places.push({
        where: `"${node.data}" in <${node.parentElement?.localName}>`,
        // In a <bdi> that holds the text balanced and nothing else, or isolated in the string.
        isolated: bdi?.textContent === balanced(payload) || node.data.includes(isolate(payload)),
      });
    } else if (node instanceof Element) {
      for (const { name, value } of node.attributes)
        if (value.includes('Ndakaaru'))
          places.push({
            where: `${name}="${value}" of <${node.localName}>`,
            isolated: value.includes(isolate(payload)),
          });
    }
  }
  return places;
}

let guard: ReturnType<typeof pageGuard>;
beforeEach(() => {
  freshKit();
  guard = pageGuard();
});
afterEach(() => {
  expect(guard.problems).to.deep.equal([]);
  fixtureCleanup();
  guard.stop();
  freshKit();
});

describe('a text from the API keeps its direction to itself', () => {
  for (const [label, payload] of Object.entries(BIDI_PAYLOADS)) {
    for (const spec of SPECS) {
      it(`<${spec.tag}>: ${label}, in a <bdi> or isolated wherever it is written`, async () => {
        installLoader({ fetch: poisonedFetch(payload) });
        const page = await fixture<HTMLDivElement>(document.createElement('div'));
        const element = create(page, spec.tag, {
          ...spec.attrs(),
          'base-url': 'https://api.example.test/v1',
        });
        await allSettled([element], ['ready']);
        const places = placesOf(element.shadowRoot!, payload);
        expect(places.length, 'the payload is shown').to.be.greaterThan(0);
        expect(places.filter((place) => !place.isolated).map((place) => place.where)).to.deep.equal([]);
      });
    }

    it(`the map's readout: ${label}, then the value in its order`, async () => {
      installLoader({ fetch: poisonedFetch(payload) });
      const page = await fixture<HTMLDivElement>(document.createElement('div'));
      page.style.width = '900px';
      const element = create(page, 'khountous-region-map', { 'base-url': 'https://api.example.test/v1' });
      await allSettled([element], ['ready']);
      const region = element.shadowRoot!.querySelector<SVGGElement>('g.region[data-code="kolda"]')!;
      // Pointed at (the readout is the same for a focused region: test/components/region-map), so
      // that the file needs no focus events, which Firefox withholds from a window without the
      // system's focus.
      region.dispatchEvent(new PointerEvent('pointerenter'));
      await (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      const readout = element.shadowRoot!.querySelector<HTMLElement>('[part="readout"]')!;
      readout.style.whiteSpace = 'nowrap';
      expect(readout.textContent).to.contain(isolate(payload));
      const drawn = drawnInOrder(readout, '/100', readout.textContent!.lastIndexOf('Ndakaaru'));
      expect(drawn.ok, `"/100" drawn left to right: ${drawn.lefts.join(', ')}`).to.equal(true);
    });

    it(`a report's official response: ${label} as its author, then the date in its order`, async () => {
      installLoader({ fetch: poisonedFetch(payload, DATES) });
      const page = await fixture<HTMLDivElement>(document.createElement('div'));
      page.style.width = '900px';
      const reports = await api<{ data: { slug: string; hasOfficialResponse: boolean }[] }>(
        sharedApi(),
        '/khountous?limit=50',
      );
      const answered = reports.data.find((report) => report.hasOfficialResponse)!;
      const element = create(page, 'khountous-report', {
        slug: answered.slug,
        'base-url': 'https://api.example.test/v1',
      });
      await allSettled([element], ['ready']);
      const footer = element.shadowRoot!.querySelector<HTMLElement>('blockquote footer')!;
      footer.style.whiteSpace = 'nowrap';
      const date = footer.querySelector('time')!.textContent!;
      expect(date).to.match(/\d{4}/);
      const drawn = drawnInOrder(footer, date);
      expect(drawn.ok, `"${date}" drawn left to right: ${drawn.lefts.join(', ')}`).to.equal(true);
    });
  }
});
