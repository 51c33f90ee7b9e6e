// Makes custom-elements.json describe what the package ships (a plugin of
// custom-elements-manifest.config.mjs). The analyzer reads src/*.ts and writes
// their paths, and its references to other modules as the source spells them
// ('./core/errors.js', '/src/element/list-element.js'), some to type-only names
// it does not declare; the element definitions go through one generic helper
// (boot/define.ts), which it records as one definition named `tag`. Here:
//
// - only the modules the npm build ships are kept (those reachable by import from the
//   package's entries), each under its path in lib/ (`src/core/cache.ts` ->
//   `lib/core/cache.js`; an element's define.ts is the module
//   `lib/elements/khountous-<name>.js`);
// - every reference to a module is resolved to the module that declares the name
//   (`CustomEvent`, `Error`, `HTMLElement` are globals); an export of a name declared
//   nowhere (a type) is dropped, since a manifest describes what runs;
// - each element module gets its `custom-element-definition` export, the tag with
//   its class, in place of the generic helper's.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const GLOBALS = new Set(['CustomEvent', 'Error', 'Event', 'HTMLElement', 'TypeError']);

/** The package's entries in the npm build (scripts/build/build.mjs builds the same). */
export const NPM_ENTRIES = ['src/index.ts', 'src/khountous.ts', 'src/ssr/render.ts', 'src/ssr/cli.ts'];

/** src/components/<name>/define.ts -> lib/elements/khountous-<name>.js; src/x.ts -> lib/x.js. */
export function shippedPath(source) {
  const element = /^src\/components\/([^/]+)\/define\.ts$/.exec(source);
  if (element) return `lib/elements/khountous-${element[1]}.js`;
  return source.replace(/^src\//, 'lib/').replace(/\.ts$/, '.js');
}

/** The source files (relative to the root) reachable from `entries` by value imports. */
export function reachable(entries) {
  const seen = new Set();
  const todo = [...entries];
  while (todo.length > 0) {
    const file = todo.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(root, file), 'utf8');
    const specifiers = [
      ...[...code.matchAll(/^\s*(?:import|export)(?!\s+type\b)[^'"]*?\sfrom\s+['"](\.[^'"]+)['"]/gm)].map(
        (m) => m[1],
      ),
      ...[...code.matchAll(/^\s*import\s+['"](\.[^'"]+)['"]/gm)].map((m) => m[1]),
      ...[...code.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map((m) => m[1]),
    ];
    for (const specifier of specifiers) {
      const target = normalize(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
      if (existsSync(join(root, target))) todo.push(target);
    }
    // import.meta.glob('./components/*/define.ts'): every element.
    if (/import\.meta\.glob\(/.test(code)) todo.push(...elementDefines());
  }
  return seen;
}

function elementDefines() {
  const catalogs = readFileSync(join(root, 'src/registry.ts'), 'utf8');
  return [...catalogs.matchAll(/from '\.\/components\/([^/]+)\/widget\.js'/g)].map(
    (m) => `src/components/${m[1]}/define.ts`,
  );
}

/** Rewrites `manifest` in place (see above). */
export function shippedManifest(manifest) {
  const shipped = reachable([...NPM_ENTRIES, ...elementDefines()]);
  manifest.modules = manifest.modules.filter((module) => shipped.has(module.path));
  const declaredIn = new Map();
  for (const module of manifest.modules) {
    for (const declaration of module.declarations ?? []) {
      if (!declaredIn.has(declaration.name)) declaredIn.set(declaration.name, module.path);
    }
  }
  const modulePaths = new Set(manifest.modules.map((module) => module.path));

  /** The source path a reference made from `from` names, or undefined. */
  const sourceOf = (reference, from) => {
    const spelled = reference.module;
    let path;
    if (spelled.startsWith('../') || spelled.startsWith('../../'))
      path = normalize(join(dirname(from), spelled));
    else path = spelled.replace(/^\//, '');
    path = path.replace(/\.js$/, '.ts');
    return modulePaths.has(path) ? path : undefined;
  };
  const declares = (path, name) =>
    manifest.modules.find((module) => module.path === path)?.declarations?.some((d) => d.name === name);

  /** The reference resolved, or null when it names nothing that runs. */
  const resolve = (reference, from) => {
    if (reference.package) return reference;
    if (reference.name === '*') {
      const path = sourceOf(reference, from);
      return path ? { name: '*', module: shippedPath(path) } : null;
    }
    const path = sourceOf(reference, from);
    if (path && declares(path, reference.name)) return { name: reference.name, module: shippedPath(path) };
    const home = declaredIn.get(reference.name);
    if (home) return { name: reference.name, module: shippedPath(home) };
    if (GLOBALS.has(reference.name)) return { name: reference.name, package: 'global:' };
    return null;
  };

  /** Resolves every `{ name, module }` below `node`; returns false when `node` itself must go. */
  const walk = (node, from) => {
    if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index -= 1) {
        if (!walk(node[index], from)) node.splice(index, 1);
      }
      return true;
    }
    if (node === null || typeof node !== 'object') return true;
    for (const [key, value] of Object.entries(node)) {
      if (
        value &&
        typeof value === 'object' &&
        !Array.isArray(value) &&
        typeof value.name === 'string' &&
        typeof value.module === 'string'
      ) {
        const resolved = resolve(value, from);
        if (resolved) node[key] = resolved;
        else if (key === 'declaration' || key === 'superclass') return false;
        else delete node[key];
      } else if (!walk(value, from)) {
        delete node[key];
      }
    }
    return true;
  };

  for (const module of manifest.modules) {
    const from = module.path;
    module.exports = (module.exports ?? []).filter((entry) => entry.kind !== 'custom-element-definition');
    walk(module.declarations ?? [], from);
    walk(module.exports, from);
  }
  // One definition per tag, exported by the element's module.
  for (const module of manifest.modules) {
    for (const declaration of module.declarations ?? []) {
      if (!declaration.tagName) continue;
      const define = join(dirname(module.path), 'define.ts');
      const target = manifest.modules.find((candidate) => candidate.path === define);
      if (!target) throw new Error(`${declaration.tagName}: no ${define} registers it`);
      target.exports.push({
        kind: 'custom-element-definition',
        name: declaration.tagName,
        declaration: { name: declaration.name, module: shippedPath(module.path) },
      });
    }
  }
  for (const module of manifest.modules) module.path = shippedPath(module.path);
  manifest.modules.sort((a, b) => a.path.localeCompare(b.path));
  return manifest;
}
