/**
 * Files a script writes are marked as written (.gitattributes `linguist-generated`), so that a
 * reader of a change knows to edit their writer: every committed file that says "do not edit"
 * in its first lines (its writer's mark) is marked, every file the WordPress build writes
 * whole (block.json, the compiled translation) too, and every pattern of the list names a file.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const root = join(import.meta.dirname, '../..');
const git = (...args: string[]) => {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
};
const tracked = git('ls-files', '-z').split('\0').filter(Boolean);
/** The files git marks as generated, by .gitattributes. */
const marked = new Set(
  git('check-attr', 'linguist-generated', '--', ...tracked)
    .split('\n')
    .filter((line) => line.endsWith(': linguist-generated: true'))
    .map((line) => line.slice(0, line.indexOf(': linguist-generated'))),
);

describe('generated files', () => {
  it('are marked when their first lines say not to edit them', () => {
    const written = tracked.filter((file) => {
      // The writers themselves, the tests (this one names the mark) and the .po, whose
      // hand-written part comes first, aside.
      if (/^(scripts|bench|test)\/|generate\.mjs$|\.po$/.test(file)) return false;
      if (!/\.(ts|mjs|php|md|json)$/.test(file)) return false;
      const head = readFileSync(join(root, file), 'utf8').split('\n').slice(0, 8).join('\n');
      return /do not edit/i.test(head);
    });
    assert.ok(written.length >= 5, `the written files are found: ${written.join(', ')}`);
    for (const file of written)
      assert.ok(marked.has(file), `${file} says "do not edit" but .gitattributes does not mark it`);
  });

  it('include every block.json, the compiled translation, the manifest and the docs’ pictures', () => {
    const whole = tracked.filter((file) =>
      /block\.json$|\.mo$|^custom-elements\.json$|^docs\/images\/.+\.png$|^bench\/results\.json$/.test(file),
    );
    assert.ok(whole.length >= 12, whole.join(', '));
    for (const file of whole) assert.ok(marked.has(file), `${file} is written by a script but not marked`);
  });

  it('list no pattern that names no file', () => {
    const patterns = readFileSync(join(root, '.gitattributes'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'))
      .map((line) => line.split(/\s+/)[0]!);
    for (const pattern of patterns) {
      const escape = (part: string) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
      const regex = new RegExp(`^${pattern.split('**').map(escape).join('.*')}$`);
      assert.ok(
        tracked.some((file) => regex.test(file)),
        `.gitattributes: ${pattern} names no file`,
      );
    }
  });
});
