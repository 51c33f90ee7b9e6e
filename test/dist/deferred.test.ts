/**
 * What the modules a widget loads before its first paint hold (dist/ from
 * `npm run build`): the loader with the channel between tabs and the recovery
 * (src/core/loader/channel.ts, recovery.ts), imported statically, and not the
 * client's writes and download parsers. The script tag, khountous.js, carries
 * none of them (nor the loader): it sends the first requests itself and imports
 * the elements' modules.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script without declarations
import * as sizes from '../../scripts/build/size-entries.mjs';

/** The entry and every file it imports statically (the files whose size counts). */
const { closure } = sizes as { closure(file: string): string[] };

const dist = join(import.meta.dirname, '../../dist');
const elements = readdirSync(join(dist, 'elements')).filter((file) => file.endsWith('.js'));
/** Text only channel.ts and recovery.ts bring: the channel's constructor, the `online` event. */
const LOADER_PARTS = ['BroadcastChannel', '`online`'];
/** The client's report submission and download readers (src/core/client.ts, http.ts). */
const CLIENT = ['submitReport', 'arrayBuffer', 'text/csv'];

describe('the modules a widget loads before its first paint', () => {
  it('hold the channel between tabs and the recovery, and leave out the client', () => {
    assert.ok(elements.length >= 7, elements.join());
    for (const element of elements) {
      const files = closure(join(dist, 'elements', element));
      const code = files.map((file) => readFileSync(file, 'utf8')).join('\n');
      for (const text of LOADER_PARTS) assert.ok(code.includes(text), `${element}: ${text}`);
      for (const text of CLIENT) assert.ok(!code.includes(text), `${element}: ${text}`);
    }
  });

  it('import nothing of the loader with import()', () => {
    for (const element of elements) {
      const files = closure(join(dist, 'elements', element));
      const imported = files.flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/import\(`\.\/([\w.-]+\.js)`\)/g)].map((match) => match[1]!),
      );
      for (const file of imported) {
        const code = readFileSync(join(dist, 'chunks', file), 'utf8');
        for (const text of LOADER_PARTS) assert.ok(!code.includes(text), `${element} → ${file}: ${text}`);
      }
    }
  });

  it('the script tag, khountous.js, carries none of them, nor the loader, and imports only elements’ modules (and Lit’s hydrate support, on a page a server rendered, and the text paint)', () => {
    const code = readFileSync(join(dist, 'khountous.js'), 'utf8');
    for (const text of [...LOADER_PARTS, ...CLIENT, 'If-None-Match', 'khountous-quota'])
      assert.ok(!code.includes(text), text);
    assert.equal(code.match(/\bimport\(/g)?.length, 3);
    assert.match(code, /\bimport\(new URL\(`\.\/elements\/\$\{\w+\}\.js`/);
    assert.match(code, /\bimport\(new URL\(`\.\/hydrate\.js`/);
    assert.match(code, /\bimport\(new URL\(`\.\/paint\.js`/);
  });
});
