#!/usr/bin/env node
// Writes src/components/region-map/geometry.ts, the shapes of <khountous-region-map>, from
// the data in data/geo/ (its README.md says where they come from):
//   - the 14 regions, from senegal-regions.geojson, projected as senegal-regions.paths.json
//     says into its viewBox, coordinates rounded to whole units (the viewBox is 1000 wide),
//     one path each, keyed by the API's region code, in reading order (the map's Tab order);
//   - a label point per region (senegal-regions.paths.json);
//   - The Gambia, which the data do not hold: the stretch of the regions' outline between the
//     two points where the Senegal-Gambia border meets the Atlantic (GAMBIA_COAST), closed by
//     a straight line along the coast;
//   - Dakar's inset: the region drawn again, magnified, in a box in the ocean.
// The build runs it (as every src/components/*/generate.mjs); `--check` fails when the module in the tree is not what it writes, and
// test/components/region-map-generate.test.ts compares them too.
//
//   node src/components/region-map/generate.mjs [--check]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const DATA = join(root, 'data/geo');
export const GEOMETRY_FILE = join(dirname(fileURLToPath(import.meta.url)), 'geometry.ts');

/**
 * Where the Senegal-Gambia border meets the Atlantic, as vertices of the data (lon, lat):
 * north of the river's mouth (south of the Saloum delta) and south of it (the Allahein's mouth).
 */
const GAMBIA_COAST = [
  [-16.561, 13.587],
  [-16.749, 13.099],
];

/** Dakar's inset: how much larger, and its box's top left corner and padding, in the ocean north of Cap-Vert. */
const INSET = { scale: 2.2, x: 8, y: 12, padding: 6 };

/** Rows of this height (label points) make the reading order: top to bottom, each row west to east. */
const ROW = 100;

const readJson = (file) => JSON.parse(readFileSync(join(DATA, file), 'utf8'));

/** The projection senegal-regions.paths.json was made with, read from its own description. */
function projection(description) {
  const number = String.raw`(-?[\d.]+)`;
  const match = new RegExp(
    String.raw`x=\(lon-\(${number}\)\)\*cos\(${number}deg\)\*${number}\+${number}, y=\(${number}-lat\)\*${number}\+${number}`,
  ).exec(description);
  if (!match) throw new Error(`data/geo/senegal-regions.paths.json: a projection this script cannot read`);
  const [lon0, latitude, scaleX, offsetX, lat0, scaleY, offsetY] = match.slice(1).map(Number);
  const cos = Math.cos((latitude * Math.PI) / 180);
  return ([lon, lat]) => [
    Math.round((lon - lon0) * cos * scaleX + offsetX),
    Math.round((lat0 - lat) * scaleY + offsetY),
  ];
}

/** A ring's points without the closing one, and without a point that repeats the one before it. */
function cleanRing(points) {
  const open = points.slice(0, -1);
  const out = open.filter((point, index) => {
    const before = open[(index + open.length - 1) % open.length];
    return index === 0 ? true : point[0] !== before[0] || point[1] !== before[1];
  });
  while (out.length > 1 && out.at(-1)[0] === out[0][0] && out.at(-1)[1] === out[0][1]) out.pop();
  return out;
}

/** A closed path of rings: an absolute move, then relative lines, numbers with the fewest separators. */
function pathOf(rings) {
  const join = (numbers) => numbers.map((n, i) => (i === 0 || n < 0 ? `${n}` : ` ${n}`)).join('');
  return rings
    .map((ring) => {
      const steps = ring.slice(1).flatMap((point, i) => [point[0] - ring[i][0], point[1] - ring[i][1]]);
      return `M${join(ring[0])}l${join(steps)}z`;
    })
    .join('');
}

