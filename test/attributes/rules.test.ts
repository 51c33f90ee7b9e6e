import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fold, RULES, slugify, type AttributeRule, type ChoiceRule } from '../../src/attributes/rules.js';
import { closest, distance, missingVersion, notFound } from '../../src/attributes/messages.js';
import { ATTRIBUTE_RULES, checkTagAttribute, checkValue } from '../helpers/attribute-checks.js';
import { REGION_CODES } from '../../src/core/types.js';
import { REGION_NAMES } from '../../src/i18n/regions.js';

const choices = (Object.entries(RULES) as [string, AttributeRule][]).filter(
  (entry): entry is [string, ChoiceRule] => entry[1].type === 'choice',
);

/** Accents that a writer may put on a letter (combining marks, composed afterwards). */
const MARKS = ['\u0300', '\u0301', '\u0302', '\u0308', '\u0327'];

/** A spelling of `value` a person might type: cases changed, marks added, separators swapped, spaces around. */
const spelling = (value: string) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: value.length, maxLength: value.length }),
      fc.array(fc.option(fc.constantFrom(...MARKS), { nil: undefined }), {
        minLength: value.length,
        maxLength: value.length,
      }),
      fc.constantFrom('-', ' ', '  ', '_', ' - ', ''),
      fc.constantFrom('', ' ', '\t', '\u00a0'),
    )
    .map(([upper, marks, separator, pad]) => {
      const letters = [...value].map((char, i) => {
        if (char === '-') return separator;
        const cased = upper[i] ? char.toUpperCase() : char;
        return /[a-z]/i.test(char) && marks[i] ? cased + marks[i] : cased;
      });
      return pad + letters.join('').normalize(upper[0] ? 'NFC' : 'NFD') + pad;
    });

describe('attribute rules: choices', () => {
  it('every accepted value reads as itself, with no note', () => {
    for (const [name, rule] of choices) {
      for (const value of rule.values) {
        const result = checkValue(name, rule, value);
        assert.deepEqual(result, { ok: true, value }, `${name}=${value}`);
      }
    }
  });

  it('no two accepted values of a choice share a fold (a spelling names one value)', () => {
    for (const [name, rule] of choices) {
      const folds = rule.values.map(fold);
      assert.equal(new Set(folds).size, folds.length, name);
    }
  });

  it('accented, cased and spaced spellings of each region read as that region, with a note', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REGION_CODES).chain((code) => fc.tuple(fc.constant(code), spelling(code))),
        ([code, typed]) => {
          const result = checkTagAttribute('khountous-ranking', 'region', typed);
          assert.ok(result.ok, typed);
          assert.equal(result.value, code);
          if (typed !== code) assert.match(result.note!, new RegExp(`read as "${code}"`));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads what people type: Kolda, thiès, Saint Louis, "saint-louis ", and the regions’ own names', () => {
    const cases: Array<[string, string]> = [
      ['Kolda', 'kolda'],
      ['thiès', 'thies'],
      ['Saint Louis', 'saint-louis'],
      ['saint-louis ', 'saint-louis'],
      ['SÉDHIOU', 'sedhiou'],
      ...Object.entries(REGION_NAMES).map(([code, name]): [string, string] => [name, code]),
    ];
    for (const [typed, code] of cases) {
      const result = checkTagAttribute('khountous-region-stats', 'region', typed);
      assert.deepEqual(result.ok && result.value, code, typed);
    }
    assert.equal(checkTagAttribute('khountous-region-stats', 'indicator', 'Response rate').ok, true);
    assert.deepEqual(checkTagAttribute('khountous-reports', 'status', 'Under review'), {
      ok: true,
      value: 'under-review',
      note: 'status="Under review" read as "under-review".',
    });
  });

  it('an unknown value names the attribute, the value, the accepted values and the closest one, fr and en', () => {
    const result = checkTagAttribute('khountous-ranking', 'region', 'Tiess');
    assert.equal(result.ok, false);
    if (result.ok) return;
    const { problem } = result;
    assert.equal(problem.attribute, 'region');
    assert.equal(problem.given, 'Tiess');
    assert.equal(problem.closest, 'thies');
    assert.deepEqual(problem.accepted, REGION_CODES);
    assert.equal(
      problem.message.en,
      `region="Tiess" is not accepted. Did you mean "thies"? Accepted values: ${REGION_CODES.join(', ')}.`,
    );
    assert.equal(
      problem.message.fr,
      `region="Tiess" n’est pas une valeur acceptée. Vouliez-vous dire «\u202fthies\u202f»\u202f? Valeurs acceptées\u202f: ${REGION_CODES.join(', ')}.`,
    );
  });

  it('suggests nothing for a value far from all', () => {
    const result = checkTagAttribute('khountous-ranking', 'region', 'Paris');
    assert.ok(!result.ok);
    assert.equal(result.problem.closest, undefined);
    assert.doesNotMatch(result.problem.message.en, /Did you mean/);
    assert.doesNotMatch(result.problem.message.fr, /Vouliez-vous/);
  });

  it('an empty optional choice is no filter; an empty choice with a fallback takes it', () => {
    assert.deepEqual(checkTagAttribute('khountous-ranking', 'sector', '  '), { ok: true, value: undefined });
    assert.deepEqual(checkTagAttribute('khountous-region-stats', 'indicator', ''), {
      ok: true,
      value: 'averageScore',
    });
  });
});

