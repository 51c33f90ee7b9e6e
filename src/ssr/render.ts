/**
 * `khountous-widgets/ssr` (Node): a widget rendered on the site's server with
 * its data, so that it is painted with the page, readable without JavaScript,
 * and costs the reader's browser nothing of the quota.
 *
 *   const html = await renderWidget('khountous-ranking', { limit: 5, lang: 'en' }, { baseUrl });
 *
 * gives the element with its attributes, its declarative shadow DOM rendered by
 * @lit-labs/ssr with the data, and the data itself as inline data
 * (src/core/inline.ts), which the element adopts in the browser: no request
 * while it is fresh, the markup hydrated, not redrawn.
 *
 * The data comes through one loader per API (and key) for the whole process:
 * the kit's own, as in a browser without storage: one request per resource per
 * freshness period, concurrent renders joined, stale data served with its real
 * age when the API fails or the budget is spent. Every request the process
 * sends to an API with a key (or without one), new resource or refresh, is
 * counted against one total per API and key (`budget`, a ceiling no answer
 * raises: src/core/budget.ts), by default the quota of the lowest level that
 * fits: the anonymous level's without a key, the free key's with one. The key
 * is sent as a Bearer token and never written into the HTML.
 */
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html, unsafeStatic } from 'lit/static-html.js';
import { INLINE_VERSION, inlinePath } from '../core/inline.js';
import { loadForRender, RenderError, type Attributes, type RenderOptions } from './load.js';

export { RenderError, resetRenderCache, type RenderBudget, type RenderOptions } from './load.js';
export { renderImage, type ImageOptions } from './image.js';
export { renderEmbedImage, type EmbedImage } from './embed-image.js';

/** JSON for a <script> element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/**
 * The HTML of `<tag>` with `attributes`, rendered with its data (see above).
 * Throws a RenderError when it cannot (its `html` is then the plain element), unless
 * `options.fallback` is given: it is told the error, and the plain element is the HTML.
 */
export async function renderWidget(
  tag: string,
  attributes: Attributes = {},
  options: RenderOptions = {},
): Promise<string> {
  if (!options.fallback) return renderWithData(tag, attributes, options);
  try {
    return await renderWithData(tag, attributes, options);
  } catch (error) {
    if (!(error instanceof RenderError)) throw error;
    options.fallback(error);
    return error.html;
  }
}

async function renderWithData(tag: string, attributes: Attributes, options: RenderOptions): Promise<string> {
  const { given, planned, loaded } = await loadForRender(tag, attributes, options);
  const inline = {
    khountous: INLINE_VERSION,
    path: inlinePath(planned.resource, planned.options.baseUrl),
    fetchedAt: new Date(loaded.fetchedAt).toISOString(),
    data: loaded.data,
  };
  const open = unsafeStatic(`<${tag}${given}`);
  const close = unsafeStatic(`<script type="application/json">${scriptJson(inline)}</script></${tag}>`);
  const markup = await collectResult(render(html`${open} .inlineData=${inline}>${close}`));
  // The markers of this one-off template: nothing hydrates it (the element hydrates its own root).
  return markup
    .replace(/^<!--lit-part[^>]*-->(<!--lit-node \d+-->)?/, '')
    .replace(/<!--\/lit-part-->$/, '')
    .replace(/^<([a-z-]+)\s+/, '<$1 ');
}
