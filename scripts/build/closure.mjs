// An ES module with every file it imports statically, transitively: what a browser fetches
// before the module runs. The size checks (size-entries.mjs, page-sizes.mjs) and the
// script-tag build (script-tag.mjs) read a built file's graph with it.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseAst } from 'vite';

/** Relative files imported statically by one ES module. */
function staticImports(file) {
  const program = parseAst(readFileSync(file, 'utf8'));
  const found = [];
  for (const node of program.body) {
    const source =
      node.type === 'ImportDeclaration' ||
      node.type === 'ExportAllDeclaration' ||
      (node.type === 'ExportNamedDeclaration' && node.source)
        ? node.source.value
        : undefined;
    if (typeof source === 'string' && source.startsWith('.')) found.push(resolve(dirname(file), source));
  }
  return found;
}

/** The entry and every file it imports statically, transitively. */
export function closure(file) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const next of staticImports(path)) visit(next);
  };
  visit(file);
  return [...seen];
}
