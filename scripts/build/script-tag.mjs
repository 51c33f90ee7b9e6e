// dist/, the script-tag build: the elements and their shared chunks in one graph,
// the script tag and the embed page's script each in one file with the module
// graph written into it, and the host's resize snippet.
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'vite';
import { minifyLiteralsPlugin } from './minify-literals.mjs';
import { staticSpecifiers } from './npm.mjs';
import { closure } from './closure.mjs';
import { CORE, linkCore } from './core-link.mjs';
import { dist, pkg, quiet, root, sri } from './context.mjs';
import { writeEmbedPage } from './embed-page.mjs';

/** Stands for the module graph in the built files until writePreloadGraph replaces it. */
const PRELOAD_PLACEHOLDER = '@@khountous-preload-graph@@';

/**
 * For each module of `modules` (name -> file under dist/: `khountous-ranking`
 * -> `elements/khountous-ranking.js`), every file it imports statically,
 * transitively, by index into one list of paths relative to dist/ (files of
 * `except` left out); with `integrity`, each file's SRI hash too. Written in
 * place of the placeholder in each of `files` (which sit in dist/, or in `dir`:
 * a build of the graph elsewhere, scripts/build/core-shares.mjs). Returns the literal written
 * (a JavaScript string of the graph's JSON).
 */
function writePreloadGraph(modules, files, { except = [], integrity = false, dir = dist } = {}) {
  const paths = [];
  const tags = {};
  const left = new Set(except.map((file) => join(dir, file)));
  for (const [name, file] of Object.entries(modules)) {
    tags[name] = closure(join(dir, file))
      .filter((path) => !left.has(path))
      .map((path) => {
        const relativePath = `./${relative(dir, path).split('\\').join('/')}`;
        if (!paths.includes(relativePath)) paths.push(relativePath);
        return paths.indexOf(relativePath);
      });
  }
  const graph = { files: paths, tags };
  // sha256, the shortest hash SRI takes: the hashes are most of the graph's bytes, which the
  // starter carries (integrity.json keeps sha384 for every file).
  if (integrity) graph.integrity = paths.map((path) => sri(join(dir, path), 'sha256'));
  const literal = JSON.stringify(JSON.stringify(graph));
  const placeholder = new RegExp(`(["'\`])${PRELOAD_PLACEHOLDER}\\1`, 'g');
  for (const file of files) {
    const path = join(dir, file);
    const code = readFileSync(path, 'utf8');
    const written = code.replace(placeholder, () => literal);
    if (written === code)
      throw new Error(`${relative(root, path)}: the module graph's placeholder was not found`);
    writeFileSync(path, written);
  }
  return literal;
}

/** Whether module `id` is a file of src/ under `prefix` (a folder with its slash, or a file). */
const inSrc = (id, prefix) => id.replaceAll('\\', '/').includes(`/src/${prefix}`);

/** Lit's hydrate support, which only boot/hydrate.ts imports: for pages a server rendered. */
const HYDRATE_SUPPORT = [
  '/@lit-labs/ssr-client/',
  '/lit-html/experimental-hydrate.js',
  '/lit-html/private-ssr-support.js',
];

/**
 * The one chunk the elements share (chunks/shared-<hash>.js), besides the script: Lit and the
 * modules of src/ that are no element's own (the base element, its controllers and styles,
 * the shared strings and formats). Not in it: an element's own folder (src/components/<name>/,
 * which its module holds) and the regional indicators that only the region chart and the map
 * share (src/graphics/, a chunk of their own), nor what comes on demand: the hydrate support,
 * the text paint (and what it reads of a summary), the sentences of attribute problems, the data's CSV file,
 * the share button's action. Fewer files: on a slow network each
 * costs its request, and the browser opens at most six connections to a host.
 */
function inShared(id) {
  const path = id.replaceAll('\\', '/');
  if (path.includes('/node_modules/')) return !HYDRATE_SUPPORT.some((part) => path.includes(part));
  if (!path.includes('/src/')) return false;
  const demand = [
    ...['boot/hydrate.ts', 'boot/paint.ts', 'embed/', 'components/', 'graphics/'],
    // What the text paint reads of a summary (the widgets' pictures read it too, on the server).
    'widget/summary-view.ts',
    ...['attributes/messages.ts', 'i18n/attributes.ts'],
    // The data's CSV file, made when a reader asks for it (element/get-data.ts).
    ...['element/data-file.ts', 'widget/csv.ts', 'i18n/data-file.ts'],
    // What a press on the share button does (element/share.ts), loaded on the first press.
    ...['element/sharing.ts', 'i18n/share.ts'],
    // What the text paint shares with the elements: paint.js imports no chunk of the elements
    // (PAINT_SHARED).
    ...PAINT_SHARED,
  ];
  return !demand.some((prefix) => inSrc(path, prefix));
}

