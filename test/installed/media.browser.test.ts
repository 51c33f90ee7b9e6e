// Engines: all three (what users install, drawn and compared in each engine).
/**
 * The built script tag's widgets in forced colours (Windows high contrast) and on
 * paper, in Chromium's emulation of `forced-colors: active` and of print media
 * (test/server/look.ts). Forced colours replace backgrounds with the system's canvas:
 * every mark that a widget paints with no text in it (score bars, dots, discs, verdict
 * shapes) must still be drawn. On paper: no control, bars and marks printed in their
 * colours, dates kept. Needs `npm run build`.
 */
import { expect } from '@open-wc/testing';
import { removeFrames } from '../helpers/frames.js';
import { chromium, hostFrame, media, widgetIn, WIDGETS } from './host.js';

const TRANSPARENT = /^(transparent|rgba\(0, 0, 0, 0\))$/;
const SHAPES = new Set(['path', 'circle', 'rect', 'line', 'polyline', 'polygon', 'ellipse']);

interface Mark {
  path: string;
  element: Element;
  pseudo: '' | '::before' | '::after';
}

/** The colour painted behind `element`: its nearest ancestor's (across the shadow boundary) that paints one. */
function behind(element: Element): string {
  const view = element.ownerDocument.defaultView!;
  for (let at: Element | null = element; at;) {
    const background = view.getComputedStyle(at).backgroundColor;
    if (!TRANSPARENT.test(background)) return background;
    at = at.parentElement ?? (at.parentNode as ShadowRoot | null)?.host ?? null;
  }
  return view.getComputedStyle(element.ownerDocument.documentElement).backgroundColor;
}

/** Whether `element` (or its pseudo-element) paints something that can be told from what is behind it. */
function paints({ element, pseudo }: Mark): boolean {
  const view = element.ownerDocument.defaultView!;
  const style = view.getComputedStyle(element, pseudo || null);
  const back = pseudo ? behind(element) : behind(element.parentElement ?? element);
  const seen = (colour: string) => !TRANSPARENT.test(colour) && colour !== back;
  if (SHAPES.has(element.localName))
    return (style.fill !== 'none' && seen(style.fill)) || (style.stroke !== 'none' && seen(style.stroke));
  if (seen(style.backgroundColor)) return true;
  return ['top', 'right', 'bottom', 'left'].some(
    (side) =>
      parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0 &&
      !['none', 'hidden'].includes(style.getPropertyValue(`border-${side}-style`)) &&
      seen(style.getPropertyValue(`border-${side}-color`)),
  );
}

/** Every element and pseudo-element of `host`'s shadow root that holds no text and has a size: its marks. */
function candidates(host: Element): Mark[] {
  const view = host.ownerDocument.defaultView!;
  const out: Mark[] = [];
  const walk = (parent: Element | ShadowRoot, path: string) => {
    [...parent.children].forEach((child, index) => {
      if (['STYLE', 'TEMPLATE', 'SCRIPT'].includes(child.tagName)) return;
      const here = `${path} > ${child.localName}:${index}`;
      const box = child.getBoundingClientRect();
      if (!child.textContent?.trim() && box.width > 0 && box.height > 0)
        out.push({ path: here, element: child, pseudo: '' });
      for (const pseudo of ['::before', '::after'] as const) {
        const style = view.getComputedStyle(child, pseudo);
        if (style.content !== 'none' && style.content !== 'normal' && parseFloat(style.width) > 0)
          out.push({ path: `${here}${pseudo}`, element: child, pseudo });
      }
      walk(child, here);
    });
  };
  walk(host.shadowRoot!, '');
  return out;
}

describe('the built widgets in forced colours and on paper', function () {
  this.timeout(60000);
  before(function () {
    if (!chromium) this.skip();
  });
  afterEach(async () => {
    removeFrames();
    await media({ colorScheme: null, forcedColors: null, media: null });
  });

  it('forced colours: every bar, dot, disc and verdict shape is still drawn', async () => {
    await media({ colorScheme: 'light' });
    const frame = await hostFrame('dist', 'light');
    const marks = WIDGETS.flatMap(([tag]) => candidates(widgetIn(frame, tag)).filter(paints));
    // The ranking's, the card's and the chart's bars, the report's dots, the verdicts' shapes…
    expect(marks.length, 'marks drawn in colour').to.be.greaterThan(20);
    for (const tag of ['khountous-ranking', 'khountous-admin-card', 'khountous-region-stats'])
      expect(
        marks.filter((mark) => mark.element.getRootNode() === widgetIn(frame, tag).shadowRoot),
        `${tag}'s bars`,
      ).to.have.length.greaterThan(2);
    await media({ forcedColors: 'active' });
    expect(
      frame.contentWindow!.matchMedia('(forced-colors: active)').matches,
      'forced colours emulated',
    ).to.equal(true);
    const hostOf = (mark: Mark) => (mark.element.getRootNode() as ShadowRoot).host?.localName ?? '';
    const lost = marks.filter((mark) => !paints(mark)).map((mark) => `${hostOf(mark)}${mark.path}`);
    expect(lost, `marks no longer drawn:\n${lost.join('\n')}`).to.deep.equal([]);
  });

  it('print: no button or pager; bars and marks printed in their colours; dates kept', async () => {
    await media({ colorScheme: 'light' });
    const frame = await hostFrame('dist', 'light');
    const view = frame.contentWindow!;
    const controls = () =>
      WIDGETS.flatMap(([tag]) => [
        ...widgetIn(frame, tag).shadowRoot!.querySelectorAll('button, nav[part~="pagination"]'),
      ]);
    const dates = WIDGETS.flatMap(([tag]) => [
      ...widgetIn(frame, tag).shadowRoot!.querySelectorAll('time, .updated'),
    ]);
    expect(
      controls().filter((element) => element.checkVisibility()),
      'controls on screen',
    ).to.have.length.greaterThan(0);
    expect(dates.length, 'dates shown').to.be.greaterThan(0);
    await media({ media: 'print' });
    expect(view.matchMedia('print').matches, 'print emulated').to.equal(true);
    const shown = controls().filter((element) => element.checkVisibility());
    expect(
      shown.map((element) => element.outerHTML.slice(0, 80)),
      'controls printed',
    ).to.deep.equal([]);
    for (const [tag] of WIDGETS)
      for (const mark of candidates(widgetIn(frame, tag)).filter(paints))
        expect(
          view.getComputedStyle(mark.element, mark.pseudo || null).getPropertyValue('print-color-adjust'),
          `${tag}${mark.path}`,
        ).to.equal('exact');
    expect(
      dates.filter((element) => !element.checkVisibility()).map((element) => element.outerHTML.slice(0, 80)),
      'dates hidden on paper',
    ).to.deep.equal([]);
    // A reader whose screen is dark prints the light palette: a dark surface is a page of ink.
    const surfaces = () =>
      WIDGETS.map(
        ([tag]) =>
          view.getComputedStyle(widgetIn(frame, tag).shadowRoot!.querySelector('.root')!).backgroundColor,
      );
    const light = surfaces();
    await media({ colorScheme: 'dark', media: 'screen' });
    expect(surfaces(), 'the dark palette on a dark screen').to.not.deep.equal(light);
    await media({ colorScheme: 'dark', media: 'print' });
    expect(surfaces(), 'on paper from a dark screen').to.deep.equal(light);
  });
});
