// What every step of the build shares: the folders, the package, the elements
// found in src/components/, running a command, listing files and hashing them.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dist = join(root, 'dist');
export const lib = join(root, 'lib');
export const artefacts = join(root, 'build');
export const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
export const quiet = process.argv.includes('--quiet');

/** Elements: every src/components/<name>/define.ts, found anew at each build. */
export function elementEntries() {
  const components = join(root, 'src/components');
  const entries = {};
  for (const name of readdirSync(components).sort()) {
    const define = join(components, name, 'define.ts');
    if (existsSync(define)) entries[`elements/khountous-${name}`] = define;
  }
  return entries;
}

export function run(label, command, args) {
  if (!quiet) console.log(`\n\u25b6 ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: quiet ? 'pipe' : 'inherit' });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(result.stderr ?? '');
    throw new Error(`${label} failed`);
  }
}

/** The Subresource Integrity hash of a file. */
export function sri(file, algorithm = 'sha384') {
  return `${algorithm}-${createHash(algorithm).update(readFileSync(file)).digest('base64')}`;
}

/** Every file under `dir`, sorted. */
export function listFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(path, out);
    else out.push(path);
  }
  return out.sort();
}
