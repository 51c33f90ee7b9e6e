#!/usr/bin/env node
// `npm run build`: writes the package's two builds from one source, each for its
// users, then prints the size of each script-tag entry.
//
// lib/: the npm build, for bundlers and servers (package.json "exports"). One ES module
// per source module (src/x.ts -> lib/x.js, its source map and declarations beside it),
// importing lit and @lit/task by bare specifier: an app's bundler resolves
// the graph and shares Lit with the app. Not minified (but for the template literals, whose strings match dist/'s), no preload graph.
//   lib/index.js                      the public exports (defines nothing)
//   lib/khountous.js                  the kit's entry (src/khountous.ts, boot/bundled.ts): registers each element
//                                     when its tag is first seen in the page, after starting its API request
//                                     (khountous-widgets/autoloader.js, the name earlier versions documented, is it too)
//   lib/elements/khountous-<name>.js  one element: src/components/<name>/define.ts
//   lib/ssr/render.js                 renderWidget (khountous-widgets/ssr), for Node: a widget with its data
//   lib/ssr/cli.js                    `npx khountous-widgets render <files…>`: the widgets of built HTML files rendered
//   lib/react.d.ts, lib/vue.d.ts      React 19 JSX and Vue 3 template typings (scripts/generate/framework-types.mjs),
//                                     with empty lib/react.js and lib/vue.js for value imports
//
// dist/: the script-tag build, for pages without a bundler (a CDN or a copy on the site):
// bundled with Lit in production mode, minified.
//   dist/khountous.js                 the script tag: the kit's entry (src/khountous.ts, with boot/served.ts
//                                     for boot/bundled.ts) in one file, that finds the
//                                     kit's tags in the page, sends their API requests (no Lit, no loader),
//                                     announces their elements' files with modulepreload and integrity, and
//                                     imports dist/elements/khountous-<name>.js per tag, when it appears
//   dist/autoloader.js                the same file, under the name earlier versions documented
//   dist/elements/khountous-<name>.js one module per element: its own chunk, and dist/chunks/shared-<hash>.js
//                                     (Lit, the base element, the data layer), which every element shares
//   dist/index.js                     the public exports, bundled (the benches' pages use it)
//   dist/embed.html, embed.js         one widget chosen by URL parameters, for iframes (its CSP in a <meta>);
//                                     embed.js sends its request, then imports that one element's module
//   dist/embed-resize.js              the optional host snippet that sizes those iframes
//   dist/integrity.json               SRI hash (sha384) of every file of dist/
//
// build/khountous-widgets-wordpress.zip: the WordPress plugin (wordpress/khountous-widgets/)
// with the script-tag build inside (kit/), ready for Plugins > Add New > Upload; not in
// the npm package.
//
// `custom-elements.json` is regenerated first, so the manifest the package ships and the
// README's attribute tables describe the code built.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { tsImport } from 'tsx/esm/api';
import { build, parseAst } from 'vite';
import { embedApiOrigins, withApiOrigins } from './embed-origins.mjs';
import { minifyLiteralsPlugin } from './minify-literals.mjs';
import { writeFrameworkTypes } from '../generate/framework-types.mjs';
import { closure, entrySizes, formatSizeTable } from './size-entries.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist');
const lib = join(root, 'lib');
const artefacts = join(root, 'build');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const quiet = process.argv.includes('--quiet');
/**
 * `--if-missing` (`npm start` runs it first): build only when dist/ has no integrity.json, so
 * that a fresh clone's demo gives the embed builder the SRI hashes of a build for its snippets.
 */
if (process.argv.includes('--if-missing') && existsSync(join(dist, 'integrity.json'))) process.exit(0);

