/**
 * No import cycle in src/: following the modules' imports (those that load code; `import
 * type` loads none) never leads back to where it started. A cycle makes the order in which
 * modules run depend on which is imported first, and a bundler must then keep them in one
 * chunk. Type-checked by TypeScript's own parser.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '../..');
const src = join(root, 'src');

/** Every TypeScript module of src/ (declarations aside). */
const modules = (readdirSync(src, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .map((file) => join(src, file));

/** The modules of src/ that `file` imports or re-exports for their code. */
function codeImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const found: string[] = [];
  const add = (specifier: ts.Expression | undefined) => {
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return;
    found.push(resolve(dirname(file), specifier.text.replace(/\.js$/, '.ts')));
  };
  for (const statement of source.statements) {
    // Only `import type` and `export type` load nothing: under verbatimModuleSyntax (tsconfig.json),
    // `import { type A } from` is kept as `import {} from`, which runs the module.
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly)
      add(statement.moduleSpecifier);
    else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) add(statement.moduleSpecifier);
  }
  return found;
}

/** The cycles of a graph, each once, as the list of its modules from its first. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push(path.slice(path.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle where there is one, and only the modules in it', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    assert.deepEqual(cyclesOf(graph), [['a', 'b', 'c']]);
    assert.deepEqual(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
      [],
    );
  });

  it('counts imports that load code, not `import type` ones', () => {
    const file = join(src, 'x.ts');
    const text = [
      "import type { A } from './a.js';",
      "import { type B, type C } from './b.js';",
      "import { d, type D } from './d.js';",
      "import './e.js';",
      "export { f } from './f.js';",
      "export type { G } from './g.js';",
      "import { h } from 'lit';",
    ].join('\n');
    assert.deepEqual(
      codeImports(file, text).map((path) => relative(src, path)),
      ['b.ts', 'd.ts', 'e.ts', 'f.ts'],
    );
  });

  it('src/ has none', () => {
    const graph = new Map(
      modules.map((file) => [file, codeImports(file, readFileSync(file, 'utf8'))] as const),
    );
    const cycles = cyclesOf(graph).map((cycle) => cycle.map((file) => relative(root, file)).join(' → '));
    assert.deepEqual(cycles, []);
  });
});
