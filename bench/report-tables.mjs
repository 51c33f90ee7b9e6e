// The bench's figures as tables: the rows of each section, printed on the console
// (table()) and written into docs/benchmarks.md (mdTable()), and the formats of their cells.
import { paintTables } from './paint-tables.mjs';

export const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
export const ms = (value) => `${value.toFixed(1)} ms`;
const ms2 = (value) => `${value.toFixed(2)} ms`;
const ratio = (value) => `${value.toFixed(2)}×`;
export const MiB = (bytes) => `${(bytes / 1024 ** 2).toFixed(2)} MiB`;
const signedKB = (bytes) => `${bytes >= 0 ? '+' : '−'}${(Math.abs(bytes) / 1024).toFixed(0)} KiB`;
const share = (part, whole) => `${part}/${whole}`;
export const count = (value) => value.toLocaleString('en-US');

export const ENGINE_NAMES = { nginx: 'nginx', varnish: 'Varnish' };

/** The engines measured (bench/tier.mjs), in order: [name, figures]. */
export const tierEngines = (t) => Object.entries(t.engines ?? {});

/** The shared cache tier against direct access (bench/tier.mjs), or undefined when it was skipped. */
export function tierSection(results) {
  const t = results.tier;
  if (!t || t.skipped) return undefined;
  const { direct } = t;
  const engines = tierEngines(t);
  const status = (phase, code) => count(phase.byStatus[code] ?? 0);
  const other = (phase) =>
    count(
      Object.entries(phase.byStatus)
        .filter(([code]) => !['200', '304', '429'].includes(code))
        .reduce((sum, [, n]) => sum + n, 0),
    );
  const fewer = (a, b) => (b === 0 ? '' : a === 0 ? ' (0)' : ` (1/${count(Math.round(b / a))})`);
  const latency = (label, key, q) => {
    const a = direct.latency[key][q];
    return [
      label,
      a === undefined ? '–' : ms2(a),
      ...engines.map(([, tier]) => {
        const b = tier.latency[key][q];
        return b === undefined ? '–' : `${ms2(b)}${a ? ` (${ratio(b / a)})` : ''}`;
      }),
    ];
  };
  const row = (label, directCell, cell) => [label, directCell, ...engines.map(([, tier]) => cell(tier))];
  return {
    title: `Shared cache tier: ${count(t.settings.views)} page views of the news front page from one address`,
    head: ['', 'direct', ...engines.map(([name]) => `through ${ENGINE_NAMES[name] ?? name}`)],
    rows: [
      row(
        'requests reaching the API',
        count(direct.upstream.requests),
        (tier) =>
          `${count(tier.upstream.requests)}${fewer(tier.upstream.requests, direct.upstream.requests)}`,
      ),
      row('  of which the API refused (429)', count(direct.upstream.byStatus[429] ?? 0), (tier) =>
        count(tier.upstream.byStatus[429] ?? 0),
      ),
      row('answers to readers: 200', status(direct, 200), (tier) => status(tier, 200)),
      row('  304', status(direct, 304), (tier) => status(tier, 304)),
      row('  429: refused', status(direct, 429), (tier) => status(tier, 429)),
      row('  other (5xx, network errors)', other(direct), (tier) => other(tier)),
      row(
        `page views with all ${t.resources.length} resources`,
        share(count(direct.viewsWithData), count(direct.views)),
        (tier) => share(count(tier.viewsWithData), count(tier.views)),
      ),
      latency('per request: p50', 'request', 'p50'),
      latency('  p99', 'request', 'p99'),
      latency('per page view: p50', 'view', 'p50'),
      latency('  p99', 'view', 'p99'),
      latency('per answer with data (200, 304): p50', 'requestWithData', 'p50'),
      latency('  p99', 'requestWithData', 'p99'),
    ],
  };
}

