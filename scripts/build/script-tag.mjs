// dist/, the script-tag build: the elements and their shared chunks in one graph,
// the script tag and the embed page's script each in one file with the module
// graph written into it, and the host's resize snippet.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'vite';
import { minifyLiteralsPlugin } from './minify-literals.mjs';
import { staticSpecifiers } from './npm.mjs';
import { closure } from './size-entries.mjs';
import { dist, pkg, quiet, root, sri } from './context.mjs';
import { writeEmbedPage } from './embed-page.mjs';

/** Stands for the module graph in the built files until writePreloadGraph replaces it. */
const PRELOAD_PLACEHOLDER = '@@khountous-preload-graph@@';

/**
 * For each module of `modules` (name -> file under dist/: `khountous-ranking`
 * -> `elements/khountous-ranking.js`), every file it imports statically,
 * transitively, by index into one list of paths relative to dist/ (files of
 * `except` left out); with `integrity`, each file's SRI hash too. Written in
 * place of the placeholder in each of `files` (which sit in dist/).
 */
function writePreloadGraph(modules, files, { except = [], integrity = false } = {}) {
  const paths = [];
  const tags = {};
  const left = new Set(except.map((file) => join(dist, file)));
  for (const [name, file] of Object.entries(modules)) {
    tags[name] = closure(join(dist, file))
      .filter((path) => !left.has(path))
      .map((path) => {
        const relativePath = `./${relative(dist, path).split('\\').join('/')}`;
        if (!paths.includes(relativePath)) paths.push(relativePath);
        return paths.indexOf(relativePath);
      });
  }
  const graph = { files: paths, tags };
  // sha256, the shortest hash SRI takes: the hashes are most of the graph's bytes, which the
  // starter carries (integrity.json keeps sha384 for every file).
  if (integrity) graph.integrity = paths.map((path) => sri(join(dist, path), 'sha256'));
  const literal = JSON.stringify(JSON.stringify(graph));
  const placeholder = new RegExp(`(["'\`])${PRELOAD_PLACEHOLDER}\\1`, 'g');
  for (const file of files) {
    const path = join(dist, file);
    const code = readFileSync(path, 'utf8');
    const written = code.replace(placeholder, () => literal);
    if (written === code) throw new Error(`dist/${file}: the module graph's placeholder was not found`);
    writeFileSync(path, written);
  }
}

/**
 * The text paint's own copy in bytes of the modules it imports (the kit's
 * bounds in core/types.ts, the bounded read in core/bounded.ts): a module in
 * the shared chunk would make paint.js import that whole chunk (the bundler
 * keeps a chunk's import even where it inlines every constant). Here each
 * module of the paint's graph gets another id (`?paint`), which only the paint
 * imports, so they are bundled into paint.js; the sources stay one file each.
 */
const paintGraph = {
  name: 'khountous-paint-graph',
  enforce: 'pre',
  async resolveId(source, importer) {
    if (!importer || !source.startsWith('.')) return undefined;
    if (!/[\\/]src[\\/]boot[\\/]paint\.ts$/.test(importer) && !importer.endsWith('?paint')) return undefined;
    const resolved = await this.resolve(source, importer.replace(/\?paint$/, ''), { skipSelf: true });
    return resolved && `${resolved.id}?paint`;
  },
};

/** Lit's hydrate support, which only boot/hydrate.ts imports: for pages a server rendered. */
const HYDRATE_MODULES =
  /[\\/]node_modules[\\/](@lit-labs[\\/]ssr-client[\\/]|lit-html[\\/](development[\\/])?(experimental-hydrate|private-ssr-support|directive-helpers)\.js)/;

/** Modules of src/ that each come on their own, after the first data or on demand. */
const OWN_FILES = [
  // The sentences of attribute problems: imported with the first problem.
  'attributes/messages.ts',
  'i18n/attributes.ts',
  // The public exports, which import every element.
  'index.ts',
  // Lit's hydrate support; the starter's text paint.
  'boot/hydrate.ts',
  'boot/paint.ts',
];

