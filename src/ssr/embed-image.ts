/**
 * The embed page's image twin: the picture of what an embed page's address shows, for a site that
 * serves both. The embed page `https://example.org/khountous/embed.html?widget=ranking&limit=5&lang=en`
 * and its twin `https://example.org/khountous/embed.png?widget=ranking&limit=5&lang=en` (or
 * `.svg`) take the same query, read by the embed page's own rule (embed/params.ts
 * `parseEmbedParams`): the widget by its short name, its attributes by theirs, `id` ignored. Two
 * more steer the picture and never become attributes: `width` (CSS pixels) and the widget's
 * `theme` (`dark`; anything else draws light). The picture itself is ssr/image.ts `renderImage`,
 * by its rules: the server's own API only, the key never written, attributes checked as the
 * element checks them.
 */
import { parseEmbedParams } from '../embed/params.js';
import { widgets } from '../registry.js';
import { renderImage, type ImageOptions } from './image.js';
import { RenderError, type RenderOptions } from './load.js';

/** The picture of an embed query, and the type to send it with. */
export type EmbedImage = { type: 'image/png'; body: Uint8Array } | { type: 'image/svg+xml'; body: string };

/**
 * The picture of the widget the embed page's `query` (`?widget=ranking&limit=5`, or a full
 * address) shows, as `format` asks. Throws a RenderError that says why when it cannot be drawn
 * (an unknown widget, a width out of bounds, an attribute the widget refuses, no data).
 */
export async function renderEmbedImage(
  query: string | URL | URLSearchParams,
  options: RenderOptions & Pick<ImageOptions, 'format' | 'href'> = {},
): Promise<EmbedImage> {
  const search =
    query instanceof URL
      ? query.search
      : query instanceof URLSearchParams
        ? query.toString()
        : /^https?:\/\//i.test(query)
          ? new URL(query).search
          : query;
  const parsed = parseEmbedParams(
    search,
    widgets.map((widget) => widget.tag),
  );
  if (!parsed.ok) throw new RenderError(parsed.reason, '');
  const { tag, attributes } = parsed.request;
  const width = attributes.get('width');
  attributes.delete('width');
  if (width !== undefined && !/^\d{1,5}$/.test(width))
    throw new RenderError(`width=${JSON.stringify(width.slice(0, 40))} is not a whole number of pixels`, '');
  const theme = attributes.get('theme') === 'dark' ? 'dark' : 'light';
  const given = Object.fromEntries(attributes);
  const picture = {
    ...options,
    theme,
    ...(width === undefined ? {} : { width: Number(width) }),
  } as const;
  return options.format === 'png'
    ? { type: 'image/png', body: await renderImage(tag, given, { ...picture, format: 'png' }) }
    : { type: 'image/svg+xml', body: await renderImage(tag, given, { ...picture, format: 'svg' }) };
}