/**
 * The rest of the loader (chunks/loader-<hash>.js): what the early start's second half
 * (boot/start-loads.ts, dist/loads.js) imports and the script does not hold, which the
 * elements import too. The script holds the parts that send the first requests (the early
 * flights, src/core/loader/early.ts, and what they use); the loader's objects, its answers'
 * storage, the channel, the viewport's observer and the formats come here, while the first
 * requests travel.
 */
const LOADER = ['boot/start-loads.ts', 'core/', 'i18n/format.ts', 'i18n/bidi.ts'];
const inLoader = (id) => LOADER.some((prefix) => inSrc(id, prefix));

/**
 * What the text paint and the elements both import, in one small chunk of their own (every
 * page of the script tag fetches it with paint.js): the format of an indicator (the region
 * chart's and the map's too), the editor's words, the source line and its link, and the
 * widgets' summaries, which the paint draws and the data's CSV file (element/data-file.ts) reads.
 */
const PAINT_SHARED = [
  'summaries.ts',
  'widget/indicator-format.ts',
  'widget/editor.ts',
  'widget/summary-read.ts',
  'widget/source.ts',
  'i18n/source-line.ts',
  'element/links.ts',
];
const inPaintShared = (id) =>
  PAINT_SHARED.some((prefix) => inSrc(id, prefix)) ||
  /\/src\/components\/[^/]+\/summary\.ts$/.test(id.replaceAll('\\', '/'));

/**
 * Where each module the script imports on demand is written: each element of `elements`
 * (context.mjs elementEntries: its name by its define.ts), the hydrate support, the text
 * paint; the chunks they share under chunks/.
 */
function chunkFileNames(elements) {
  const named = new Map(Object.entries(elements).map(([name, file]) => [file, `${name}.js`]));
  named.set(join(root, 'src/boot/hydrate.ts'), 'hydrate.js');
  named.set(join(root, 'src/boot/paint.ts'), 'paint.js');
  return (chunk) =>
    named.get(chunk.facadeModuleId ?? '') ??
    (chunk.name === 'loader' ? 'loader.js' : 'chunks/[name]-[hash].js');
}

/**
 * What every build shares: production mode, the version constant, minified
 * ES2022 with its css/html template literals minified and no comments left
 * (the output is final: the pure annotations only helped the build itself).
 */
const common = {
  configFile: false,
  root,
  mode: 'production',
  plugins: [minifyLiteralsPlugin()],
  logLevel: quiet ? 'warn' : 'info',
  define: {
    __KHOUNTOUS_VERSION__: JSON.stringify(pkg.version),
    __KHOUNTOUS_PRELOAD__: JSON.stringify(PRELOAD_PLACEHOLDER),
  },
  build: {
    target: 'es2022',
    minify: true,
    sourcemap: false,
    reportCompressedSize: false,
    copyPublicDir: false,
    // The script announces each module's files itself, with their integrity (writePreloadGraph).
    modulePreload: false,
  },
};

/**
 * The script tag's build of src/khountous.ts: boot/served.ts (the files beside the script, with
 * their integrity) where the npm build has boot/bundled.ts (the app's bundler lays them out).
 */
function servedDelivery() {
  const bundled = join(root, 'src/boot/bundled.ts');
  const served = join(root, 'src/boot/served.ts');
  let swapped = false;
  return {
    name: 'khountous-served-delivery',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.endsWith('/bundled.js')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved?.id !== bundled) return null;
      swapped = true;
      return served;
    },
    buildEnd() {
      if (!swapped && [...this.getModuleIds()].includes(join(root, 'src/khountous.ts')))
        throw new Error('src/khountous.ts no longer imports boot/bundled.ts: the script tag has no delivery');
    },
  };
}

/** One build of `common` into dist/ (its other files kept): `build` its lib and rolldownOptions, with `plugins` added. */
const buildIntoDist = (build_, plugins = []) =>
  build({
    ...common,
    plugins: [...common.plugins, ...plugins],
    build: { ...common.build, outDir: dist, emptyOutDir: false, ...build_ },
  });

/**
 * Step 1 of buildScriptTag, the one graph (the script, its elements, their chunks, the embed
 * page's script), into `outDir` (dist/; a folder of its own for scripts/build/core-shares.mjs,
 * which builds it with `plugins` that leave widgets out), the module graph still a placeholder.
 */
