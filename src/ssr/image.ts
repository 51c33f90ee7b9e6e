/**
 * A widget as a picture (`khountous-widgets/ssr`, Node): for a newsletter, a share on a social
 * network, a page that runs no script.
 *
 *   const png = await renderImage('khountous-ranking', { limit: 5, lang: 'en' }, { baseUrl, format: 'png', width: 1200 });
 *
 * The data comes by the rules of every server render (load.ts: the server's own API only, the
 * key never written, one total per API and key, a timeout, stale data with its real age rather
 * than none). What is drawn is what the widget's summary says it shows (its folder's
 * summary.ts, read by widget/summary-view.ts as the text paint reads it): its title (or the
 * editor's), its figures, the list's items with their places, its source line with the data's
 * date, and the address of the live widget; in the widget's language, in the kit's colours
 * (styles/tokens.styles.ts, light or dark); above it, where the widget's folder has a
 * `picture.ts` (widget/picture.ts), its drawing of the data: the map's regions from its geometry,
 * in its classes' colours. Nothing here knows a widget by name: a new widget's folder gives it
 * its picture.
 *
 * The SVG holds its text as text (searchable, read by screen readers through its `<title>` and
 * `<desc>`), in the font the PNG is drawn with, named: the PNG (@resvg/resvg-js, loaded only
 * when a PNG is asked for) is drawn with that font's files and no other, so that it is the same
 * on any server. Data is text: escaped, never markup.
 */
import { createRequire } from 'node:module';
import type * as Resvg from '@resvg/resvg-js';
import type { Lang } from '../core/types.js';
import { valuesOf } from '../boot/paint-answers.js';
import { wordsIn } from '../element/data-file.js';
import { formatDate } from '../i18n/format.js';
import type { Local } from '../i18n/strings.js';
import { sourceLine } from '../i18n/source-line.js';
import { summaries } from '../summaries.js';
import { shortName } from '../widget/descriptor.js';
import { editorWordsOf, titleOf } from '../widget/editor.js';
import type { Picture } from '../widget/picture.js';
import { isObject, text, viewOf, type Choice, type Figure } from '../widget/summary-view.js';
import { drawSvg, IMAGE_FONT, paletteOf, type Drawn } from './image-draw.js';
import { loadForRender, RenderError, type Attributes, type RenderOptions } from './load.js';

/** The folders' drawings of their data (src/components/<name>/picture.ts), loaded when drawn. */
const pictures = import.meta.glob<{ picture: Picture }>('../components/*/picture.ts');

/** The drawing `<tag>`'s folder adds to its picture, if it has one. */
const pictureOf = async (tag: string): Promise<Picture | undefined> =>
  (await pictures[`../components/${shortName(tag)}/picture.ts`]?.())?.picture;

export interface ImageOptions extends RenderOptions {
  /** `svg` (the default): the SVG's text; `png`: the PNG's bytes. */
  format?: 'svg' | 'png';
  /** The picture's width in CSS pixels (its height follows its content): 200 to 2400, 600 by default. */
  width?: number;
  /** `light` (the default) or `dark`: the kit's colours of that theme. */
  theme?: 'light' | 'dark';
  /**
   * The address of the live widget (the page that shows it), written under the source line and
   * linked from the SVG; by default the source line's (the editor's `source-href`, else the
   * platform's site).
   */
  href?: string;
}

/** The width's bounds, in CSS pixels. */
const WIDTH = { min: 200, max: 2400, default: 600 } as const;

/** What the element of `tag` says of its data: its title and tables of words (its `static download`). */
function downloadOf(tag: string): {
  title?: Readonly<Record<Lang, string>>;
  words: readonly Local<object>[];
} {
  const element = customElements.get(tag) as
    { download?: { title?: Record<Lang, string>; words?: Local<object>[] } } | undefined;
  return {
    ...(element?.download?.title ? { title: element.download.title } : {}),
    words: element?.download?.words ?? [],
  };
}

/**
 * The picture of `<tag>` with `attributes`, with its data: the SVG's text, or the PNG's bytes.
 * Throws a RenderError when it cannot be drawn (an attribute the widget refuses, no data, an
 * option out of bounds): never a broken picture.
 */