/**
 * The one chunk every element's graph holds (chunks/shared.js): the modules of
 * node_modules and src/ that are no element's own code, except those that come
 * on their own. An element's own code is src/components/<name>/ but its
 * descriptor (widget.ts, which the early start reads), and src/graphics/. The text paint's graph
 * (`?paint` ids) goes into paint.js alone.
 */
function inSharedChunk(id) {
  const path = id.replaceAll('\\', '/');
  if (path.endsWith('?paint')) return false;
  if (path.includes('/node_modules/')) return !HYDRATE_MODULES.test(id);
  const inSrc = path.indexOf('/src/');
  if (inSrc < 0) return false;
  const file = path.slice(inSrc + '/src/'.length);
  if (file.startsWith('components/')) return file.endsWith('/widget.ts');
  // What some elements share and others never need (the regional indicators of the
  // chart and the map): a chunk of its own, loaded with the first element that imports it.
  if (file.startsWith('graphics/')) return false;
  return !OWN_FILES.includes(file);
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
  plugins: [minifyLiteralsPlugin(), paintGraph],
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
 * Every file of dist/ but integrity.json: the elements (`elements`, from
 * context.mjs elementEntries) with the modules they share, the script tag, the
 * embed page and its script, the resize snippet.
 */
export async function buildScriptTag(elements) {
  // 1. Modules with shared chunks: per-element entries, index, the hydrate support and
  //    the text paint, in one graph, so that the script tag and the embed page load the
  //    same files.
  await buildIntoDist({
    lib: {
      entry: {
        ...elements,
        index: join(root, 'src/index.ts'),
        // Lit's hydrate support, which the starter loads first on a page a server rendered.
        hydrate: join(root, 'src/boot/hydrate.ts'),
        // The text paint, which the starter loads with its first request (no import).
        paint: join(root, 'src/boot/paint.ts'),
      },
      formats: ['es'],
    },
    rolldownOptions: {
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        // The data layer and every element's plan in one chunk, which the early start
        // and each element share; what the embed page also needs before its widget
        // (language, base URL, the types' constants) in a small one of its own, so
        // that the embed page does not load the data layer before the widget.
        advancedChunks: {
          groups: [
            {
              name: 'shared',
              test: inSharedChunk,
            },
          ],
        },
        minify: true,
        comments: false,
      },
    },
  });

  // The module graph of each element (and of the autoloader's early start), written into
  // the files that import elements on demand (they announce it with
  // <link rel="modulepreload"> before the import).
  const modules = {};
  for (const name of Object.keys(elements)) modules[name.replace(/^elements\//, '')] = `${name}.js`;

  await writeEmbedPage();

  // 2. The script tag: src/khountous.ts, the npm build's entry, with the script tag's delivery
  //    (boot/served.ts in place of boot/bundled.ts), in one file with no static import (the first
  //    API requests leave after one round trip), which imports each element's module by its URL; written
  //    into it, each element's module graph with the integrity of every file (the starter's
  //    own hash thus vouches for them). dist/autoloader.js is the same file.
  //    The embed page's script likewise (src/embed/main.ts -> embed.js): its widget's request
  //    from the page's head, then the files of that one element (same origin, under the page's
  //    CSP: no integrity to carry).
  for (const [name, entry] of [
    ['khountous', 'src/khountous.ts'],
    ['embed', 'src/embed/main.ts'],
  ]) {
    await buildIntoDist(
      {
        lib: { entry: { [name]: join(root, entry) }, formats: ['es'] },
        rolldownOptions: {
          output: { entryFileNames: '[name].js', codeSplitting: false, minify: true, comments: false },
        },
      },
      [servedDelivery()],
    );
    if (staticSpecifiers(readFileSync(join(dist, `${name}.js`), 'utf8')).length > 0)
      throw new Error(`dist/${name}.js imports a module: it must be one file`);
  }
  writePreloadGraph({ ...modules, hydrate: 'hydrate.js', paint: 'paint.js' }, ['khountous.js'], {
    integrity: true,
  });
  writePreloadGraph({ ...modules, paint: 'paint.js' }, ['embed.js']);
  copyFileSync(join(dist, 'khountous.js'), join(dist, 'autoloader.js'));

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
