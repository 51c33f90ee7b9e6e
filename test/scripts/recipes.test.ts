/**
 * The recipes of docs/ssr.md show the example sites' own code: a code block whose first
 * line names a file of one of examples/ (`// app/page.tsx`) holds that file's code lines
 * (comments and blank lines aside), in the file's order, so that what the docs show is
 * what test/package/ builds.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const root = join(import.meta.dirname, '../..');
const examples = readdirSync(join(root, 'examples'));

/** The files docs/ssr.md names that no example holds: the `@lit-labs/nextjs` way, which no test builds. */
const NOT_AN_EXAMPLE = ['next.config.js', 'app/ranking.tsx'];

/** The code lines of `text`: trimmed, without blank lines and comment-only lines. */
export const codeLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^(\/\/|\/\*|\*|\{\/\*.*\*\/\}$)/.test(line));

/** The lines of `excerpt` missing from `file`, read in order (each after the one before). */
export function missingFrom(excerpt: string[], file: string[]): string[] {
  const missing: string[] = [];
  let at = 0;
  for (const line of excerpt) {
    const found = file.indexOf(line, at);
    if (found < 0) missing.push(line);
    else at = found + 1;
  }
  return missing;
}

/** Each code block of `markdown` whose first line is a comment naming a file: its path and its text. */
function namedBlocks(markdown: string): { path: string; code: string }[] {
  const blocks = [];
  for (const match of markdown.matchAll(/^```\w*\n\/\/ ([\w./-]+)\n([\s\S]*?)^```$/gm))
    blocks.push({ path: match[1]!, code: match[2]! });
  return blocks;
}

describe('the recipes of docs/ssr.md are the example sites’ code', () => {
  const named = namedBlocks(readFileSync(join(root, 'docs/ssr.md'), 'utf8')).map((block) => ({
    ...block,
    files: examples
      .map((name) => join('examples', name, block.path))
      .filter((file) => existsSync(join(root, file))),
  }));
  const blocks = named.filter((block) => block.files.length > 0);

  it('names no file that is neither an example’s nor said not to be (a renamed file, say)', () => {
    const elsewhere = named.filter((block) => block.files.length === 0).map((block) => block.path);
    assert.deepEqual(elsewhere.sort(), [...NOT_AN_EXAMPLE].sort());
  });

  it('finds a block for each example', () => {
    const shown = new Set(blocks.flatMap((block) => block.files.map((file) => file.split('/')[1])));
    assert.deepEqual([...shown].sort(), [...examples].sort());
  });

  for (const block of blocks) {
    it(`${block.path}: its lines are ${block.files.join(' or ')}'s`, () => {
      const missing = block.files.map((file) =>
        missingFrom(codeLines(block.code), codeLines(readFileSync(join(root, file), 'utf8'))),
      );
      assert.ok(
        missing.some((lines) => lines.length === 0),
        `not in the example: ${missing[0]!.join(' | ')}`,
      );
    });
  }

  it('reads an excerpt in order, and sees a line that is not the file’s', () => {
    const file = ['a', 'b', 'c'];
    assert.deepEqual(missingFrom(['a', 'c'], file), []);
    assert.deepEqual(missingFrom(['c', 'a'], file), ['a']);
    assert.deepEqual(missingFrom(['a', 'x'], file), ['x']);
    assert.deepEqual(codeLines('// x\n  a;\n\n/** y */\n{/* z */}\n b'), ['a;', 'b']);
  });
});