/** The edges that only one ring has, chained into the outline's rings (of data points, as `lon,lat` keys). */
function outline(rings) {
  const key = (point) => point.join(',');
  const edges = new Map();
  for (const ring of rings)
    for (let i = 0; i < ring.length - 1; i++) {
      const [a, b] = [key(ring[i]), key(ring[i + 1])].sort();
      edges.set(`${a}|${b}`, (edges.get(`${a}|${b}`) ?? 0) + 1);
    }
  const next = new Map();
  for (const [edge, count] of edges) {
    if (count !== 1) continue;
    const [a, b] = edge.split('|');
    next.set(a, [...(next.get(a) ?? []), b]);
    next.set(b, [...(next.get(b) ?? []), a]);
  }
  if ([...next.values()].some((ends) => ends.length !== 2))
    throw new Error(
      'data/geo: the regions do not dissolve into simple rings (a border point of three edges)',
    );
  const seen = new Set();
  const loops = [];
  for (const start of next.keys()) {
    if (seen.has(start)) continue;
    const loop = [start];
    seen.add(start);
    for (let at = next.get(start)[0]; at !== start;) {
      loop.push(at);
      seen.add(at);
      at = next.get(at).find((point) => !seen.has(point)) ?? start;
    }
    loops.push(loop);
  }
  return loops;
}

/** The Gambia: the stretch of the country's outline between the two coast points that does not go round Cap-Vert. */
function gambia(rings) {
  const loops = outline(rings);
  const [north, south] = GAMBIA_COAST.map((point) => point.join(','));
  const loop = loops.find((points) => points.includes(north) && points.includes(south));
  if (!loop) throw new Error('data/geo: the Gambia coast points are not on the outline of the regions');
  const west = loop.reduce((best, point) =>
    Number(point.split(',')[0]) < Number(best.split(',')[0]) ? point : best,
  );
  const [i, j] = [loop.indexOf(north), loop.indexOf(south)].sort((a, b) => a - b);
  const inner = loop.slice(i, j + 1);
  const stretch = inner.includes(west) ? [...loop.slice(j), ...loop.slice(0, i + 1)] : inner;
  return stretch.map((point) => point.split(',').map(Number));
}

/** The point inside `ring` farthest from its edges (on a grid of 2 units): where its name fits best. */
function labelPoint(ring) {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const segments = ring.map((p, i) => [p, ring[(i + 1) % ring.length]]);
  const inside = (x, y) =>
    segments.reduce(
      (odd, [a, b]) =>
        a[1] > y !== b[1] > y && x < ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]) + a[0] ? !odd : odd,
      false,
    );
  const distance = (x, y) =>
    Math.min(
      ...segments.map(([a, b]) => {
        const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
        const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy || 1)));
        return Math.hypot(x - a[0] - t * dx, y - a[1] - t * dy);
      }),
    );
  let best = [0, 0, -1];
  for (let x = Math.min(...xs); x <= Math.max(...xs); x += 2)
    for (let y = Math.min(...ys); y <= Math.max(...ys); y += 2)
      if (inside(x, y)) {
        const d = distance(x, y);
        if (d > best[2]) best = [x, y, d];
      }
  return [best[0], best[1]];
}

/** Dakar's inset: its box, the transform that draws the region in it, and a leader line to the region. */
function inset(rings, others) {
  const points = rings.flat();
  const [x0, y0] = [Math.min(...points.map((p) => p[0])), Math.min(...points.map((p) => p[1]))];
  const [x1, y1] = [Math.max(...points.map((p) => p[0])), Math.max(...points.map((p) => p[1]))];
  const { scale, x, y, padding } = INSET;
  const width = Math.round((x1 - x0) * scale + 2 * padding);
  const height = Math.round((y1 - y0) * scale + 2 * padding);
  // The box lies in the ocean: no point of another region in it.
  const covered = others.flat().find(([px, py]) => px >= x && px <= x + width && py >= y && py <= y + height);
  if (covered) throw new Error(`Dakar's inset covers land at ${covered.join(',')}: move INSET`);
  const shift = (from, start) => +(start + padding - from * scale).toFixed(1);
  return {
    box: [x, y, width, height],
    transform: `translate(${shift(x0, x)} ${shift(y0, y)}) scale(${scale})`,
    leader: [Math.round(x + width / 2), y + height, Math.round((x0 + x1) / 2), y0],
    // Its name at the bottom of the box, under the peninsula (the region's south is open sea).
    label: [Math.round(x + width / 2), y + height - 2 * padding],
  };
}

