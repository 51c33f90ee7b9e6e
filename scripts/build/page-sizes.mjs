#!/usr/bin/env node
// What a page that uses the kit downloads, gzip, against PAGE_BUDGETS
// (scripts/build/size-entries.mjs). `npm test` runs it after the build (its `pages` check).
//
// Real pages in Chromium (playwright-core, the system's binary): each holds
// widgets through the script tag (`<script type="module" src="/dist/khountous.js">`),
// with the attributes of each widget's sample (src/components/<name>/about.ts), the
// reference API (demo/api/) on the same server. A page is measured once its
// widgets show their data and nothing has been fetched for QUIET_MS: every file
// of dist/ it asked for, whatever asked (the script tag, a static or dynamic
// import, a modulepreload link), each counted once, gzip level 9 as size-limit
// counts. So the figures follow whatever the build lays out: one file or a
// starter per tag, chunks loaded at once or after the first data.
//
//   node scripts/build/page-sizes.mjs                  measure, print, fail when over a budget
//     --dist DIR                                 another build (default dist/)
//     --budget NAME=BYTES                        a budget of this run (e.g. `one widget=1000`)
//     --only NAME[,NAME]                         some of the checks: one widget, mission widgets, core
//                                                (it needs no browser), or a widget's own (its about.ts
//                                                `sizes`), named by its tag without `khountous-`
//     --json                                     the figures as JSON on stdout
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join, normalize, relative, resolve, sep } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_FLAGS, resolveEngines } from '../test/browsers.mjs';
import { closure } from './closure.mjs';
import {
  aimCell,
  budgetCell,
  MISSION_WIDGETS,
  OWN_PAGE_CHECKS,
  PAGE_BUDGETS,
  PAGE_TARGETS,
  SIZE_COLUMNS,
  SIZE_LEGEND,
} from './size-entries.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Nothing fetched for this long after the widgets show their data: the page has what it loads. */
const QUIET_MS = 1000;

const TYPES = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
};

const gzip = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The pages: one per widget, and the mission widgets together. */
async function pages(only) {
  const [{ catalog }, { shortName }] = await Promise.all([
    tsImport('../../src/registry.ts', import.meta.url),
    tsImport('../../src/widget/descriptor.ts', import.meta.url),
  ]);
  const tagOf = (entry) => entry.widget.tag;
  const element = (entry) => {
    const attributes = Object.entries(entry.about.sample ?? {})
      .map(([name, value]) => ` ${name}="${String(value).replace(/"/g, '&quot;')}"`)
      .join('');
    return `<${tagOf(entry)}${attributes}></${tagOf(entry)}>`;
  };
  const list = [];
  for (const entry of catalog) {
    const check = OWN_PAGE_CHECKS[tagOf(entry)] ?? 'one widget';
    if (only.includes(check))
      list.push({ check, name: `one widget: <${tagOf(entry)}>`, body: element(entry) });
  }
  if (only.includes('mission widgets')) {
    const entries = MISSION_WIDGETS.map((tag) => {
      const entry = catalog.find((candidate) => tagOf(candidate) === tag);
      if (!entry) throw new Error(`MISSION_WIDGETS names ${tag}, which the kit does not have`);
      return entry;
    });
    list.push({
      check: 'mission widgets',
      name: `mission widgets: ${MISSION_WIDGETS.map(shortName).join(', ')}`,
      body: entries.map(element).join('\n'),
    });
  }
  return list;
}

const html = (body) => `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="khountous:base-url" content="/v1" />
    <link rel="icon" href="data:," />
    <title>page size</title>
    <script type="module" src="/dist/khountous.js"></script>
  </head>
  <body>
    ${body}
  </body>
</html>
`;

