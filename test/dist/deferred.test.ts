/**
 * Where the loader is in dist/ (from `npm run build`): the script tag,
 * khountous.js, is the kit's core and holds it whole, the channel between tabs
 * and the recovery included (src/core/loader/channel.ts, recovery.ts); every
 * other file imports it from there and holds no part of it, and nothing brings a part of it later with
 * import().
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
const elements = readdirSync(join(dist, 'elements')).filter((file) => file.endsWith('.js'));
/** Text only the loader brings: the channel's constructor, the `online` event, the quota event. */
const LOADER_PARTS = ['BroadcastChannel', '`online`', 'khountous-quota'];

/** The files `file` imports with import(), resolved. */
const dynamicImports = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/import\(`(\.{1,2}\/[\w./-]+\.js)`\)/g)].map((match) =>
    join(dirname(file), match[1]!),
  );

describe('the loader in the script-tag build', () => {
  it('is in khountous.js, whole, with the channel between tabs and the recovery', () => {
    const code = readFileSync(script, 'utf8');
    for (const text of [...LOADER_PARTS, 'If-None-Match']) assert.ok(code.includes(text), text);
  });

  it('is imported from khountous.js by every element: no other file of an element’s graph holds a part of it', () => {
    assert.ok(elements.length >= 7, elements.join());
    for (const element of elements) {
      const files = closure(join(dist, 'elements', element));
      assert.ok(files.includes(script), `${element} imports khountous.js`);
      for (const file of files.filter((path) => path !== script)) {
        const code = readFileSync(file, 'utf8');
        for (const text of LOADER_PARTS) assert.ok(!code.includes(text), `${file}: ${text}`);
      }
    }
  });

  it('comes in no file imported later with import()', () => {
    const later = [script, ...elements.map((element) => join(dist, 'elements', element))].flatMap(
      dynamicImports,
    );
    assert.ok(
      later.some((file) => file.endsWith('/paint.js')),
      later.join(),
    );
    for (const file of later.filter((path) => path !== script))
      for (const path of closure(file).filter((one) => one !== script)) {
        const code = readFileSync(path, 'utf8');
        for (const text of LOADER_PARTS) assert.ok(!code.includes(text), `${path}: ${text}`);
      }
  });
});
