/**
 * A widget is one folder: outside src/components/, the code of src/ and scripts/ names
 * each widget (its tag, its folder, its element class, or in scripts/ its folder's name as
 * a string) in at most four files, all four written from the folders by
 * scripts/generate/widgets.mjs (src/registry.ts, src/summaries.ts, src/index.ts's
 * exports and src/khountous.ts's type-only exports of the tags). Comments do not count: adding a widget edits none. In src/, a name as a
 * string alone is the API's (the `report` resource), not the widget's.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';

const root = join(import.meta.dirname, '../..');
const GENERATED = ['src/index.ts', 'src/khountous.ts', 'src/registry.ts', 'src/summaries.ts'];

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/** The lines of `text` that are code, not comments. */
const code = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .join('\n');

const files = ['src', 'scripts']
  .flatMap((dir) => walk(join(root, dir)))
  .map((file) => relative(root, file))
  .filter((file) => !file.startsWith('src/components/'));

/** The files outside src/components/ whose code names the widget of `folder`. */
export function namedIn(
  folder: string,
  candidates = files,
  read = (file: string) => readFileSync(join(root, file), 'utf8'),
) {
  const pascal = folder.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
  const named = new RegExp(`khountous-${folder}(?![\\w-])|components/${folder}/|Khountous${pascal}\\b`);
  const quoted = new RegExp(`['"\`]${folder}['"\`]`);
  return candidates.filter((file) => {
    const text = code(read(file));
    return named.test(text) || (file.startsWith('scripts/') && quoted.test(text));
  });
}

const widgets = readdirSync(join(root, 'src/components')).filter((folder) =>
  statSync(join(root, 'src/components', folder, 'widget.ts'), { throwIfNoEntry: false }),
);

describe('a widget is named outside its folder only where its folder is listed', () => {
  it('finds the kit’s widgets', () => assert.ok(widgets.length >= 8, widgets.join(', ')));

  for (const folder of widgets) {
    it(`${folder}: only in the files written from the folders`, () => {
      const found = namedIn(folder);
      // The lists written from the folders name it: the search sees what it looks for.
      assert.deepEqual(found.filter((file) => GENERATED.includes(file)).sort(), GENERATED);
      assert.deepEqual(
        found.filter((file) => !GENERATED.includes(file)),
        [],
      );
    });
  }

  it('sees a tag, a folder, a class, and a folder’s name in a script, and not a comment', () => {
    const texts: Record<string, string> = {
      'src/a.ts': "const tag = 'khountous-ranking';",
      'src/b.ts': "import './components/ranking/define.js';",
      'src/c.ts': 'export { KhountousRanking };',
      'scripts/d.mjs': "const hero = ['ranking', 'light'];",
      'src/e.ts': "const kind = 'ranking';",
      'src/f.ts': 'const tag = "khountous-rankings";',
      'src/h.ts': '/**\n * <khountous-ranking limit="5">\n */\n// KhountousRanking',
    };
    const read = (file: string) => texts[file]!;
    assert.deepEqual(namedIn('ranking', Object.keys(texts), read), [
      'src/a.ts',
      'src/b.ts',
      'src/c.ts',
      'scripts/d.mjs',
    ]);
    assert.deepEqual(
      namedIn('ranking', ['src/g.ts'], () => ''),
      [],
    );
  });
});
