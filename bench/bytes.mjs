// Bytes: gzip and brotli of every dist/ entry with everything it imports (the
// same figures as `npm run build`, from scripts/build/size-entries.mjs), and of the
// floors bundled in the same run: a minimal Lit element, the data layer alone,
// and both with @lit/task (what any element of the kit ships before its own code).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { elementEntries } from '../scripts/build/context.mjs';
import { CORE } from '../scripts/build/core-link.mjs';
import { buildGraph, writeScriptGraph } from '../scripts/build/script-tag.mjs';
import { entrySizes } from '../scripts/build/size-entries.mjs';

const compressed = (bytes) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

const floorDir = fileURLToPath(new URL('./floor/', import.meta.url));

/**
 * The modules of bench/floor/ keep what they import for its effects (floor.js
 * defines its element): the `sideEffects` list of package.json, which is about
 * the kit, would otherwise let the bundler drop `import './floor.js'`, and with it
 * Lit. Every other module (src/, Lit, @lit/task) keeps the flags the kit's build
 * gives it.
 */
const floorSideEffects = {
  name: 'bench-floor-side-effects',
  transform(code, id) {
    return id.startsWith(floorDir) ? { code, moduleSideEffects: true } : null;
  },
};

/**
 * A bench/floor/ module bundled with Vite (rolldown): production Lit, minified,
 * one file, which must contain each of `markers` (proof that the bundle holds
 * what its row claims).
 */
async function floorBundle(root, file, markers, { split = false } = {}) {
  let output;
  try {
    output = await build({
      configFile: false,
      root,
      mode: 'production',
      logLevel: 'silent',
      plugins: [floorSideEffects],
      build: {
        write: false,
        target: 'es2022',
        minify: true,
        lib: { entry: join(floorDir, file), formats: ['es'] },
        // Split: what the entry imports on demand in chunks of its own, left out below.
        rolldownOptions: { output: { ...(split ? {} : { codeSplitting: false }), minify: true } },
      },
    });
  } catch (error) {
    throw new Error(
      `bench/floor/${file} did not bundle (after a move of the loader's module, change the import of bench/floor/data-layer.js): ${error.message}`,
      { cause: error },
    );
  }
  const all = (Array.isArray(output) ? output : [output])
    .flatMap((result) => result.output)
    .filter((chunk) => chunk.type === 'chunk');
  // The entry and what it imports statically: what arrives before its code runs.
  const byName = new Map(all.map((chunk) => [chunk.fileName, chunk]));
  const chunks = [];
  const visit = (chunk) => {
    if (!chunk || chunks.includes(chunk)) return;
    chunks.push(chunk);
    for (const name of chunk.imports) visit(byName.get(name));
  };
  for (const chunk of all.filter((one) => one.isEntry)) visit(chunk);
  const code = chunks.map((chunk) => chunk.code).join('\n');
  const missing = markers.filter((marker) => !code.includes(marker));
  if (missing.length > 0)
    throw new Error(
      `the bundle of bench/floor/${file} is missing ${missing.map((m) => `"${m}"`).join(', ')}`,
    );
  // Each module's code as the bundler rendered it, before minification.
  const modules = chunks.flatMap((chunk) =>
    Object.entries(chunk.modules).map(([id, module]) => ({ id, rendered: module.renderedLength })),
  );
  return { bytes: Buffer.from(code), modules };
}

/**
 * The data layer's modules of src/ by size: each one's code before
 * minification, and its share of the bundle's gzip in proportion (an
 * estimate: gzip does not split by module).
 */
function byModule(modules, gzip) {
  const total = modules.reduce((sum, module) => sum + module.rendered, 0);
  return modules
    .filter((module) => module.rendered > 0)
    .map(({ id, rendered }) => ({
      module: id.includes('/src/')
        ? `src/${id.split('/src/').pop()}`
        : id.replace(/^\0/, '').split('/node_modules/').pop(),
      rendered,
      gzipShare: Math.round((gzip * rendered) / total),
    }))
    .sort((a, b) => b.rendered - a.rendered);
}

/**
 * What arrives before the first API request leaves: the script tag (dist/khountous.js) split by
 * module. The script graph is built again into a folder of its own, as `npm run build` builds it
 * (scripts/build/script-tag.mjs), with a plugin that reads the bundler's modules of the script;
 * that build's script must be `dist`'s, byte for byte. The module graph with its integrity hashes
 * is written into the script after bundling: its gzip is measured exactly (the script's with and
 * without it), and each module's share of the rest in proportion to its code (as `byModule`).
 */
