/**
 * The height the builder writes on an iframe of the embed page: the embed page
 * itself, in an iframe as wide as the reader's column, measured once its widget
 * has settled (its document's height: what the page posts to embed-resize.js),
 * with a margin for the fonts of other browsers and systems, which wrap the
 * same words a little differently. The builder (demo/builder-frame.ts) and the
 * tests (test/dist/embed-overflow.browser.test.ts) measure with this module.
 */

/** The column widths the builder offers, in CSS pixels: a phone's to a wide article's. */
export const COLUMN_WIDTHS = [320, 375, 480, 640, 720, 960] as const;

/** The width the builder starts with: an article's column on a computer. */
export const DEFAULT_COLUMN_WIDTH = 640;

/**
 * What is added to the height measured before it is rounded up to ten: 6 %, and
 * at least 24 px. The same widget is not as tall in every browser: measured in
 * Chromium, Firefox and WebKit at 320 and 960 px, the report, the ranking and the
 * map differed by up to 39 px (a report at 320 px, 1,028 to 1,067 px) or 5.4 %
 * (a ranking at 960 px, 353 to 372 px).
 */
const HEIGHT_MARGIN = { share: 0.06, least: 24 };

/** The height to write for an embed page measured `measured` pixels tall. */
export const frameHeight = (measured: number): number =>
  Math.ceil((measured + Math.max(HEIGHT_MARGIN.least, measured * HEIGHT_MARGIN.share)) / 10) * 10;

/** One measure of the embed page: its document's height, and whether its widget has settled. */
export interface EmbedMeasure {
  height: number;
  /** False while the widget loads (its text paint or skeleton shown): the height is not yet its own. */
  settled: boolean;
}

/**
 * Measures the embed page that `frame` shows (a page of the same origin):
 * `report` is called with each new measure, when the page's content changes
 * size or its widget changes state, and again after each load of the frame.
 * Returns what stops it.
 */
function watchEmbedHeight(frame: HTMLIFrameElement, report: (measure: EmbedMeasure) => void): () => void {
  let stopPage = () => {};
  const attach = () => {
    stopPage();
    const win = frame.contentWindow as (Window & typeof globalThis) | null;
    const doc = frame.contentDocument;
    if (!win || !doc?.body) return;
    let last = '';
    const measure = () => {
      // The embed page's widget: the first child of its <main id="widget">, unless a problem is shown.
      const widget = doc.getElementById('widget')?.firstElementChild;
      const state = widget?.getAttribute('state');
      const measured: EmbedMeasure = {
        height: Math.ceil(doc.documentElement.getBoundingClientRect().height),
        settled: widget
          ? !widget.localName.startsWith('khountous-') || (!!state && state !== 'loading')
          : false,
      };
      const key = `${measured.height};${measured.settled}`;
      if (key === last) return;
      last = key;
      report(measured);
    };
    const sizes = new win.ResizeObserver(measure);
    sizes.observe(doc.documentElement);
    const states = new win.MutationObserver(measure);
    states.observe(doc.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['state'],
    });
    stopPage = () => {
      sizes.disconnect();
      states.disconnect();
    };
    measure();
  };
  frame.addEventListener('load', attach);
  if (frame.contentDocument?.readyState === 'complete') attach();
  return () => {
    frame.removeEventListener('load', attach);
    stopPage();
  };
}

/**
 * What the builder does with its preview: measures the embed page in `frame`
 * (watchEmbedHeight) and gives the frame, at each measure, the height the
 * snippet would write (frameHeight), so that it shows what a reader will see.
 */
export function followEmbedHeight(
  frame: HTMLIFrameElement,
  report: (measure: EmbedMeasure) => void,
): () => void {
  return watchEmbedHeight(frame, (measure) => {
    frame.height = String(frameHeight(measure.height));
    report(measure);
  });
}