/** The module's source. */
export async function geometrySource() {
  const regions = readJson('senegal-regions.geojson');
  const projected = readJson('senegal-regions.paths.json');
  const project = projection(projected.projection);
  const dataRings = [];
  const shapes = regions.features.map((feature) => {
    const { slug, code } = feature.properties;
    const polygons =
      feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
    const rings = polygons.flat();
    dataRings.push(...rings);
    const label = projected.labels[code];
    if (!label) throw new Error(`data/geo/senegal-regions.paths.json: no label point for ${code}`);
    return { code: slug, rings: rings.map((ring) => cleanRing(ring.map(project))), label };
  });
  const order = (shape) => [Math.floor(shape.label[1] / ROW), shape.label[0]];
  shapes.sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1]);
  const border = gambia(dataRings).map(project);
  const gambiaRing = cleanRing([...border, border[0]]);
  const dakar = shapes.find((shape) => shape.code === 'dakar');
  const dakarInset = inset(
    dakar.rings,
    shapes.filter((shape) => shape !== dakar).flatMap((shape) => shape.rings),
  );
  const lines = [
    '// Written by src/components/region-map/generate.mjs from data/geo/ (its README.md): do not edit.',
    '/**',
    " * Senegal's 14 regions (Natural Earth, public domain), projected into VIEW_BOX, each a path",
    " * keyed by the API's region code with the point its name is written at, in reading order (rows",
    ' * top to bottom, each west to east): the order of the arrow keys. The Gambia, the neighbour the',
    " * country surrounds, derived from the regions' outline; Dakar's inset, magnified, in the ocean.",
    ' */',
    "import type { RegionCode } from '../../core/types.js';",
    '',
    `export const VIEW_BOX = ${JSON.stringify(projected.viewBox)};`,
    '',
    'export interface Shape {',
    '  readonly code: RegionCode;',
    '  readonly d: string;',
    '  readonly label: readonly [number, number];',
    '}',
    '',
    'export const REGIONS: readonly Shape[] = [',
    ...shapes.map(
      ({ code, rings, label }) =>
        `  { code: '${code}', label: [${label.join(', ')}], d: '${pathOf(rings)}' },`,
    ),
    '];',
    '',
    "/** The Gambia: the stretch of the regions' outline along its border, closed along the coast. */",
    `export const GAMBIA = { label: [${labelPoint(gambiaRing).join(', ')}], d: '${pathOf([gambiaRing])}' } as const;`,
    '',
    "/** Dakar's inset: its box (x, y, width, height), the region's transform into it, a leader line to the region (x1, y1, x2, y2), its name's point. */",
    `export const DAKAR_INSET = { box: [${dakarInset.box.join(', ')}], transform: '${dakarInset.transform}', leader: [${dakarInset.leader.join(', ')}], label: [${dakarInset.label.join(', ')}] } as const;`,
    '',
  ];
  const options = (await prettier.resolveConfig(GEOMETRY_FILE)) ?? {};
  return prettier.format(lines.join('\n'), { ...options, filepath: GEOMETRY_FILE });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = await geometrySource();
  const current = existsSync(GEOMETRY_FILE) ? readFileSync(GEOMETRY_FILE, 'utf8') : '';
  if (current !== source) {
    if (process.argv.includes('--check')) {
      console.error(
        `${GEOMETRY_FILE}: not what src/components/region-map/generate.mjs writes (run npm run build)`,
      );
      process.exit(1);
    }
    writeFileSync(GEOMETRY_FILE, source);
  }
}
