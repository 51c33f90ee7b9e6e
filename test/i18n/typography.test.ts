import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERROR_KINDS } from '../../src/core/errors.js';
import { attributeMessages } from '../../src/i18n/attributes.js';
import { translations } from '../helpers/translations.js';

/** Every sentence a table gives: strings as they are, functions called with sample arguments. */
function sentences(table: unknown, path = ''): Array<[string, string]> {
  if (typeof table === 'string') return [[path, table]];
  if (typeof table === 'function') {
    if (path.endsWith('.error')) {
      return ERROR_KINDS.flatMap((kind) =>
        [undefined, '14:05'].map((when): [string, string] => [
          `${path}(${kind})`,
          (table as (k: string, w?: string) => string)(kind, when),
        ]),
      );
    }
    const args = Array.from({ length: table.length }, (_, i) => (i % 2 ? '12' : 'x'));
    return [[path, String((table as (...a: unknown[]) => unknown)(...args))]];
  }
  if (table && typeof table === 'object') {
    return Object.entries(table).flatMap(([key, value]) => sentences(value, `${path}.${key}`));
  }
  return [];
}

const french = [...sentences(translations('fr'), 'fr'), ...sentences(attributeMessages.fr, 'attributes.fr')];

describe('French typography of the UI strings', () => {
  it('finds the sentences (the walk reaches the tables)', () => {
    assert.ok(french.length > 80, String(french.length));
    assert.ok(french.some(([, text]) => text.includes('\u202f:')));
  });

  it('a narrow no-break space (U+202F), and no other space, before : ; ? ! and »', () => {
    for (const [path, text] of french) {
      assert.doesNotMatch(text, /[ \u00a0\t][:;?!»]/, `${path}: ${JSON.stringify(text)}`);
      // A colon after a word (not a time such as 14:05) needs the space too.
      assert.doesNotMatch(text, /[^\s\u202f\d"]:(\s|$)/u, `${path}: ${JSON.stringify(text)}`);
      assert.doesNotMatch(text, /[^\s\u202f][;?!»]/u, `${path}: ${JSON.stringify(text)}`);
    }
  });

  it('a narrow no-break space, and no other space, after «', () => {
    for (const [path, text] of french) assert.doesNotMatch(text, /«[^\u202f]/, `${path}: ${text}`);
  });
});
