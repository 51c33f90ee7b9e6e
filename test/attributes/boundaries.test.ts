/**
 * The edges of the attribute rules: the lengths, ranges and spellings where a
 * check turns from yes to no, each asserted on both sides, and what an absent
 * attribute, an unchecked one or an unknown element gives.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { quoted, RULES, slugify, checkAttribute, type AttributeProblem } from '../../src/attributes/rules.js';
import {
  closest,
  explainProblem,
  missingVersion,
  notFound,
  problemOf,
} from '../../src/attributes/messages.js';
import { checkTagAttribute, checkValue } from '../helpers/attribute-checks.js';
import { MAX_ID_LENGTH, REGION_CODES } from '../../src/core/types.js';

const problemOfResult = (result: ReturnType<typeof checkTagAttribute>): AttributeProblem | undefined =>
  result.problem;

describe('attribute rules at their edges: identifiers', () => {
  it(`a slug of ${MAX_ID_LENGTH} characters is accepted, one more is not`, () => {
    const longest = 'a'.repeat(MAX_ID_LENGTH);
    assert.deepEqual(checkTagAttribute('khountous-admin-card', 'slug', longest), {
      ok: true,
      value: longest,
    });
    const over = checkTagAttribute('khountous-admin-card', 'slug', `${longest}a`);
    assert.equal(over.ok, false);
    assert.equal(problemOfResult(over)?.reason, 'malformed');
    // Its slug form is just as long: nothing to offer.
    assert.equal(problemOfResult(over)?.closest, undefined);
  });

  it('the slug form drops accents and says in each language what a slug is', () => {
    assert.equal(slugify(' Thiès, Région de Sédhiou! '), 'thies-region-de-sedhiou');
    const result = checkTagAttribute('khountous-admin-card', 'slug', 'Mairie de Thiès');
    assert.equal(problemOfResult(result)?.closest, 'mairie-de-thies');
    assert.equal(
      problemOfResult(result)?.message.fr,
      'slug="Mairie de Thiès" n’est pas valide\u202f: il faut des lettres minuscules sans accent, des chiffres et des tirets, par exemple «\u202fmairie-de-dakar\u202f». Vouliez-vous dire «\u202fmairie-de-thies\u202f»\u202f?',
    );
  });

  it('a period is a year or a month, and nothing longer', () => {
    for (const period of ['2026', '2026-01', '2026-12'])
      assert.deepEqual(checkTagAttribute('khountous-reports', 'period', period), { ok: true, value: period });
    for (const period of ['2026-13', '2026-00', '2026-1', '20261', '2026-03-01']) {
      const result = checkTagAttribute('khountous-reports', 'period', period);
      assert.equal(result.ok, false, period);
      assert.equal(problemOfResult(result)?.reason, 'malformed', period);
    }
  });

  it('an absent attribute (null) is an empty one: the fallback, no problem', () => {
    assert.deepEqual(checkTagAttribute('khountous-ranking', 'limit', null), { ok: true, value: 10 });
    assert.deepEqual(checkTagAttribute('khountous-ranking', 'region', null), { ok: true, value: undefined });
    assert.deepEqual(checkTagAttribute('khountous-region-stats', 'indicator', undefined), {
      ok: true,
      value: 'averageScore',
    });
    assert.deepEqual(checkTagAttribute('khountous-reports', 'period', null), { ok: true, value: undefined });
    const missing = checkTagAttribute('khountous-admin-card', 'slug', null);
    assert.equal(problemOfResult(missing)?.reason, 'missing');
    assert.equal(problemOfResult(missing)?.given, '');
  });

  it('an attribute the table does not check, or of an element it does not know, is taken as written', () => {
    assert.deepEqual(checkTagAttribute('khountous-ranking', 'title', ' Le classement '), {
      ok: true,
      value: ' Le classement ',
    });
    assert.deepEqual(checkTagAttribute('khountous-nothing', 'region', 'Paris'), { ok: true, value: 'Paris' });
    assert.deepEqual(checkTagAttribute('khountous-ranking', 'title', null), { ok: true, value: undefined });
  });

  it('every element checks the attributes of every widget (base-url) besides its own', () => {
    for (const tag of ['khountous-ranking', 'khountous-dataset', 'khountous-report']) {
      const result = checkTagAttribute(tag, 'base-url', 'ftp://example.org/v1');
      assert.equal(problemOfResult(result)?.reason, 'not-http', tag);
    }
  });
});

describe('attribute rules at their edges: integers', () => {
  it('clamps at each end of the range, and takes the ends themselves as they are', () => {
    const limit = (value: string) => checkTagAttribute('khountous-ranking', 'limit', value);
    assert.deepEqual(limit('1'), { ok: true, value: 1 });
    assert.deepEqual(limit('100'), { ok: true, value: 100 });
    assert.deepEqual(limit(' 7 '), { ok: true, value: 7 });
    const low = limit('0');
    assert.equal(low.ok && low.value, 1);
    assert.deepEqual(problemOfResult(low)?.range, { min: 1, max: 100 });
    assert.equal(problemOfResult(low)?.used, 1);
    assert.equal(problemOfResult(low)?.reason, 'out-of-range');
    const high = limit('101');
    assert.equal(high.ok && high.value, 100);
    assert.equal(problemOfResult(high)?.used, 100);
  });

  it('a fraction is cut to its whole part, with a warning', () => {
    const result = checkTagAttribute('khountous-ranking', 'limit', '2.5');
    assert.equal(result.ok && result.value, 2);
    assert.equal(problemOfResult(result)?.used, 2);
    assert.equal(
      problemOfResult(result)?.message.en,
      'limit="2.5" is not a whole number from 1 to 100; 2 is used.',
    );
  });

  it('Infinity and what is not a number give the fallback, not an end of the range', () => {
    for (const value of ['Infinity', '-Infinity', 'NaN', 'dix']) {
      const result = checkTagAttribute('khountous-ranking', 'limit', value);
      assert.equal(result.ok && result.value, 10, value);
      assert.equal(problemOfResult(result)?.used, 10, value);
    }
  });

  it('reads a number given as a number (a property set from script)', () => {
    assert.deepEqual(checkAttribute('limit', RULES.limit, 5), { ok: true, value: 5 });
    const clamped = checkAttribute('limit', RULES.limit, 500);
    assert.equal(clamped.ok && clamped.value, 100);
  });
});

describe('attribute rules at their edges: base URL', () => {
  const baseUrl = (value: string) => checkTagAttribute('khountous-ranking', 'base-url', value);

  it('accepts http(s) with a host and paths of this site; refuses protocol-relative and hostless ones', () => {
    for (const value of ['https://api.example.org/v1', 'HTTP://localhost:6123/v1', '/v1', ' /api/v1 '])
      assert.equal(baseUrl(value).ok, true, value);
    for (const value of [
      '//evil.example/v1',
      'https://',
      'https:///v1',
      'http:// x',
      'v1',
      'javascript:x',
      'xhttps://api.example.org/v1',
    ]) {
      const result = baseUrl(value);
      assert.equal(problemOfResult(result)?.reason, 'not-http', value);
      assert.equal(problemOfResult(result)?.example, 'https://api.khountous.sn/v1', value);
    }
    assert.deepEqual(baseUrl(''), { ok: true, value: undefined });
  });

  it('names /v1 as missing only when the path does not end with a version', () => {
    assert.equal(missingVersion('', 'https://api.example.org/v2'), undefined);
    assert.equal(missingVersion('', 'https://api.example.org/v10'), undefined, 'a version of two digits');
    assert.equal(missingVersion('https://x.test/v1/', 'https://x.test/v1/')?.closest, 'https://x.test/v1/v1');
    const problem = missingVersion(' ', 'https://x.test/api//');
    assert.equal(problem?.given, 'https://x.test/api//', 'nothing written: the address in use');
    assert.equal(problem?.closest, 'https://x.test/api/v1');
    assert.equal(problem?.attribute, 'base-url');
    assert.equal(problem?.reason, 'no-version');
    assert.equal(
      problem?.message.en,
      'base-url="https://x.test/api//" does not end with /v1 and the API does not answer there. Did you mean "https://x.test/api/v1"?',
    );
    assert.equal(missingVersion(' /api ', 'https://x.test/api')?.closest, '/api/v1');
  });
});

describe('attribute messages at their edges', () => {
  it('quotes a value of 60 characters whole, and cuts a longer one, saying its length', () => {
    const sixty = 'x'.repeat(60);
    assert.equal(quoted('slug', sixty), `slug="${sixty}"`);
    assert.equal(quoted('slug', `${sixty}y`), `slug="${sixty}…" (61 characters)`);
  });

  it('closest: a start of 3 characters or more names the one value it begins', () => {
    assert.equal(closest('tam', REGION_CODES), 'tambacounda');
    assert.equal(closest('Tamb', REGION_CODES), 'tambacounda');
    // Two characters are too few to be a start: only the edit distance counts.
    assert.equal(closest('ta', ['tambacounda', 'kolda']), undefined);
    // Nothing typed suggests nothing, even a value short enough to be within 2 edits of it.
    assert.equal(closest('', REGION_CODES), undefined);
    assert.equal(closest('  ', ['ab', 'fr']), undefined);
    assert.equal(closest('-', ['ab', 'fr']), undefined);
  });

  it('closest: a phrase holding two values names neither by containment', () => {
    assert.equal(closest('Dakar ou Thiès', REGION_CODES), undefined);
    assert.equal(closest('Région de Dakar', REGION_CODES), 'dakar');
  });

  it('closest: an edit distance up to a third of the value (at least 2) is close, one more is not', () => {
    // tambacounda: 11 letters, a third is 3.
    assert.equal(closest('tambaxyznda', REGION_CODES), 'tambacounda');
    assert.equal(closest('tambwxyznda', REGION_CODES), undefined);
    // kolda: 5 letters, at least 2.
    assert.equal(closest('kxlxa', ['kolda']), 'kolda');
    assert.equal(closest('kxxxa', ['kolda']), undefined);
  });

  it('closest: on a tie, the first value in order', () => {
    assert.equal(closest('abx', ['aby', 'abz']), 'aby');
    assert.equal(closest('abx', ['abz', 'aby']), 'abz');
    // A closer value later in the list wins over a farther first one.
    assert.equal(closest('abcdx', ['abxyz', 'abcdy']), 'abcdy');
  });

  it('every reason has its sentence in French and English, naming the attribute', () => {
    const drafts = [
      { attribute: 'region', given: 'Paris', reason: 'not-accepted', accepted: ['dakar', 'kolda'] },
      { attribute: 'limit', given: '0', reason: 'out-of-range', range: { min: 1, max: 100 }, used: 1 },
      { attribute: 'base-url', given: 'ftp://x', reason: 'not-http', example: 'https://a.test/v1' },
      { attribute: 'base-url', given: 'https://a.test', reason: 'no-version', closest: 'https://a.test/v1' },
      { attribute: 'slug', given: 'x', reason: 'not-found' },
      {
        attribute: 'slug',
        given: '',
        reason: 'missing',
        expected: { fr: 'un slug', en: 'a slug' },
        example: 'a-b',
      },
      {
        attribute: 'slug',
        given: 'A B',
        reason: 'malformed',
        expected: { fr: 'un slug', en: 'a slug' },
        example: 'a-b',
      },
    ] as const;
    const en = drafts.map((draft) => problemOf(draft).message.en);
    assert.deepEqual(en, [
      'region="Paris" is not accepted. Accepted values: dakar, kolda.',
      'limit="0" is not a whole number from 1 to 100; 1 is used.',
      'base-url="ftp://x" is not an http(s) address, e.g. "https://a.test/v1".',
      'base-url="https://a.test" does not end with /v1 and the API does not answer there. Did you mean "https://a.test/v1"?',
      'Nothing was found for slug="x". Check its spelling.',
      'The slug attribute is required: a slug, e.g. "a-b".',
      'slug="A B" is not valid: expected a slug, e.g. "a-b".',
    ]);
    const fr = drafts.map((draft) => problemOf(draft).message.fr);
    assert.equal(fr[5], 'L’attribut slug est obligatoire\u202f: un slug, par exemple «\u202fa-b\u202f».');
    assert.equal(fr[6], 'slug="A B" n’est pas valide\u202f: il faut un slug, par exemple «\u202fa-b\u202f».');
    for (const [i, sentence] of fr.entries())
      assert.match(sentence, new RegExp(drafts[i]!.attribute), sentence);
  });

  it('a problem without the words its sentence uses still reads, with nothing in their place', () => {
    const bare = (reason: AttributeProblem['reason']) =>
      problemOf({ attribute: 'x', given: 'y', reason, range: { min: 1, max: 2 }, used: 1, closest: 'z' });
    assert.equal(
      bare('not-accepted').message.en,
      'x="y" is not accepted. Did you mean "z"? Accepted values: .',
    );
    assert.equal(bare('not-http').message.en, 'x="y" is not an http(s) address, e.g. "".');
    assert.equal(bare('missing').message.en, 'The x attribute is required: , e.g. "".');
    assert.equal(
      bare('missing').message.fr,
      'L’attribut x est obligatoire\u202f: , par exemple «\u202f\u202f».',
    );
    assert.equal(bare('malformed').message.en, 'x="y" is not valid: expected , e.g. "". Did you mean "z"?');
  });

  it('a problem keeps its own fields besides its sentences, and only a choice gets a closest value', () => {
    const draft = {
      attribute: 'slug',
      given: 'dakar',
      reason: 'malformed',
      expected: { fr: 'x', en: 'x' },
      example: 'a',
    } as const;
    const explained = explainProblem(draft);
    assert.equal(explained.closest, undefined);
    assert.equal(explained.given, 'dakar');
    assert.equal(explained.example, 'a');
    const choice = explainProblem({
      attribute: 'region',
      given: 'dakr',
      reason: 'not-accepted',
      accepted: REGION_CODES,
    });
    assert.equal(choice.closest, 'dakar');
    assert.match(choice.message.en, /Did you mean "dakar"\?/);
  });

  it('a warning keeps its value and gets its sentences; a value with no problem gets none', () => {
    const clamped = checkValue('preview', RULES.preview, '80');
    assert.equal(clamped.ok && clamped.value, 50);
    assert.match(
      clamped.problem!.message.en,
      /^preview="80" is not a whole number from 1 to 50; 50 is used\.$/,
    );
    assert.deepEqual(checkValue('preview', RULES.preview, '8'), { ok: true, value: 8 });
  });

  it('not found is this module’s', () => {
    const problem = notFound('dataset-id', 'x');
    assert.equal(problem.reason, 'not-found');
    assert.equal(problem.attribute, 'dataset-id');
    assert.equal(problem.message.fr, 'Rien n’a été trouvé pour dataset-id="x". Vérifiez son orthographe.');
  });
});
