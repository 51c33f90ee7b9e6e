// The widgets, rendered on the server with their data (khountous-widgets/ssr).
import { renderImage, renderWidget } from 'khountous-widgets/ssr';

/** The API, or the site's shared cache tier: the server and the readers' browsers ask the same one. */
export const baseUrl = process.env.KHOUNTOUS_BASE_URL || 'https://api.khountous.sn/v1';

/**
 * The HTML of the widget `tag` with `attributes`, its data inside. The process shares one
 * cache: one API request per resource, however many widgets show it. The key, if the site
 * has one, is sent to the API and never written into the page. When there is nothing to
 * show (the API failed and nothing is cached), the plain element: it loads in the reader's
 * browser.
 */
export function render(tag: string, attributes: Record<string, string | number>): Promise<string> {
  return renderWidget(tag, attributes, {
    baseUrl,
    key: process.env.KHOUNTOUS_KEY || undefined,
    fallback: (error) => console.warn(error.message),
  });
}

/** The front page's ranking: shown on the page (front-page.tsx), and its picture (opengraph-image.ts). */
export const RANKING = { tag: 'khountous-ranking', attributes: { limit: 5, lang: 'en' } } as const;

/**
 * The PNG of the widget `tag` with `attributes`, 1200 pixels wide, from the process's cache
 * (no request of its own after the page's): the picture a share of the page shows.
 */
export function picture(tag: string, attributes: Record<string, string | number>): Promise<Uint8Array> {
  return renderImage(tag, attributes, {
    baseUrl,
    key: process.env.KHOUNTOUS_KEY || undefined,
    format: 'png',
    width: 1200,
  });
}
