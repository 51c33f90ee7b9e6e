/**
 * What a widget's folder may add to its picture (ssr/image.ts), in a `picture.ts` of its own:
 * a drawing of its data above what its summary says (the map: its regions in their colours). The
 * picture finds it by the folder's name, so that a new widget's picture comes from its folder.
 */

/** A drawing in its own units, `width` by `height`, scaled to the picture's width: SVG elements whose every value comes from the kit (no text of the API's). */
export interface PictureFigure {
  readonly width: number;
  readonly height: number;
  readonly body: string;
}

/** A folder's `picture.ts`: the drawing of `data` for the inputs `read` gives, on `theme`; undefined: none. */
export type Picture = (
  data: unknown,
  read: (attribute: string) => unknown,
  theme: 'light' | 'dark',
) => PictureFigure | undefined;
