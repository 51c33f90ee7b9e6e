// The paint bench's pages and its tables, apart from bench/paint.mjs so that the
// report (bench/report-tables.mjs, report-paint.mjs) can import them while paint.mjs
// runs as a script.

/** The ways into the page, in the order they are run (alternating, run after run). */
export const VARIANTS = [
  'floor',
  'baseline',
  'script',
  'script+preconnect',
  'autoloader',
  'autoloader+preconnect',
  'npm',
  'embed',
  'seeded',
  'chart',
  'map',
];

const s = (value) => (value === undefined ? '–' : `${(value / 1000).toFixed(2)} s`);
const r = (value) => (value === undefined ? '–' : `${value.toFixed(2)}×`);
const ms = (value) => (value === undefined ? '–' : `${Math.round(value).toLocaleString('en-US')} ms`);

/** The lab run (bench/lab.mjs): the kit's news page beside the hand-written one. */
export function labTables(lab) {
  const kit = lab.pages.script;
  const hand = lab.pages.baseline;
  if (!kit || !hand) return [];
  const ratio = (a, b) => (a === undefined || !b ? '–' : r(a / b));
  const metric = (label, key, format) => [
    label,
    format(kit[key]),
    format(hand[key]),
    ratio(kit[key], hand[key]),
  ];
  const kinds = [...new Set([...Object.keys(kit.breakdown), ...Object.keys(hand.breakdown)])].sort(
    (a, b) => (kit.breakdown[b] ?? 0) - (kit.breakdown[a] ?? 0),
  );
  return [
    {
      title: `Lighthouse's mobile settings (CPU ${lab.settings.cpuSlowdown}× slower${lab.settings.calibrated ? `, calibrated to this machine's BenchmarkIndex of ${lab.settings.hostIndex}` : ''}, its slow 4G): median of ${lab.runs} page views`,
      head: ['', 'kit (script tag)', 'hand-written', 'kit ÷ hand-written'],
      rows: [
        ['performance score (without Speed Index)', String(kit.score ?? '–'), String(hand.score ?? '–'), ''],
        metric('first contentful paint', 'fcpMs', s),
        metric('largest contentful paint', 'lcpMs', s),
        metric('total blocking time', 'tbtMs', ms),
        ['cumulative layout shift', kit.cls?.toFixed(3) ?? '–', hand.cls?.toFixed(3) ?? '–', ''],
        metric('time to interactive (long tasks only)', 'ttiMs', s),
        metric('main-thread tasks, all', 'mainThreadMs', ms),
        metric('tasks over 50 ms', 'longTaskMs', ms),
        ...kinds.map((kind) => [
          `of which ${kind}`,
          ms(kit.breakdown[kind] ?? 0),
          ms(hand.breakdown[kind] ?? 0),
          ratio(kit.breakdown[kind] ?? 0, hand.breakdown[kind] ?? 0),
        ]),
        ['console errors', String(kit.consoleErrors.length), String(hand.consoleErrors.length), ''],
      ],
    },
  ];
}

/** The paint figures as rows: one table per condition, the seeded page's and the bytes, then the lab run's. */
export function paintTables(paint) {
  return [
    ...conditionTables(paint),
    ...seededTables(paint),
    ...mapTables(paint),
    ...criticalTables(paint),
    ...bytesTables(paint),
    ...shiftTables(paint.shift),
    ...(paint.lab ? labTables(paint.lab) : []),
  ];
}

/** The table of the layout shift run. */
function shiftTables(shift) {
  if (!shift) return [];
  const names = {
    baseline: 'hand-written',
    script: 'kit (script tag)',
    'script+blocking': 'kit (script tag, blocking="render")',
  };
  return [
    {
      title: `Cumulative layout shift of the news page on slow-3g, API connection cold, 915 px high: median of ${shift.runs} page views`,
      head: [
        'page',
        ...shift.widths.flatMap((width) => [`${width} px: CLS`, `${width} px: first contentful paint`]),
      ],
      rows: Object.entries(shift.pages).map(([variant, byWidth]) => [
        names[variant] ?? variant,
        ...shift.widths.flatMap((width) => [
          byWidth[width].cls.toFixed(3),
          `${(byWidth[width].fcpMs / 1000).toFixed(2)} s`,
        ]),
      ]),
    },
  ];
}

const kB = (bytes) => (bytes === undefined ? '–' : `${(bytes / 1000).toFixed(1)} kB`);

/**
 * The server-seeded page: its data against its first contentful paint, the arrival of the
 * kit's first file and the first of its elements defined (the kit's code has run).
 */
function seededTables(paint) {
  const rows = paint.conditions
    .filter(({ variants }) => variants.seeded)
    .map(({ profile, connection, variants }) => {
      const v = variants.seeded;
      const script = variants.script;
      return [
        `${profile}, ${connection}`,
        s(v.fcpMs),
        s(v.firstDataMs),
        s(v.lastDataMs),
        s(v.kitFileMs),
        s(v.definedMs),
        String(v.apiRequests),
        script?.lastDataMs && v.lastDataMs ? r(v.lastDataMs / script.lastDataMs) : '–',
      ];
    });
  if (rows.length === 0) return [];
  return [
    {
      title: `The server-seeded page: its data painted against its first contentful paint and the kit's code, median of ${paint.runs} page views`,
      head: [
        'condition',
        'first contentful paint',
        'first data',
        'all data',
        "kit's first file in",
        'first element defined',
        'API requests from the browser',
        '÷ script tag (all data)',
      ],
      rows,
    },
  ];
}