/** The reference API at /v1, dist/ at /dist/, the pages at /page/<index>.html. */
async function startServer(dist, list) {
  const [{ createApi }, { isApiPath, toNodeMiddleware }] = await Promise.all([
    tsImport('../../demo/api/handler.ts', import.meta.url),
    tsImport('../../demo/api/node.ts', import.meta.url),
  ]);
  const middleware = toNodeMiddleware(createApi({ quotas: { anonymous: 1_000_000 } }));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (isApiPath(url.pathname)) return middleware(req, res, () => res.writeHead(404).end());
    const page = /^\/page\/(\d+)\.html$/.exec(url.pathname);
    if (page && list[Number(page[1])]) {
      res.writeHead(200, { 'Content-Type': TYPES['.html'] }).end(html(list[Number(page[1])].body));
      return;
    }
    const [, rest] = /^\/dist(\/.*)$/.exec(url.pathname) ?? [];
    const file = rest && normalize(join(dist, decodeURIComponent(rest)));
    if (file && file.startsWith(dist + sep) && existsSync(file) && statSync(file).isFile()) {
      const type = TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(readFileSync(file));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/** One page in a new context: the dist/ files it fetched once its widgets show data. */
async function measurePage(browser, origin, dist, index) {
  // Every widget of the page within the viewport, each in its box (src/widget/box.ts): all of them load.
  const context = await browser.newContext({ viewport: { width: 1280, height: 8000 } });
  try {
    const page = await context.newPage();
    const files = new Set();
    const errors = [];
    let lastAt = Date.now();
    page.on('request', (request) => {
      lastAt = Date.now();
      const url = new URL(request.url());
      if (url.origin === origin && url.pathname.startsWith('/dist/'))
        files.add(decodeURIComponent(url.pathname.slice('/dist/'.length)));
    });
    page.on('requestfinished', () => (lastAt = Date.now()));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${origin}/page/${index}.html`, { waitUntil: 'load' });
    await page.waitForFunction(
      () => {
        const widgets = [...document.body.children];
        return (
          widgets.length > 0 &&
          widgets.every((widget) => ['ready', 'empty'].includes(widget.getAttribute('state') ?? ''))
        );
      },
      undefined,
      { timeout: 30_000 },
    );
    while (Date.now() - lastAt < QUIET_MS) await new Promise((resolve) => setTimeout(resolve, 100));
    const list = [...files].sort();
    return {
      files: list,
      gzip: list.reduce((sum, file) => sum + gzip(join(dist, file)), 0),
      errors,
    };
  } finally {
    await context.close();
  }
}

export { PAGE_BUDGETS, PAGE_TARGETS };

/** The Chromium the pages are loaded in: its path, or why it is not available. */
export const chromiumEngine = () => resolveEngines(['chromium'])[0];

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** Each figure against its budget and target; `over` lists the figures above their budget. */
export function checkBudgets(figures, budgets = PAGE_BUDGETS, targets = PAGE_TARGETS) {
  const over = [];
  const rows = figures.map((figure) => {
    const budget = budgets[figure.check];
    const target = targets[figure.check];
    if (budget !== undefined && figure.gzip > budget)
      over.push(`${figure.name}: ${kb(figure.gzip)} gzip, over its budget of ${kb(budget)}`);
    return [
      figure.name,
      String(figure.files.length),
      kb(figure.gzip),
      budgetCell(figure.gzip, budget),
      aimCell(figure.gzip, target),
    ];
  });
  return { rows, over };
}

function formatRows(rows) {
  const all = [['page', 'files', 'gzip', ...SIZE_COLUMNS], ...rows];
  const widths = all[0].map((_, column) => Math.max(...all.map((row) => row[column].length)));
  return all
    .map((row) =>
      row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '),
    )
    .concat(['', SIZE_LEGEND])
    .join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name) => {
    const values = [];
    args.forEach((arg, i) => arg === `--${name}` && values.push(args[i + 1]));
    return values;
  };
  const dist = resolve(option('dist')[0] ?? join(root, 'dist'));
  if (!existsSync(join(dist, 'khountous.js')))
    throw new Error(`${dist} has no khountous.js: run \`npm run build\` first.`);
  const budgets = { ...PAGE_BUDGETS };
  for (const value of option('budget')) {
    const [, name, bytes] = /^(.+)=(\d+)$/.exec(value) ?? [];
    if (!name || !(name in PAGE_TARGETS))
      throw new Error(`--budget ${value}: NAME=BYTES, NAME one of ${Object.keys(PAGE_TARGETS).join(', ')}`);
    budgets[name] = Number(bytes);
  }
  const only = option('only')[0]?.split(',') ?? Object.keys(PAGE_TARGETS);
  const figures = [];
  const problems = [];

  const list = await pages(only);
  if (list.length > 0) {
    const [engine] = resolveEngines(['chromium'], (message) => console.error(`  ${message}`));
    if (!engine.available) {
      const message = `the pages' sizes need Chromium: ${engine.reason}`;
      if (process.env.CI) throw new Error(message);
      console.error(`SKIPPED ${message}`);
    } else {
      const { chromium } = await import('playwright-core');
      const server = await startServer(dist, list);
      const browser = await chromium.launch({ executablePath: engine.path, args: CHROMIUM_FLAGS });
      try {
        for (const [index, entry] of list.entries()) {
          const measured = await measurePage(browser, server.origin, dist, index);
          figures.push({ check: entry.check, name: entry.name, ...measured });
          for (const error of measured.errors) problems.push(`${entry.name}: console error: ${error}`);
        }
      } finally {
        await browser.close();
        await server.close();
      }
    }
  }
  if (only.includes('core')) {
    const files = closure(join(dist, 'khountous.js'));
    figures.push({
      check: 'core',
      name: 'core: khountous.js with its static imports',
      files: files.map((file) => relative(dist, file)),
      gzip: files.reduce((sum, file) => sum + gzip(file), 0),
    });
  }

  const { rows, over } = checkBudgets(figures, budgets);
  if (args.includes('--json'))
    console.log(JSON.stringify({ figures, budgets, targets: PAGE_TARGETS }, null, 2));
  else {
    console.log(
      `What a page downloads from ${relative(process.cwd(), dist) || '.'}/ (gzip, dynamic imports included)\n`,
    );
    console.log(formatRows(rows));
  }
  for (const problem of [...over, ...problems]) console.error(`FAILED: ${problem}`);
  return over.length === 0 && problems.length === 0;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  try {
    process.exit((await main()) ? 0 : 1);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
