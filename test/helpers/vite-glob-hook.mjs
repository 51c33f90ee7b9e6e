/**
 * A module hook for Node (module.register(), after tsx): Vite's
 * `import.meta.glob` in the kit's sources (vite-glob.mjs), which Node has no
 * such thing for. What lets a Node test import every entry of the kit from its
 * sources (test/ssr/).
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expandGlobs } from './vite-glob.mjs';

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.startsWith('file:') || result.source == null) return result;
  const source = String(result.source);
  if (!source.includes('import.meta.glob')) return result;
  return { ...result, source: expandGlobs(source, dirname(fileURLToPath(url))) };
}
