/**
 * Vite's `import.meta.glob('<dir>/*\/<file>', { eager?: true })`, which the
 * kit's sources use to find each widget's folder (src/boot/bundled.ts) and the
 * tests to register every element (test/helpers/every-element.ts), for the
 * servers that have no such thing: Node (vite-glob-hook.mjs) and the browser
 * tests' server (web-test-runner.config.mjs). Replaced as Vite replaces it: one
 * import per file the pattern matches (a `*` for one folder), eager ones as
 * imports at the top of the module, lazy ones as an object of import()
 * functions keyed by the pattern's path.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const CALL =
  /import\.meta\.glob\(\s*(['"])(\.\.?\/[^'"*]*)\*\/([^'"*]+)\1\s*(,\s*\{\s*eager:\s*true\s*\}\s*)?\)/g;

/**
 * `source`, a module in `dir`, with its globs expanded; `specifier(path)` is
 * what an import of the matched `path` is written as (`.ts` kept for Node,
 * `.js` for the browser tests' server).
 */
export function expandGlobs(source, dir, specifier = (path) => path) {
  if (!source.includes('import.meta.glob')) return source;
  const eager = [];
  const body = source.replace(CALL, (_, _quote, folder, file, isEager) => {
    const paths = readdirSync(join(dir, folder))
      .filter((name) => existsSync(join(dir, folder, name, file)))
      .sort()
      .map((name) => `${folder}${name}/${file}`);
    if (isEager) {
      eager.push(...paths.map((path) => `import ${JSON.stringify(specifier(path))};`));
      return '({})';
    }
    return `({${paths.map((path) => `${JSON.stringify(path)}: () => import(${JSON.stringify(specifier(path))})`).join(', ')}})`;
  });
  return `${eager.join('\n')}\n${body}`;
}
