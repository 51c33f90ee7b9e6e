// The bench's figures as docs/benchmarks.md, and the machine they come from. The page's
// parts: bench/report-tables.mjs (the tables, also printed on the console),
// report-tier.mjs and report-paint.mjs (the shared cache tier's and the paint bench's
// sections), report-method.mjs (how each figure is measured).
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import * as prettier from 'prettier';
import { methodText } from './report-method.mjs';
import { paintText } from './report-paint.mjs';
import { elementSideSection, MiB, mdTable, ms, scriptSection, sections } from './report-tables.mjs';
import { tierText } from './report-tier.mjs';

/** The machine the figures come from. */
export function machine(chromiumVersion) {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? cpus()[0]?.model ?? 'unknown';
  return {
    cpu: model.trim(),
    cores: cpus().length,
    memoryGB: Math.round(totalmem() / 1024 ** 3),
    os: `${process.platform} ${release()}`,
    node: process.version,
    chromium: chromiumVersion,
    loadAverage: loadavg().map((value) => Math.round(value * 10) / 10),
  };
}

/** What happened to the baseline in the session, in one sentence. */
function baselineStory(baseline) {
  const failed = baseline.timeline.findIndex((view) => view.errors > 0);
  if (failed < 0) return `The baseline's ${baseline.requests} requests all got data.`;
  return `The baseline spends the quota in its first ${failed} views; from view ${failed + 1} on, the API refuses ${baseline.status429} of its ${baseline.requests} requests and its widgets show errors.`;
}

/** A table of its own with the paragraph that explains it, or nothing when the run did not measure it. */
const sectionText = (section, note) =>
  section ? `\n### ${section.title}\n\n${mdTable(section)}\n\n${note}\n` : '';

/** The script tag by module (bench/bytes.mjs `scriptByModule`), when the run measured it. */
const scriptText = (results) =>
  sectionText(
    scriptSection(results),
    `The script tag as \`npm run build\` writes it, split by module: the bundler's modules of the script
(the same build made again, checked to be dist/khountous.js byte for byte), each one's share in
proportion to its code (an estimate), and the module graph written into it after bundling (the
files of each element and their integrity hashes, which compress little), measured exactly: the
script's gzip with it less without it. Everything in this file arrives and runs before the first
API request leaves ([sizes.md](sizes.md#what-the-first-request-waits-for)).`,
  );

/** The element side by part (bench/floor/element-side.js), when the run measured it. */
const elementSideText = (results) =>
  sectionText(
    elementSideSection(results),
    `The floor "the base elements with all they import" above (bench/floor/element-side.js: the element of
one resource and the one of paged lists, no widget's code), split by part as the data layer is by
module: what every element's code waits for before its first render.`,
  );

const kB = (bytes) => `${(bytes / 1000).toLocaleString('en', { maximumFractionDigits: 1 })} kB`;
const MB = (bytes) => `${(bytes / 1e6).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

/** The widgets' pictures: SVG to PNG with the kit's library and with sharp (bench/pictures.mjs), when measured. */
function picturesText(results) {
  const pictures = results.pictures;
  if (!pictures) return '';
  const rows = pictures.pictures.map(
    (picture) =>
      `| \`<${picture.tag}>\` | ${ms(picture.svgMs)} | ${ms(picture.resvgMs)} | ${ms(picture.sharpMs)} | ${(picture.resvgMs / picture.sharpMs).toFixed(2)}× | ${kB(picture.resvgBytes)} | ${kB(picture.sharpBytes)} |`,
  );
  const { resvg, fonts, sharp } = pictures.installed;
  const scripts = (library) => (library.scripts.length ? library.scripts.join(', ') : 'none');
  return `
### Pictures: each widget's 1200 px picture, SVG then PNG, median of ${pictures.runs} runs

| widget | SVG (renderImage) | PNG: resvg (the kit's) | PNG: sharp | resvg / sharp | PNG bytes: resvg | sharp |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

Median over the widgets: resvg ${ms(pictures.resvgMs)}, sharp ${ms(pictures.sharpMs)}. Installed: @resvg/resvg-js
${MB(resvg.bytes)} (${resvg.packages.join(', ')}; install scripts: ${scripts(resvg)}) and the font's files
${MB(fonts.bytes)}, against sharp ${MB(sharp.bytes)} (${sharp.packages.join(', ')}; install scripts:
${scripts(sharp)}). sharp draws faster, but its SVG input takes its fonts from the server's fontconfig, so
its PNG changes with the server; resvg draws with the files it is given and no other
([ssr.md](ssr.md#a-picture-of-a-widget-renderimage)).
`;
}

