/**
 * The rules of the editor's words (src/attributes/rules.ts): `headline`, `subtitle`, `note`
 * are plain text, their white space one space, cut at their bound (in characters, never
 * inside one) with a warning that says so; `source-href` takes an http(s) address or a path
 * from the site's root, anything else set aside with a warning naming the platform's link.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { explainProblem } from '../../src/attributes/messages.js';
import { checkAttribute, RULES } from '../../src/attributes/rules.js';
import { PLATFORM_SITE } from '../../src/widget/source.js';

const check = (attribute: 'headline' | 'subtitle' | 'note', value: string) =>
  checkAttribute(attribute, RULES[attribute], value);

describe("attribute rules: the editor's words", () => {
  it('bounds: 120, 200 and 400 characters', () => {
    assert.deepEqual(
      [RULES.headline.maxLength, RULES.subtitle.maxLength, RULES.note.maxLength],
      [120, 200, 400],
    );
  });

  it('a text: white space one space, empty is none, markup kept as the text it is', () => {
    assert.deepEqual(check('headline', ' \u00a0Les\n\tmairies\u2028 <b>x</b>  '), {
      ok: true,
      value: 'Les mairies <b>x</b>',
    });
    assert.deepEqual(check('note', ' \n '), { ok: true, value: undefined });
    assert.deepEqual(check('note', null as unknown as string), { ok: true, value: undefined });
  });

  it('property: a text is never longer than its bound; a longer one is cut with "…" and a warning that says so', () => {
    const unit = fc.constantFrom('a', 'é', ' ', '\n', '😀', '\u202f', '<');
    fc.assert(
      fc.property(
        fc.constantFrom('headline', 'subtitle', 'note' as const),
        fc.string({ unit, maxLength: 500 }),
        (attribute, value) => {
          const max = RULES[attribute].maxLength;
          const result = check(attribute, value);
          assert.equal(result.ok, true);
          const shown = String((result.ok && result.value) || '');
          assert.ok([...shown].length <= max);
          assert.doesNotMatch(shown, /\s{2}|^\s|\s$/);
          const normal = value.replace(/\s+/g, ' ').trim();
          if ([...normal].length <= max) {
            assert.equal(shown, normal);
            assert.equal(result.problem, undefined);
          } else {
            assert.ok(shown.endsWith('…'));
            assert.ok(normal.startsWith(shown.slice(0, -1)));
            assert.equal(result.problem?.reason, 'too-long');
            const { message } = explainProblem(result.problem!);
            assert.match(
              message.en,
              new RegExp(`^${attribute}=".*is longer than ${max} characters: the text is shown cut`),
            );
            assert.match(
              message.fr,
              new RegExp(`dépasse ${max}\u00a0caractères\u202f: le texte est affiché coupé`),
            );
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('source-href: http(s) or a root path; javascript:, data:, //host and /\\host set aside with a warning', () => {
    for (const href of ['https://www.example.sn/methode', 'http://example.org', '/methodologie'])
      assert.deepEqual(checkAttribute('source-href', RULES.sourceHref, href), { ok: true, value: href });
    assert.deepEqual(checkAttribute('source-href', RULES.sourceHref, ''), { ok: true, value: undefined });
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example/',
      '/\\evil.example',
      'methode.html',
      'ftp://x',
    ]) {
      const result = checkAttribute('source-href', RULES.sourceHref, href);
      assert.equal(result.ok && result.value, undefined, href);
      assert.equal(result.problem?.reason, 'not-link', href);
      const { message } = explainProblem(result.problem!);
      assert.ok(message.en.endsWith(`the source line links to ${PLATFORM_SITE}.`), message.en);
      assert.ok(message.fr.endsWith(`la ligne de source renvoie à ${PLATFORM_SITE}.`), message.fr);
    }
  });
});
