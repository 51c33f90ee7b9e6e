/**
 * The parameter checks (src/core/params.ts) at their edges: what each accepts
 * and refuses on either side of a limit, and the error it throws, which names
 * the parameter and says what is expected.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkBaseUrl,
  checkLang,
  checkLimit,
  checkPage,
  checkParams,
  matching,
  oneOf,
} from '../../src/core/params.js';
import { isKhountousError } from '../../src/core/errors.js';
import { MAX_ID_LENGTH, MAX_LIMIT } from '../../src/core/types.js';

/** The invalid-parameter error `run` throws: its param and message. */
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    assert.ok(isKhountousError(error, 'invalid-parameter'), String(error));
    return { param: error.param, message: error.message };
  }
  assert.fail('expected a refusal');
};

describe('the base URL', () => {
  test('is an http(s) URL with a host, or a path of this site, without its trailing slashes', () => {
    assert.equal(checkBaseUrl(' https://api.test/v1/// '), 'https://api.test/v1');
    assert.equal(checkBaseUrl('HTTP://api.test'), 'HTTP://api.test');
    assert.equal(checkBaseUrl('http://localhost:8787/api/v1'), 'http://localhost:8787/api/v1');
    assert.equal(checkBaseUrl('/api/v1/'), '/api/v1');
  });

  test('anything else is refused, naming baseUrl and the value', () => {
    assert.deepEqual(
      refusal(() => checkBaseUrl(undefined)),
      {
        param: 'baseUrl',
        message: 'The base URL is missing.',
      },
    );
    assert.equal(refusal(() => checkBaseUrl(42)).message, 'The base URL is missing.');
    assert.equal(refusal(() => checkBaseUrl('   ')).message, 'The base URL is missing.');
    assert.deepEqual(
      refusal(() => checkBaseUrl('ftp://api.test')),
      {
        param: 'baseUrl',
        message: 'The base URL must be an http(s) URL or an absolute path, not "ftp://api.test".',
      },
    );
    for (const value of [
      'https://',
      'https:///v1',
      'https://api.test/v1#x',
      'https://api.test /v1',
      'x/https://api.test',
      '/v1?x',
      '/v1#x',
      '/v 1',
      '//api.test',
    ])
      assert.match(
        refusal(() => checkBaseUrl(value)).message,
        /must be an http\(s\) URL or an absolute path/,
        value,
      );
    assert.deepEqual(
      refusal(() => checkBaseUrl('https://:pw@api.test/v1')),
      {
        param: 'baseUrl',
        message: 'The base URL "https://:pw@api.test/v1" is not a valid URL.',
      },
    );
    assert.match(refusal(() => checkBaseUrl('https://user@api.test')).message, /is not a valid URL/);
    assert.match(refusal(() => checkBaseUrl('http://[')).message, /is not a valid URL/);
  });
});

describe('integers, choices and identifiers', () => {
  test(`limit: 1 to ${MAX_LIMIT}, as a number or as digits`, () => {
    assert.equal(checkLimit(1, 'limit'), 1);
    assert.equal(checkLimit(MAX_LIMIT, 'limit'), MAX_LIMIT);
    assert.equal(checkLimit('07', 'limit'), 7);
    for (const value of [0, MAX_LIMIT + 1, 2.5, '2.5', ' 3', '', '-1', null, true])
      assert.deepEqual(
        refusal(() => checkLimit(value, 'limit')),
        { param: 'limit', message: `limit must be an integer from 1 to ${MAX_LIMIT}.` },
        String(value),
      );
  });

  test('page: 1 and up, to the largest safe integer', () => {
    assert.equal(checkPage(Number.MAX_SAFE_INTEGER, 'page'), Number.MAX_SAFE_INTEGER);
    assert.equal(refusal(() => checkPage(0, 'page')).param, 'page');
    assert.equal(refusal(() => checkPage(Number.MAX_SAFE_INTEGER + 2, 'page')).param, 'page');
  });

  test('a choice is one of its values, exactly', () => {
    assert.equal(checkLang('en', 'lang'), 'en');
    assert.deepEqual(
      refusal(() => checkLang('EN', 'lang')),
      {
        param: 'lang',
        message: 'lang must be one of fr, en.',
      },
    );
    assert.equal(refusal(() => oneOf(['1'])(1, 'x')).param, 'x', 'a number is not its digits');
  });

  test(`an identifier matches its pattern, up to ${MAX_ID_LENGTH} characters or the length given`, () => {
    const slug = matching(/^[a-z]+$/, 'a slug');
    assert.equal(slug('a'.repeat(MAX_ID_LENGTH), 'slug'), 'a'.repeat(MAX_ID_LENGTH));
    assert.deepEqual(
      refusal(() => slug('a'.repeat(MAX_ID_LENGTH + 1), 'slug')),
      {
        param: 'slug',
        message: 'slug must be a slug.',
      },
    );
    assert.equal(refusal(() => slug(7, 'slug')).param, 'slug');
    const short = matching(/^[a-z]+$/, 'short', 3);
    assert.equal(short('abc', 'x'), 'abc');
    assert.equal(refusal(() => short('abcd', 'x')).param, 'x');
  });
});

describe('checkParams', () => {
  const spec = { limit: checkLimit, lang: checkLang };

  test('checks the parameters the spec names that are set; ignores the rest, and null or undefined', () => {
    assert.deepEqual(checkParams(spec, { limit: '5', lang: 'fr', other: 'x' }), { limit: 5, lang: 'fr' });
    assert.deepEqual(checkParams(spec, { limit: null, lang: undefined }), {});
    assert.deepEqual(checkParams(spec, undefined), {});
    assert.deepEqual(checkParams(spec, null), {});
    assert.equal(refusal(() => checkParams(spec, { limit: 0 })).param, 'limit');
  });

  test('a query that is not an object is refused', () => {
    for (const query of ['limit=5', 5, true])
      assert.deepEqual(
        refusal(() => checkParams(spec, query)),
        {
          param: 'query',
          message: 'The query must be an object.',
        },
      );
  });
});
