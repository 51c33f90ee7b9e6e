// How the script tag's other files reach its core: through the page, not by the script's name.
//
// The bundler writes each module of dist/ that needs the core (an element, a chunk, the rest of
// the loader) with `import {…} from "../khountous.js"`. A page that loads the script under
// another name (dist/autoloader.js, the name earlier versions documented) would then make the
// browser fetch khountous.js as a second module: either a second copy of the kit, or, with
// autoloader.js re-exporting khountous.js, one more round trip before the first request.
//
// So the script publishes its own module namespace under a key of this build, once it has run
// (`globalThis[Symbol.for(key)] ??= <the namespace>`, taken with `import(import.meta.url)`: the
// module already evaluated, nothing fetched), and each of those imports becomes a plain read of
// it (`const {…} = globalThis[Symbol.for(key)]`). The other files are imported by the script
// only, and each of its imports waits for the namespace to be published, so it is there when
// they run. No file awaits at its top level: WebKit, given several modules that await and
// share chunks, at times never evaluates one of them (an element then never defined).
// dist/autoloader.js is then a copy of the script, byte for byte: whichever name the page uses,
// its first requests leave as early, and the elements it loads are the same files. A page that
// imports a file of dist/ itself does so after the script has published its namespace.
//
// A read takes the exports' values once, where an import binds them live: the step fails the
// build if the script ever assigns one of its exports after its declaration.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { analyze } from 'eslint-scope';
import { parse } from 'espree';
import { listFiles, pkg, root } from './context.mjs';

/** The script, whose name the other files no longer import. */
export const CORE = 'khountous.js';

/** The script's promise of its published namespace, which its imports of other files wait for. */
const READY = '$khountousCore';

const parsed = (code) => parse(code, { ecmaVersion: 'latest', sourceType: 'module', range: true });

/** `code` with each [start, end) of `edits` replaced by its text. */
const edited = (code, edits) =>
  edits
    .sort((a, b) => b.start - a.start)
    .reduce(
      (text, { start, end, text: replacement }) => text.slice(0, start) + replacement + text.slice(end),
      code,
    );

/**
 * The names the script exports, checked to be bound once: a read of the namespace copies
 * each value, which is the same only while the script never assigns the export again.
 */
function exportsOf(code, file) {
  const ast = parsed(code);
  const exported = ast.body.filter((node) => node.type === 'ExportNamedDeclaration');
  if (exported.length !== 1 || exported[0].source || exported[0].declaration)
    throw new Error(`${file}: expected one export list at the end of the script`);
  const locals = new Set(exported[0].specifiers.map((specifier) => specifier.local.name));
  const scope = analyze(ast, { ecmaVersion: 2022, sourceType: 'module' }).globalScope.childScopes[0];
  for (const variable of scope.variables) {
    if (!locals.has(variable.name)) continue;
    const written = variable.references.filter((reference) => reference.isWrite() && !reference.init);
    if (written.length > 0)
      throw new Error(
        `${file}: its export ${variable.name} is assigned after its declaration; the files that read the script's namespace would keep its first value`,
      );
  }
  return exported[0].specifiers.map((specifier) => specifier.exported.name);
}

/**
 * Links the files of `dir` (dist/, or a build of its graph elsewhere) to the script through
 * the page: the script publishes its namespace, every other module's import of the script
 * becomes a read of it. `keep`: files left importing the script by name (an entry of its own
 * that the page loads beside it: the embed page's script, which the page preloads the script
 * for). Returns the key.
 */
export function linkCore(dir, { keep = [] } = {}) {
  const corePath = join(dir, CORE);
  const core = readFileSync(corePath, 'utf8');
  const names = new Set(exportsOf(core, relative(root, corePath)));
  // One key per version: another version's files read their own script.
  const key = JSON.stringify(`khountous@${pkg.version}`);
  const slot = `globalThis[Symbol.for(${key})]`;
  // The script's namespace is there once it has run: each of its own imports of another file
  // waits for it, so that file finds it when it runs. Taken in a later microtask, not while the
  // script is still running (a dynamic import of a module being evaluated).
  if (core.includes(READY)) throw new Error(`${relative(root, corePath)} already names ${READY}`);
  const waits = [];
  const find = (node) => {
    if (Array.isArray(node)) return node.forEach(find);
    if (!node || typeof node !== 'object') return;
    if (node.type === 'ImportExpression') {
      const [start, end] = node.range;
      waits.push({ start, end, text: `${READY}.then(()=>${core.slice(start, end)})` });
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') find(value);
  };
  find(parsed(core).body);
  writeFileSync(
    corePath,
    `var ${READY}=Promise.resolve().then(()=>import(import.meta.url)).then(n=>${slot}??=n);${edited(core, waits)}`,
  );
  for (const path of listFiles(dir)) {
    if (!path.endsWith('.js') || path === corePath || keep.includes(relative(dir, path))) continue;
    const code = readFileSync(path, 'utf8');
    const file = relative(root, path);
    const edits = [];
    const visit = (node) => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (!node || typeof node !== 'object') return;
      const source = node.source?.value;
      const ofCore = typeof source === 'string' && resolve(dirname(path), source) === corePath;
      if (ofCore && node.type !== 'ImportDeclaration')
        throw new Error(`${file}: ${node.type} of ${source}; only named imports of the script can be linked`);
      if (ofCore) {
        const pairs = node.specifiers.map((specifier) => {
          if (specifier.type !== 'ImportSpecifier')
            throw new Error(`${file}: ${specifier.type} of ${source}; only named imports can be linked`);
          const name = specifier.imported.name;
          if (!names.has(name)) throw new Error(`${file}: ${source} exports no ${name}`);
          return name === specifier.local.name ? name : `${name}:${specifier.local.name}`;
        });
        const [start, end] = node.range;
        edits.push({ start, end, text: `const{${pairs.join(',')}}=${slot};` });
        return;
      }
      for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
    };
    visit(parsed(code).body);
    if (edits.length > 0) writeFileSync(path, edited(code, edits));
  }
  return key;
}
