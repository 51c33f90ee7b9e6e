// lib/, the npm build: one module per source module, its dependencies imported by
// bare specifier, source maps with their sources; then its type declarations.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build, parseAst } from 'vite';
import { writeFrameworkTypes } from '../generate/framework-types.mjs';
import { minifyLiteralsPlugin } from './minify-literals.mjs';
import { lib, listFiles, pkg, quiet, root, run } from './context.mjs';

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
export async function buildNpm(elements) {
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
export function staticSpecifiers(code) {
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

/**
 * Type declarations for npm users, beside lib/'s modules, and one per element module
 * (whose code is its define.ts); the React and Vue typings.
 */
export function writeDeclarations(elements) {
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
