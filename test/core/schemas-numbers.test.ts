/**
 * Numbers checked against what they mean (src/core/schemas.ts, docs/api-assumptions.md): every
 * number finite; scores and percentages from 0 to 100; counts whole and non-negative; delays
 * and rates non-negative; none beyond 1e15; a dataset's number 0 or of magnitude 1e-15 to 1e15
 * (what its chart can mark); a region list names each region once; a rank lies within its
 * ranking. Anything else makes the answer invalid. The ranges are written here as the
 * documentation gives them, not read from the schemas.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as v from '../../src/core/check.js';
import {
  administrationListSchema,
  administrationSchema,
  datasetJsonSchema,
  regionListSchema,
} from '../../src/core/schemas.js';
import {
  REGION_CODES,
  type Administration,
  type DatasetJson,
  type ListEnvelope,
  type RegionStats,
} from '../../src/core/types.js';
import { createFakeClock } from '../helpers/fake-clock.js';
import { createFakeFetch } from '../helpers/fake-fetch.js';

const api = createFakeFetch({ now: createFakeClock().now });

type Regions = ListEnvelope<RegionStats>;

/** The documented range of a number field: what is within it, and what is not. */
interface Range {
  name: string;
  inside: fc.Arbitrary<number>;
  outside: fc.Arbitrary<number>;
}

const LARGEST = 1e15;
const beyond = fc.oneof(
  fc.double({ min: LARGEST, minExcluded: true }),
  fc.constantFrom(Infinity, -Infinity, Number.NaN, Number.MAX_VALUE),
);
/** Below 0 (-0 is 0). */
const negative = fc.double({ max: -Number.MIN_VALUE, noNaN: true });

const outOf100: Range = {
  name: 'from 0 to 100',
  inside: fc.double({ min: 0, max: 100, noNaN: true }),
  outside: fc.oneof(negative, fc.double({ min: 100, minExcluded: true, noNaN: true }), beyond),
};
const measure: Range = {
  name: 'from 0 to 1e15',
  inside: fc.double({ min: 0, max: LARGEST, noNaN: true }),
  outside: fc.oneof(negative, beyond),
};
const count: Range = {
  name: 'a whole number from 0 to 1e15',
  inside: fc.oneof(
    fc.nat(),
    fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }).map((n) => n % LARGEST),
  ),
  outside: fc.oneof(
    fc.integer({ max: -1 }),
    fc.double({ min: 0, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)),
    beyond,
  ),
};
const drawable: Range = {
  name: '0 or of magnitude 1e-15 to 1e15',
  inside: fc.oneof(
    fc.constant(0),
    fc.double({ min: 1e-15, max: LARGEST, noNaN: true }),
    fc.double({ min: -LARGEST, max: -1e-15, noNaN: true }),
  ),
  outside: fc.oneof(
    fc
      .double({ min: -1e-15, max: 1e-15, minExcluded: true, maxExcluded: true, noNaN: true })
      .filter((n) => n !== 0),
    fc.constantFrom(2e-323, -2e-323, 5e-324, 1e308, -1e308),
    beyond,
  ),
};

/** Sets the value at `path` (dotted) in `value`. */
function setAt(value: unknown, path: string, to: unknown): void {
  const steps = path.split('.');
  let at = value as Record<string, unknown>;
  for (const step of steps.slice(0, -1)) at = at[step] as Record<string, unknown>;
  at[steps.at(-1)!] = to;
}

/**
 * For each field, drawn at random with a number inside or outside its range: the answer is
 * accepted when inside, and refused at that field when outside.
 */
function checkFields(schema: v.Schema, answer: unknown, fields: [string, Range][]): void {
  const drawn = fc.integer({ min: 0, max: fields.length - 1 }).chain((index) => {
    const [path, range] = fields[index]!;
    return fc.boolean().chain((inside) =>
      fc.record({
        path: fc.constant(path),
        range: fc.constant(range.name),
        inside: fc.constant(inside),
        number: inside ? range.inside : range.outside,
      }),
    );
  });
  fc.assert(
    fc.property(drawn, ({ path, range, inside, number }) => {
      const copy = structuredClone(answer);
      setAt(copy, path, number);
      const result = v.safeParse(schema, copy);
      if (inside)
        assert.ok(
          result.success,
          `${path} = ${number} is ${range}: ${result.success || result.issue.message}`,
        );
      else {
        assert.equal(result.success, false, `${path} = ${number} is not ${range}`);
        assert.equal(!result.success && result.issue.path, path);
      }
    }),
    { numRuns: 3_000 },
  );
}

