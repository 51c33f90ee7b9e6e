/**
 * The direction of a text from the API kept to itself (src/i18n/bidi.ts): whatever explicit
 * formatting a text holds (embeddings, overrides, isolates, their closing marks, stray or
 * unterminated, nested past the algorithm's depth, across paragraph separators), the kit's
 * words written after it keep their order. Checked against the Unicode Bidirectional
 * Algorithm's explicit rules (UAX #9, X1 to X8), written out below from the standard.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { balanced, isolate } from '../../src/i18n/bidi.js';

const [LRE, RLE, PDF, LRO, RLO] = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e'];
const [LRI, RLI, FSI, PDI] = ['\u2066', '\u2067', '\u2068', '\u2069'];
const EXPLICIT = [LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI];
/** Paragraph separators (class B). */
const SEPARATORS = ['\n', '\r', '\u001c', '\u001d', '\u001e', '\u0085', '\u2029'];
const MAX_DEPTH = 125;

/** A character's strong direction, for the characters the tests write (P2: L, R or AL; else none). */
const strong = (char: string): 'L' | 'R' | undefined =>
  /\p{Script=Hebrew}|\p{Script=Arabic}/u.test(char) ? 'R' : /\p{L}/u.test(char) ? 'L' : undefined;

/** FSI's direction (X5c, P2 and P3): the first strong character before its matching PDI, skipping nested isolates. */
function firstStrong(chars: readonly string[], from: number): 'L' | 'R' {
  let depth = 0;
  for (let index = from; index < chars.length; index++) {
    const char = chars[index]!;
    if (SEPARATORS.includes(char)) break;
    if (char === LRI || char === RLI || char === FSI) depth++;
    else if (char === PDI) {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && strong(char)) return strong(char)!;
  }
  return 'L';
}

/**
 * Each character's explicit embedding level and override (UAX #9 X1 to X8) in a paragraph of
 * level 0: the widgets' paragraphs are left to right.
 */
function explicitLevels(text: string): { level: number; override: 'L' | 'R' | 'N' }[] {
  type Entry = { level: number; override: 'L' | 'R' | 'N'; isolate: boolean };
  const chars = [...text];
  const start = (): Entry[] => [{ level: 0, override: 'N', isolate: false }];
  let stack = start();
  let overflowIsolates = 0;
  let overflowEmbeddings = 0;
  let validIsolates = 0;
  const top = () => stack.at(-1)!;
  /** The least odd, or even, level above the current one. */
  const next = (odd: boolean) => (odd ? (top().level + 1) | 1 : (top().level + 2) & ~1);
  const out: { level: number; override: 'L' | 'R' | 'N' }[] = [];
  chars.forEach((char, index) => {
    const here = () => ({ level: top().level, override: top().override });
    if (char === RLE || char === LRE || char === RLO || char === LRO) {
      // X2 to X5.
      out.push(here());
      const level = next(char === RLE || char === RLO);
      if (level <= MAX_DEPTH && overflowIsolates === 0 && overflowEmbeddings === 0)
        stack.push({ level, override: char === RLO ? 'R' : char === LRO ? 'L' : 'N', isolate: false });
      else if (overflowIsolates === 0) overflowEmbeddings++;
    } else if (char === RLI || char === LRI || char === FSI) {
      // X5a to X5c.
      out.push(here());
      const rtl = char === RLI || (char === FSI && firstStrong(chars, index + 1) === 'R');
      const level = next(rtl);
      if (level <= MAX_DEPTH && overflowIsolates === 0 && overflowEmbeddings === 0) {
        validIsolates++;
        stack.push({ level, override: 'N', isolate: true });
      } else overflowIsolates++;
    } else if (char === PDI) {
      // X6a.
      if (overflowIsolates > 0) overflowIsolates--;
      else if (validIsolates > 0) {
        overflowEmbeddings = 0;
        while (!top().isolate) stack.pop();
        stack.pop();
        validIsolates--;
      }
      out.push(here());
    } else if (char === PDF) {
      // X7.
      out.push(here());
      if (overflowIsolates > 0) {
        // Nothing.
      } else if (overflowEmbeddings > 0) overflowEmbeddings--;
      else if (!top().isolate && stack.length >= 2) stack.pop();
    } else if (SEPARATORS.includes(char)) {
      // X8: the end of a paragraph ends everything.
      stack = start();
      overflowIsolates = overflowEmbeddings = validIsolates = 0;
      out.push(here());
    } else out.push(here());
  });
  return out;
}