describe('attribute rules: closest', () => {
  it('a value with one letter changed, dropped or added suggests that value (or reads as it)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...choices),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('change', 'drop', 'add'),
        ([name, rule], pick, at, how) => {
          const value = rule.values[pick % rule.values.length]!;
          const i = at % value.length;
          const typo =
            how === 'drop'
              ? value.slice(0, i) + value.slice(i + 1)
              : how === 'add'
                ? value.slice(0, i) + 'q' + value.slice(i)
                : value.slice(0, i) + (value[i] === 'z' ? 'y' : 'z') + value.slice(i + 1);
          const result = checkValue(name, rule, typo);
          const got = result.ok ? result.value : result.problem.closest;
          // Another value at the same distance may come first: then it is at least as close.
          assert.ok(got !== undefined, `${name}: ${typo}`);
          assert.ok(
            distance(fold(typo), fold(String(got))) <= distance(fold(typo), fold(value)),
            `${typo} -> ${got}`,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('finds a value inside a longer phrase or from its start', () => {
    assert.equal(closest('Région de Kolda', REGION_CODES), 'kolda');
    assert.equal(closest('tamba', REGION_CODES), 'tambacounda');
    assert.equal(closest('St Louis', REGION_CODES), 'saint-louis');
    assert.equal(closest('k', REGION_CODES), undefined);
  });

  it('distance is the edit distance', () => {
    assert.equal(distance('kitten', 'sitting'), 3);
    assert.equal(distance('', 'abc'), 3);
    assert.equal(distance('thiès', 'thies'), 1);
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        assert.equal(distance(a, b), distance(b, a));
        assert.ok(distance(a, b) <= Math.max([...a].length, [...b].length));
        assert.equal(distance(a, a), 0);
      }),
    );
  });
});