/** Elements: every src/components/<name>/define.ts, found anew at each build. */
function elementEntries() {
  const components = join(root, 'src/components');
  const entries = {};
  for (const name of readdirSync(components).sort()) {
    const define = join(components, name, 'define.ts');
    if (existsSync(define)) entries[`elements/khountous-${name}`] = define;
  }
  return entries;
}

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
  // The loader's later features (later.ts and what only it imports).
  'core/loader/later.ts',
  'core/loader/channel.ts',
  'core/loader/recovery.ts',
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
 * descriptor (widget.ts, which the early start reads). The text paint's graph
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

function run(label, command, args) {
  if (!quiet) console.log(`\n\u25b6 ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: quiet ? 'pipe' : 'inherit' });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(result.stderr ?? '');
    throw new Error(`${label} failed`);
  }
}

/** The npm build's runtime dependencies, imported by bare specifier (package.json "dependencies"). */
const BARE = new RegExp(
  `^(${[...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies ?? {})]
    .map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('|')})(/|$)`,
);

/**
 * lib/: one module per source module, the dependencies left as bare imports, with
 * source maps that carry their sources. No preload graph (bundlers resolve the
 * graph) and no minification (an app's bundler minifies what it keeps).
 */
async function buildNpm(elements) {
  await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: quiet ? 'warn' : 'info',
    define: {
      __KHOUNTOUS_VERSION__: JSON.stringify(pkg.version),
    },
    plugins: [
      // The same html`…` and css`…` literals as dist/'s: a server's render (renderWidget, from lib/)
      // hydrates in the browser only with templates of the same strings, whichever build defines
      // the elements there (an app's bundle of lib/, or the script tag).
      minifyLiteralsPlugin(),
    ],
    build: {
      target: 'es2022',
      minify: false,
      sourcemap: true,
      reportCompressedSize: false,
      copyPublicDir: false,
      outDir: lib,
      emptyOutDir: false,
      lib: {
        entry: {
          ...elements,
          index: join(root, 'src/index.ts'),
          khountous: join(root, 'src/khountous.ts'),
          // khountous-widgets/ssr: renderWidget, for Node.
          'ssr/render': join(root, 'src/ssr/render.ts'),
          // `npx khountous-widgets render <files…>` (package.json "bin").
          'ssr/cli': join(root, 'src/ssr/cli.ts'),
        },
        formats: ['es'],
      },
      rolldownOptions: {
        // Node's built-in modules too: only khountous-widgets/ssr (Node) imports them.
        external: (id) => BARE.test(id) || id.startsWith('node:'),
        output: {
          preserveModules: true,
          preserveModulesRoot: join(root, 'src'),
          entryFileNames: '[name].js',
        },
      },
    },
  });
  for (const file of listFiles(lib)) {
    if (!file.endsWith('.js')) continue;
    for (const source of staticSpecifiers(readFileSync(file, 'utf8'))) {
      if (source.startsWith('.') || (source.startsWith('node:') && /[\\/]ssr[\\/]/.test(file))) continue;
      if (!BARE.test(source))
        throw new Error(`${relative(root, file)} imports ${source}, which is not a dependency`);
    }
  }
}

/** Every specifier a module imports, statically or with import(). */
function staticSpecifiers(code) {
  const found = [];
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    if (
      (node.type === 'ImportDeclaration' ||
        node.type === 'ExportAllDeclaration' ||
        node.type === 'ExportNamedDeclaration' ||
        node.type === 'ImportExpression') &&
      typeof node.source?.value === 'string'
    )
      found.push(node.source.value);
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
  };
  visit(parseAst(code).body);
  return found;
}

async function main() {
  for (const dir of [dist, lib, artefacts]) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });

  run('src/registry.ts and src/catalog.ts (scripts/generate/widgets.mjs)', 'node', ['scripts/generate/widgets.mjs']);
  run('custom-elements.json (cem analyze)', 'npx', ['cem', 'analyze', '--quiet']);

  // 1. Modules with shared chunks: per-element entries, index, autoloader and
  //    the embed page's script, in one graph, so that the autoloader and the
  //    embed page load the very files npm users import.
  const elements = elementEntries();
  if (Object.keys(elements).length === 0) throw new Error('no src/components/*/define.ts found');

  // 0. The npm build.
  await buildNpm(elements);

  await build({
    ...common,
    build: {
      ...common.build,
      outDir: dist,
      emptyOutDir: false,
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
    },
  });

  // The module graph of each element (and of the autoloader's early start), written into
  // the files that import elements on demand (they announce it with
  // <link rel="modulepreload"> before the import).
  const modules = {};
  for (const name of Object.keys(elements)) modules[name.replace(/^elements\//, '')] = `${name}.js`;

  // The embed page: demo/embed.html (what `npm start` serves) with the built script.
  const page = readFileSync(join(root, 'demo/embed.html'), 'utf8');
  const withScript = page.replace('src="./embed.ts"', 'src="./embed.js"');
  if (withScript === page) throw new Error('demo/embed.html no longer loads ./embed.ts');
  const apiOrigins = embedApiOrigins(process.env);
  const builtPage = withScript.replace(
    '<meta charset="utf-8" />',
    `<meta charset="utf-8" />\n    <meta http-equiv="Content-Security-Policy" content="${await embedPolicy(apiOrigins)}" />`,
  );
  if (builtPage === withScript) throw new Error('demo/embed.html has no <meta charset="utf-8" />');
  writeFileSync(join(dist, 'embed.html'), withApiOrigins(builtPage, apiOrigins));
  copyFileSync(join(root, 'demo/embed.css'), join(dist, 'embed.css'));

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
    await build({
      ...common,
      plugins: [...(common.plugins ?? []), servedDelivery()],
      build: {
        ...common.build,
        outDir: dist,
        emptyOutDir: false,
        lib: { entry: { [name]: join(root, entry) }, formats: ['es'] },
        rolldownOptions: {
          output: { entryFileNames: '[name].js', codeSplitting: false, minify: true, comments: false },
        },
      },
    });
    if (staticSpecifiers(readFileSync(join(dist, `${name}.js`), 'utf8')).length > 0)
      throw new Error(`dist/${name}.js imports a module: it must be one file`);
  }
  writePreloadGraph({ ...modules, hydrate: 'hydrate.js', paint: 'paint.js' }, ['khountous.js'], {
    integrity: true,
  });
  writePreloadGraph({ ...modules, paint: 'paint.js' }, ['embed.js']);
  copyFileSync(join(dist, 'khountous.js'), join(dist, 'autoloader.js'));

  // 3. The host's resize snippet: a classic script, no module needed.
  await build({
    ...common,
    build: {
      ...common.build,
      outDir: dist,
      emptyOutDir: false,
      lib: {
        entry: join(root, 'src/embed/resize-host.ts'),
        formats: ['iife'],
        name: 'khountousEmbedResize',
        fileName: () => 'embed-resize.js',
      },
      rolldownOptions: { output: { minify: true, comments: false } },
    },
  });

  // 4. Type declarations for npm users, beside lib/'s modules, and one per element module
  //    (whose code is its define.ts).
  run('type declarations (tsc)', 'npx', ['tsc', '-p', 'tsconfig.build.json']);
  for (const [name, source] of Object.entries(elements)) {
    const types = relative(join(lib, dirname(name)), join(lib, relative(join(root, 'src'), source)));
    const specifier = types.replace(/\.ts$/, '.js');
    writeFileSync(join(lib, `${name}.d.ts`), `export * from '${specifier}';\n`);
  }
  pruneDeclarations();
  // JSX (React 19) and Vue 3 template typings, from the descriptors: lib/react.d.ts, lib/vue.d.ts,
  // and a module for each, so that a value import (`import 'khountous-widgets/react'`) resolves.
  writeFrameworkTypes(lib, { typesImport: './index.js' });
  for (const framework of ['react', 'vue']) {
    writeFileSync(
      join(lib, `${framework}.js`),
      `// Typings only (${framework}.d.ts): importing this module does nothing.\nexport {};\n`,
    );
  }

  // 5. Subresource Integrity of every file a browser may load.
  const integrity = {};
  for (const file of listFiles(dist)) {
    const path = relative(dist, file).split('\\').join('/');
    if (path.endsWith('.d.ts') || path === 'integrity.json') continue;
    integrity[path] = sri(file);
  }
  writeFileSync(join(dist, 'integrity.json'), `${JSON.stringify(integrity, null, 2)}\n`);

  // 6. The WordPress plugin: its generated files (scripts/generate/wordpress.ts), then
  //    its zip with the kit's browser files inside.
  run('WordPress plugin (scripts/generate/wordpress.ts)', 'npx', ['tsx', 'scripts/generate/wordpress.ts']);
  mkdirSync(artefacts, { recursive: true });
  writeFileSync(join(artefacts, 'khountous-widgets-wordpress.zip'), pluginZip());

  // 7. The figures.
  const sizes = entrySizes(dist);
  console.log(`\nkhountous widgets ${pkg.version}: sizes of each entry with everything it imports\n`);
  console.log(formatSizeTable(sizes));
}