export async function renderImage(
  tag: string,
  attributes: Attributes,
  options: ImageOptions & { format: 'png' },
): Promise<Uint8Array>;
export async function renderImage(
  tag: string,
  attributes?: Attributes,
  options?: ImageOptions & { format?: 'svg' },
): Promise<string>;
export async function renderImage(
  tag: string,
  attributes: Attributes = {},
  options: ImageOptions = {},
): Promise<string | Uint8Array> {
  const { format = 'svg', width = WIDTH.default, theme = 'light' } = options;
  if (format !== 'svg' && format !== 'png')
    throw new RenderError(`format ${JSON.stringify(format)} is not svg or png`, '');
  if (!Number.isInteger(width) || width < WIDTH.min || width > WIDTH.max)
    throw new RenderError(
      `width ${JSON.stringify(width)} is not a whole number of pixels from ${WIDTH.min} to ${WIDTH.max}`,
      '',
    );
  if (theme !== 'light' && theme !== 'dark')
    throw new RenderError(`theme ${JSON.stringify(theme)} is not light or dark`, '');
  const { descriptor, planned, loaded } = await loadForRender(tag, attributes, options);
  const values = valuesOf({ widget: descriptor, planned });
  const { lang } = planned.selection;
  const data = loaded.data;
  const download = downloadOf(tag);
  const words = wordsIn(download.words, lang);
  // Every field the summary names, with room for them (links left to the page, a field the
  // inputs leave out left out): a value's name in the widget's words, a date.
  const every: Choice = {
    shows: (field, format) =>
      format !== 'links' && !(field.unless && values[field.unless.attribute] === field.unless.value),
    write: (field, value, format) => {
      if (field.names && (typeof value === 'string' || typeof value === 'number')) {
        const word = words(`${field.names}.${value}`);
        return typeof word === 'string' ? word : text(String(value));
      }
      return format === 'date' && typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? formatDate(lang, value)
        : undefined;
    },
  };
  const view = isObject(data) ? viewOf(tag, data, values, lang, every) : undefined;
  const reading = (name: string) => {
    const value = attributes[name];
    return value === undefined || value === null || value === false ? null : String(value);
  };
  const editor = editorWordsOf(reading);
  // A figure's label in the widget's words (a label that is a sentence holds its value), and for
  // a score or a percentage its share of 100, drawn as a bar.
  const labelled = (figure: Figure): Drawn => {
    const label = figure.label === undefined ? undefined : words(figure.label);
    const share =
      (figure.format === 'score' || figure.format === 'percent') && typeof figure.raw === 'number'
        ? Math.min(1, Math.max(0, figure.raw / 100))
        : undefined;
    return typeof label === 'function'
      ? { value: String((label as (value: string) => string)(figure.value)), share }
      : { value: figure.value, label: typeof label === 'string' ? label : undefined, share };
  };
  const caption = summaries[tag]?.caption;
  const captionWords = caption && words(caption.label);
  // The attribute's value by its name in the table the caption names, as a field's value is.
  const given = caption?.attribute ? String(values[caption.attribute] ?? '') : '';
  const name = caption?.names && words(`${caption.names}.${given}`);
  const named = typeof name === 'string' ? name : given;
  const captionText =
    typeof captionWords === 'function'
      ? String((captionWords as (value: string) => string)(named))
      : typeof captionWords === 'string'
        ? captionWords.replace('{value}', named)
        : undefined;
  const title = titleOf(editor, view?.title) ?? captionText ?? download.title?.[lang] ?? tag;
  const rows = (view?.rows ?? []).map((row) => ({ ...row, details: row.details.map(labelled) }));
  const facts = (view?.facts ?? []).map(labelled);
  const paragraphs = (view?.lines ?? []).slice(1).filter(Boolean);
  if (!view || (!view.title && !rows.length && !facts.length && !paragraphs.length))
    throw new RenderError(`<${tag}>: the answer holds nothing this widget shows; no picture is drawn`, '');
  const date = typeof view.date === 'string' && view.date ? view.date : loaded.fetchedAt;
  const source = reading('credit') === 'none' ? undefined : sourceLine[lang](formatDate(lang, date));
  const href = options.href ?? editor.sourceHref;
  const svg = drawSvg({
    width,
    colours: paletteOf(theme),
    lang,
    title,
    subtitle: editor.subtitle,
    facts,
    paragraphs,
    rows,
    // A shared place marked as the ranking marks it: =2.
    places: view.places?.map(({ place, shared }) => `${shared ? '=' : ''}${place}`),
    ordered: Boolean(view.ordered),
    note: editor.note,
    source,
    href: /^https?:\/\//i.test(href) ? href : undefined,
    figure: (await pictureOf(tag))?.(data, (name) => values[name], theme, lang),
  });
  if (format === 'svg') return svg;
  return pngOf(svg, width);
}

/** The font's files (the package dejavu-fonts-ttf), regular and bold: what draws the PNG, and nothing else. */
function fontFiles(): string[] {
  const resolve = createRequire(import.meta.url).resolve;
  try {
    return ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) => resolve(`dejavu-fonts-ttf/ttf/${file}`));
  } catch (error) {
    throw new RenderError(
      `a PNG is drawn with the font ${IMAGE_FONT}'s files, from the package dejavu-fonts-ttf (npm install dejavu-fonts-ttf); an SVG needs none`,
      '',
      { cause: error },
    );
  }
}

/** The PNG of `svg`, drawn at `width` pixels with the picture's font only (the same on any server). */
async function pngOf(svg: string, width: number): Promise<Uint8Array> {
  let resvg: typeof Resvg;
  try {
    resvg = await import('@resvg/resvg-js');
  } catch (error) {
    throw new RenderError(
      'a PNG needs the package @resvg/resvg-js (npm install @resvg/resvg-js); an SVG does not',
      '',
      { cause: error },
    );
  }
  const png = new resvg.Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false, fontFiles: fontFiles(), defaultFontFamily: IMAGE_FONT },
  })
    .render()
    .asPng();
  return new Uint8Array(png);
}