/**
 * The map alone on a page against the region chart alone: its data on screen (the text paint
 * first), its element defined (its code and shapes in, the drawing next), and its bytes.
 */
function mapTables(paint) {
  const rows = paint.conditions
    .filter(({ variants }) => variants.map && variants.chart)
    .map(({ profile, connection, variants: { map, chart } }) => [
      `${profile}, ${connection}`,
      s(chart.lastDataMs),
      s(map.lastDataMs),
      chart.lastDataMs && map.lastDataMs ? r(map.lastDataMs / chart.lastDataMs) : '–',
      s(chart.definedMs),
      s(map.definedMs),
      chart.definedMs && map.definedMs ? r(map.definedMs / chart.definedMs) : '–',
      kB(chart.bytes?.kit),
      kB(map.bytes?.kit),
      String(map.apiRequests),
    ]);
  if (rows.length === 0) return [];
  return [
    {
      title: `The map alone on a page against the region chart alone (script tag): median of ${paint.runs} page views`,
      head: [
        'condition',
        'chart: data',
        'map: data',
        'map ÷ chart',
        'chart: element defined',
        'map: element defined',
        'map ÷ chart',
        "chart: kit's files",
        "map: kit's files",
        'map: API requests',
      ],
      rows,
    },
  ];
}

/**
 * The reader's critical path: for each page of the kit, the bytes of its files that arrived
 * before the first API request left (gzip, headers included), and when that request left, in
 * each condition. The hand-written page and the floor for comparison.
 */
function criticalTables(paint) {
  const conditions = paint.conditions.filter(({ variants }) =>
    Object.values(variants).some((v) => v.firstApiSentMs !== undefined),
  );
  if (conditions.length === 0) return [];
  const [first] = conditions;
  const variants = Object.keys(first.variants).filter((variant) => variant !== 'seeded');
  return [
    {
      title: `The critical path: the kit's bytes in before the first API request left, and when it left (from navigation), median of ${paint.runs} page views`,
      head: [
        'page',
        `kit's files before the first API request (${first.profile}, ${first.connection})`,
        ...conditions.map(({ profile, connection }) => `first API request sent: ${profile}, ${connection}`),
      ],
      rows: variants.map((variant) => [
        variant,
        ['floor', 'baseline'].includes(variant) ? '–' : kB(first.variants[variant].kitBeforeApi),
        ...conditions.map(({ variants: byVariant }) => s(byVariant[variant]?.firstApiSentMs)),
      ]),
    },
  ];
}

/** What a view of each page downloads (the first condition's medians: the bytes do not depend on it). */
function bytesTables(paint) {
  const first = paint.conditions.find(({ variants }) => Object.values(variants).some((v) => v.bytes));
  if (!first) return [];
  return [
    {
      title: `Bytes per page view, as sent (headers included; the page's files gzip), median of ${paint.runs} page views on ${first.profile}, API connection ${first.connection}`,
      head: ['page', 'page (HTML)', "kit's files", 'API answers', 'other files', 'total'],
      rows: Object.entries(first.variants)
        .filter(([, v]) => v.bytes)
        .map(([variant, v]) => [
          variant,
          kB(v.bytes.page),
          kB(v.bytes.kit),
          kB(v.bytes.api),
          kB(v.bytes.other),
          kB(v.bytes.page + v.bytes.kit + v.bytes.api + v.bytes.other),
        ]),
    },
  ];
}

function conditionTables(paint) {
  return paint.conditions.map(({ profile, connection, variants }) => ({
    title: `Painted on ${profile}, API connection ${connection}: median of ${paint.runs} page views`,
    head: [
      'page',
      'skeleton',
      'first data',
      'all data',
      'widgets ready',
      '÷ floor (first)',
      '÷ floor (all)',
      '÷ hand-written (all data)',
      '÷ hand-written (ready)',
      'API requests',
      'API socket / request',
      // The runs before the bench measured it have none.
      ...(Object.values(variants).some((v) => v.cls !== undefined) ? ['layout shift'] : []),
    ],
    rows: Object.keys(variants).map((variant) => {
      const v = variants[variant];
      return [
        variant,
        s(v.skeletonMs),
        s(v.firstDataMs),
        s(v.lastDataMs),
        s(v.readyMs),
        r(v.firstDataVsFloor),
        r(v.lastDataVsFloor),
        r(v.lastDataVsBaseline),
        r(v.readyVsBaseline),
        String(v.apiRequests),
        v.apiFirstSocketMs === undefined ? '–' : `${s(v.apiFirstSocketMs)} / ${s(v.apiFirstRequestMs)}`,
        ...(Object.values(variants).some((v) => v.cls !== undefined)
          ? [v.cls === undefined ? '–' : v.cls.toFixed(3)]
          : []),
      ];
    }),
  }));
}
