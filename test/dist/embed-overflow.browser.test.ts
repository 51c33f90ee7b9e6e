// Engines: all three (the built kit as a page loads it: modules, preloads, integrity and CSP differ between engines).
/**
 * dist/embed.html in an iframe with no resize script, as a CMS that strips
 * scripts leaves it: at the height the builder measures (demo/embed-height.ts)
 * the whole widget shows, its source line included, with no link; in a frame
 * too short for it, a link to the full graphic shows at the frame's bottom, in
 * the widget's language, and goes away once the frame is tall enough. Needs
 * `npm run build`.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { followEmbedHeight, frameHeight, type EmbedMeasure } from '../../demo/embed-height.js';
import { catalog } from '../../src/registry.js';
import { openFrame, removeFrames, rendered, until } from '../helpers/frames.js';
import { settled } from '../helpers/kit.js';

const sampleOf = (name: string) =>
  new URLSearchParams(catalog.find(({ widget }) => widget.tag === `khountous-${name}`)!.about.sample);

/** The embed URL of a widget's sample, on the tests' API. */
function embedUrl(name: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ widget: name });
  for (const [key, value] of sampleOf(name)) params.set(key, value);
  for (const [key, value] of Object.entries({ 'base-url': '/v1', lazy: 'false', ...extra }))
    params.set(key, value);
  return `/dist/embed.html?${params}`;
}

const widgetIn = (frame: HTMLIFrameElement, name: string) =>
  until(
    () => frame.contentDocument!.querySelector<HTMLElement>(`khountous-${name}`) ?? undefined,
    `<khountous-${name}> in the frame`,
  );

const linkIn = (frame: HTMLIFrameElement) =>
  until(
    () => frame.contentDocument!.querySelector<HTMLAnchorElement>('a.full-graphic') ?? undefined,
    'the link to the full graphic',
  );

/** True when `box` lies within the frame's viewport, and something is drawn there. */
function inView(frame: HTMLIFrameElement, box: DOMRect): boolean {
  const win = frame.contentWindow!;
  return box.height > 0 && box.top >= 0 && box.bottom <= win.innerHeight && box.right <= win.innerWidth;
}

/** The height the builder writes for `url` at `width`: measured as the builder measures it, once settled. */
async function builderHeight(url: string, name: string, width: number): Promise<number> {
  const frame = await openFrame(url, width);
  let last: EmbedMeasure | undefined;
  const stop = followEmbedHeight(frame, (measure) => (last = measure));
  try {
    await settled(await widgetIn(frame, name));
    const measure = await until(() => (last?.settled ? last : undefined), 'a settled measure');
    // What the builder's preview shows once sized: the height written, the widget settled.
    await until(() => frame.height === String(frameHeight(measure.height)), 'the preview sized');
    return frameHeight(last!.height);
  } finally {
    stop();
    frame.remove();
  }
}

