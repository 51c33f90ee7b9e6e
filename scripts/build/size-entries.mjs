// The entries of dist/ whose size counts, each with the files a browser must
// fetch before it runs (the entry and every module it imports statically,
// Lit included; modules loaded later by `import()` are entries of their own),
// and the pages of the script tag: the starter with the graphs of the elements
// whose tags the page holds.
// Shared by `npm run build` (which prints the figures) and .size-limit.js
// (which checks the budgets), so both speak of the same bytes.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';
import { closure } from './closure.mjs';

/** Every widget with its words (src/registry.ts): which ones the pages below hold, and their own checks. */
const [{ catalog }, { frontOf }, { shortName }] = await Promise.all([
  tsImport('../../src/registry.ts', import.meta.url),
  tsImport('../../src/widget/about.ts', import.meta.url),
  tsImport('../../src/widget/descriptor.ts', import.meta.url),
]);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Sizes in bytes (gzip). TARGETS are what the kit aims at: the script tag (the kit's core:
 * the loader's first requests, the widgets' descriptors, the tags' discovery and each
 * element's module graph with the integrity of its files, which every other file takes the
 * core's exports from) within 6 kB, what arrives before the first API request (docs/sizes.md,
 * "What the first request waits for": out of reach with every promise kept, about 11.7 kB);
 * the files of a page with one widget within 20 kB, with the four mission widgets
 * (MISSION_WIDGETS) within 26 kB; one element with its chunks within 21 kB. The build is above
 * them: BUDGETS, which size-limit enforces in `npm test`, are the measured figures plus a
 * margin of about 1 %, so that any growth fails. Lower the budgets as the kit gets smaller.
 *
 * Per-tag loading (the script tag is a starter of one file that imports each element's
 * module when its tag is in the page): a page now fetches the starter and the graphs of its
 * own elements only, no longer the whole kit (41 kB before, whatever the page held). The
 * starter is 4.5 kB of code and 1 kB of module graph, whose sha256 hashes do not compress.
 * Each element's graph is its own module and chunk, and one chunk that every element shares
 * (Lit, the base element, the data layer): fewer files, which compress better together.
 * The response checks of a small checker of the kit's own (src/core/check.ts) in place of
 * valibot took 1.5 kB off each graph; the attribute-problem sentences and the closest value's
 * edit distance are imported with the first problem (src/attributes/messages.ts).
 * What stands between the pages and their targets: the data layer (src/core), which every
 * element's graph holds, and Lit itself.
 * embed-resize.js: 453 B since it also obeys the embed pages its tag lists
 * (data-embed-pages: the WordPress plugin's /?khountous-widgets-embed=1).
 */
export const TARGETS = {
  'khountous.js': 6_000,
  'page: one widget': 20_000,
  'page: mission widgets': 26_000,
  'page: news': 26_000,
  element: 21_000,
  'embed-resize.js': 1_000,
};

// Inline data (src/core/inline.ts: read, checked and adopted by the loader, shown by a server
// render and hydrated) added 0.8 kB to each element's graph. The script tag's hydrate support
// (src/boot/hydrate.ts, loaded only by a page a server rendered) 0.1 kB to the starter (its
// graph, with its hash) and 0.1 kB to the shared chunk (the lit-html parts it imports from it).
// The script tag's text paint (src/boot/paint.ts: a widget's data written as text when its
// answer arrives before its element's code) added 0.17 kB to the starter (the code that hands
// the answers over, and dist/paint.js in its graph with its hash) and 1.4 kB to what a page
// fetches (dist/paint.js itself, loaded with the first request).
// Forced colours and print (the shared tokens: bars kept in system colours, controls off
// paper), the admin card's ordinal place out of the ranking's size, months written in the
// page's language and the region figure judged against the country's value added 0.1 to
// 0.33 kB to the pages and the elements (measured: one widget 38.9 kB, four 43.08 kB, the
// largest element 33.98 kB).
// Hydration with the inputs the server rendered for (src/element/server-inputs.ts), a 304 only
// for a recent download (core/cache.ts confirmable) and the text paint's bounded read (its
// constants in paint.js) added 0.2 to 0.26 kB (measured: one widget 39.47 kB, four 43.7 kB,
// the largest element 34.56 kB; a page of one widget 43.3 kB, of the mission widgets 48.6 kB).
// The script tag's first requests serve the windows of one list asked together with one
// covering request, as the loader's batcher does (core/loader/windows.ts `group`, now in the
// starter): 0.42 kB on the starter (measured 6,286 B) and so on every page (one widget 40.0 kB,
// four 44.2 kB; pages 43.8 and 49.1 kB), where a page of rankings of 10 and 5
// items spent a request of the reader's 60 an hour for nothing.
// One bounded read for the client and the text paint (core/bounded.ts), and the starter's
// checked values handed to the paint: 0.05 to 0.1 kB (measured: the starter 6,351 B, one
// widget 40,151 B, four widgets 44.4 kB). One reading of a value as written for the script tag
// and the elements (attributes/rules.ts `acceptedValue`, which the starter copied): the
// starter 6,307 B, one widget 40,252 B, the largest element 34,815 B. The starter's budget,
// cache index, viewport margin and request options from their owners (core/budget.ts
// spendOne, core/cache.ts, core/loader/viewport.ts, core/anonymous.ts) in place of its lighter
// copies: the starter 6,920 B, and so every page about 0.6 kB more (one widget 40.9 kB, four
// 45.2 kB), until the data layer is small enough to be what the starter loads.
// The rules the first requests share with the loader sit in the shared chunk, which the embed
// page's script imports too (its first requests are the script tag's), and the base element's
// attribute problems in a controller (element/problems.ts): the shared chunk 32.14 → 32.57 kB
// over these changes (measured: one widget 41.07 kB, four 45.29 kB, the largest element
// 35.09 kB).
// Every widget's source line and its date (element/render-states.ts, the `credit` input), the
// colours of better and worse (two tokens), the ranking's total and its bars' scale, and the
// region chart's line of the country's value with its key: the shared chunk 32.94 → 33.17 kB,
// the ranking's 1.32 → 1.51 kB, the region chart's 2.09 → 2.45 kB (measured: one widget
// 41.8 kB, four 46.5 kB, the largest element 35.8 kB).
// The region map (src/components/region-map/), an eighth element: the starter lists its files
// with their hashes (the starter 6.92 → 7.13 kB, its module graph 1.27 kB, so every page about
// 0.2 kB more: one widget 41.6 kB); src/graphics/ (the indicators' rules, the regions' table)
// now a chunk of its own, which the region chart and the map share, where it was in the chart's
// chunk (the chart's element 35.2 → 35.7 kB, the page of four 45.7 → 46.3 kB). The map's element
// carries its shapes (src/components/region-map/geometry.ts, 3.1 kB gzip): its own budgets (its
// about.ts `sizes`), and what it adds to a page that holds the region chart. With the source
// lines and the chart's context above: one widget 42.0 kB, four 47.2 kB, the region chart's
// element 36.4 kB.
// The dataset's time series drawn (src/components/dataset/chart.ts, loaded with the first series
// shown) and its `series` input: the starter 7.2 kB (its graph lists the chart's file), the
// dataset's element 36.1 kB, the map's 41.0 kB (the rules in the shared chunk).
// One way to load: the script tag is the kit's core (the loader, the descriptors, the early
// start, in one file: src/khountous.ts with boot/served.ts), whose loader sends the first
// requests, and every element's file imports the core from it. The first-paint start and its
// copies of the loader's rules are gone, and nothing comes twice; what the elements share is one
// chunk again (fewer files: a page of one widget fetches 3 to 6): the script 7.2 → 19.8 kB, a
// page of one widget 41.6 → 37.9 kB, of four 47.2 → 43.1 kB; an element with everything it
// imports (the script included) 37.8 to 39.6 kB, the map's 44.1 kB.
// The page of the four publications' widgets (MISSION_WIDGETS below), beside the news page's
// (NEWS_WIDGETS). The data layer 14.07 → 13.44 kB (objects of dependencies between the loader's
// parts gone, one owner for the object checks): the script 19.8 → 19.2 kB, a page of one widget
// 37.9 → 37.3 kB, the news page 43.1 → 42.5 kB, the mission widgets 44.5 kB, an element with
// everything it imports 37.2 to 39.0 kB, the map's 43.5 kB.
// The text paint writes numbers with the elements' cached formats (i18n/format.ts), which the
// early start has made while the answers travel: that module moves from the elements' shared
// chunk into the core, 19.4 → 20.1 kB; the pages' totals stay (a page of one widget 37.4 kB).
// The loader as objects that own their state (a query per key, the cache of queries, one
// fetcher, the data) in place of closures given their parts by name: +0.14 kB (class members
// keep their names through minification), the script 20.25 kB, a page of one widget 37.6 kB.
// A text from the API kept to its own direction (i18n/bidi.ts: balanced, then isolated in a
// string or put in a <bdi>), in the core with i18n/format.ts, whose date written as given it
// isolates, and so in every graph: +0.3 kB (measured: the script 20,546 B, a page of one widget
// 37,956 B, of four 45,110 B, the news page 43,165 B, the largest element 39,626 B).
// Then numbers checked against what they mean (core/check.ts `between`, `magnitude`, `refine`,
// `unique`; each field's range in core/schemas.ts, a rank within its ranking, each region
// once), a server's markup hydrated only when its inline data passes its endpoint's schema
// (element/server-markup.ts, core/endpoints.ts `kindAt`) and a country's value called
// national only from the 14 regions (graphics/indicators.ts `partOf`, the widgets' words):
// the script 20.3 → 20.64 kB (20,643 B), a page of one widget 37.6 → 38.12 kB, the mission
// widgets 45.36 kB, the news page 43.43 kB, the largest element (the region chart's) 39.9 kB.
// Both, with a shared tier's refusal said as a busy service (i18n/common.ts) and the budget's
// ceiling (core/budget.ts): the script 20,970 B, a page of one widget 38,534 B, of four
// 45,820 B, the news page 43,874 B, the largest element 40,332 B.
// A figure in a sentence (variant="inline" of the region chart and the card:
// graphics/inline-figure.ts, its tooltip, its states and styles, a chunk of the two elements
// only, 1.6 kB): the script +83 B (the values in its rules, the chunk in its graph with its
// hash: 21,149 B); the region chart's element 40.4 → 42,499 B, the card's 39.1 → 40,965 B, the
// mission widgets 48,000 B, the news page 46,255 B; a page of the ranking alone unchanged.
// Each widget's box (widget/box.ts, each descriptor's `box`: its heights by width), which the
// core gives every tag before any element code so that the text around it does not move when
// the data arrives: +0.68 kB (the script 21,066 → 21,745 B, a page of one widget 39,386 B, of four
// 46,666 B, the news page 44,721 B, the largest element 41,181 B).
// Both, with the named states (each widget's name in its element) and the ranking's heading:
// the script 21,804 B, a page of one widget 39,558 B, of four 48,951 B, the news page 47,193 B,
// the largest element (the region chart's, with the inline figure's chunk) 43,247 B. The boxes'
// rule as a constructed style sheet (a strict Content-Security-Policy allows it): the script 21,850 B.
// The ranking's bars from 0 and its `scale="fit"` dots (their header's words, styles), the map's
// `classes` attribute (two more rules in the core): the script 21,923 B, a page of one widget
// 39,850 B, of four 49,306 B, the news page 47,548 B, the largest element 43,417 B.
// The editor's words on every widget (headline, subtitle, note, the source line's link: their
// rules and inputs in the core, widget/editor.ts, the styles) and the text paint saying them
// too, with what the paint shares with the elements in one chunk of their own (chunks/text-*.js,
// in every element's graph): the script 21,840 → 22,106 B, a page of one widget 40,672 B, of
// four 49,881 B, the news page 48,060 B, the largest element (the region chart's) 44,163 B.
// With ties (graphics/places.ts, in the text paint and the ranking) and both of the above,
// measured together: the script 22,365 B, a page of one widget 41,358 B, of four 50,599 B, the
// news page 48,796 B, the largest element (the region chart's) 44,415 B.
// Get the data (a disclosure on the source line's row: its template, words, styles and event;
// the CSV file itself a chunk loaded when a reader asks for it), and the widgets' summaries in
// the text chunk that every element imports, which the CSV file reads too (they were in
// paint.js, which every page of the script tag loads as well, but which these pages do not
// count): the script 22,376 B, a page of one widget 42,757 B, of four 52,066 B, the news page
// 50,279 B, the largest element (the region chart's) 45,816 B.
// With the file's failure said under its button (its words and rule in every element: the
// chunk that makes the file may not arrive), and one reader of a summary's fields
// (widget/summary-read.ts, in the text chunk) for the paint and the file: the script 22,376 B,
// a page of one widget 43,121 B, of four 52,429 B, the news page 50,639 B, the largest
// element (the region chart's) 46,177 B.
// The share button (`share`): in every element only what asks for its module when a widget
// draws with it, and its button's look beside the data's (about 135 B in the chunk every element
// shares); its button, words, action and the rest of its styles in a chunk that only a page
// showing it loads (chunks/sharing-*.js, 1.2 kB). With it, and the picture's reading of a summary
// kept out of the text paint: a page of one widget 43,260 B, of four 52,561 B, the news page
// 50,772 B, the largest element (the region chart's) 46,312 B.
//
// The script tag's core grows with the widgets: each one's descriptor (src/components/<name>/
// widget.ts) and its element's graph (its files' paths with their sha256, which do not
// compress) are in it. Its budget is therefore CORE_BUDGET.base plus CORE_BUDGET.widget for
// each widget of src/registry.ts (coreBudget), and each widget's share is held to that
// allowance on its own (coreShareChecks), so that a widget added as one folder grows the budget
// by what a widget costs and fails, by its name, only when it costs more than that.
// Measured by building (scripts/build/core-shares.mjs): the script-tag graph built with every
// widget (the kit's build, byte for byte), with no widget at all, and without each widget in turn
// (its descriptor out of the registry, its element out of the loaders and the graph); a widget's
// share is the core's gzip bytes with every widget less those without it. With eight widgets:
// the core 22,379 B, the base (no widget) 19,406 B, and the shares of the admin card 229 B, the
// dataset 333 B, the fact-checks 139 B, the ranking 276 B, the region map 233 B, the region
// chart 264 B, the report 162 B, the reports 229 B (1,865 B together). The other 1,108 B are
// what the descriptors share and what comes with the first widget (widget/descriptor.ts, the
// inputs' rules, widget/box.ts): spread over the widgets, each costs the core 372 B
// ((22,379 - 19,406) / 8), more than any widget's own share. So the base is the core without
// a widget plus about 1 % (19,600 B), and the allowance a widget's cost plus about 1 % (376 B),
// which each widget's share must stay within: with eight widgets 22,608 B, the core's figure
// plus 1 %. The hashes change with the files they vouch for, so a figure moves by a few bytes
// from one build to the next. A ninth widget added as one folder (test/new-widget/'s, a list
// of one endpoint with two filters), measured the same way: its share 88 B, the core
// 22,473 B against a budget of 22,984 B (22,450 B, the one figure this rule replaces, would
// have failed it). Lower them as the kit gets smaller.
// The first requests sent before the rest of the loader (src/core/loader/early.ts; the rest in
// dist/loader.js, which the script imports once they have left), with each discovery's flights
// let go apart, a list's flight covering its other windows and a time limit on a held lock: the
// core 16,120 B, the base 13,550 B, the shares 155 to 290 B, each widget's cost
// (16,120 - 13,550) / 8 = 321 B. So the base 13,690 B and the allowance 325 B (each plus about
// 1 %): with eight widgets 16,290 B.
// The checks of the answers (core/answers.ts with schemas.ts and check.ts) applied by the loader
// before it stores an answer, the early flights' too, and so in dist/loader.js; the help words of
// the attribute rules with their sentences (i18n/attributes.ts `EXPECTED`): the core 14,583 B,
// the base 12,025 B, the shares 138 to 271 B, each widget's cost (14,583 - 12,025) / 8 = 320 B.
// So the base 12,150 B and the allowance 325 B: with eight widgets 14,750 B. With the early
// flights sent in a task of their own and the engine's Intl data loaded while the answers travel
// (boot/early-start.ts `beginLoadsSoon`, i18n/idle.ts): the core 14,837 B, the base 12,287 B.
// So the base 12,300 B: with eight widgets 14,900 B. Both deliveries start the rest of the loader
// through one function (boot/early-start.ts `startWhenSent`): the core 14,859 B; an error in the
// early start settling it and said in the console: 14,881 B.
export const CORE_BUDGET = {
  base: 12_300,
  widget: 325,
};

/** The core's budget (bytes gzip) for a kit of `widgets` widgets. */
export const coreBudget = (widgets) => CORE_BUDGET.base + CORE_BUDGET.widget * widgets;

/**
 * The core's figures (scripts/build/core-shares.mjs): `core` and `base` (no widget) in bytes
 * gzip, and each widget's `share` by its tag, for the dist/ built at `dist`.
 */
export async function coreFigures(dist) {
  const { coreShares } = await import('./core-shares.mjs');
  return coreShares(dist);
}

/** Each widget's share of the core against its allowance (CORE_BUDGET.widget), in words naming it. */
export function coreShareChecks(figures, allowance = CORE_BUDGET.widget) {
  return figures.widgets.map(({ tag, share }) => {
    const passed = share <= allowance;
    const against = passed ? 'within' : `${share - allowance} B over`;
    return {
      tag,
      share,
      allowance,
      passed,
      message: `<${tag}>'s share of the core: ${share} B gzip, ${against} its allowance of ${allowance} B`,
    };
  });
}

/**
 * size-limit's check of each widget's share: dist/khountous.js against the core without the
 * widget plus its allowance, so that it fails exactly when the share is over the allowance
 * (size-limit's "exceeded by" is what the share is over), named by the widget and its figures.
 */
export function coreShareEntries(distPath, figures) {
  const file = join(resolve(distPath), 'khountous.js');
  const core = gzipSync(readFileSync(file), { level: 9 }).length;
  return coreShareChecks(figures).map((check) => ({
    name: `khountous.js, ${check.message}`,
    budget: core - check.share + check.allowance,
    files: [relative(process.cwd(), file)],
  }));
}

/** Entries (`entries`, `coreShareEntries`) with a budget as size-limit's checks (.size-limit.js). */
export const sizeLimitChecks = (list) =>
  list
    .filter((entry) => entry.budget)
    .map((entry) => ({ name: entry.name, path: entry.files, limit: `${entry.budget} B`, gzip: true }));

/** The table `npm run build` prints of the core's base and each widget's share. */
export function formatCoreTable(figures) {
  const rows = [['the core (khountous.js)', 'gzip', 'budget (a check)']];
  const bytes = (value) => `${value.toLocaleString('en')} B`;
  const cell = (value, budget) =>
    `${bytes(budget)} ${value <= budget ? 'pass' : `FAIL, ${bytes(value - budget)} above`}`;
  const count = figures.widgets.length;
  rows.push([`every widget (${count})`, bytes(figures.core), cell(figures.core, coreBudget(count))]);
  rows.push(['base: no widget', bytes(figures.base), `${bytes(CORE_BUDGET.base)} (in the core's)`]);
  for (const check of coreShareChecks(figures))
    rows.push([`share of <${check.tag}>`, bytes(check.share), cell(check.share, check.allowance)]);
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map((row) =>
      row
        .map((cell_, column) =>
          column === 0 ? cell_.padEnd(widths[column]) : cell_.padStart(widths[column]),
        )
        .join('  '),
    )
    .concat([
      '',
      `The core's budget: ${bytes(CORE_BUDGET.base)} and ${bytes(CORE_BUDGET.widget)} for each widget; ` +
        "a widget's share (the core with it less the core without it) within that allowance.",
    ])
    .join('\n');
}

// The rest of the loader in a file of its own (dist/loader.js, 8.3 kB), which every element
// imports, its first requests' parts staying in the script (the early flights, 0.6 kB): what an
// element imports grows by what two files compress less than one and by the names they share
// (measured: a page of one widget 45,520 B, of four 54,846 B, the news page 53,036 B, the largest
// element but the map's, the region chart's, 48,576 B), while what must arrive before the first
// request shrinks from 22.4 to 16.1 kB. With the checks of the answers in loader.js too (the core
// 16.1 → 14.6 kB), the pages within these: one widget 45,689 B, four 55,003 B, the news page
// 53,198 B, the region chart's element 48,739 B. With the flights in a task of their
// own and the Intl data loaded ahead (the core above): one widget 45,983 B, four
// 55,413 B, the news page 53,576 B, the region chart's element 49,061 B.
export const BUDGETS = {
  // The kit's widgets: src/registry.ts.
  'khountous.js': coreBudget(catalog.length),
  'page: one widget': 46_100,
  'page: mission widgets': 55_550,
  'page: news': 53_700,
  element: 49_200,
  'embed-resize.js': 500,
};

/** The widgets whose folder gives them size checks of their own (about.ts `sizes`: the map), by tag. */
export const OWN_SIZES = Object.fromEntries(
  catalog.filter((entry) => entry.about.sizes).map((entry) => [entry.widget.tag, entry.about.sizes]),
);

/** The name of a widget's own check of its page: its short name (`region-map`). */
const ownCheck = shortName;

/**
 * What a page downloads from dist/ (gzip, level 9, file by file), measured by
 * scripts/build/page-sizes.mjs in Chromium: every file of the kit the page fetched
 * until its widgets show their data, dynamic imports included.
 * - `one widget`: a page holding one widget through the script tag (khountous.js),
 *   each of the seven in turn, each held to the same figures;
 * - `mission widgets`: a page holding the four MISSION_WIDGETS;
 * - `core`: khountous.js with what it imports statically (nothing: it is one file), all of
 *   which runs before the page's first API request.
 * PAGE_TARGETS are the kit's aims; PAGE_BUDGETS, enforced by `npm test` (its build
 * step, `pages`), the figures measured plus about 1 %: lower them as the kit gets smaller.
 * With per-tag loading (the starter, then the graphs of the page's own elements, the loader's
 * later chunk included): 39.2 to 40.2 kB for one widget, 45.2 kB for the four, 5.5 kB for
 * the starter (it was 41.0 kB for every page, 19.2 kB for the early start). With the text
 * paint (dist/paint.js, 1.4 kB, which a page fetches with its first request): 41.2 to
 * 42.2 kB for one widget, 47.2 kB for the four, 5.9 kB for the starter. With forced colours,
 * print, ordinals, months and the country's value: 41.6 to 42.5 kB for one widget, 47.8 kB for
 * the four; with the bounds of an answer (src/core/http.ts reads at most 4 MiB): 41.8 to
 * 42.8 kB for one widget, 48.1 kB for the four. With each widget's text summary as data
 * (src/components/<name>/summary.ts), which the paint interprets instead of a `case` per
 * widget: paint.js 1.66 → 2.19 kB, so 43.6 to 44.6 kB for one widget, 49.9 kB for the four.
 * The starter's budget, cache index and viewport from their owners (BUDGETS above): 44.4 to
 * 45.4 kB for one widget, 50.7 kB for the four, 6.9 kB for the first-paint core.
 * The region map, an eighth element (BUDGETS above): the first-paint core 7.1 kB, one widget
 * 43.8 to 45.1 kB, the four 50.6 kB; a page of the map alone, which carries its shapes,
 * `region map`: 49.9 kB, the one-widget target and what the map may add to a page (8 kB).
 * With every widget's source line and the chart's context: one widget 44.2 to 45.7 kB, the
 * four 51.4 kB, the map alone 50.2 kB. With the dataset's series (its `series` input in the
 * rules, its chart's file in the starter's graph): one widget to 45.9 kB, the map alone 50.5 kB.
 * One way to load (BUDGETS above): the script is the core, 19.8 kB, whose loader sends the first
 * requests; one widget 39.8 to 41.4 kB, the four 46.8 kB, the map alone 45.9 kB. The number
 * formats in the core (BUDGETS above): the core 20.1 kB. A text from the API kept to its own
 * direction (i18n/bidi.ts, in the core: BUDGETS above): one widget 39.8 to 41.3 kB (41,340 B),
 * the four 46,824 B, the core 20,546 B, the map alone 45,841 B.
 * Then numbers checked against what they mean, hydration only of valid inline data,
 * "national" only from the 14 regions (BUDGETS above): one widget 40.4 to 42.0 kB (42,046 B),
 * the four 47,534 B, the core 20,970 B, the map alone 46,532 B.
 * A figure in a sentence (variant="inline", its chunk fetched with the region chart and the card:
 * BUDGETS above): one widget 40.7 to 44.3 kB (the region chart's), the four 49.9 kB.
 * Each widget's box in the core (widget/box.ts, BUDGETS above): one widget 41.3 to 42.9 kB
 * (42,946 B), the four 48,431 B, the core 21,745 B, the map alone 47,432 B.
 * Both, with the named states and the ranking's heading: one widget 41.5 to 45.1 kB (45,148 B,
 * the region chart's), the four 50,852 B, the core 21,804 B, the map alone 48,126 B.
 * The editor's words (BUDGETS above), which the text paint says too: one widget 42.6 to 46.3 kB
 * (46,290 B, the region chart's), the four 52,008 B, the core 22,106 B, the map alone 49,263 B.
 */
const ownPages = (pick) =>
  Object.fromEntries(Object.entries(OWN_SIZES).map(([tag, sizes]) => [ownCheck(tag), pick(sizes.page)]));

export const PAGE_TARGETS = {
  'one widget': 20_000,
  'mission widgets': 26_000,
  core: 6_000,
  ...ownPages((page) => page.target),
};

// With the editor's words, honest scales and ties: the largest page of one widget (the region
// chart's) 46.9 kB, of four 52.9 kB, the core 22.4 kB. With get the data (its CSV file's chunk
// counted, and one file fewer: the summaries in the text chunk): 47.7 kB, 53.8 kB. With its
// failure said and one reader of a summary's fields: 48.0 kB, 54.1 kB. With the share button's
// load in every element (BUDGETS above): 48,228 B, 54,347 B. With the rest of the loader in a
// file of its own (BUDGETS above): 50,498 B, 56,638 B. With the flights in a task of their
// own and the Intl data loaded ahead (BUDGETS above): 51,009 B, 57,231 B.
export const PAGE_BUDGETS = {
  'one widget': 51_150,
  'mission widgets': 57_350,
  // The core grows with the widgets: its rule above (CORE_BUDGET), 14,900 B for eight.
  core: coreBudget(catalog.length),
  ...ownPages((page) => page.budget),
};

/** Widgets whose page of one widget is checked apart (its check, in PAGE_BUDGETS), not as `one widget`. */
export const OWN_PAGE_CHECKS = Object.fromEntries(Object.keys(OWN_SIZES).map((tag) => [tag, ownCheck(tag)]));

/**
 * The platform's four publications the kit shows (the API document, section 1:
 * scores of administrations, citizen reports, fact-checks, regional indicators;
 * open datasets aside), one widget each: those whose about.ts says `publication`.
 */
export const MISSION_WIDGETS = catalog
  .filter((entry) => entry.about.publication)
  .map((entry) => entry.widget.tag);
if (MISSION_WIDGETS.length !== 4)
  throw new Error(
    `four widgets must say \`publication: true\` in their about.ts (the mission widgets), not ${MISSION_WIDGETS.length}: ${MISSION_WIDGETS.join(', ')}`,
  );
const fronts = catalog.filter((entry) => entry.about.front);
if (fronts.length > 1)
  throw new Error(`one widget at most says \`front: true\` in its about.ts, not ${fronts.length}`);

/** The widget of the page of one widget (about.ts `front`; else the first). */
export const FRONT_WIDGET = frontOf(catalog).widget.tag;

/**
 * The widgets of the demo's news page (demo/news.html, which the bench measures too: a
 * ranking, administration cards, a region indicator), each once, in page order.
 */
export const NEWS_WIDGETS = [
  ...new Set(
    [...readFileSync(join(root, 'demo/news.html'), 'utf8').matchAll(/<(khountous-[a-z-]+)[\s>]/g)].map(
      (match) => match[1],
    ),
  ),
];
for (const tag of NEWS_WIDGETS)
  if (!catalog.some((entry) => entry.widget.tag === tag))
    throw new Error(`demo/news.html holds <${tag}>, which the kit does not have`);

/** The files of a page whose script tag finds `tags`: the starter, then each element's graph. */
function page(dist, tags) {
  const files = new Set([join(dist, 'khountous.js')]);
  for (const tag of tags) for (const file of closure(join(dist, 'elements', `${tag}.js`))) files.add(file);
  return [...files];
}

/** The entries of a built dist/, with their files. */
export function entries(distPath) {
  // Absolute: closure() resolves imports to absolute paths, and a file must count once.
  const dist = resolve(distPath);
  if (!existsSync(join(dist, 'khountous.js'))) {
    throw new Error(`${dist} has no khountous.js: run \`npm run build\` first.`);
  }
  const list = [
    {
      name: `khountous.js (the script tag, the core: ${catalog.length} widgets)`,
      budget: BUDGETS['khountous.js'],
      target: TARGETS['khountous.js'],
      files: [join(dist, 'khountous.js')],
    },
    {
      name: `page: one <${FRONT_WIDGET}>`,
      budget: BUDGETS['page: one widget'],
      target: TARGETS['page: one widget'],
      files: page(dist, [FRONT_WIDGET]),
    },
    {
      name: `page: the mission widgets (${MISSION_WIDGETS.map(ownCheck).join(', ')})`,
      budget: BUDGETS['page: mission widgets'],
      target: TARGETS['page: mission widgets'],
      files: page(dist, MISSION_WIDGETS),
    },
    {
      name: `page: the news page (${NEWS_WIDGETS.map(ownCheck).join(', ')})`,
      budget: BUDGETS['page: news'],
      target: TARGETS['page: news'],
      files: page(dist, NEWS_WIDGETS),
    },
    {
      name: 'page: every element',
      files: page(
        dist,
        readdirSync(join(dist, 'elements')).map((file) => file.replace(/\.js$/, '')),
      ),
    },
  ];
  for (const [tag, { added }] of Object.entries(OWN_SIZES)) {
    if (!added) continue;
    const beside = page(dist, [added.beside]);
    list.push({
      name: `${ownCheck(tag)}, on a page with <${added.beside}>`,
      budget: added.budget,
      target: added.target,
      files: page(dist, [added.beside, tag]).filter((file) => !beside.includes(file)),
    });
  }
  for (const file of readdirSync(join(dist, 'elements')).sort()) {
    if (!file.endsWith('.js')) continue;
    const path = join(dist, 'elements', file);
    list.push({
      name: `elements/${file}`,
      budget: OWN_SIZES[file.replace(/\.js$/, '')]?.element ?? BUDGETS.element,
      target: TARGETS.element,
      // With the script, which the element takes its core from (read from the page, not
      // imported: scripts/build/core-link.mjs), as a page loads them.
      files: [...new Set([join(dist, 'khountous.js'), ...closure(path)])],
    });
  }
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

/**
 * The words of a size against its budget and its aim, for every table the build prints
 * (this one and scripts/build/page-sizes.mjs): a budget is a check (above it the size
 * checks fail), an aim is where the kit wants to go (above it nothing fails).
 */
export const SIZE_COLUMNS = ['budget (a check)', 'aim (a goal)'];
export const budgetCell = (gzip, budget) =>
  budget == null ? '' : `${kb(budget)} ${gzip <= budget ? 'pass' : `FAIL, ${kb(gzip - budget)} above`}`;
export const aimCell = (gzip, aim) =>
  aim == null ? '' : `${kb(aim)} ${gzip <= aim ? 'reached' : `${kb(gzip - aim)} to go`}`;
export const SIZE_LEGEND =
  'budget: the size checks (size-limit, page-sizes) fail above it. aim: a goal for the ' +
  'kit, not a check: "to go" is what is left to win, not a failure (docs/sizes.md).';

export function formatSizeTable(sizes) {
  const rows = [['entry', 'files', 'minified', 'gzip', 'brotli', ...SIZE_COLUMNS]];
  for (const size of sizes) {
    rows.push([
      size.name,
      String(size.files.length),
      kb(size.raw),
      kb(size.gzip),
      kb(size.brotli),
      budgetCell(size.gzip, size.budget),
      aimCell(size.gzip, size.target),
    ]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
        .join('  '),
    )
    .concat(['', SIZE_LEGEND])
    .join('\n');
}
