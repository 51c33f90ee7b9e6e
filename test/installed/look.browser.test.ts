// Engines: all three (what users install, drawn and compared in each engine).
/**
 * What users install is drawn as the source is. Every widget, with its sample
 * attributes, in a host page that declares `color-scheme: light dark`
 * (test/fixtures/look.html), read in light and in dark, from each form a user
 * installs: the script tag (dist/), the embed page (dist/embed.html), the npm
 * package bundled by Vite from the packed tarball, and server-rendered HTML (the
 * npm package's renderWidget) hydrated by the script tag. Each is compared, element
 * by element of its shadow root, with the same widget drawn from src/: the colours
 * of text, surfaces, borders, bars, marks and shapes, and the size of the parts
 * that hold no text (bars, marks, shapes).
 *
 * Dark is the site's own switch (`:root { color-scheme: dark }`; the embed page,
 * which is its own document, by `theme=dark`); in Chromium, also the reader's
 * system setting (prefers-color-scheme emulated) on the page as it is. Chromium
 * compares pixels too: the script tag's drawing of each widget against the source's.
 * Needs `npm run build` (scripts/test/test.mjs builds first).
 */
import { setViewport } from '@web/test-runner-commands';
import { expect } from '@open-wc/testing';
import { removeFrames } from '../helpers/frames.js';
import {
  chromium,
  differences,
  differingPixels,
  drawnBy,
  embedFrame,
  hostFrame,
  media,
  pixelsOf,
  widgetIn,
  WIDGETS,
  type Drawn,
  type Scheme,
} from './host.js';

/** The schemes read in this engine. */
const SCHEMES: Scheme[] = chromium ? ['light', 'dark', 'system-dark'] : ['light', 'dark'];

/** The test page's frames but `keep`: a test's pages stop (timers, messages, requests) before the next test. */
const removeFramesBut = (keep: HTMLIFrameElement | undefined) => {
  for (const frame of document.querySelectorAll('iframe')) if (frame !== keep) frame.remove();
};

/** Each widget's differences from the source's drawing, all of them in one list (empty when it draws as the source does). */
function unlike(source: Map<string, Drawn[]>, drawing: (tag: string) => Drawn[], from: string): string[] {
  return WIDGETS.flatMap(([tag]) => {
    const found = differences(source.get(tag)!, drawing(tag));
    return found.length ? [`<${tag}> from ${from}:`, ...found.map((line) => `  ${line}`)] : [];
  });
}

describe('what users install looks as the source does', function () {
  this.timeout(180000);
  after(async () => {
    if (chromium) await media({ colorScheme: null, forcedColors: null, media: null });
    if (chromium) await setViewport({ width: 800, height: 600 });
  });

  for (const scheme of SCHEMES) {
    describe(`read in ${scheme === 'system-dark' ? 'dark (the reader’s system setting)' : scheme}`, () => {
      // The source's page, loaded once for the scheme's tests (which only read it), and what it draws.
      let source: HTMLIFrameElement | undefined;
      const drawn = new Map<string, Drawn[]>();

      before(async () => {
        if (chromium) await media({ colorScheme: scheme === 'system-dark' ? 'dark' : 'light' });
        source = await hostFrame('source', scheme);
        for (const [tag] of WIDGETS) drawn.set(tag, drawnBy(widgetIn(source, tag)));
      });
      afterEach(() => removeFramesBut(source));
      after(removeFrames);

      it('the source draws its colours: text, surface and border are not the page’s defaults', () => {
        for (const [tag] of WIDGETS) {
          const root = widgetIn(source!, tag).shadowRoot!.querySelector('.root')!;
          const style = source!.contentWindow!.getComputedStyle(root);
          expect(style.borderTopStyle, tag).to.equal('solid');
          expect(style.borderTopColor, tag).to.not.match(/rgba\(0, 0, 0, 0\)|transparent/);
          expect(style.backgroundColor, tag).to.not.match(/rgba\(0, 0, 0, 0\)|transparent/);
        }
        const [light, dark] = ['rgb(255, 255, 255)', 'rgb(22, 25, 28)'];
        const background = source!.contentWindow!.getComputedStyle(
          widgetIn(source!, 'khountous-ranking').shadowRoot!.querySelector('.root')!,
        ).backgroundColor;
        expect(background).to.equal(scheme === 'light' ? light : dark);
      });

      for (const form of ['dist', 'vite', 'ssr'] as const) {
        it(`${form === 'dist' ? 'the script tag' : form === 'vite' ? 'the npm package bundled by Vite' : 'server-rendered HTML, hydrated'}: every widget as the source draws it`, async () => {
          const built = await hostFrame(form, scheme);
          const found = unlike(drawn, (tag) => drawnBy(widgetIn(built, tag)), form);
          expect(found, found.join('\n')).to.deep.equal([]);
        });
      }

      it('the embed page: every widget as the source draws it', async () => {
        // An embed page per widget, opened together, each on an API of its own.
        const elements = await Promise.all(
          WIDGETS.map(([tag, attributes]) => embedFrame(tag, attributes, scheme)),
        );
        const embedded = new Map(elements.map((element) => [element.localName, drawnBy(element)]));
        const found = unlike(drawn, (tag) => embedded.get(tag)!, 'the embed page');
        expect(found, found.join('\n')).to.deep.equal([]);
      });

      if (chromium && scheme !== 'system-dark')
        it('the script tag’s pixels are the source’s, widget by widget', async () => {
          // Each widget alone, drawn from src/ and by the script tag, side by side in the viewport
          // (the scheme's source page, 4000 px tall above them, goes: this is its last test).
          removeFrames();
          source = undefined;
          await setViewport({ width: 1440, height: 2500 });
          for (const widget of WIDGETS) {
            const [tag] = widget;
            removeFrames();
            // Opened together, each on an API of its own: the source's on the left.
            const [alone, built] = await Promise.all([
              hostFrame('source', scheme, [widget], 2440),
              hostFrame('dist', scheme, [widget], 2440),
            ]);
            const [expected, actual] = await Promise.all([pixelsOf(alone, tag), pixelsOf(built, tag)]);
            expect([actual.width, actual.height], `<${tag}>: the size of its drawing`).to.deep.equal([
              expected.width,
              expected.height,
            ]);
            const differing = differingPixels(expected, actual);
            const area = expected.width * expected.height;
            // A tolerance of 0.1 % of the widget's area: one missing score bar is several times that.
            expect(differing, `<${tag}>: ${differing} of ${area} pixels differ`).to.be.at.most(area / 1000);
          }
        });
    });
  }
});
