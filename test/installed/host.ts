/**
 * Pages for the tests of what users install (test/installed/): a host page drawing
 * widgets with one form of the kit, the embed page, what a widget's shadow root draws,
 * media emulation and screenshots (Chromium, test/server/look.ts).
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { expect } from '@open-wc/testing';
import { catalog } from '../../src/registry.js';
import { openFrame, until } from '../helpers/frames.js';
import { freshKit, isolatedApi, settled, shadowText } from '../helpers/kit.js';

export const chromium = /Chrome\//.test(navigator.userAgent) && !/Edg\//.test(navigator.userAgent);

export type Form = 'source' | 'dist' | 'vite' | 'ssr' | 'embed';
export type Scheme = 'light' | 'dark' | 'system-dark';

/** Every widget with the attributes of its sample, in English, loading at once. */
export const WIDGETS: [string, Record<string, string>][] = catalog.map(({ widget, about }) => [
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

export interface Drawn {
  /** Where the element is in its shadow root (`div.root > table > tbody > tr:3 > td:2`). */
  path: string;
  styles: Record<string, string>;
}

/** What each element of `host`'s shadow root draws, in tree order. */
export function drawnBy(host: Element): Drawn[] {
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
export function differences(expected: Drawn[], actual: Drawn[], max = 8): string[] {
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
export async function hostFrame(
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
  // The server render is a Node process of its own for the page's widgets (test/server/ssr.ts),
  // which may take up to its limit of 30 s on a machine busy with the rest of the suite.
  const placed = await until(
    () => doc.body.dataset.placed,
    `the ${form} page to place its widgets`,
    form === 'ssr' ? 40000 : 15000,
  );
  expect(placed, `the ${form} page placed its widgets`).to.equal('true');
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
export async function embedFrame(tag: string, attributes: Record<string, string>, scheme: Scheme) {
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

/**
 * Fonts loaded in `frame`, and two rendering updates of the test page, which are its frames' too.
 * The test page's animation frames, not the frame's own: WebKit holds back those of a frame
 * outside the viewport (the host pages are 4000 px tall, one under the other) for 10 to 20 s
 * each. What the tests read (computed styles, boxes) is brought up to date as it is read;
 * the screenshots (Chromium) are of frames within the viewport.
 */
async function fontsAndFrames(frame: HTMLIFrameElement) {
  await frame.contentDocument!.fonts.ready;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

export const widgetIn = (frame: HTMLIFrameElement, tag: string) => frame.contentDocument!.querySelector(tag)!;

export const media = (payload: Record<string, string | null>) => executeServerCommand('look-media', payload);

/** The pixels of `tag`'s drawing in `frame` (a screenshot of the test page, Chromium). */
export async function pixelsOf(frame: HTMLIFrameElement, tag: string): Promise<ImageData> {
  const element = widgetIn(frame, tag);
  const outer = frame.getBoundingClientRect();
  const inner = element.getBoundingClientRect();
  expect(outer.top + inner.bottom, `<${tag}> within the viewport`).to.be.at.most(window.innerHeight);
  expect(inner.bottom, `<${tag}> within its frame`).to.be.at.most(frame.clientHeight);
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
export function differingPixels(a: ImageData, b: ImageData): number {
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
