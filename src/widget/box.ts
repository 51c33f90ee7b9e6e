/**
 * A widget's box: the height it holds before its data arrives, so that the
 * data's arrival does not move the text around it. Each widget says its own
 * (its descriptor's `box`, in its folder: a table of heights by width, from
 * what it shows); the script tag's core reserves it on the tags it finds,
 * before any element code (early-start.ts), and the element keeps it on its
 * host while it shows anything but its data: the skeleton, the text paint, an
 * error, an empty list (element/khountous-element.ts, styles/states.styles.ts).
 *
 * Heights and widths are in rem (the widget's font size, `--khountous-font-size`,
 * 1rem unless the page sets it), as the `--khountous-box` custom property holds it.
 */

/** Where a document says it holds the boxes' style rule: one rule, whichever copy of the kit came first. */
export const BOXES = Symbol.for('khountous.boxes.v1');

/** The custom property that holds a widget's box, in rem: set on its tag. */
const BOX_PROPERTY = '--khountous-box';

/**
 * The widths (rem) at which a widget's heights are measured: a phone of 320 px, one of 412, a column, a page.
 *
 * @internal the box tests measure at these widths
 */
export const BOX_WIDTHS = [20, 26, 37.5, 60] as const;

/**
 * The height (rem) at `width` (rem) from `heights`, one per BOX_WIDTHS (the widget's measured
 * height, or what one item adds): linear between them, flat beyond.
 */
export function boxHeight(heights: readonly number[], width: number): number {
  let index = 0;
  while (index < 2 && BOX_WIDTHS[index + 1]! <= width) index++;
  const [from, to] = [BOX_WIDTHS[index]!, BOX_WIDTHS[index + 1]!];
  const [low, high] = [heights[index]!, heights[index + 1]!];
  return low + (high - low) * Math.min(1, Math.max(0, (width - from) / (to - from)));
}

/** The number an input holds (a list's `limit`), else `fallback`. */
export const count = (value: unknown, fallback: number): number => Number(value) || fallback;

/**
 * The style rule that gives the kit's `tags` their box while they are not
 * defined (a tag is inline and empty until then): a block as tall as its
 * `--khountous-box`, except the inline variant, one line high in its sentence.
 */
export const boxRule = (tags: readonly string[]): string =>
  `:is(${tags.join()}):not(:defined):not([variant=inline]){display:block;min-height:calc(var(${BOX_PROPERTY},0)*var(--khountous-font-size,1rem))}`;

/** The box `box` gives for the inputs `read` reads at `width` (rem), as a declaration of `style`. */
export const boxStyle = (
  box: (read: (attribute: string) => unknown, width: number) => number,
  read: (attribute: string) => unknown,
  width: number,
): string => `${BOX_PROPERTY}:${Math.round(box(read, width) * 10) / 10}`;

/**
 * Writes on `element` the box `box` gives for its inputs (`read`) at its width (the
 * element's own, as a block: its container's), unless it holds one already: the first
 * box stays (the page's own, a server's, the core's), so that nothing moves until the data.
 */
export function reserve(
  element: Element,
  box: ((read: (attribute: string) => unknown, width: number) => number) | undefined,
  read: (attribute: string) => unknown,
): void {
  if (!box || !(element instanceof HTMLElement) || element.style.getPropertyValue(BOX_PROPERTY)) return;
  const rem = parseFloat(getComputedStyle(element.ownerDocument.documentElement).fontSize) || 16;
  const [name, value] = boxStyle(box, read, element.getBoundingClientRect().width / rem).split(':');
  element.style.setProperty(name!, value!);
}