/** A string of the characters that matter here: explicit formatting often, separators, strong letters, digits. */
const hostile = fc.oneof(
  fc.string({
    unit: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...EXPLICIT) },
      { weight: 1, arbitrary: fc.constantFrom(...SEPARATORS) },
      { weight: 4, arbitrary: fc.constantFrom('a', 'Z', 'א', 'ب', '٣', '1', ' ', ':', '/', '.') },
    ),
    maxLength: 60,
  }),
  // Nested past the algorithm's depth (125), then whatever follows.
  fc
    .tuple(fc.constantFrom(...EXPLICIT), fc.integer({ min: 60, max: 140 }), fc.string({ maxLength: 10 }))
    .map(([mark, times, rest]) => mark.repeat(times) + rest),
  fc
    .tuple(
      fc.array(fc.constantFrom(RLE, RLO, RLI, FSI, LRE), { minLength: 100, maxLength: 140 }),
      fc.string({ unit: fc.constantFrom(PDF, PDI, 'x', RLO), maxLength: 30 }),
    )
    .map(([marks, rest]) => marks.join('') + rest),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Text written before and after the API's, as the kit writes it: left to right, with figures. */
const ltr = fc.string({
  unit: fc.constantFrom('a', 'b', 'Z', ' ', ':', '/', '1', '6', '0', '.', '\u202f'),
  maxLength: 12,
});

describe('isolate and balanced (src/i18n/bidi.ts)', () => {
  it('leaves the words around a text at the paragraph’s level, unoverridden, whatever the text holds', () => {
    fc.assert(
      fc.property(ltr, hostile, ltr, (before, text, after) => {
        const line = [...(before + isolate(text) + after)];
        const levels = explicitLevels(line.join(''));
        const head = [...before].length;
        const tail = [...after].length;
        for (const at of [
          ...Array(head).keys(),
          ...Array.from({ length: tail }, (_, i) => line.length - 1 - i),
        ])
          assert.deepEqual(
            levels[at],
            { level: 0, override: 'N' },
            `character ${at} of ${JSON.stringify(line.join(''))}`,
          );
      }),
      { numRuns: 3000 },
    );
  });

  it('balances a text in a <bdi> the same way: after the element, the embedding is the paragraph’s', () => {
    // A browser opens a <bdi> with FSI and closes it with PDI (test/hardening/bidi.browser.test.ts shows it).
    fc.assert(
      fc.property(hostile, (text) => {
        const levels = explicitLevels(`${FSI}${balanced(text)}${PDI}: 60/100`);
        for (const entry of levels.slice(-8)) assert.deepEqual(entry, { level: 0, override: 'N' });
      }),
      { numRuns: 2000 },
    );
  });

  it('loses nothing: the text is in the result in its order, with only explicit formatting added', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const out = [...isolate(text)];
        const given = [...text];
        let at = 0;
        const added: string[] = [];
        for (const char of out) {
          if (at < given.length && char === given[at]) at++;
          else added.push(char);
        }
        assert.equal(at, given.length, 'every character of the text, in order');
        for (const char of added) assert.ok(EXPLICIT.includes(char), `added ${JSON.stringify(char)}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves a text without explicit formatting as it is; isolate() puts it between FSI and PDI', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const plain = text.replace(/[\u202a-\u202e\u2066-\u2069]/g, '');
        assert.equal(balanced(plain), plain);
        assert.equal(isolate(plain), plain ? `${FSI}${plain}${PDI}` : '');
      }),
    );
  });

  it('closes what a name opens, and gives a stray PDI an initiator of its own', () => {
    assert.equal(balanced(`${RLO}Dakar`), `${RLO}Dakar${PDF}`);
    assert.equal(balanced(`${RLE}Dakar`), `${RLE}Dakar${PDF}`);
    assert.equal(balanced(`${RLI}Dakar`), `${RLI}Dakar${PDI}`);
    assert.equal(balanced(`${PDI}${RLO}Dakar`), `${FSI}${PDI}${RLO}Dakar${PDF}`);
    assert.equal(balanced(`${RLO}a${PDI}b`), `${FSI}${RLO}a${PDI}b`);
    assert.equal(balanced(`a\u2029${RLO}b`), `a\u2029${RLO}b${PDF}`);
    assert.equal(isolate(`${RLO}Dakar`), `${FSI}${RLO}Dakar${PDF}${PDI}`);
  });
});
