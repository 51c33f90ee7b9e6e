/**
 * Where the loader is in dist/ (from `npm run build`): the script tag,
 * khountous.js, holds what sends the first requests (the early flights:
 * src/core/loader/early.ts, with the budget, the Web Locks, the HTTP layer and
 * the stored index it reads) and nothing more of the loader; the rest of it
 * (its objects, the checks of the answers, the channel between tabs, the
 * recovery, the quota event) is in
 * loader.js, which the script imports once those requests have left,
 * and which imports no Lit. Every element imports both from there: no other
 * file holds a part of the loader, and nothing else brings a part of it later
 * with import().
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script without declarations
import * as graph from '../../scripts/build/closure.mjs';

/** The entry and every file it imports statically (the files whose size counts). */
const { closure } = graph as { closure(file: string): string[] };

const dist = join(import.meta.dirname, '../../dist');
const script = join(dist, 'khountous.js');
const loader = join(dist, 'loader.js');
const elements = readdirSync(join(dist, 'elements')).filter((file) => file.endsWith('.js'));
/** Text only the early flights' parts bring: the budget's storage key, the stored index, the validator header. */
const FIRST_PARTS = ['`budget:${', 'cache-index', 'If-None-Match'];
/**
 * Text only the rest of the loader brings: the channel's constructor, the `online` event, the
 * quota event, the checks of the answers (answers.ts, and check.ts's words).
 */
const LOADER_PARTS = [
  'BroadcastChannel',
  '`online`',
  'khountous-quota',
  'does not match its schema',
  '`a boolean`',
];

/** The files `file` imports with import(), resolved. */
const dynamicImports = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/import\(`(\.{1,2}\/[\w./-]+\.js)`\)/g)].map((match) =>
    join(dirname(file), match[1]!),
  );

const read = (file: string) => readFileSync(file, 'utf8');

/** Whether `file` takes the script's exports: from the page, where the script publishes its namespace (scripts/build/core-link.mjs). */
const readsScript = (file: string): boolean =>
  /\}=globalThis\[Symbol\.for\("khountous@[^"]+"\)\];/.test(read(file));

describe('the loader in the script-tag build', () => {
  it('khountous.js holds what sends the first requests, and none of the rest of the loader', () => {
    const code = read(script);
    for (const text of FIRST_PARTS) assert.ok(code.includes(text), text);
    for (const text of LOADER_PARTS) assert.ok(!code.includes(text), text);
  });

  it('the rest is in loader.js, whole, which khountous.js imports and which imports no Lit', () => {
    const code = read(loader);
    for (const text of LOADER_PARTS) assert.ok(code.includes(text), text);
    for (const text of FIRST_PARTS) assert.ok(!code.includes(text), `${text}: not twice`);
    assert.ok(dynamicImports(script).includes(loader), 'khountous.js imports loader.js');
    const files = closure(loader);
    assert.ok(readsScript(loader), 'loader.js takes the parts khountous.js holds from it');
    assert.ok(!files.includes(script), 'and does not import it by name');
    for (const file of files)
      assert.doesNotMatch(read(file), /lit-html|LitElement|customElements\.define\(/, file);
  });

  it('is taken from khountous.js and loader.js by every element: no other file of an element’s graph holds a part of it', () => {
    assert.ok(elements.length >= 7, elements.join());
    for (const element of elements) {
      const files = closure(join(dist, 'elements', element));
      assert.ok(files.some(readsScript), `${element} takes the script's exports`);
      assert.ok(!files.includes(script), `${element} does not import khountous.js by name`);
      assert.ok(files.includes(loader), `${element} imports loader.js`);
      for (const file of files.filter((path) => path !== script && path !== loader)) {
        const code = read(file);
        for (const text of [...FIRST_PARTS, ...LOADER_PARTS])
          assert.ok(!code.includes(text), `${file}: ${text}`);
      }
    }
  });

  it('comes in no other file imported with import()', () => {
    const later = [script, ...elements.map((element) => join(dist, 'elements', element))].flatMap(
      dynamicImports,
    );
    assert.ok(
      later.some((file) => file.endsWith('/paint.js')),
      later.join(),
    );
    for (const file of later.filter((path) => path !== script && path !== loader))
      for (const path of closure(file).filter((one) => one !== script && one !== loader)) {
        const code = read(path);
        for (const text of [...FIRST_PARTS, ...LOADER_PARTS])
          assert.ok(!code.includes(text), `${path}: ${text}`);
      }
  });
});