/** docs/benchmarks.md, formatted with the project's Prettier settings. */
export async function markdown(results, root) {
  const [requests, session, bytes, dataLayer, render, memory] = sections(results);
  const m = results.machine;
  const { kit, baseline } = results.requests.session;
  const r = results.render;
  const text = `# Benchmarks

<!-- Written by \`npm run bench\` (bench/run.mjs) with its latest figures: do not edit by hand. -->

\`npm run bench\` measures, in one run, what the kit costs a reader and a site, side by side with
what a site would do without it: a **baseline** page with the same widgets, each of which fetches
its own data (bench/baseline/widgets.js: plain custom elements, \`fetch\` per widget, hand-written
DOM, no shared cache). Everything runs in headless Chromium (playwright-core driving the system's
binary) against the reference API (demo/api/), served with the built kit (dist/) by a small server
(bench/server.mjs) that counts every request reaching the API.

It prints the tables below and rewrites this page and bench/results.json (every sample and
per-view detail). \`npm run bench -- --quick\` (or \`BENCH_QUICK=1\`) runs the same code with fewer
runs and page views and writes nothing; \`npm test\` runs it as its last step to prove the bench
still works. The bench fails (non-zero exit) only when the kit sends more than
${results.bounds.requests} requests or gets a 429 in the reading session, when the heap grows by
more than ${MiB(results.bounds.memoryBytes)} over the mount/unmount cycles, or when the shared cache
tier answers a reader 429 or sends the API more than one request per resource per freshness
period (plus ${results.bounds.tierSlack}); timings never fail it.

Last, the bench runs page views of the news front page from one address, straight to the API and
through the shared cache tier on each engine (bench/tier.mjs: Debian's nginx with deploy/nginx/,
Debian's Varnish with deploy/varnish/, as in [docs/scaling.md](scaling.md)). Where an engine is
missing and cannot be installed, its part is skipped with the reason; under CI (\`CI\` set) that
fails the bench.

## Latest figures

Measured on ${results.date.slice(0, 10)} (${results.mode} run, ${results.durationSeconds} s):
${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB of memory, ${m.os}, Node ${m.node}, Chromium
${m.chromium}. The machine is shared: its load average was ${m.loadAverage.join(', ')} when the run
ended, so timings carry noise; each is a median, and kit and baseline runs alternate so that both
see the same load.

### ${requests.title}

${mdTable(requests)}

### ${session.title}

${mdTable(session)}

With the kit, the ${kit.views} views cost ${kit.requests} requests (${kit.byStatus[304] ?? 0} of them
answered 304 Not Modified) and no 429. ${baselineStory(baseline)}

### ${bytes.title}

${mdTable(bytes)}

The last three rows are floors, bundled in the same run with Vite, production Lit, minified
(bench/floor/): a minimal Lit element (one property, one style, one template); the data layer
alone (the loader with its HTTP layer, cache, budget, storage and response checks, no Lit); and
both with @lit/task, which every element of the kit ships before any code of its own. The response
checks are the kit's own small checker (src/core/check.ts); the entries leave out the sentences
of attribute problems (src/attributes/messages.ts), imported with the first problem. Sizes are summed file by file, as size-limit does (gzip level 9,
brotli quality 11).

### ${dataLayer.title}

${mdTable(dataLayer)}

The data layer's floor above, split by module: each module's code as the bundler rendered it before
minification, and its share of the floor's gzip in proportion to that code (an estimate: gzip does not
split by module).
${scriptText(results)}${elementSideText(results)}
### ${render.title}

${mdTable(render)}

Fastest runs: ranking ${ms(r.ranking.kitMinMs)} (kit) and ${ms(r.ranking.baselineMinMs)} (baseline);
chart ${ms(r.regions.kitMinMs)} and ${ms(r.regions.baselineMinMs)}.

### ${memory.title}

${mdTable(memory)}

Elements cycled: ${results.memory.widgets.map((tag) => `\`<${tag}>\``).join(', ')}.

${picturesText(results)}
${tierText(results)}
${paintText(results)}
${methodText(results)}`;
  const options = (await prettier.resolveConfig(join(root, 'docs/benchmarks.md'))) ?? {};
  // Paragraphs rewrapped at the print width (the project's `preserve` keeps them as they are then).
  return prettier.format(text, { ...options, parser: 'markdown', proseWrap: 'always' });
}
