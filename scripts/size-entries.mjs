// The entries of dist/ whose size counts, each with the files a browser must
// fetch before it runs (the entry and every module it imports statically,
// Lit included; modules loaded later by `import()` are entries of their own,
// except the elements' file khountous.js imports at once, which counts with it).
// Shared by `npm run build` (which prints the figures) and .size-limit.js
// (which checks the budgets), so both speak of the same bytes.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parseAst } from 'vite';

/**
 * Sizes in bytes (gzip). TARGETS are what the kit aims at: the script-tag bundle
 * within 28 kB with every element, one element with its chunks within 21 kB.
 * The build is above them: BUDGETS, which size-limit enforces in `npm test`, are
 * the measured figures plus a margin of about 1 %, so that any growth fails.
 * The editor-facing attribute messages (attribute-rules.ts, i18n/attributes.ts)
 * added 2.5 kB to each entry; the channel between tabs and the recovery, loaded
 * after the first data (src/core/loader/later.ts), took 0.7 kB off each element
 * (about 34.5 kB for the largest).
 * khountous.js keeps them (one file that loads nothing else, for its SRI hash).
 * What stands between: the data layer (src/core, with valibot's schemas), the
 * persistence writes of the cache, Lit itself. Lower the budgets as the kit gets
 * smaller.
 */
export const TARGETS = {
  'khountous.js': 28_000,
  element: 21_000,
  'autoloader.js': 2_000,
  'embed-resize.js': 1_000,
};

// The early start (the script tag and the autoloader send the API requests of the
// widgets in the page before the element code has arrived) keeps the data layer,
// the attribute rules and the elements' plans in a chunk of their own, apart from
// Lit: 1.2 kB more for khountous.js with its elements' file (40.8 kB), 1.6 kB more
// per element (34.6 kB), 0.7 kB more for the autoloader (the early start's module
// graph: 1.7 kB).
// embed-resize.js: 453 B since it also obeys the embed pages its tag lists
// (data-embed-pages: the WordPress plugin's /?khountous-widgets-embed=1).
// Server rendering (docs/ssr.md: what the server shows, the update that hydrates it, no page
// read on a server) added 0.27 kB to each element (35.1 kB for the largest) and to khountous.js.
export const BUDGETS = {
  'khountous.js': 41_200,
  element: 35_500,
  'autoloader.js': 1_800,
  'embed-resize.js': 500,
};

/**
 * What a page downloads from dist/ (gzip, level 9, file by file), measured by
 * scripts/page-sizes.mjs in Chromium: every file of the kit the page fetched
 * until its widgets show their data, dynamic imports included.
 * - `one widget`: a page holding one widget through the script tag (khountous.js),
 *   each of the seven in turn, each held to the same figures;
 * - `mission widgets`: a page holding the four MISSION_WIDGETS;
 * - `first-paint core`: khountous.js with what it imports statically, all of which
 *   runs before the page's first API request.
 * PAGE_TARGETS are the kit's aims; PAGE_BUDGETS, enforced by `npm test` (its build
 * step, `pages`), the figures measured on 2026-11-26 plus about 1 % (41.0 kB for every
 * page, khountous.js and its elements' file; 19.2 kB for the core): lower them as the kit
 * gets smaller.
 */
export const PAGE_TARGETS = {
  'one widget': 20_000,
  'mission widgets': 26_000,
  'first-paint core': 4_000,
};

export const PAGE_BUDGETS = {
  'one widget': 41_450,
  'mission widgets': 41_450,
  'first-paint core': 19_400,
};

/**
 * The platform's four publications the kit shows (the API document, section 1:
 * scores of administrations, citizen reports, fact-checks, regional indicators;
 * open datasets aside), one widget each.
 */
export const MISSION_WIDGETS = [
  'khountous-ranking',
  'khountous-reports',
  'khountous-fact-checks',
  'khountous-region-stats',
];

/** Relative files imported statically by one ES module. */
function staticImports(file) {
  const program = parseAst(readFileSync(file, 'utf8'));
  const found = [];
  for (const node of program.body) {
    const source =
      node.type === 'ImportDeclaration' ||
      node.type === 'ExportAllDeclaration' ||
      (node.type === 'ExportNamedDeclaration' && node.source)
        ? node.source.value
        : undefined;
    if (typeof source === 'string' && source.startsWith('.')) found.push(resolve(dirname(file), source));
  }
  return found;
}

/** The entry and every file it imports statically, transitively. */
export function closure(file) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const next of staticImports(path)) visit(next);
  };
  visit(file);
  return [...seen];
}

/** The entries of a built dist/, with their files. */
export function entries(distPath) {
  // Absolute: closure() resolves imports to absolute paths, and a file must count once.
  const dist = resolve(distPath);
  if (!existsSync(join(dist, 'khountous.js'))) {
    throw new Error(`${dist} has no khountous.js: run \`npm run build\` first.`);
  }
  const script = join(dist, 'khountous.js');
  const kit = /import\(["'`](\.\/chunks\/kit-[\w-]+\.js)["'`]\)/.exec(readFileSync(script, 'utf8'))?.[1];
  const list = [
    {
      name: 'khountous.js',
      budget: BUDGETS['khountous.js'],
      target: TARGETS['khountous.js'],
      files: [...new Set([...closure(script), ...(kit ? closure(resolve(dist, kit)) : [])])],
    },
    { name: 'khountous.js (its early start alone)', files: closure(script) },
    {
      name: 'autoloader.js',
      budget: BUDGETS['autoloader.js'],
      target: TARGETS['autoloader.js'],
      files: closure(join(dist, 'autoloader.js')),
    },
  ];
  for (const file of readdirSync(join(dist, 'elements')).sort()) {
    if (!file.endsWith('.js')) continue;
    const path = join(dist, 'elements', file);
    list.push({
      name: `elements/${file}`,
      budget: BUDGETS.element,
      target: TARGETS.element,
      files: closure(path),
    });
  }
  list.push({ name: 'index.js', files: closure(join(dist, 'index.js')) });
  list.push({
    name: 'embed.html (page, before the widget)',
    files: [join(dist, 'embed.html'), join(dist, 'embed.css'), ...closure(join(dist, 'embed.js'))],
  });
  list.push({
    name: 'embed-resize.js',
    budget: BUDGETS['embed-resize.js'],
    files: [join(dist, 'embed-resize.js')],
  });
  return list.map((entry) => ({ ...entry, files: entry.files.map((file) => relative(process.cwd(), file)) }));
}

/** Raw, gzip (level 9) and brotli (quality 11) bytes, summed file by file as size-limit does. */
export function entrySizes(dist) {
  return entries(dist).map((entry) => {
    let raw = 0;
    let gzip = 0;
    let brotli = 0;
    for (const file of entry.files) {
      const bytes = readFileSync(file);
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
      brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    }
    return { ...entry, raw, gzip, brotli };
  });
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

export function formatSizeTable(sizes) {
  const rows = [['entry', 'files', 'minified', 'gzip', 'brotli', 'budget', 'target']];
  const against = (size, limit) =>
    limit ? `${kb(limit)} ${size.gzip <= limit ? 'ok' : `over by ${kb(size.gzip - limit)}`}` : '';
  for (const size of sizes) {
    rows.push([
      size.name,
      String(size.files.length),
      kb(size.raw),
      kb(size.gzip),
      kb(size.brotli),
      against(size, size.budget),
      against(size, size.target),
    ]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
        .join('  '),
    )
    .join('\n');
}
