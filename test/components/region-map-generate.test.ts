/**
 * src/components/region-map/generate.mjs: the map's shapes (src/components/region-map/geometry.ts) are
 * what the script writes from data/geo/; the 14 regions, each by the API's code, where the
 * projection of the data's paths file puts them; The Gambia between them; all of it small.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { GEOMETRY_FILE, geometrySource } from '../../src/components/region-map/generate.mjs';
import { DAKAR_INSET, GAMBIA, REGIONS, VIEW_BOX } from '../../src/components/region-map/geometry.js';
import { REGION_CODES } from '../../src/core/types.js';

const paths = JSON.parse(readFileSync('data/geo/senegal-regions.paths.json', 'utf8')) as {
  viewBox: string;
  paths: Record<string, string>;
  slugs: Record<string, string>;
};

/** A path's points, absolute: its moves (M, absolute) and lines (l, relative to the point before). */
function points(d: string): [number, number][] {
  const out: [number, number][] = [];
  for (const [, command, numbers] of d.matchAll(/([Ml])([^MlZz]*)/g)) {
    const values = (numbers!.match(/-?(?:\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
    for (let i = 0; i + 1 < values.length; i += 2) {
      const [x, y] = [values[i]!, values[i + 1]!];
      const last = out.at(-1) ?? [0, 0];
      out.push(command === 'M' ? [x, y] : [last[0] + x, last[1] + y]);
    }
  }
  return out;
}

const box = (list: [number, number][]) => ({
  x0: Math.min(...list.map((p) => p[0])),
  y0: Math.min(...list.map((p) => p[1])),
  x1: Math.max(...list.map((p) => p[0])),
  y1: Math.max(...list.map((p) => p[1])),
});

describe('src/components/region-map/generate.mjs', () => {
  it('the module in the tree is what the script writes', async () => {
    assert.equal(readFileSync(GEOMETRY_FILE, 'utf8'), await geometrySource());
  });

  it('the 14 regions by the API’s codes, each where the data’s own projection puts it', () => {
    assert.equal(VIEW_BOX, paths.viewBox);
    assert.deepEqual(REGIONS.map((shape) => shape.code).sort(), [...REGION_CODES]);
    for (const shape of REGIONS) {
      const iso = Object.keys(paths.slugs).find((code) => paths.slugs[code] === shape.code)!;
      const ours = box(points(shape.d));
      const theirs = box(points(paths.paths[iso]!));
      for (const side of ['x0', 'y0', 'x1', 'y1'] as const)
        assert.ok(
          Math.abs(ours[side] - theirs[side]) <= 1.5,
          `${shape.code} ${side}: ${ours[side]} / ${theirs[side]}`,
        );
    }
  });

  it('The Gambia lies between the regions north and south of it, the inset in the ocean', () => {
    const gambia = box(points(GAMBIA.d));
    const of = (code: string) => box(points(REGIONS.find((shape) => shape.code === code)!.d));
    // Between Kaolack and Ziguinchor, from the coast to Tambacounda.
    assert.ok(gambia.y0 >= of('kaolack').y0 && gambia.y1 <= of('ziguinchor').y1, JSON.stringify(gambia));
    assert.ok(gambia.x0 < of('sedhiou').x0 && gambia.x1 > of('kolda').x0 && gambia.x1 < of('tambacounda').x1);
    const [x, y, width, height] = DAKAR_INSET.box;
    for (const shape of REGIONS)
      for (const [px, py] of points(shape.d))
        assert.ok(!(px > x && px < x + width && py > y && py < y + height), `${shape.code} in the inset`);
  });

  it('is small: at most 4.5 kB gzip', () => {
    const size = gzipSync(readFileSync(GEOMETRY_FILE), { level: 9 }).length;
    assert.ok(size <= 4_500, `${size} B`);
  });
});