export async function buildGraph(elements, { outDir = dist, plugins = [] } = {}) {
  await build({
    ...common,
    plugins: [...common.plugins, servedDelivery(), ...plugins],
    logLevel: outDir === dist ? common.logLevel : 'warn',
    build: {
      ...common.build,
      outDir,
      emptyOutDir: false,
      lib: {
        entry: { khountous: join(root, 'src/khountous.ts'), embed: join(root, 'src/embed/main.ts') },
        formats: ['es'],
      },
      rolldownOptions: {
        preserveEntrySignatures: 'allow-extension',
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: chunkFileNames(elements),
          // The script's static graph (the `$initial` modules of its entry) in the script
          // itself, the embed page's own modules left in its script; what the elements share
          // in one chunk (inShared).
          codeSplitting: {
            groups: [
              { name: 'khountous', tags: ['$initial'], test: (id) => !inSrc(id, 'embed/') },
              // The bundler's own helpers (a module's namespace for import()): in the script, one
              // file fewer for the loader and the elements that use them.
              { name: 'khountous', test: (id) => /rolldown[/:]runtime/.test(id) },
              // The rest of the loader, which the script imports with its first requests under way.
              { name: 'loader', test: inLoader },
              // Before the shared chunk, which would take them in as the base element's imports.
              { name: 'text', test: inPaintShared },
              { name: 'shared', test: inShared },
            ],
          },
          minify: true,
          comments: false,
        },
      },
    },
  });
  const core = join(outDir, CORE);
  if (staticSpecifiers(readFileSync(core, 'utf8')).length > 0)
    throw new Error(`${relative(root, core)} imports a module: it must be one file`);
  for (const name of Object.keys(elements))
    if (!existsSync(join(outDir, `${name}.js`)))
      throw new Error(`${relative(root, outDir)}/${name}.js was not written`);
}

/** The embed page's script, which imports the script by its name (the page preloads it). */
const EMBED_SCRIPT = 'embed.js';

/**
 * Step 2 of buildScriptTag: the files linked to the script through the page, then each module's graph (every file it imports statically,
 * transitively, but the script itself) with the integrity of every file, written into the
 * script of `dir` (dist/, or core-shares.mjs's folder). Returns the graph's literal as the
 * script holds it (bench/bytes.mjs measures it).
 */
export function writeScriptGraph(elements, dir = dist) {
  // The other files read the script's namespace from the page, not the script by its name
  // (core-link.mjs); the embed page's script, an entry the page preloads the script for, keeps
  // its import.
  linkCore(dir, { keep: [EMBED_SCRIPT] });
  const modules = { hydrate: 'hydrate.js', paint: 'paint.js', loads: 'loader.js' };
  for (const name of Object.keys(elements)) modules[name.replace(/^elements\//, '')] = `${name}.js`;
  return writePreloadGraph(modules, [CORE], { except: [CORE], integrity: true, dir });
}

/**
 * Every file of dist/ but integrity.json: the script tag (src/khountous.ts, the npm build's
 * entry, with the script tag's delivery), the modules it imports on demand (each element of
 * `elements`, from context.mjs elementEntries; the hydrate support; the text paint) with the
 * chunks they share, the embed page and its script, the resize snippet.
 */
export async function buildScriptTag(elements) {
  // 1. One graph: the script tag and the embed page's script are its entries, and every other
  //    module is imported by the script on demand. What the script imports statically (the
  //    loader, the widgets' descriptors, the early start: the kit's core) is in khountous.js
  //    itself, which the other modules import it from: the first API requests leave after one
  //    round trip, sent by the loader, and no module of the core comes twice. The embed page's
  //    script imports the script (its widget then loads as any other).
  await buildGraph(elements);

  await writeEmbedPage();

  // 2. Written into the script: each module's graph (every file it imports statically,
  //    transitively, but the script itself) with the integrity of every file, which the
  //    script announces with <link rel="modulepreload"> before the import (its own hash thus
  //    vouches for them). dist/autoloader.js, the name earlier versions documented, is a copy
  //    of it: the other files reach the script through the page (core-link.mjs), so either name
  //    sends its first requests after one file, and loads the same elements.
  writeScriptGraph(elements);
  copyFileSync(join(dist, CORE), join(dist, 'autoloader.js'));

  // 3. The host's resize snippet: a classic script, no module needed.
  await buildIntoDist({
    lib: {
      entry: join(root, 'src/embed/resize-host.ts'),
      formats: ['iife'],
      name: 'khountousEmbedResize',
      fileName: () => 'embed-resize.js',
    },
    rolldownOptions: { output: { minify: true, comments: false } },
  });
}
