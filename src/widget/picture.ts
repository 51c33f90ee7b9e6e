/**
 * What a widget's folder may add to its picture (ssr/image.ts), in a `picture.ts` of its own:
 * a drawing of its data above what its summary says (the map: its regions in their colours). The
 * picture finds it by the folder's name, so that a new widget's picture comes from its folder.
 */
import type { Lang } from '../core/types.js';

/** A drawing in its own units, `width` by `height`, scaled to the picture's width: SVG elements whose every value comes from the kit (no text of the API's). */
export interface PictureFigure {
  readonly width: number;
  readonly height: number;
  readonly body: string;
  /**
   * What the drawing's colours say, under it: a swatch's `fill` (a colour, or a paint the body
   * defines: `url(#id)`), its words, the kit's own (a class's range of values, "no data"), and
   * words at the line's end (the better end of a scale).
   */
  readonly legend?: readonly { readonly fill: string; readonly label: string; readonly end?: string }[];
}

/** A folder's `picture.ts`: the drawing of `data` for the inputs `read` gives, on `theme`, in `lang`; undefined: none. */
export type Picture = (
  data: unknown,
  read: (attribute: string) => unknown,
  theme: 'light' | 'dark',
  lang: Lang,
) => PictureFigure | undefined;

/**
 * The colours a style sheet's private tokens take on `theme`, by name: each
 * `--_name: light-dark(#light, #dark)`, bare or as a public property's fallback
 * (`--_bg: var(--khountous-color-background, light-dark(#fff, #16191c))`), as written or as the
 * build minifies it. The first of a name wins. The one reader of the kit's colours for
 * pictures: the card's (ssr/image-draw.ts) and a folder's drawing (the map's steps).
 */
export function lightDarkColours(cssText: string, theme: 'light' | 'dark'): Record<string, string> {
  const found: Record<string, string> = {};
  const token =
    /--_([a-z0-9-]+):\s*(?:var\(--khountous-[a-z0-9-]+,\s*)?light-dark\(\s*(#[0-9a-f]{3,6}),\s*(#[0-9a-f]{3,6})\s*\)/g;
  for (const [, name, light, dark] of cssText.matchAll(token))
    found[name!] ??= theme === 'dark' ? dark! : light!;
  return found;
}
