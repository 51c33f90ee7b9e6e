// The widgets, rendered on the server with their data (khountous-widgets/ssr).
import { renderImage, renderWidget } from 'khountous-widgets/ssr';

/** The API, or the site's shared cache tier: the server and the readers' browsers ask the same one. */
export const baseUrl = process.env.KHOUNTOUS_BASE_URL || 'https://api.khountous.sn/v1';

const options = () => ({ baseUrl, key: process.env.KHOUNTOUS_KEY || undefined });

/** The widgets the site shows, by name: each page's widget, and its picture (/images/<name>.png). */
export const shown = {
  ranking: { tag: 'khountous-ranking', attributes: { limit: 5, lang: 'en' } },
  card: { tag: 'khountous-admin-card', attributes: { slug: 'hopital-regional-de-tambacounda', lang: 'en' } },
  kolda: {
    tag: 'khountous-region-stats',
    attributes: { region: 'kolda', indicator: 'responseRate', lang: 'en' },
  },
};

/**
 * The HTML of the widget `name` of `shown`, its data inside. Every page of the site
 * shares one cache: one API request per resource, however many widgets show it. The key,
 * if the site has one, is sent to the API and never written into the page. When there is
 * nothing to show (the API failed and nothing is cached), the plain element: it loads in
 * the reader's browser.
 */
export function widget(name) {
  const { tag, attributes } = shown[name];
  return renderWidget(tag, attributes, { ...options(), fallback: (error) => console.warn(error.message) });
}

/**
 * The PNG of the widget `name` of `shown`, 1200 pixels wide, from the same cache as the pages
 * (no request of its own): the picture a share of the page shows (its `og:image`).
 */
export function picture(name) {
  const { tag, attributes } = shown[name];
  return renderImage(tag, attributes, { ...options(), format: 'png', width: 1200 });
}
