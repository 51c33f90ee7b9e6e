// The widgets, rendered on the server with their data (khountous-widgets/ssr).
import { renderWidget } from 'khountous-widgets/ssr';

/** The API, or the site's shared cache tier: the server and the readers' browsers ask the same one. */
export const baseUrl = process.env.KHOUNTOUS_BASE_URL || 'https://api.khountous.sn/v1';

/**
 * The HTML of the widget `tag` with `attributes`, its data inside. Every page of the site
 * shares one cache: one API request per resource, however many widgets show it. The key,
 * if the site has one, is sent to the API and never written into the page. When there is
 * nothing to show (the API failed and nothing is cached), the plain element: it loads in
 * the reader's browser.
 */
export function widget(tag, attributes) {
  return renderWidget(tag, attributes, {
    baseUrl,
    key: process.env.KHOUNTOUS_KEY || undefined,
    fallback: (error) => console.warn(error.message),
  });
}
