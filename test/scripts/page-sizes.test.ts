/**
 * scripts/build/page-sizes.mjs, the `pages` check of `npm test`: what a page
 * downloads from dist/, dynamic imports included, against PAGE_BUDGETS; the
 * check fails when a figure is over its budget. Run on a small stand-in build
 * whose script tag imports a second file only after its widgets show data.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import {
  PAGE_BUDGETS,
  PAGE_TARGETS,
  checkBudgets,
  chromiumEngine,
  type PageFigure,
} from '../../scripts/build/page-sizes.mjs';

const root = join(import.meta.dirname, '../..');
const script = join(root, 'scripts/build/page-sizes.mjs');

/** A build with the layout of dist/: a script tag, a chunk it imports statically, one it imports later. */
function standInBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'khountous-page-sizes-'));
  mkdirSync(join(dist, 'chunks'));
  writeFileSync(
    join(dist, 'khountous.js'),
    `import { ready } from './chunks/core.js';
for (const widget of document.body.children) ready(widget);
setTimeout(() => import('./chunks/later.js'), 200);
`,
  );
  writeFileSync(
    join(dist, 'chunks/core.js'),
    `export const ready = (widget) => widget.setAttribute('state', 'ready');\n`,
  );
  writeFileSync(join(dist, 'chunks/later.js'), `export const later = ${JSON.stringify('x'.repeat(2000))};\n`);
  writeFileSync(join(dist, 'chunks/unused.js'), `export const unused = 1;\n`);
  return dist;
}

const gzip = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

const run = (dist: string, ...args: string[]) =>
  spawnSync(process.execPath, [script, '--dist', dist, ...args], { cwd: root, encoding: 'utf8' });

describe('page sizes', () => {
  let dist: string;
  before(() => (dist = standInBuild()));
  after(() => rmSync(dist, { recursive: true, force: true }));

  it('names every figure over its budget, and the aims beside in words that do not read as a failure', () => {
    const figures: PageFigure[] = [
      { check: 'one widget', name: 'one widget: <a>', files: ['a.js'], gzip: 30_000 },
      { check: 'core', name: 'core', files: ['b.js'], gzip: 3_000 },
    ];
    const { rows, over } = checkBudgets(figures, { 'one widget': 25_000, core: 4_000 });
    assert.deepEqual(over, ['one widget: <a>: 30.0 kB gzip, over its budget of 25.0 kB']);
    assert.deepEqual(rows[0], [
      'one widget: <a>',
      '1',
      '30.0 kB',
      '25.0 kB FAIL, 5.0 kB above',
      `${(PAGE_TARGETS['one widget'] / 1000).toFixed(1)} kB ${((30_000 - PAGE_TARGETS['one widget']) / 1000).toFixed(1)} kB to go`,
    ]);
    assert.deepEqual(rows[1]!.slice(3), [
      '4.0 kB pass',
      `${(PAGE_TARGETS.core / 1000).toFixed(1)} kB reached`,
    ]);
    assert.deepEqual(checkBudgets(figures, { 'one widget': 30_000 }).over, []);
  });

  it('budgets and targets name the same checks', () => {
    assert.deepEqual(Object.keys(PAGE_BUDGETS).sort(), Object.keys(PAGE_TARGETS).sort());
  });

  it('counts the script tag with its static imports as the core, and fails over budget', () => {
    const core = gzip(join(dist, 'khountous.js')) + gzip(join(dist, 'chunks/core.js'));
    const pass = run(dist, '--only', 'core', '--budget', `core=${core}`, '--json');
    assert.equal(pass.status, 0, pass.stderr);
    const [figure] = JSON.parse(pass.stdout).figures;
    assert.deepEqual(figure.files.sort(), ['chunks/core.js', 'khountous.js']);
    assert.equal(figure.gzip, core);
    const fail = run(dist, '--only', 'core', '--budget', `core=${core - 1}`);
    assert.equal(fail.status, 1);
    assert.match(fail.stderr, /FAILED: core: khountous\.js with its static imports: .* over its budget/);
  });

  const engine = chromiumEngine();
  it(
    'counts every file a page fetched, the import made after the data included, and fails over budget',
    { skip: engine.available ? false : `Chromium is needed: ${engine.reason}` },
    () => {
      const files = ['khountous.js', 'chunks/core.js', 'chunks/later.js'];
      const total = files.reduce((sum, file) => sum + gzip(join(dist, file)), 0);
      const pass = run(dist, '--only', 'mission widgets', '--budget', `mission widgets=${total}`, '--json');
      assert.equal(pass.status, 0, pass.stderr);
      const [figure] = JSON.parse(pass.stdout).figures;
      assert.deepEqual(figure.files, files.sort());
      assert.equal(figure.gzip, total);
      const fail = run(dist, '--only', 'mission widgets', '--budget', `mission widgets=${total - 1}`);
      assert.equal(fail.status, 1);
      assert.match(fail.stderr, /FAILED: mission widgets: .* over its budget/);
    },
  );
});
