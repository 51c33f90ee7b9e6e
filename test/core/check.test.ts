/**
 * The response checker (src/core/check.ts): what it accepts and drops, and the
 * issue it gives, which names the value's path and what was wrong with it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as v from '../../src/core/check.js';
import { describe as target } from '../../src/core/endpoints.js';
import { get } from '../../src/core/http.js';
import { ANSWERS, checkedAnswer } from '../../src/core/answers.js';
import { isKhountousError } from '../../src/core/errors.js';
import { regionListSchema } from '../../src/core/schemas.js';

const issueOf = (schema: v.Schema, input: unknown) => {
  const result = v.safeParse(schema, input);
  assert.equal(result.success, false);
  return result.success ? undefined : { path: result.issue.path, message: result.issue.message };
};

describe('the checker', () => {
  const item = v.object({ slug: v.string, rank: v.integer(1), note: v.optional(v.string) });
  const list = v.object({ data: v.array(item) });

  test('names the path and what was wrong', () => {
    assert.deepEqual(
      issueOf(list, {
        data: [
          { slug: 'a', rank: 1 },
          { slug: 7, rank: 1 },
        ],
      }),
      {
        path: 'data.1.slug',
        message: 'expected a string, received 7',
      },
    );
    assert.deepEqual(issueOf(list, { data: [{ slug: 'a', rank: 0 }] }), {
      path: 'data.0.rank',
      message: 'expected an integer >= 1, received 0',
    });
    assert.deepEqual(issueOf(list, { data: [{ rank: 2 }] }), {
      path: 'data.0.slug',
      message: 'expected a string, received undefined',
    });
    assert.deepEqual(issueOf(list, []), { path: 'data', message: 'expected an array, received undefined' });
    assert.deepEqual(issueOf(list, null), { path: '', message: 'expected an object, received null' });
    assert.deepEqual(issueOf(v.picklist(['a', 'b']), 'c'), {
      path: '',
      message: 'expected one of a, b, received "c"',
    });
  });

  test('keeps only the keys it names; an optional key stays absent when missing', () => {
    assert.deepEqual(v.parse(item, { slug: 'a', rank: 3, extra: true }), { slug: 'a', rank: 3 });
    assert.equal('note' in v.parse(item, { slug: 'a', rank: 3 }), false);
  });

  test('rejects NaN, accepts null only where nullable, and records without prototype keys', () => {
    assert.equal(v.is(v.number, Number.NaN), false);
    assert.equal(v.is(v.string, null), false);
    assert.equal(v.is(v.nullable(v.string), null), true);
    const rows = v.record(v.nullable(v.union(v.string, v.number)));
    const output = v.parse(rows, JSON.parse('{"a": 1, "b": "x", "c": null, "__proto__": {"polluted": 1}}'));
    assert.deepEqual(Object.keys(output), ['a', 'b', 'c']);
    assert.equal(Object.getPrototypeOf(output), Object.prototype);
    assert.equal(v.is(rows, { a: true }), false);
  });

  test("an answer's invalid-response error, as the loader checks it (answers.ts), says where the answer was wrong", async () => {
    const body = { data: [{ code: 'paris' }], meta: { page: 1, pageSize: 14, total: 1 } };
    assert.equal(v.is(regionListSchema, body), false);
    const fetch = async () =>
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    const regions = target({ kind: 'regions' }, 'https://api.example.org/v1');
    const checked = get({ fetch, now: () => Date.UTC(2026, 0, 1) }, regions).then((response) =>
      checkedAnswer(ANSWERS.regions, response),
    );
    await assert.rejects(checked, (error) => {
      assert.ok(isKhountousError(error));
      assert.equal(error.kind, 'invalid-response');
      assert.match(error.message, /at data\.0\.code: expected one of dakar, .*received "paris"/);
      return true;
    });
  });

  test('says what it received: an array, an object, the first 40 characters of a value', () => {
    assert.deepEqual(issueOf(v.string, [1]), { path: '', message: 'expected a string, received an array' });
    assert.deepEqual(issueOf(v.string, { a: 1 }), {
      path: '',
      message: 'expected a string, received an object',
    });
    assert.deepEqual(issueOf(v.number, 'x'.repeat(50)), {
      path: '',
      message: `expected a finite number, received "${'x'.repeat(39)}`,
    });
    assert.deepEqual(issueOf(v.boolean, 1), { path: '', message: 'expected a boolean, received 1' });
    assert.deepEqual(issueOf(v.matching(/^a+$/), 'b'), {
      path: '',
      message: 'expected /^a+$/, received "b"',
    });
    assert.equal(v.is(v.matching(/^a+$/), 7), false, 'a number is not a string that matches');
  });

  test('integer: any integer by default, at least its minimum when given', () => {
    assert.equal(v.is(v.integer(), -5), true);
    assert.equal(v.is(v.integer(), 1.5), false);
    assert.equal(v.is(v.integer(0), 0), true);
    assert.equal(v.is(v.integer(0), -1), false);
    assert.deepEqual(issueOf(v.integer(), '1'), {
      path: '',
      message: 'expected an integer >= -Infinity, received "1"',
    });
  });

  test('numbers are finite: JSON has no Infinity, but 1e309 parses to it', () => {
    const parsed = JSON.parse('[1e309, -1e309]') as number[];
    assert.deepEqual(parsed, [Infinity, -Infinity]);
    for (const value of [...parsed, Number.NaN])
      assert.deepEqual(issueOf(v.number, value), {
        path: '',
        message: `expected a finite number, received ${JSON.stringify(value)}`,
      });
    for (const value of [0, -0, 5e-324, -Number.MAX_VALUE, Number.MAX_VALUE])
      assert.equal(v.is(v.number, value), true, String(value));
  });

  test('between, magnitude and integer: within their bounds, and say which', () => {
    const rate = v.between(0, 100);
    for (const value of [0, 42.5, 100]) assert.equal(v.is(rate, value), true, String(value));
    for (const value of [-0.1, 100.5, Infinity, Number.NaN, '50', null])
      assert.equal(v.is(rate, value), false, String(value));
    assert.deepEqual(issueOf(rate, -250), {
      path: '',
      message: 'expected a number from 0 to 100, received -250',
    });
    const drawn = v.magnitude(1e-15, 1e15);
    for (const value of [0, -0, 1e-15, -1e-15, 1e15, -1e15, 3.5, -42])
      assert.equal(v.is(drawn, value), true, String(value));
    for (const value of [2e-323, 5e-324, -1e-16, 1e15 + 1, 1e308, -Infinity, Number.NaN, '1'])
      assert.equal(v.is(drawn, value), false, String(value));
    assert.deepEqual(issueOf(drawn, 2e-323), {
      path: '',
      message: 'expected 0 or a number of magnitude 1e-15 to 1000000000000000, received 2e-323',
    });
    assert.equal(v.is(v.integer(0, 10), 10), true);
    assert.equal(v.is(v.integer(0, 10), 11), false);
    assert.equal(v.is(v.integer(0), 1e300), true, 'no maximum unless given');
    assert.deepEqual(issueOf(v.integer(0, 10), 11), {
      path: '',
      message: 'expected an integer from 0 to 10, received 11',
    });
  });

  test('refine: a rule between fields, after the schema, its issue where it says', () => {
    const span = v.refine(v.object({ from: v.number, to: v.number }), ({ from, to }, path) => {
      if (from > to) throw new v.SchemaIssue(v.at(path, 'to'), `expected at least ${from}, received ${to}`);
    });
    assert.deepEqual(v.parse(span, { from: 1, to: 2 }), { from: 1, to: 2 });
    assert.deepEqual(
      issueOf(v.array(span), [
        { from: 1, to: 2 },
        { from: 3, to: 2 },
      ]),
      {
        path: '1.to',
        message: 'expected at least 3, received 2',
      },
    );
    // The schema's own issue comes first.
    assert.deepEqual(issueOf(span, { from: 'a', to: 2 }), {
      path: 'from',
      message: 'expected a finite number, received "a"',
    });
  });

  test('unique: each key once, the second one named; at most `max` items', () => {
    const codes = v.unique(v.object({ code: v.string, n: v.number }), 'code', 3);
    assert.deepEqual(
      v.parse(codes, [
        { code: 'a', n: 1 },
        { code: 'b', n: 2 },
      ]),
      [
        { code: 'a', n: 1 },
        { code: 'b', n: 2 },
      ],
    );
    assert.deepEqual(
      issueOf(v.object({ data: codes }), {
        data: [
          { code: 'a', n: 1 },
          { code: 'b', n: 2 },
          { code: 'a', n: 3 },
        ],
      }),
      {
        path: 'data.2.code',
        message: 'expected each code once, received "a" again',
      },
    );
    assert.deepEqual(
      issueOf(
        codes,
        [1, 2, 3, 4].map((n) => ({ code: String(n), n })),
      ),
      {
        path: '',
        message: 'expected at most 3 items, received 4',
      },
    );
  });

  test('optional and nullable check what is there, at its path; a key given as undefined stays', () => {
    const entry = v.object({ note: v.optional(v.string), count: v.nullable(v.integer(0)) });
    assert.deepEqual(issueOf(entry, { note: 3, count: null }), {
      path: 'note',
      message: 'expected a string, received 3',
    });
    assert.deepEqual(issueOf(entry, { count: -1 }), {
      path: 'count',
      message: 'expected an integer >= 0, received -1',
    });
    assert.deepEqual(v.parse(entry, { note: undefined, count: 2 }), { note: undefined, count: 2 });
    assert.equal('note' in v.parse(entry, { note: undefined, count: 2 }), true);
  });

  test('union: the first schema that passes, else the second one’s issue', () => {
    const either = v.union(v.integer(10), v.string);
    assert.equal(v.parse(either, 12), 12);
    assert.equal(v.parse(either, 'x'), 'x');
    assert.deepEqual(issueOf(v.array(either), [12, 3]), {
      path: '1',
      message: 'expected a string, received 3',
    });
  });

  test('records keep every key but those that would reach the prototype, and name the wrong one', () => {
    const rows = v.record(v.number);
    const keys = ['constructors', 'a_prototype', '__proto__x', 'x__proto__', 'prototype2'];
    assert.deepEqual(Object.keys(v.parse(rows, Object.fromEntries(keys.map((key) => [key, 1])))), keys);
    assert.deepEqual(issueOf(v.object({ rows }), { rows: { a: 1, b: 'x' } }), {
      path: 'rows.b',
      message: 'expected a finite number, received "x"',
    });
    assert.deepEqual(issueOf(rows, 'x'), { path: '', message: 'expected an object, received "x"' });
  });

  test('safeParse gives the output or the issue, and lets any other error through', () => {
    assert.deepEqual(v.safeParse(v.string, 'a'), { success: true, output: 'a' });
    const broken: v.Schema = () => {
      throw new RangeError('not an issue');
    };
    assert.throws(() => v.safeParse(broken, 1), RangeError);
    assert.equal(v.is(broken, 1), false);
    assert.throws(() => v.parse(v.string, 1), v.SchemaIssue);
  });
});
