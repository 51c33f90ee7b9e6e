/**
 * The dependency cache of a Vite dev server a test starts: a folder of its own,
 * removed when the process ends.
 *
 * Vite keeps its optimized dependencies in one folder per project
 * (node_modules/.vite/deps), whose metadata records the configuration that made
 * them (its mode, its root). A server started with another mode or root finds
 * them stale, deletes the folder and writes its own, whose shared chunks may be
 * named otherwise: servers that the Node tests and the browser tests start at
 * once would rewrite each other's files under the pages they serve. Each gets its
 * own folder, so that a server only ever serves what it optimized.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const made: string[] = [];
let count = 0;

/** A new, empty dependency cache for one dev server of this process (Vite's `cacheDir`). */
export function ownViteCache(label: string): string {
  count += 1;
  const dir = `${root}node_modules/.vite/tests/${label}-${process.pid}-${count}`;
  if (made.length === 0)
    process.once('exit', () => made.forEach((each) => rmSync(each, { recursive: true, force: true })));
  made.push(dir);
  return dir;
}
