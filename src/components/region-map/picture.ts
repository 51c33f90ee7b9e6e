/**
 * <khountous-region-map>'s picture (ssr/image.ts): the map as the element draws it, from the same
 * geometry (geometry.ts: the regions, The Gambia, Dakar's inset), the same classes (classes.ts)
 * and the same colours (region-map.styles.ts: each step's on the theme drawn), above the list of
 * the regions with their values that every picture of a list has. No text of the API's is in it.
 */
import type { RegionIndicatorKey, RegionStats } from '../../core/types.js';
import { DIRECTION } from '../../graphics/indicators.js';
import { lightDarkColours, type PictureFigure } from '../../widget/picture.js';
import { classify } from './classes.js';
import { DAKAR_INSET, GAMBIA, REGIONS, VIEW_BOX } from './geometry.js';
import { regionMapStyles } from './region-map.styles.js';

/** The map of `data` (the regions' answer) for the inputs `read` gives, on `theme`; undefined without regions. */
export function picture(
  data: unknown,
  read: (attribute: string) => unknown,
  theme: 'light' | 'dark',
): PictureFigure | undefined {
  const regions = (data as { data?: unknown }).data;
  if (!Array.isArray(regions) || !regions.length) return undefined;
  const key = read('indicator') as RegionIndicatorKey;
  const method = read('classes') === 'jenks' ? 'jenks' : 'equal';
  const { steps } = classify(regions as RegionStats[], key, method);
  // Each step's colour on `theme`, by its name in region-map.styles.ts (`map-0`, `map-n4`, `map-land`).
  const colours = lightDarkColours(regionMapStyles.cssText, theme);
  const ramp = DIRECTION[key] === 0 ? 'map-n' : 'map-';
  const land = colours['map-land']!;
  const edge = colours['map-edge']!;
  const fillOf = (code: RegionStats['code']) => {
    const step = steps.get(code);
    return step === undefined ? land : colours[`${ramp}${step}`]!;
  };
  const [, , width, height] = VIEW_BOX.split(' ').map(Number) as [number, number, number, number];
  const [x, y, boxWidth, boxHeight] = DAKAR_INSET.box;
  const [x1, y1, x2, y2] = DAKAR_INSET.leader;
  const dakar = REGIONS.find((shape) => shape.code === 'dakar')!;
  const body = [
    `<path d="${GAMBIA.d}" fill="${land}" stroke="${edge}" stroke-width="1"/>`,
    ...REGIONS.map(
      (shape) => `<path d="${shape.d}" fill="${fillOf(shape.code)}" stroke="${land}" stroke-width="2"/>`,
    ),
    `<rect x="${x}" y="${y}" width="${boxWidth}" height="${boxHeight}" fill="none" stroke="${edge}"/>`,
    `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${edge}"/>`,
    `<path d="${dakar.d}" transform="${DAKAR_INSET.transform}" fill="${fillOf('dakar')}" stroke="${land}" stroke-width="1"/>`,
  ].join('');
  return { width, height, body };
}
