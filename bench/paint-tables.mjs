// The paint bench's pages and its tables, apart from bench/paint.mjs so that
// bench/report.mjs can import them while paint.mjs runs as a script.

/** The ways into the page, in the order they are run (alternating, run after run). */
export const VARIANTS = [
  'floor',
  'baseline',
  'script',
  'script+preconnect',
  'autoloader',
  'autoloader+preconnect',
  'embed',
];

/** The paint figures as rows: one table per condition. */
export function paintTables(paint) {
  const s = (value) => (value === undefined ? '–' : `${(value / 1000).toFixed(2)} s`);
  const r = (value) => (value === undefined ? '–' : `${value.toFixed(2)}×`);
  return paint.conditions.map(({ profile, connection, variants }) => ({
    title: `Painted on ${profile}, API connection ${connection}: median of ${paint.runs} page views`,
    head: [
      'page',
      'skeleton',
      'first data',
      'all data',
      '÷ floor (first)',
      '÷ floor (all)',
      'API requests',
      'API socket / request',
    ],
    rows: Object.keys(variants).map((variant) => {
      const v = variants[variant];
      return [
        variant,
        s(v.skeletonMs),
        s(v.firstDataMs),
        s(v.lastDataMs),
        r(v.firstDataVsFloor),
        r(v.lastDataVsFloor),
        String(v.apiRequests),
        v.apiFirstSocketMs === undefined ? '–' : `${s(v.apiFirstSocketMs)} / ${s(v.apiFirstRequestMs)}`,
      ];
    }),
  }));
}
