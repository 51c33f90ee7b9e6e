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
 * Needs `npm run build` (scripts/test.mjs builds first).
 */
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import { expect } from '@open-wc/testing';
import { catalog } from '../../src/catalog.js';
import { openFrame, removeFrames, until } from '../helpers/frames.js';
import { freshKit, isolatedApi, settled, shadowText } from '../helpers/kit.js';

const chromium = /Chrome\//.test(navigator.userAgent) && !/Edg\//.test(navigator.userAgent);

type Form = 'source' | 'dist' | 'vite' | 'ssr' | 'embed';
type Scheme = 'light' | 'dark' | 'system-dark';

/** Every widget with the attributes of its sample, in English, loading at once. */
const WIDGETS: [string, Record<string, string>][] = catalog.map(({ widget, about }) => [
  widget.tag,
  { ...about.sample, lang: 'en', lazy: 'false' },
]);

/** Properties that carry what a widget draws: colours, borders, paint, visibility. */
const PAINT = [
  'color',
  'background-color',
  'background-image',
  'border-top-color',
  'border-top-style',
  'border-top-width',
  'border-right-color',
  'border-right-style',
  'border-right-width',
  'border-bottom-color',
  'border-bottom-style',
  'border-bottom-width',
  'border-left-color',
  'border-left-style',
  'border-left-width',
  'outline-style',
  'fill',
  'stroke',
  'opacity',
  'visibility',
  'display',
  'box-shadow',
  'color-scheme',
];

interface Drawn {
  /** Where the element is in its shadow root (`div.root > table > tbody > tr:3 > td:2`). */
  path: string;
  styles: Record<string, string>;
}

/** What each element of `host`'s shadow root draws, in tree order. */
function drawnBy(host: Element): Drawn[] {
  const view = host.ownerDocument.defaultView!;
  const out: Drawn[] = [];
  const walk = (parent: Element | ShadowRoot, path: string) => {
    const drawing = [...parent.children].filter(
      (child) => !['STYLE', 'TEMPLATE', 'SCRIPT', 'LINK'].includes(child.tagName),
    );
    drawing.forEach((child, index) => {
      const name = `${child.localName}${child.classList.length ? `.${[...child.classList].join('.')}` : ''}:${index}`;
      const here = path ? `${path} > ${name}` : name;
      const computed = view.getComputedStyle(child);
      const styles: Record<string, string> = {};
      for (const property of PAINT) styles[property] = computed.getPropertyValue(property);
      // The parts that hold no text (bars, marks, shapes): their size is what they say.
      if (!child.textContent?.trim()) {
        const box = child.getBoundingClientRect();
        styles.width = box.width.toFixed(0);
        styles.height = box.height.toFixed(0);
      }
      out.push({ path: here, styles });
      walk(child, here);
    });
  };
  walk(host.shadowRoot!, '');
  return out;
}

/** The differences between two drawings, at most `max` of them, in words. */
function differences(expected: Drawn[], actual: Drawn[], max = 8): string[] {
  const found: string[] = [];
  if (expected.length !== actual.length)
    found.push(`${actual.length} elements drawn where the source draws ${expected.length}`);
  for (let i = 0; i < Math.min(expected.length, actual.length) && found.length < max; i += 1) {
    const a = expected[i]!;
    const b = actual[i]!;
    if (a.path !== b.path) {
      found.push(`element ${i}: ${b.path} where the source has ${a.path}`);
      break;
    }
    for (const [property, value] of Object.entries(a.styles))
      if (b.styles[property] !== value && found.length < max)
        found.push(`${a.path}: ${property} is "${b.styles[property]}", the source's "${value}"`);
  }
  return found;
}

/** A frame of the host page drawing every widget with `form`, on an API of its own; resolves once all are settled. */
async function hostFrame(
  form: Exclude<Form, 'embed'>,
  scheme: Scheme,
  widgets = WIDGETS,
  height = 4000,
): Promise<HTMLIFrameElement> {
  // The budget is the API origin's, which every scoped API shares: each page starts with a whole one.
  freshKit();
  const api = isolatedApi(`look-${form}`);
  const scope = /\/scoped\/([^/]+)\/v1$/.exec(api)![1]!;
  const query = new URLSearchParams({
    form,
    api,
    dist: `/fresh/${scope}/dist/`,
    widgets: JSON.stringify(widgets),
    ...(scheme === 'dark' ? { dark: '1' } : {}),
  });
  const frame = await openFrame(`/test/fixtures/look.html?${query}`, 680);
  frame.height = String(height);
  const doc = frame.contentDocument!;
  await until(() => doc.body.dataset.placed === 'true', `the ${form} page to place its widgets`, 15000);
  for (const [tag] of widgets) {
    const element = await until(() => doc.querySelector<HTMLElement>(tag) ?? undefined, `<${tag}> (${form})`);
    await until(
      () => element.ownerDocument.defaultView!.customElements.get(tag),
      `<${tag}> defined (${form})`,
      15000,
    );
    const state = await settled(element, ['ready', 'empty', 'error'], 15000);
    expect(state, `<${tag}> (${form}): ${shadowText(element)}`).to.equal('ready');
  }
  await fontsAndFrames(frame);
  return frame;
}