describe('attribute rules: identifiers and integers', () => {
  it('a slug typed as a title is refused, offering its slug form; one with no slug form says what is expected', () => {
    const read = checkTagAttribute('khountous-admin-card', 'slug', ' Mairie de Dakar ');
    assert.ok(!read.ok);
    assert.equal(read.problem.closest, 'mairie-de-dakar');
    assert.equal(
      read.problem.message.en,
      'slug="Mairie de Dakar" is not valid: expected lower-case letters, digits and hyphens, e.g. "mairie-de-dakar". Did you mean "mairie-de-dakar"?',
    );
    const bad = checkTagAttribute('khountous-admin-card', 'slug', '***');
    assert.ok(!bad.ok);
    assert.equal(bad.problem.reason, 'malformed');
    assert.match(bad.problem.message.en, /^slug="\*\*\*" is not valid: expected lower-case letters/);
    assert.match(bad.problem.message.fr, /^slug="\*\*\*" n’est pas valide\u202f: il faut/);
    assert.equal(bad.problem.closest, undefined);
  });

  it('slugify gives the slug form or nothing, and keeps a slug as it is', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const slug = slugify(text);
        assert.ok(slug === '' || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug), slug);
        assert.equal(slugify(slug), slug);
      }),
    );
  });

  it('a missing required identifier says it is required, with an example', () => {
    const result = checkTagAttribute('khountous-dataset', 'dataset-id', '');
    assert.ok(!result.ok);
    assert.equal(result.problem.reason, 'missing');
    assert.equal(
      result.problem.message.en,
      'The dataset-id attribute is required: lower-case letters, digits and hyphens, e.g. "administration-scores".',
    );
  });

  it('a period offers 2026-03 for 2026/03 and refuses "March 2026" naming the form', () => {
    const slash = checkTagAttribute('khountous-reports', 'period', '2026/03');
    assert.equal(!slash.ok && slash.problem.closest, '2026-03');
    const result = checkTagAttribute('khountous-reports', 'period', 'March 2026');
    assert.ok(!result.ok);
    assert.match(result.problem.message.en, /a year \(2026\) or a month \(2026-03\)/);
    assert.deepEqual(checkTagAttribute('khountous-reports', 'period', ''), { ok: true, value: undefined });
  });

  it('an integer out of range is clamped with a warning naming the range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
        const result = checkTagAttribute('khountous-ranking', 'limit', String(n));
        assert.ok(result.ok);
        assert.equal(result.value, Math.min(100, Math.max(1, n)));
        assert.equal(result.problem !== undefined, n < 1 || n > 100);
      }),
    );
    const result = checkTagAttribute('khountous-dataset', 'preview', 'beaucoup');
    assert.ok(result.ok && result.problem);
    assert.equal(result.value, 5);
    assert.equal(
      result.problem.message.fr,
      'preview="beaucoup" n’est pas un nombre entier de 1 à 50\u202f; 5 est utilisé.',
    );
  });
});

describe('attribute rules: base URL and not found', () => {
  it('a base URL without /v1 names the address it probably meant', () => {
    const problem = missingVersion('http://localhost:6123/', 'http://localhost:6123');
    assert.equal(problem?.closest, 'http://localhost:6123/v1');
    assert.match(problem!.message.en, /does not end with \/v1/);
    assert.match(problem!.message.fr, /ne se termine pas par \/v1/);
    assert.equal(missingVersion('/v1', 'http://site.test/v1'), undefined);
    assert.equal(missingVersion('', 'https://api.khountous.sn/v1'), undefined);
  });

  it('a base URL that is not http(s) is refused', () => {
    const result = checkTagAttribute('khountous-ranking', 'base-url', 'ftp://example.org/v1');
    assert.ok(!result.ok);
    assert.equal(result.problem.reason, 'not-http');
    assert.equal(checkTagAttribute('khountous-ranking', 'base-url', '/v1').ok, true);
  });

  it('not found names the attribute and the value', () => {
    assert.equal(
      notFound('slug', 'mairie-de-dakkar').message.en,
      'Nothing was found for slug="mairie-de-dakkar". Check its spelling.',
    );
  });
});

describe('attribute rules: the table', () => {
  it('is plain data (survives JSON) for every element of the kit', () => {
    const copy = JSON.parse(JSON.stringify(ATTRIBUTE_RULES)) as typeof ATTRIBUTE_RULES;
    assert.deepEqual(copy, ATTRIBUTE_RULES);
    // Every widget folder's tag (src/components/<name>/ is <khountous-name>), whatever the registry says.
    const folders = readdirSync(join(import.meta.dirname, '../../src/components'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(entry.parentPath, entry.name, 'widget.ts')))
      .map((entry) => `khountous-${entry.name}`)
      .sort();
    assert.ok(folders.length >= 8, 'the widget folders are found');
    assert.deepEqual(Object.keys(ATTRIBUTE_RULES).sort(), folders);
  });

  it('every French message puts a narrow no-break space before : ; ? ! and none a plain space', () => {
    const problems = [
      checkTagAttribute('khountous-ranking', 'region', 'tiess'),
      checkTagAttribute('khountous-ranking', 'limit', '0'),
      checkTagAttribute('khountous-report', 'slug', ''),
      checkTagAttribute('khountous-report', 'slug', '***'),
      checkTagAttribute('khountous-ranking', 'base-url', 'ftp://x'),
    ].map((result) => (result.ok ? result.problem : result.problem));
    problems.push(missingVersion('http://x.test', 'http://x.test'), notFound('slug', 'x'));
    for (const problem of problems) {
      const fr = problem!.message.fr.replace(/[a-z-]+="[^"]*"/g, '');
      assert.doesNotMatch(fr, / [:;?!»]|« /, fr);
    }
  });
});
