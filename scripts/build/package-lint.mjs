#!/usr/bin/env node
// `npm run lint:package` (after `npm run build`; `npm test` runs it after its build step):
// the package as `npm pack` makes it, checked by publint (package.json against the files
// it ships) and by Are the Types Wrong (attw: what TypeScript resolves for each JS entry
// under moduleResolution node16 and bundler; `--profile esm-only`, the package has no
// CommonJS build, so node10 and `require` are not asked for).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';

const root = join(import.meta.dirname, '..', '..');
const bin = (name) => join(root, 'node_modules/.bin', name);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Every JS entry of package.json "exports", with `elements/*.js` spelled out for each element. */
function entrypoints() {
  const elements = readdirSync(join(root, 'lib/elements'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `./elements/${file}`);
  return ['.', './khountous.js', './autoloader.js', ...elements, './react', './vue', './ssr'];
}

const dir = mkdtempSync(join(tmpdir(), 'khountous-package-lint-'));
try {
  const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], {
    cwd: root,
    encoding: 'utf8',
  });
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  const tarball = join(dir, pack.stdout.trim().split('\n').pop());
  run(bin('publint'), ['run', tarball, '--strict']);
  run(bin('attw'), [tarball, '--profile', 'esm-only', '--entrypoints', ...entrypoints()]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