/** The rows of each section: [label, ...cells]. */
export function sections(results) {
  const { views, session } = results.requests;
  const { kit, baseline } = session;
  const viewRow = (label, key) => [
    label,
    String(views.kit[key].requests),
    String(views.baseline[key].requests),
  ];
  const sessionTitle = `Reading session: ${kit.views} page views, 3 tabs, ${kit.simulatedMinutes} simulated minutes`;
  return [
    {
      title: 'Requests reaching the API: news front page',
      head: ['', 'kit', 'baseline'],
      rows: [
        viewRow('first view', 'first'),
        viewRow('second view: reload at once', 'reload'),
        viewRow('reload 5 minutes later', 'later'),
      ],
    },
    {
      title: sessionTitle,
      head: ['', 'kit', 'baseline'],
      rows: [
        ['requests reaching the API', String(kit.requests), String(baseline.requests)],
        ['answered 429', String(kit.status429), String(baseline.status429)],
        [
          'views with every widget showing data',
          share(kit.viewsWithData, kit.views),
          share(baseline.viewsWithData, baseline.views),
        ],
        ['widgets showing data', share(kit.ready, kit.widgets), share(baseline.ready, baseline.widgets)],
        ['  of which marked stale', String(kit.stale), String(baseline.stale)],
      ],
    },
    {
      title: 'Bytes: each entry with everything it imports',
      head: ['entry', 'files', 'gzip', 'brotli'],
      rows: [...results.bytes.entries, ...results.bytes.floor].map((entry) => [
        entry.name,
        String(entry.files),
        kB(entry.gzip),
        kB(entry.brotli),
      ]),
    },
    {
      title: 'Bytes: the data layer alone, by module',
      head: ['module', 'code before minification', 'share of its gzip (estimate)'],
      rows: (results.bytes.dataLayer ?? []).map((row) => [row.module, kB(row.rendered), kB(row.gzipShare)]),
    },
    {
      title: `Render: data in the cache to painted, median of ${results.render.ranking.runs} runs`,
      head: ['', 'kit', 'baseline', 'kit/baseline'],
      rows: [
        ['ranking, 100 rows', results.render.ranking],
        ['region chart, 14 regions', results.render.regions],
      ].map(([label, r]) => [label, ms(r.kitMs), ms(r.baselineMs), ratio(r.ratio)]),
    },
    {
      title: `Memory: JS heap after ${results.memory.cycles} mount/unmount cycles of ${results.memory.widgets.length} elements`,
      head: ['before', 'after', 'growth', 'bound', ''],
      rows: [
        [
          MiB(results.memory.beforeBytes),
          MiB(results.memory.afterBytes),
          signedKB(results.memory.growthBytes),
          MiB(results.memory.boundBytes),
          results.memory.ok ? 'ok' : 'FAILED',
        ],
      ],
    },
    scriptSection(results),
    elementSideSection(results),
    tierSection(results),
    ...(results.paint ? paintTables(results.paint) : []),
  ].filter(Boolean);
}

/**
 * What arrives before the first API request leaves, the script tag, by module (bench/bytes.mjs
 * `scriptByModule`); undefined before it was measured.
 */
export function scriptSection(results) {
  const script = results.bytes.script;
  if (!script?.modules?.length) return undefined;
  return {
    title: `Bytes: the script tag (khountous.js, ${kB(script.gzip)}), what arrives before the first request, by module`,
    head: ['module', 'code before minification', 'share of its gzip (estimate)'],
    rows: [
      ['the module graph: its files, imports and integrity hashes (measured)', '', kB(script.graph)],
      ...script.modules.map((row) => [row.module, kB(row.rendered), kB(row.gzipShare)]),
    ],
  };
}

/** What every element loads before it draws, by part (bench/bytes.mjs `byPart`); undefined before it was measured. */
export function elementSideSection(results) {
  const parts = results.bytes.elementSide;
  if (!parts?.length) return undefined;
  return {
    title: 'Bytes: what every element loads before it draws, by part',
    head: ['part', 'code before minification', 'share of its gzip (estimate)'],
    rows: parts.map((row) => [row.part, kB(row.rendered), kB(row.gzipShare)]),
  };
}

/** Plain-text tables for the console. */
export function table(results) {
  return sections(results)
    .map(({ title, head, rows }) => {
      const all = [head, ...rows];
      const widths = head.map((_, column) => Math.max(...all.map((row) => row[column].length)));
      const lines = all.map((row) =>
        row
          .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
          .join('  '),
      );
      return [title, ...lines.map((line) => `  ${line}`)].join('\n');
    })
    .join('\n\n');
}

/** A section as a Markdown table. */
export const mdTable = ({ head, rows }) =>
  [head, head.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
