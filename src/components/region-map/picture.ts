/**
 * <khountous-region-map>'s picture (ssr/image.ts): the map as the element draws it, from the same
 * geometry (geometry.ts: the regions, The Gambia, Dakar's inset), the same classes (classes.ts)
 * and the same colours (region-map.styles.ts: each step's on the theme drawn), above the list of
 * the regions with their values that every picture of a list has; under the map, its legend as the
 * element's (each class's range, the words at its ends, no data, the neighbour). No text of the
 * API's is in it: the legend's words are the kit's, its figures formatted by it.
 */
import type { Lang, RegionIndicatorKey, RegionStats } from '../../core/types.js';
import { DIRECTION, formatRange } from '../../graphics/indicators.js';
import { tokens } from '../../styles/tokens.styles.js';
import { lightDarkColours, type PictureFigure } from '../../widget/picture.js';
import { classify } from './classes.js';
import { DAKAR_INSET, GAMBIA, REGIONS, VIEW_BOX } from './geometry.js';
import { regionMapStyles } from './region-map.styles.js';
import { regionMapStrings } from './strings.js';

/** The hatching of a region without a figure, defined in the drawing, used by the legend too. */
const NO_DATA = 'khountous-map-no-data';

/** The map of `data` (the regions' answer) for the inputs `read` gives, on `theme`; undefined without regions. */
export function picture(
  data: unknown,
  read: (attribute: string) => unknown,
  theme: 'light' | 'dark',
  lang: Lang,
): PictureFigure | undefined {
  const regions = (data as { data?: unknown }).data;
  if (!Array.isArray(regions) || !regions.length) return undefined;
  const key = read('indicator') as RegionIndicatorKey;
  const method = read('classes') === 'jenks' ? 'jenks' : 'equal';
  const { steps, classes, gap } = classify(regions as RegionStats[], key, method);
  // Each step's colour on `theme`, by its name in region-map.styles.ts (`map-0`, `map-n4`, `map-land`).
  const colours = lightDarkColours(regionMapStyles.cssText, theme);
  const ramp = DIRECTION[key] === 0 ? 'map-n' : 'map-';
  const land = colours['map-land']!;
  const edge = colours['map-edge']!;
  // A region without a figure hatched on the surface, as the element draws it.
  const hatch = colours['map-hatch']!;
  const surface = lightDarkColours(tokens.cssText, theme).surface!;
  const noData = `url(#${NO_DATA})`;
  const fillOf = (code: RegionStats['code']) => {
    const step = steps.get(code);
    return step === undefined ? noData : colours[`${ramp}${step}`]!;
  };
  const [, , width, height] = VIEW_BOX.split(' ').map(Number) as [number, number, number, number];
  const [x, y, boxWidth, boxHeight] = DAKAR_INSET.box;
  const [x1, y1, x2, y2] = DAKAR_INSET.leader;
  const dakar = REGIONS.find((shape) => shape.code === 'dakar')!;
  const body = [
    `<defs><pattern id="${NO_DATA}" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="${surface}"/><rect width="2" height="6" fill="${hatch}"/></pattern></defs>`,
    `<path d="${GAMBIA.d}" fill="${land}" stroke="${edge}" stroke-width="1"/>`,
    ...REGIONS.map(
      (shape) => `<path d="${shape.d}" fill="${fillOf(shape.code)}" stroke="${land}" stroke-width="2"/>`,
    ),
    `<rect x="${x}" y="${y}" width="${boxWidth}" height="${boxHeight}" fill="none" stroke="${edge}"/>`,
    `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${edge}"/>`,
    `<path d="${dakar.d}" transform="${DAKAR_INSET.transform}" fill="${fillOf('dakar')}" stroke="${land}" stroke-width="1"/>`,
  ].join('');
  // The legend as the element's: each class's range, the better (or highest) first, with the words
  // at its two ends; no data, if a region has none; the neighbour.
  const t = regionMapStrings[lang].regionMap;
  const [top, bottom] = DIRECTION[key] === 0 ? [t.highest, t.lowest] : [t.better, t.worse];
  const end = (index: number) =>
    classes.length < 2 ? undefined : index === 0 ? top : index === classes.length - 1 ? bottom : undefined;
  const legend = [
    ...classes.map((item, index) => ({
      fill: colours[`${ramp}${item.step}`]!,
      label: formatRange(lang, key, item.min, item.max),
      ...(end(index) ? { end: end(index) } : {}),
    })),
    ...(gap ? [{ fill: noData, label: t.noData }] : []),
    { fill: land, label: t.neighbour },
  ];
  return { width, height, body, legend };
}
