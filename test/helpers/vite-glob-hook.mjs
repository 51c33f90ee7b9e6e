/**
 * A module hook for Node (module.register(), after tsx): Vite's
 * `import.meta.glob('./dir/*\/file.ts', { eager?: true })` in the kit's
 * sources (src/every-element.ts, src/elements.ts), which Node has no such thing for,
 * replaced as Vite replaces it: one import per file the pattern matches (a `*`
 * for one folder), eager ones as imports at the top of the module, lazy ones
 * as an object of import() functions. What lets a Node test import every
 * entry of the kit from its sources (test/ssr/).
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CALL =
  /import\.meta\.glob\(\s*(['"])(\.\/[^'"*]*)\*\/([^'"*]+)\1\s*(,\s*\{\s*eager:\s*true\s*\}\s*)?\)/g;

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.startsWith('file:') || result.source == null) return result;
  const source = String(result.source);
  if (!source.includes('import.meta.glob')) return result;
  const dir = dirname(fileURLToPath(url));
  const eager = [];
  const body = source.replace(CALL, (_, _quote, folder, file, isEager) => {
    const paths = readdirSync(join(dir, folder))
      .filter((name) => existsSync(join(dir, folder, name, file)))
      .sort()
      .map((name) => `${folder}${name}/${file}`);
    if (isEager) {
      eager.push(...paths.map((path) => `import ${JSON.stringify(path)};`));
      return '({})';
    }
    return `({${paths.map((path) => `${JSON.stringify(path)}: () => import(${JSON.stringify(path)})`).join(', ')}})`;
  });
  return { ...result, source: `${eager.join('\n')}\n${body}` };
}
