/**
 * fast-check arbitraries of the hardening suite, for Node and the browser:
 * hostile strings, arbitrary JSON, and values of every response shape of the
 * API (src/core/schemas.ts) whose texts are hostile.
 */
import fc from 'fast-check';
import {
  EVIDENCE_LEVELS,
  LEVELS,
  REGION_CODES,
  REPORT_CATEGORIES,
  REPORT_STATUSES,
  SECTORS,
  VERDICTS,
} from '../../src/core/types.js';

/** Strings that would run script or change markup if the kit ever treated data as HTML. */
export const PAYLOADS = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 1">',
  '"><svg onload="window.__pwned = 1">',
  '\'><iframe srcdoc="<script>parent.__pwned = 1</script>"></iframe>',
  '<a href="javascript:window.__pwned = 1">link</a>',
  'javascript:window.__pwned = 1',
  'JaVaScRiPt:window.__pwned=1',
  ' javascript:window.__pwned=1',
  'data:text/html,<script>window.__pwned=1</script>',
  '<style>* { display: none !important }</style>',
  '<!--',
  ']]><x>',
  '{{constructor.constructor("window.__pwned = 1")()}}',
  '${window.__pwned = 1}',
  '<lit-part></lit-part><?lit$123$>',
  '\u202eevil\u202c',
  '\u0000\ufffd\ud800',
  'https://evil.example/"><script>window.__pwned=1</script>',
  '__proto__',
  'constructor',
] as const;

/** Any string, with hostile ones often. */
export const text = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...PAYLOADS) },
  { weight: 2, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

/** A JSON number (no NaN, no infinity), edge values often. */
export const num = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(0, -1, 100, 101, 1e21, -1e21, Number.MAX_SAFE_INTEGER, 5e-324),
);

/**
 * Numbers within the ranges of their fields (docs/api-assumptions.md), their ends often: a
 * score or a percentage from 0 to 100, a delay or a rate from 0 to 1e15, a dataset's number 0
 * or of magnitude 1e-15 to 1e15.
 */
const outOf100 = fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }), fc.constantFrom(0, 100, 5e-324));
const measure = fc.oneof(fc.double({ min: 0, max: 1e15, noNaN: true }), fc.constantFrom(0, 1e15, 5e-324));
const drawable = fc.oneof(
  fc.integer(),
  fc.double({ min: 1e-15, max: 1e15, noNaN: true }),
  fc.double({ min: -1e15, max: -1e-15, noNaN: true }),
  fc.constantFrom(0, -1, 100, 101, 1e15, -1e15, 1e-15, -1e-15),
);

const count = fc.nat();
const positive = fc.integer({ min: 1, max: 1_000_000 });
const date = fc.oneof(
  fc
    .date({ noInvalidDate: true, min: new Date(-8.64e15), max: new Date(8.64e15) })
    .map((d) => d.toISOString()),
  text,
);
const list = <T>(item: fc.Arbitrary<T>) =>
  fc.record({
    data: fc.array(item, { maxLength: 8 }),
    meta: fc.record({ page: positive, pageSize: positive, total: count }),
  });

export const administrationListItem = fc.record({
  slug: text,
  name: text,
  score: outOf100,
  responseRate: outOf100,
  avgDelayDays: measure,
});

/** An administration's indicator: its value in the range of its unit. */
const indicator = fc.constantFrom('count', 'percent', 'days').chain((unit) =>
  fc.record({
    key: fc.constantFrom('reports', 'resolved', 'pending', 'medianDelayDays', 'satisfaction'),
    label: text,
    value: unit === 'count' ? count : unit === 'percent' ? outOf100 : measure,
    unit: fc.constant(unit),
  }),
);

export const administration = fc.record({
  slug: text,
  name: text,
  score: outOf100,
  responseRate: outOf100,
  avgDelayDays: measure,
  sector: fc.constantFrom(...SECTORS),
  level: fc.constantFrom(...LEVELS),
  region: fc.constantFrom(...REGION_CODES),
  description: text,
  rank: positive,
  scoreDetails: fc.array(
    fc.record({
      key: fc.constantFrom('responsiveness', 'resolution', 'transparency', 'accessibility'),
      label: text,
      score: outOf100,
    }),
    { maxLength: 5 },
  ),
  indicators: fc.array(indicator, { maxLength: 6 }),
  updatedAt: date,
});