/** The embed page showing `tag`, on an API of its own, 680 px wide; resolves once its widget is settled. */
async function embedFrame(tag: string, attributes: Record<string, string>, scheme: Scheme) {
  freshKit();
  const api = isolatedApi('look-embed');
  const scope = /\/scoped\/([^/]+)\/v1$/.exec(api)![1]!;
  const query = new URLSearchParams({
    widget: tag.replace(/^khountous-/, ''),
    ...attributes,
    'base-url': api,
    ...(scheme === 'dark' ? { theme: 'dark' } : {}),
  });
  // As wide as the host page's boxes: the embed page puts nothing around its widget.
  const frame = await openFrame(`/fresh/${scope}/dist/embed.html?${query}`, 640);
  frame.height = '2600';
  const element = await until(
    () => frame.contentDocument!.querySelector<HTMLElement>(tag) ?? undefined,
    `<${tag}> in the embed page`,
  );
  await until(
    () => frame.contentWindow!.customElements.get(tag),
    `<${tag}> defined in the embed page`,
    15000,
  );
  const state = await settled(element, ['ready', 'empty', 'error'], 15000);
  expect(state, `<${tag}> (embed): ${shadowText(element)}`).to.equal('ready');
  await fontsAndFrames(frame);
  return element;
}

/** Fonts loaded and two frames painted in `frame`. */
async function fontsAndFrames(frame: HTMLIFrameElement) {
  await frame.contentDocument!.fonts.ready;
  const win = frame.contentWindow!;
  await new Promise((resolve) => win.requestAnimationFrame(() => win.requestAnimationFrame(resolve)));
}

const widgetIn = (frame: HTMLIFrameElement, tag: string) => frame.contentDocument!.querySelector(tag)!;

/** The schemes read in this engine. */
const SCHEMES: Scheme[] = chromium ? ['light', 'dark', 'system-dark'] : ['light', 'dark'];

const media = (payload: Record<string, string | null>) => executeServerCommand('look-media', payload);

describe('what users install looks as the source does', function () {
  this.timeout(180000);
  afterEach(removeFrames);
  after(async () => {
    if (chromium) await media({ colorScheme: null, forcedColors: null, media: null });
    if (chromium) await setViewport({ width: 800, height: 600 });
  });

  for (const scheme of SCHEMES) {
    describe(`read in ${scheme === 'system-dark' ? 'dark (the reader’s system setting)' : scheme}`, () => {
      let source: HTMLIFrameElement;

      beforeEach(async () => {
        if (chromium) await media({ colorScheme: scheme === 'system-dark' ? 'dark' : 'light' });
        source = await hostFrame('source', scheme);
      });

      it('the source draws its colours: text, surface and border are not the page’s defaults', () => {
        for (const [tag] of WIDGETS) {
          const root = widgetIn(source, tag).shadowRoot!.querySelector('.root')!;
          const style = source.contentWindow!.getComputedStyle(root);
          expect(style.borderTopStyle, tag).to.equal('solid');
          expect(style.borderTopColor, tag).to.not.match(/rgba\(0, 0, 0, 0\)|transparent/);
          expect(style.backgroundColor, tag).to.not.match(/rgba\(0, 0, 0, 0\)|transparent/);
        }
        const [light, dark] = ['rgb(255, 255, 255)', 'rgb(22, 25, 28)'];
        const background = source.contentWindow!.getComputedStyle(
          widgetIn(source, 'khountous-ranking').shadowRoot!.querySelector('.root')!,
        ).backgroundColor;
        expect(background).to.equal(scheme === 'light' ? light : dark);
      });

      for (const form of ['dist', 'vite', 'ssr'] as const) {
        it(`${form === 'dist' ? 'the script tag' : form === 'vite' ? 'the npm package bundled by Vite' : 'server-rendered HTML, hydrated'}: every widget as the source draws it`, async () => {
          const built = await hostFrame(form, scheme);
          for (const [tag] of WIDGETS) {
            const found = differences(drawnBy(widgetIn(source, tag)), drawnBy(widgetIn(built, tag)));
            expect(found, `<${tag}> from ${form}:\n${found.join('\n')}`).to.deep.equal([]);
          }
        });
      }

      it('the embed page: every widget as the source draws it', async () => {
        for (const [tag, attributes] of WIDGETS) {
          const element = await embedFrame(tag, attributes, scheme);
          const found = differences(drawnBy(widgetIn(source, tag)), drawnBy(element));
          expect(found, `<${tag}> from the embed page:\n${found.join('\n')}`).to.deep.equal([]);
        }
      });

      if (chromium && scheme !== 'system-dark')
        it('the script tag’s pixels are the source’s, widget by widget', async () => {
          // Each widget alone, drawn from src/ and by the script tag, side by side in the viewport.
          await setViewport({ width: 1440, height: 2500 });
          for (const widget of WIDGETS) {
            const [tag] = widget;
            removeFrames();
            const alone = await hostFrame('source', scheme, [widget], 2440);
            const built = await hostFrame('dist', scheme, [widget], 2440);
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

/** The pixels of `tag`'s drawing in `frame` (a screenshot of the test page, Chromium). */
async function pixelsOf(frame: HTMLIFrameElement, tag: string): Promise<ImageData> {
  const element = widgetIn(frame, tag);
  const outer = frame.getBoundingClientRect();
  const inner = element.getBoundingClientRect();
  expect(outer.top + inner.bottom, `<${tag}> within the viewport`).to.be.at.most(window.innerHeight);
  const clip = {
    x: Math.round(outer.left + frame.clientLeft + inner.left),
    y: Math.round(outer.top + frame.clientTop + inner.top),
    width: Math.round(inner.width),
    height: Math.round(inner.height),
  };
  const png = (await executeServerCommand('look-screenshot', clip)) as string;
  const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, bitmap.width, bitmap.height);
}

/** Pixels whose colour differs by more than 24 in a channel. */
function differingPixels(a: ImageData, b: ImageData): number {
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.max(
      Math.abs(a.data[i]! - b.data[i]!),
      Math.abs(a.data[i + 1]! - b.data[i + 1]!),
      Math.abs(a.data[i + 2]! - b.data[i + 2]!),
    );
    if (d > 24) count += 1;
  }
  return count;
}