describe('numbers checked against what they mean', () => {
  test('regions: the counts, scores, percentages and measures of each region, each in its range', async () => {
    const regions = await api.direct<Regions>('/regions');
    const fields = regions.data.flatMap((_, index): [string, Range][] => [
      [`data.${index}.population`, count],
      [`data.${index}.administrationCount`, count],
      [`data.${index}.reportCount`, count],
      [`data.${index}.indicators.averageScore`, outOf100],
      [`data.${index}.indicators.responseRate`, outOf100],
      [`data.${index}.indicators.resolutionRate`, outOf100],
      [`data.${index}.indicators.avgDelayDays`, measure],
      [`data.${index}.indicators.reportsPer100k`, measure],
    ]);
    checkFields(regionListSchema, regions, fields);
  });

  test('administrations: the list item’s score, response rate and delay, and the list’s metadata', async () => {
    const list = await api.direct<ListEnvelope<unknown>>('/administrations?limit=5');
    const fields = list.data.flatMap((_, index): [string, Range][] => [
      [`data.${index}.score`, outOf100],
      [`data.${index}.responseRate`, outOf100],
      [`data.${index}.avgDelayDays`, measure],
    ]);
    fields.push(['meta.total', count]);
    checkFields(administrationListSchema, list, fields);
  });

  test('an administration: score details, and each indicator’s value by its unit', async () => {
    const list = await api.direct<ListEnvelope<{ slug: string }>>('/administrations?limit=1');
    const detail = await api.direct<Administration>(`/administrations/${list.data[0]!.slug}`);
    const byUnit = { count, percent: outOf100, days: measure };
    const fields: [string, Range][] = [
      ['score', outOf100],
      ['responseRate', outOf100],
      ['avgDelayDays', measure],
      ...detail.scoreDetails.map((_, index): [string, Range] => [`scoreDetails.${index}.score`, outOf100]),
      ...detail.indicators.map(({ unit }, index): [string, Range] => [
        `indicators.${index}.value`,
        byUnit[unit],
      ]),
    ];
    assert.deepEqual(
      new Set(detail.indicators.map(({ unit }) => unit)),
      new Set(['count', 'days', 'percent']),
    );
    checkFields(administrationSchema, detail, fields);
  });

  test('a dataset: every number cell is 0 or of magnitude 1e-15 to 1e15, what its chart marks', async () => {
    const dataset = await api.direct<DatasetJson>('/datasets/response-times?format=json');
    const numbers = dataset.columns.filter((column) => column.type === 'number').map(({ key }) => key);
    const fields = dataset.rows.flatMap((_, index) =>
      numbers.map((key): [string, Range] => [`rows.${index}.${key}`, drawable]),
    );
    checkFields(datasetJsonSchema, dataset, fields);
  });
});

describe('the answers of the findings are invalid', () => {
  test('86 more rows of Dakar (score 1): each region is named once', async () => {
    const regions = await api.direct<Regions>('/regions');
    const dakar = regions.data.find((region) => region.code === 'dakar')!;
    const extra = Array.from({ length: 86 }, () => ({
      ...dakar,
      indicators: { ...dakar.indicators, averageScore: 1 },
    }));
    const result = v.safeParse(regionListSchema, { ...regions, data: [...regions.data, ...extra] });
    assert.equal(result.success, false);
    assert.deepEqual(!result.success && [result.issue.path, result.issue.message], [
      'data.14.code',
      'expected each code once, received "dakar" again',
    ]);
  });

  test('a region list is valid exactly when no code repeats; 13 regions, or 3, are valid', () => {
    const row = (code: string) => ({
      code,
      name: code,
      capital: code,
      population: 1000,
      administrationCount: 1,
      reportCount: 1,
      indicators: {
        averageScore: 50,
        responseRate: 50,
        avgDelayDays: 1,
        resolutionRate: 50,
        reportsPer100k: 1,
      },
    });
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...REGION_CODES), { maxLength: 30 }), (codes) => {
        const list = { data: codes.map(row), meta: { page: 1, pageSize: 14, total: codes.length } };
        assert.equal(v.is(regionListSchema, list), new Set(codes).size === codes.length, codes.join(' '));
      }),
    );
    const some = (size: number) => ({
      data: REGION_CODES.slice(0, size).map(row),
      meta: { page: 1, pageSize: 14, total: size },
    });
    assert.equal(v.is(regionListSchema, some(13)), true);
    assert.equal(v.is(regionListSchema, some(3)), true);
  });

  test('1e309 (Infinity once parsed), -250 and 1e308 where a score or a rate is expected', async () => {
    const regions = await api.direct<Regions>('/regions');
    const text = JSON.stringify(regions);
    const averageScore = `"averageScore":${regions.data[0]!.indicators.averageScore}`;
    const infinite = JSON.parse(text.replace(averageScore, '"averageScore":1e309')) as Regions;
    assert.equal(infinite.data[0]!.indicators.averageScore, Infinity);
    assert.equal(v.is(regionListSchema, infinite), false);
    const list = await api.direct<ListEnvelope<Record<string, number>>>('/administrations?limit=3');
    for (const [field, value] of [
      ['score', Infinity],
      ['score', 1e308],
      ['responseRate', -250],
      ['responseRate', 1e308],
      ['avgDelayDays', -1],
    ] as const) {
      const copy = structuredClone(list);
      copy.data[1]![field] = value;
      const result = v.safeParse(administrationListSchema, copy);
      assert.equal(!result.success && result.issue.path, `data.1.${field}`, `${field} = ${value}`);
    }
  });

  test('2e-323 and ±1e308 in a dataset: no chart can mark them', async () => {
    const dataset = await api.direct<DatasetJson>('/datasets/response-times?format=json');
    for (const value of [2e-323, 1e308, -1e308]) {
      const copy = structuredClone(dataset);
      copy.rows[3]!['submitted'] = value;
      const result = v.safeParse(datasetJsonSchema, copy);
      assert.equal(!result.success && result.issue.path, 'rows.3.submitted', String(value));
    }
  });

  test('a rank beyond the ranking it is in', async () => {
    const list = await api.direct<ListEnvelope<{ slug: string }>>('/administrations?limit=1');
    const detail = await api.direct<Administration>(`/administrations/${list.data[0]!.slug}`);
    assert.ok(v.is(administrationSchema, { ...detail, rank: detail.rankedCount }));
    const result = v.safeParse(administrationSchema, { ...detail, rank: detail.rankedCount! + 1 });
    assert.deepEqual(!result.success && [result.issue.path, result.issue.message], [
      'rank',
      `expected a rank <= rankedCount ${detail.rankedCount}, received ${detail.rankedCount! + 1}`,
    ]);
    // Without a rankedCount, any rank from 1.
    const { rankedCount: _count, ...unranked } = detail;
    assert.ok(v.is(administrationSchema, { ...unranked, rank: 10_000 }));
  });
});
