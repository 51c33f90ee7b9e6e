// The files under a folder, for the test scripts (no command line read: scripts/test/changed.mjs
// imports it too).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` (its subfolders too) that `predicate` keeps, sorted. */
export function listFiles(dir, predicate, out = []) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) listFiles(path, predicate, out);
    else if (predicate(path)) out.push(path);
  }
  return out.sort();
}