describe('dist/embed.html in an iframe without a script', function () {
  this.timeout(30000);
  afterEach(removeFrames);

  for (const name of ['report', 'ranking', 'region-map']) {
    for (const width of [320, 960]) {
      it(`${name} at ${width} px: at the builder’s height, the whole widget and its source line, no link`, async () => {
        const url = embedUrl(name);
        const height = await builderHeight(url, name, width);
        // A page that pasted the snippet: the frame at that height, and nothing to resize it.
        const frame = await openFrame(url, width);
        frame.height = String(height);
        const element = await widgetIn(frame, name);
        expect(await settled(element)).to.equal('ready');
        const source = await until(
          () => element.shadowRoot!.querySelector<HTMLElement>('[part="source"]') ?? undefined,
          'the source line',
        );
        const link = await linkIn(frame);
        await until(
          () => inView(frame, source.getBoundingClientRect()),
          () =>
            `the source line inside the ${height} px frame (at ${JSON.stringify(source.getBoundingClientRect())}, ` +
            `page ${frame.contentDocument!.documentElement.scrollHeight} px)`,
        );
        const doc = frame.contentDocument!.documentElement;
        expect(doc.scrollHeight, 'the page fits the frame').to.be.at.most(frame.contentWindow!.innerHeight);
        // The page's last change of size (the widget's box let go for its data) is seen by the
        // page's ResizeObserver at its next rendering step: the link goes away then.
        await until(
          () => link.hidden,
          () => `no link once everything fits (page ${doc.scrollHeight} px, frame ${height} px)`,
        );
        expect(link.getBoundingClientRect().height).to.equal(0);
      });
    }
  }

  for (const [lang, text] of [
    ['fr', 'Voir le graphique complet'],
    ['en', 'Open the full graphic'],
  ] as const) {
    it(`shows a link to the same widget at the bottom of a frame too short for it (${lang}), until the frame grows`, async () => {
      const url = embedUrl('report', lang === 'en' ? { lang } : {});
      const frame = await openFrame(url, 320);
      frame.height = '300';
      expect(await settled(await widgetIn(frame, 'report'))).to.equal('ready');
      const link = await linkIn(frame);
      await until(() => !link.hidden, 'the link shown');
      const win = frame.contentWindow!;
      expect(link.lang).to.equal(lang);
      expect(link.textContent).to.contain(text);
      expect(link.href).to.equal(win.location.href);
      expect(link.target).to.equal('_blank');
      expect(link.rel).to.equal('noopener');
      // Fixed at the frame's bottom edge, over the widget, drawn in full.
      const box = link.getBoundingClientRect();
      expect(inView(frame, box), JSON.stringify(box)).to.equal(true);
      expect(Math.round(box.bottom)).to.equal(win.innerHeight);
      expect(
        link.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2),
      ).to.equal(link);
      // The frame grown to its page's height (as embed-resize.js does): the link goes.
      frame.height = String(Math.ceil(win.document.documentElement.getBoundingClientRect().height));
      await until(() => link.hidden, 'the link hidden once everything fits');
      // Shorter again (a narrower column): back.
      frame.height = '300';
      await until(() => !link.hidden, 'the link shown again');
    });
  }

  it('reaches the link with the keyboard', async () => {
    const frame = await openFrame(embedUrl('report'), 320);
    frame.height = '240';
    expect(await settled(await widgetIn(frame, 'report'))).to.equal('ready');
    const link = await linkIn(frame);
    await until(() => !link.hidden, 'the link shown');
    // The key pressed once the link is drawn, as a reader sees it first. The link is shown by a
    // ResizeObserver, in a rendering step; pressed in the same step, before the frame's layout,
    // Firefox's sequential navigation went past the widget's shadow tree to the link (7 of 25
    // tries on a loaded machine; none of 40 once the frame had rendered).
    await rendered(frame.contentWindow!);
    // Focus before the frame, then Tab into it: the report's stops are its source line's link
    // (to the platform's site) and its "get the data" toggle; the link to the full graphic is next.
    const before = document.createElement('button');
    before.textContent = 'before';
    frame.before(before);
    before.focus();
    await sendKeys({ press: 'Tab' });
    const report = await widgetIn(frame, 'report');
    for (const [stop, name] of [
      ['[part="source"] a', "the source line's link"],
      ['[part="get-data-toggle"]', 'the get-the-data toggle'],
    ] as const) {
      await until(
        () => report.shadowRoot!.activeElement === report.shadowRoot!.querySelector(stop),
        () => `${name} focused (focus on ${frame.contentDocument!.activeElement?.localName})`,
      );
      await sendKeys({ press: 'Tab' });
    }
    await until(
      () => document.activeElement === frame && frame.contentDocument!.activeElement === link,
      () =>
        `the link focused (focus on ${document.activeElement?.localName} / ${frame.contentDocument!.activeElement?.localName})`,
    );
    before.remove();
  });

  it('shows the link for a problem taller than its frame too, and none when it fits', async () => {
    const frame = await openFrame('/dist/embed.html?widget=nothing-here', 320);
    frame.height = '20';
    const link = await linkIn(frame);
    await until(() => !link.hidden, 'the link shown over the cut problem');
    expect(link.lang).to.equal('fr');
    frame.height = '400';
    await until(() => link.hidden, 'the link hidden once the problem fits');
  });
});
