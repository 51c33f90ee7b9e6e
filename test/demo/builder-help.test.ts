/**
 * The embed builder's help (demo/builder-help.ts): every attribute of every
 * element of custom-elements.json has an English and a French text, both name
 * the same `code` values, no French text is left for an attribute that is
 * gone, and every text the builder page names has both languages.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import manifest from '../../custom-elements.json' with { type: 'json' };
import {
  codeValues,
  frenchAttribute,
  inlinePieces,
  PAGE_TEXT,
  summaryHelp,
  type ManifestElement,
} from '../../demo/builder-help.js';
import { catalog } from '../../src/registry.js';
import { ABOUT_INPUTS } from '../../src/widget/about.js';

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
      assert.ok(element.summary?.trim(), 'English summary');
      assert.notEqual(summaryHelp('fr', element), element.summary, 'French summary');
      const missing: string[] = [];
      for (const attribute of element.attributes ?? []) {
        const english = attribute.description?.trim();
        const fr = frenchAttribute(element, attribute)?.trim();
        const where = `${attribute.inheritedFrom?.name ?? element.tagName} ${attribute.name}`;
        if (!english) missing.push(`${where}: no English description (JSDoc)`);
        if (!fr) missing.push(`${where}: no French description (about.ts)`);
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

  it('no words for an attribute or element that the manifest does not have', () => {
    const named = new Set(
      elements.flatMap((element) => (element.attributes ?? []).map((a) => `${element.tagName} ${a.name}`)),
    );
    const shared = new Set(elements.flatMap((element) => (element.attributes ?? []).map((a) => a.name)));
    const stale = [
      ...catalog.flatMap((entry) =>
        Object.keys(entry.about.inputs)
          .map((name) => `${entry.widget.tag} ${name}`)
          .filter((key) => !named.has(key)),
      ),
      ...Object.keys(ABOUT_INPUTS).filter((name) => !shared.has(name)),
    ];
    assert.deepEqual(stale, []);
  });

  it('French texts put a narrow no-break space before : ; ? !', () => {
    const texts = [
      ...catalog.flatMap((entry) => [
        entry.about.title.fr,
        entry.about.summary.fr,
        ...Object.values(entry.about.inputs).map((words) => words.fr),
      ]),
      ...Object.values(ABOUT_INPUTS).map((words) => words.fr),
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
