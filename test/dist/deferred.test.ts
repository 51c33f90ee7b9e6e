/**
 * What a first paint does not need stays out of the modules a widget loads
 * before it (dist/ from `npm run build`): the channel between tabs and the
 * recovery (src/core/loader/later.ts) come in a chunk of their own through
 * `import()`, and the client's writes and download parsers not at all. The
 * script tag, khountous.js, carries none of them (nor the loader): it sends the
 * first requests itself and imports the elements' modules.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script without declarations
import * as sizes from '../../scripts/build/size-entries.mjs';

/** The entry and every file it imports statically (the files whose size counts). */
const { closure } = sizes as { closure(file: string): string[] };

const dist = join(import.meta.dirname, '../../dist');
const elements = readdirSync(join(dist, 'elements')).filter((file) => file.endsWith('.js'));
/** Text only later.ts (channel.ts, recovery.ts) brings: the channel's constructor, the `online` event. */
const LATER = ['BroadcastChannel', '`online`'];
/** The client's report submission and download readers (src/core/client.ts, http.ts). */
const CLIENT = ['submitReport', 'arrayBuffer', 'text/csv'];

describe('the modules a widget loads before its first paint', () => {
  it('leave out the channel between tabs, the recovery and the client', () => {
    assert.ok(elements.length >= 7, elements.join());
    for (const element of elements) {
      const files = closure(join(dist, 'elements', element));
      const code = files.map((file) => readFileSync(file, 'utf8')).join('\n');
      for (const text of [...LATER, ...CLIENT]) assert.ok(!code.includes(text), `${element}: ${text}`);
    }
  });

  it('reach the later features through import() of a chunk that has them', () => {
    const files = closure(join(dist, 'elements', 'khountous-ranking.js'));
    const imported = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/import\(`\.\/([\w.-]+\.js)`\)/g)].map((match) => match[1]!),
    );
    const later = imported.filter((file) => file.startsWith('later-'));
    assert.equal(later.length, 1, imported.join());
    const code = readFileSync(join(dist, 'chunks', later[0]!), 'utf8');
    for (const text of LATER) assert.ok(code.includes(text), text);
    assert.ok(!files.map((file) => basename(file)).includes(later[0]!), 'not imported statically');
  });

  it('the script tag, khountous.js, carries none of them, nor the loader, and imports only elements’ modules (and Lit’s hydrate support, on a page a server rendered, and the text paint)', () => {
    const code = readFileSync(join(dist, 'khountous.js'), 'utf8');
    for (const text of [...LATER, ...CLIENT, 'If-None-Match', 'khountous-quota'])
      assert.ok(!code.includes(text), text);
    assert.equal(code.match(/\bimport\(/g)?.length, 3);
    assert.match(code, /\bimport\(new URL\(`\.\/elements\/\$\{\w+\}\.js`/);
    assert.match(code, /\bimport\(new URL\(`\.\/hydrate\.js`/);
    assert.match(code, /\bimport\(new URL\(`\.\/paint\.js`/);
  });
});
