// The layout shift of the news page on slow 3G (API connection cold), at a phone's
// width and a desktop's: the kit's page (the script tag, and the script tag with
// `blocking="render"`) against the hand-written one. Cumulative layout shift as Core
// Web Vitals count it (bench/paint-view.mjs `cumulativeLayoutShift`), in the top page.
import { pageView } from './paint-view.mjs';
import { median } from './stats.mjs';

/** The widths measured (px), with the grid's height. */
export const SHIFT_WIDTHS = [320, 960];
/** The pages measured. */
export const SHIFT_VARIANTS = ['baseline', 'script', 'script+blocking'];
/** Page views of each page at each width. */
export const SHIFT_RUNS = { full: 5, quick: 0 };

/** Median CLS (and every view's) of each page at each width; `profile`: the network. */
export async function measureShift(browser, { origin, api, profile, runs, quietMs = 1000, log = () => {} }) {
  const result = { runs, widths: SHIFT_WIDTHS, pages: {} };
  for (const width of SHIFT_WIDTHS) {
    log(`layout shift: ${width} px`);
    const samples = Object.fromEntries(SHIFT_VARIANTS.map((variant) => [variant, []]));
    for (let run = 0; run < runs; run++)
      for (const variant of SHIFT_VARIANTS) {
        const view = await pageView(browser, {
          url: `${origin}/paint/${variant}.html`,
          profile,
          warm: false,
          api,
          apiOrigin: api.origin,
          quietMs,
          viewport: { width, height: 915 },
        });
        samples[variant].push({ cls: view.cls, fcpMs: view.fcpMs });
      }
    for (const variant of SHIFT_VARIANTS) {
      const views = samples[variant];
      (result.pages[variant] ??= {})[width] = {
        cls: Math.round(median(views.map((view) => view.cls)) * 1000) / 1000,
        fcpMs: Math.round(median(views.map((view) => view.fcpMs).filter((v) => v !== undefined))),
        samples: views.map((view) => Math.round(view.cls * 1000) / 1000),
      };
    }
  }
  return result;
}