/**
 * The embed page's Content-Security-Policy, in a <meta> so that it holds
 * wherever the page is served: scripts and styles from the page's origin only
 * (no inline ones), and connections only to that origin, the kit's default
 * API and `apiOrigins` (KHOUNTOUS_EMBED_API_ORIGINS): the origins the page
 * accepts for `base-url`, so that a `base-url` that slipped past the page's
 * check would still fetch nothing.
 */
async function embedPolicy(apiOrigins) {
  // The kit's own constant, imported from its source (tsx runs the TypeScript).
  const { DEFAULT_BASE_URL } = await tsImport('../../src/widget/base-url.ts', import.meta.url);
  const api = new URL(DEFAULT_BASE_URL).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${[api, ...apiOrigins.filter((origin) => origin !== api)].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The plugin's zip: khountous-widgets/ (the plugin's files) and
 * khountous-widgets/kit/ (what a browser loads from dist/, with integrity.json),
 * with fixed dates, so that one tree gives one zip.
 */
function pluginZip() {
  const plugin = join(root, 'wordpress', 'khountous-widgets');
  const files = {};
  const mtime = new Date('2000-01-01T00:00:00Z');
  for (const file of listFiles(plugin)) {
    files[`khountous-widgets/${relative(plugin, file).split('\\').join('/')}`] = [
      readFileSync(file),
      { mtime },
    ];
  }
  for (const file of listFiles(dist)) {
    const path = relative(dist, file).split('\\').join('/');
    files[`khountous-widgets/kit/${path}`] = [readFileSync(file), { mtime }];
  }
  return zipSync(files, { level: 9 });
}

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

/**
 * tsc declares every module of src/; lib/ keeps the declarations that the entries'
 * declarations reach (through their imports and exports), beside the modules shipped.
 */
function pruneDeclarations() {
  const declarations = listFiles(lib).filter((file) => file.endsWith('.d.ts'));
  const entries = declarations.filter((file) => {
    const path = relative(lib, file);
    return /^(index|khountous|react|vue)\.d\.ts$|^elements\//.test(path);
  });
  const kept = new Set();
  const todo = [...entries];
  while (todo.length > 0) {
    const file = todo.pop();
    if (kept.has(file)) continue;
    kept.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/(?:from\s*|import\(\s*)['"](\.[^'"]+)['"]/g)) {
      const target = join(dirname(file), match[1].replace(/\.js$/, '.d.ts'));
      if (existsSync(target)) todo.push(target);
    }
  }
  for (const file of declarations) {
    const module = file.replace(/\.d\.ts$/, '.js');
    if (!kept.has(file) && !existsSync(module)) rmSync(file);
  }
}

/** The Subresource Integrity hash of a file. */
function sri(file, algorithm = 'sha384') {
  return `${algorithm}-${createHash(algorithm).update(readFileSync(file)).digest('base64')}`;
}

function listFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(path, out);
    else out.push(path);
  }
  return out.sort();
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
