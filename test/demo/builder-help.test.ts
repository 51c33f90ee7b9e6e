/**
 * The embed builder's help (demo/builder-help.ts): every attribute of every
 * element of custom-elements.json has an English and a French text, both name
 * the same `code` values, no French text is left for an attribute that is
 * gone, and every text the builder page names has both languages.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import manifest from '../../custom-elements.json' with { type: 'json' };
import {
  codeValues,
  FRENCH_ELEMENTS,
  FRENCH_INHERITED,
  frenchAttribute,
  inlinePieces,
  PAGE_TEXT,
  TRANSLATED_FROM,
  type ManifestElement,
} from '../../demo/builder-help.js';

const elements = (manifest as { modules: { declarations?: ManifestElement[] }[] }).modules
  .flatMap((module) => module.declarations ?? [])
  .filter((declaration) => declaration.tagName);

describe('embed builder help texts', () => {
  it('the manifest has elements with attributes to describe', () => {
    assert.ok(elements.length >= 7, `${elements.length} elements`);
    assert.ok(elements.every((element) => (element.attributes ?? []).length > 0));
  });

  for (const element of elements) {
    it(`${element.tagName}: a summary and every attribute in English and French, the same code values`, () => {
      const french = FRENCH_ELEMENTS[element.tagName!];
      assert.ok(element.summary?.trim(), 'English summary');
      assert.ok(french?.summary.trim(), 'French summary');
      const missing: string[] = [];
      for (const attribute of element.attributes ?? []) {
        const english = attribute.description?.trim();
        const fr = frenchAttribute(element, attribute)?.trim();
        const where = `${attribute.inheritedFrom?.name ?? element.tagName} ${attribute.name}`;
        if (!english) missing.push(`${where}: no English description (JSDoc)`);
        if (!fr) missing.push(`${where}: no French description (demo/builder-help.ts)`);
        if (english && fr) {
          assert.deepEqual(
            [...codeValues(fr)].sort(),
            [...codeValues(english)].sort(),
            `${where}: the French text names other code values than the English one`,
          );
          assert.notEqual(fr, english, `${where}: the French text is the English one`);
        }
      }
      assert.deepEqual(missing, []);
    });
  }

  it('every French text was written from the English the manifest has now', () => {
    const fingerprint = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);
    const changed: string[] = [];
    const expected = new Set<string>();
    const check = (key: string, english: string) => {
      expected.add(key);
      const now = fingerprint(english);
      if (TRANSLATED_FROM[key] !== now)
        changed.push(
          `${key}: the English is now "${english}"; read its French again, then fingerprint ${now}`,
        );
    };
    for (const element of elements) {
      check(element.tagName!, element.summary ?? '');
      for (const attribute of element.attributes ?? []) {
        check(
          `${attribute.inheritedFrom?.name ?? element.tagName} ${attribute.name}`,
          attribute.description ?? '',
        );
      }
    }
    assert.deepEqual(changed, []);
    assert.deepEqual(
      Object.keys(TRANSLATED_FROM).filter((key) => !expected.has(key)),
      [],
      'fingerprints of texts the manifest no longer has',
    );
  });

  it('no French text for an attribute or element that the manifest does not have', () => {
    const own = new Set<string>();
    const inherited = new Set<string>();
    for (const element of elements) {
      for (const attribute of element.attributes ?? []) {
        if (attribute.inheritedFrom) inherited.add(`${attribute.inheritedFrom.name} ${attribute.name}`);
        else own.add(`${element.tagName} ${attribute.name}`);
      }
    }
    const stale = [
      ...Object.entries(FRENCH_ELEMENTS).flatMap(([tag, entry]) =>
        Object.keys(entry.attributes)
          .map((name) => `${tag} ${name}`)
          .filter((key) => !own.has(key)),
      ),
      ...Object.entries(FRENCH_INHERITED).flatMap(([owner, entry]) =>
        Object.keys(entry)
          .map((name) => `${owner} ${name}`)
          .filter((key) => !inherited.has(key)),
      ),
      ...Object.keys(FRENCH_ELEMENTS).filter((tag) => !elements.some((element) => element.tagName === tag)),
    ];
    assert.deepEqual(stale, []);
  });

  it('French texts put a narrow no-break space before : ; ? !', () => {
    const texts = [
      ...Object.values(FRENCH_ELEMENTS).flatMap((entry) => [
        entry.summary,
        ...Object.values(entry.attributes),
      ]),
      ...Object.values(FRENCH_INHERITED).flatMap((entry) => Object.values(entry)),
      ...Object.values(PAGE_TEXT).map((text) => text.fr),
    ];
    const wrong = texts.filter((text) => /[^\u202f][:;?!](\s|$)/.test(text.replace(/`[^`]*`/g, '')));
    assert.deepEqual(wrong, []);
  });

  it('every text builder.html names has French and English, and every text is named', () => {
    const html = readFileSync(new URL('../../demo/builder.html', import.meta.url), 'utf8');
    const keys = [...html.matchAll(/data-i18n(?:-aria-label)?="([^"]+)"/g)].map((match) => match[1]!);
    assert.ok(keys.length >= 10, `${keys.length} keys`);
    for (const key of keys) {
      assert.ok(PAGE_TEXT[key]?.fr.trim() && PAGE_TEXT[key]?.en.trim(), `PAGE_TEXT.${key}`);
    }
    // Named from the script rather than from the page.
    const fromScript = new Set(['title', 'copied', 'selectToCopy']);
    const unused = Object.keys(PAGE_TEXT).filter((key) => !keys.includes(key) && !fromScript.has(key));
    assert.deepEqual(unused, []);
  });

  it('cuts a text at its code spans, keeping the rest as text', () => {
    assert.deepEqual(inlinePieces('a `<b>` c `d`'), ['a ', { code: '<b>' }, ' c ', { code: 'd' }]);
    assert.deepEqual(inlinePieces('no code'), ['no code']);
    assert.deepEqual(inlinePieces('a lone ` stays'), ['a lone ` stays']);
  });
});
