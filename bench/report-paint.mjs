// The paint bench's section of docs/benchmarks.md: its tables (bench/paint-tables.mjs)
// with the pages they compare, and its figures in words.
import { VARIANTS, paintTables } from './paint-tables.mjs';
import { kB, mdTable } from './report-tables.mjs';

/** What each page of the paint bench is (bench/paint-pages.mjs). */
const PAINT_PAGES = {
  floor: 'an inline script in the head starts the same API requests at navigation and writes their text',
  baseline: 'the baseline widgets (bench/baseline/), each fetching for itself',
  script: 'the script tag: `<script type="module" src="/dist/khountous.js">` in the head',
  'script+preconnect': 'the same with `<link rel="preconnect" href="API origin" crossorigin>` before it',
  autoloader: 'the autoloader: `<script type="module" src="/dist/autoloader.js">` in the head',
  'autoloader+preconnect': 'the same with the preconnect',
  npm: "the npm package in an app: the packed tarball installed in a fresh Vite app (test/installed/vite-app.ts), its `import 'khountous-widgets/khountous.js'` built by `vite build`, and the built page's head (its script and modulepreload links) in the page, served from /npm-app/",
  embed: 'each widget in an iframe of dist/embed.html, served from the API origin',
  seeded:
    "server-seeded: each widget rendered with its data by the package's `renderWidget` (lib/ssr/render.js) just before the view (declarative shadow DOM and inline data in the HTML), then the script tag in the head",
  chart: 'the region chart alone on the page, through the script tag',
  map: 'the region map alone on the page, through the script tag (its shapes come with its code)',
};

/** The paint tables, or nothing when the run had no paint phase. */
export function paintText(results) {
  const paint = results.paint;
  if (!paint) return '';
  const tables = paintTables(paint)
    .map((section) => `### ${section.title}\n\n${mdTable(section)}`)
    .join('\n\n');
  const pages = (paint.variants ?? VARIANTS)
    .map((variant) => {
      const [build, page] = variant.includes(':') ? variant.split(':') : [undefined, variant];
      return `- **${variant}**: ${PAINT_PAGES[page]}${build ? ` (the ${build} build, for comparison)` : ''}.`;
    })
    .join('\n');
  const alone =
    paint.date && paint.date.slice(0, 10) !== results.date.slice(0, 10) && paint.machine
      ? `Measured on ${paint.date.slice(0, 10)} by bench/paint.mjs alone (${paint.mode} run): ${paint.machine.cpu},
${paint.machine.cores} cores, Node ${paint.machine.node}, Chromium ${paint.machine.chromium}; load average
${paint.machine.loadAverage.join(', ')} when it ended.\n\n`
      : '';
  return `## What a reader sees on a slow network

${alone}The news front page on a ${paint.viewport.width}×${paint.viewport.height} viewport, from navigation
to the first skeleton painted and to the data painted (first widget, and every widget the page loads
without scrolling; for the script tag, the data is painted when the script writes it as text, or when
the element renders it if its code came first), on each network profile with the API's connection cold (a new one) or warm (set
up by an earlier request of the same page). The pages:

${pages}

${tables}

"÷ floor" is the page's median over the floor's median in the same table. Method below.
${readyText(paint)}${seededText(paint)}${shiftText(paint.shift)}${labText(paint.lab)}`;
}