const reportFields = {
  slug: text,
  title: text,
  category: fc.constantFrom(...REPORT_CATEGORIES),
  region: fc.constantFrom(...REGION_CODES),
  status: fc.constantFrom(...REPORT_STATUSES),
  administration: fc.record({ slug: text, name: text }),
  submittedAt: date,
  hasOfficialResponse: fc.boolean(),
};

export const reportListItem = fc.record(reportFields);

export const report = fc.record({
  ...reportFields,
  description: text,
  timeline: fc.array(fc.record({ date, status: fc.constantFrom(...REPORT_STATUSES), label: text }), {
    maxLength: 6,
  }),
  officialResponse: fc.option(fc.record({ date, author: text, text }), { nil: null }),
});

/** An http(s) URL (the only kind the schema lets through), with hostile parts. */
const httpUrl = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.tuple(fc.constantFrom('http://', 'https://', 'HTTPS://'), text).map(([scheme, rest]) => scheme + rest),
);

export const factCheck = fc.record({
  slug: text,
  claim: text,
  verdict: fc.constantFrom(...VERDICTS),
  evidenceLevel: fc.constantFrom(...EVIDENCE_LEVELS),
  summary: text,
  publishedAt: date,
  sources: fc.array(fc.record({ title: text, url: httpUrl }), { maxLength: 4 }),
});

export const regionStats = fc.record({
  code: fc.constantFrom(...REGION_CODES),
  name: text,
  capital: text,
  population: count,
  administrationCount: count,
  reportCount: count,
  indicators: fc.record({
    averageScore: outOf100,
    responseRate: outOf100,
    avgDelayDays: measure,
    resolutionRate: outOf100,
    reportsPer100k: measure,
  }),
});

const localized = fc.record({ fr: text, en: text });
const cell = fc.oneof(text, drawable, fc.constant(null));

export const dataset = fc
  .record({
    id: text,
    title: localized,
    description: localized,
    license: text,
    updatedAt: date,
    columns: fc.array(
      fc.record({
        key: fc.oneof(text, fc.constantFrom('__proto__', 'constructor', 'toString', 'valueOf')),
        label: localized,
        type: fc.constantFrom('string', 'number', 'date', 'month', 'duration'),
      }),
      { maxLength: 5 },
    ),
    rows: fc.array(fc.dictionary(text, cell, { maxKeys: 5 }), { maxLength: 6 }),
  })
  .map((value) => JSON.parse(JSON.stringify(value)) as typeof value);

/** One arbitrary per endpoint, by the loader's resource kind. */
export const SHAPES = {
  administrations: list(administrationListItem),
  administration,
  reports: list(reportListItem),
  report,
  verifications: list(factCheck),
  // Each region once.
  regions: fc.record({
    data: fc.uniqueArray(regionStats, { selector: (region) => region.code, maxLength: 8 }),
    meta: fc.record({ page: positive, pageSize: positive, total: count }),
  }),
  dataset,
} as const;

/** Any JSON value, nested, with hostile strings. */
export const anyJson = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue() },
  {
    weight: 1,
    arbitrary: fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        text,
        num,
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(text, tie('value'), { maxKeys: 4 }),
      ),
    })).value,
  },
);

/** A value of the shape of `kind` with one field broken somewhere: missing, extra, or of another type. */
export const nearlyValid = (kind: keyof typeof SHAPES) =>
  fc
    .tuple(SHAPES[kind], anyJson, fc.nat(), fc.constantFrom('drop', 'retype', 'add'))
    .map(([value, junk, pick, how]) => {
      const copy = JSON.parse(JSON.stringify(value)) as unknown;
      const objects: Record<string, unknown>[] = [];
      const walk = (node: unknown) => {
        if (Array.isArray(node)) node.forEach(walk);
        else if (typeof node === 'object' && node !== null) {
          objects.push(node as Record<string, unknown>);
          Object.values(node).forEach(walk);
        }
      };
      walk(copy);
      const target = objects[pick % objects.length]!;
      const keys = Object.keys(target);
      const key = keys[pick % Math.max(1, keys.length)];
      if (how === 'drop' && key !== undefined) delete target[key];
      else if (how === 'retype' && key !== undefined) target[key] = junk;
      else target[`extra${pick}`] = junk;
      return copy;
    });