export async function scriptByModule(dist) {
  const folder = mkdtempSync(join(tmpdir(), 'khountous-bench-script-'));
  try {
    let modules;
    const read = {
      name: 'bench-script-modules',
      generateBundle(_, bundle) {
        modules = bundle[CORE]?.modules;
      },
    };
    const elements = elementEntries();
    await buildGraph(elements, { outDir: folder, plugins: [read] });
    const graph = writeScriptGraph(elements, folder);
    const script = readFileSync(join(folder, CORE));
    if (!modules || !script.equals(readFileSync(join(dist, CORE))))
      throw new Error(`the script built for its modules is not ${join(dist, CORE)}: run npm run build`);
    const text = script.toString('utf8');
    if (!text.includes(graph)) throw new Error(`${CORE} does not hold the module graph written into it`);
    const gzip = compressed(script).gzip;
    // The graph's literal as an empty string: what the script would be without it.
    const withoutGraph = compressed(Buffer.from(text.replace(graph, () => '""'))).gzip;
    const rows = Object.entries(modules).map(([id, module]) => ({ id, rendered: module.renderedLength }));
    return { gzip, graph: gzip - withoutGraph, modules: byModule(rows, withoutGraph) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The part of the kit (or the package) a module of a bundle belongs to, for `byPart`. */
export function partOf(id) {
  const path = id.replaceAll('\\', '/');
  if (path.includes('/node_modules/@lit/task/')) return '@lit/task';
  if (/\/node_modules\/(lit|lit-html|lit-element|@lit\/reactive-element)\//.test(path)) return 'Lit';
  const folder = /\/src\/([a-z0-9-]+)\//.exec(path)?.[1];
  if (!folder) return 'other';
  const names = {
    core: 'the data layer (src/core)',
    element: 'the base elements and their controllers (src/element)',
    attributes: 'the attribute rules (src/attributes)',
    styles: 'the styles (src/styles)',
    i18n: 'the words and formats (src/i18n)',
    widget: 'the descriptors, plans and boxes (src/widget)',
    components: "the widgets' summaries (src/components/*/summary.ts)",
    graphics: 'the graphics (src/graphics)',
  };
  return names[folder] ?? `src/${folder}`;
}

/**
 * A bundle's modules summed by part (`partOf`), largest first: the code before minification
 * and its share of the bundle's gzip, in proportion (an estimate, as `byModule`).
 */
export function byPart(modules, gzip) {
  const total = modules.reduce((sum, module) => sum + module.rendered, 0);
  const parts = new Map();
  for (const { id, rendered } of modules) parts.set(partOf(id), (parts.get(partOf(id)) ?? 0) + rendered);
  return [...parts]
    .filter(([, rendered]) => rendered > 0)
    .map(([part, rendered]) => ({ part, rendered, gzipShare: Math.round((gzip * rendered) / total) }))
    .sort((a, b) => b.rendered - a.rendered);
}

// What each floor must contain. Lit: lit-html's and LitElement's own version
// records (their rendering and element code, not only ReactiveElement), and the
// element of floor.js by its name; @lit/task: one of its error messages; the data
// layer: the `khountous-quota` event its loader dispatches, a public name
// (docs/quota.md) that does not depend on where the
// loader's module sits.
const LIT = ['litHtmlVersions', 'litElementVersions', 'bench-floor'];
const TASK = ['The args function must return an array'];
const DATA_LAYER = ['khountous-quota'];

export async function measureBytes({ root, dist }) {
  const entries = entrySizes(dist).map(({ name, files, raw, gzip, brotli }) => ({
    name,
    files: files.length,
    raw,
    gzip,
    brotli,
  }));
  const floors = [
    { name: 'minimal Lit element (floor)', file: 'floor.js', markers: LIT },
    { name: 'data layer alone (src/core)', file: 'data-layer.js', markers: DATA_LAYER },
    {
      name: 'Lit + @lit/task + data layer',
      file: 'element-floor.js',
      markers: [...LIT, ...TASK, ...DATA_LAYER],
    },
    // The base elements' own markers: the part names their styles give a page to style.
    {
      name: 'the base elements with all they import (no widget)',
      file: 'element-side.js',
      markers: [...LIT.slice(0, 2), ...TASK, ...DATA_LAYER, 'get-data-toggle'],
      split: true,
    },
  ];
  const floor = [];
  let dataLayer = [];
  let elementSide = [];
  for (const { name, file, markers, split } of floors) {
    const { bytes, modules } = await floorBundle(root, file, markers, { split });
    const sizes = compressed(bytes);
    floor.push({ name, files: 1, ...sizes });
    if (file === 'data-layer.js') dataLayer = byModule(modules, sizes.gzip);
    if (file === 'element-side.js') elementSide = byPart(modules, sizes.gzip);
  }
  return { entries, floor, dataLayer, elementSide, script: await scriptByModule(dist) };
}