/** The layout shift run's words around its table (bench/paint-shift.mjs). */
function shiftText(shift) {
  if (!shift) return '';
  const m = shift.machine;
  const at = (variant, width) => shift.pages[variant]?.[width];
  const lines = shift.widths.map((width) => {
    const [kit, hand, blocking] = ['script', 'baseline', 'script+blocking'].map((v) => at(v, width));
    return `- ${width} px: the script tag's page ${kit.cls.toFixed(3)} (views: ${kit.samples.join(', ')}), the hand-written page ${hand.cls.toFixed(3)} (${hand.samples.join(', ')}); with \`blocking="render"\` ${blocking.cls.toFixed(3)} (${blocking.samples.join(', ')}), its first contentful paint at ${(blocking.fcpMs / 1000).toFixed(2)} s against ${(kit.fcpMs / 1000).toFixed(2)} s.`;
  });
  const where = m
    ? ` Measured on ${shift.date.slice(0, 10)} by bench/paint.mjs (\`--shift-runs ${shift.runs}\`, one run): ${m.cpu}, ${m.cores} cores, Node ${m.node}, Chromium ${m.chromium}; load average ${m.loadAverage.join(', ')} when it ended.`
    : '';
  return `
<a id="layout-shift"></a>Cumulative layout shift (Core Web Vitals: 0.1 is good, 0.25 poor), median of ${shift.runs} page views on slow-3g.${where}

${lines.join('\n')}
`;
}

/** The script tag's page against the hand-written one on slow 3G: its data on screen, its widgets ready. */
function readyText(paint) {
  const lines = paint.conditions
    .filter(({ profile, variants }) => profile === 'slow-3g' && variants.script && variants.baseline)
    .map(({ connection, variants: { script, baseline } }) => {
      const sec = (ms) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`);
      const x = (ratio) => (ratio === undefined ? '–' : `${ratio.toFixed(2)}×`);
      return `- slow-3g, ${connection}: every widget's data on screen at ${sec(script.lastDataMs)} against
  ${sec(baseline.lastDataMs)} (${x(script.lastDataVsBaseline)}); every widget ready at ${sec(script.readyMs)}
  against ${sec(baseline.readyMs)} (${x(script.readyVsBaseline)}).`;
    });
  if (lines.length === 0) return '';
  return `
The script-tag page (**script**) against the hand-written one (**baseline**), whose elements fetch for
themselves:

${lines.join('\n')}
`;
}

/** The server-seeded page's figures in words, from its first condition (slow 3G, cold). */
function seededText(paint) {
  const found = paint.conditions.find(({ variants }) => variants.seeded && variants.script);
  if (!found) return '';
  const { seeded, script } = found.variants;
  const sec = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const bytes = seeded.bytes && script.bytes;
  return `
The server-seeded page (**seeded**) on ${found.profile}, API connection ${found.connection}: its data is
painted at ${sec(seeded.firstDataMs)}, with its first contentful paint (${sec(seeded.fcpMs)}), against
${sec(script.lastDataMs)} for every widget of the script-tag page. The first of its elements is defined at
${sec(seeded.definedMs)}: the widgets show their data ${sec(seeded.definedMs - seeded.lastDataMs)} before any element's code has run.
The kit's first file (the script tag) had arrived at ${sec(seeded.kitFileMs)}, so the script may have run before that
paint. The reader's browser sent the API ${seeded.apiRequests} requests.${
    bytes
      ? ` Its HTML is ${kB(seeded.bytes.page)} as sent (the script-tag page's ${kB(script.bytes.page)}: the widgets' markup, styles and
inline data), and it downloads no API answer (${kB(script.bytes.api)} for the script-tag page).`
      : ''
  }
`;
}

/** The lab run's words around its table (the table itself comes with the paint tables). */
function labText(lab) {
  if (!lab?.pages.script || !lab.pages.baseline) return '';
  const [kit, hand] = [lab.pages.script, lab.pages.baseline];
  const errors = [...kit.consoleErrors, ...hand.consoleErrors];
  return `
The last table is the kit's news page (**script**) beside the hand-written one (**baseline**) under
Lighthouse's mobile settings (bench/lab.mjs, method below): what Lighthouse's performance audit
reports, computed from a Chromium trace of each view, as the \`lighthouse\` package is not among the
dependencies. Total blocking time: ${Math.round(kit.tbtMs)} ms against ${Math.round(hand.tbtMs)} ms
(views: ${kit.samples.tbtMs.join(', ')} and ${hand.samples.tbtMs.join(', ')} ms). ${
    errors.length === 0
      ? 'Neither page logged an error to the console.'
      : `Console errors: ${errors.map((error) => `\`${error}\``).join('; ')}.`
  }
`;
}
