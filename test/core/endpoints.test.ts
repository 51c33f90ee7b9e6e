/** Resources checked against the endpoint table: the kind, the ids and the query, and the URL asked. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describe as describeResource, ENDPOINTS, urlOf, type Resource } from '../../src/core/endpoints.js';
import { ROUTES } from '../../src/core/routes.js';
import { KhountousError } from '../../src/core/errors.js';
import { MAX_LIMIT } from '../../src/core/types.js';
import fc from 'fast-check';

const BASE = 'https://api.example/v1';
const refused = (resource: unknown) => {
  try {
    describeResource(resource as Resource, BASE);
  } catch (error) {
    assert.ok(error instanceof KhountousError);
    return { kind: error.kind, message: error.message, param: error.param };
  }
  assert.fail(`accepted: ${JSON.stringify(resource)}`);
};

describe('describe', () => {
  test('an unknown kind, or a kind that is not a string, is refused and named', () => {
    assert.deepEqual(refused({ kind: 'nope' }), {
      kind: 'invalid-parameter',
      message: 'Unknown resource kind "nope".',
      param: 'resource',
    });
    // An array or an object that reads as a known kind is still not one.
    assert.equal(refused({ kind: ['regions'] }).message, 'Unknown resource kind "regions".');
    assert.equal(refused({ kind: { toString: () => 'regions' } }).kind, 'invalid-parameter');
    assert.equal(refused(null).message, 'Unknown resource kind "undefined".');
  });

  test('an id or a query value of the wrong form says what form it needs', () => {
    assert.equal(
      refused({ kind: 'administration', slug: 'Not A Slug' }).message,
      'slug must be a slug (lower-case letters, digits and hyphens).',
    );
    assert.equal(
      refused({ kind: 'report', slug: 'a b' }).message,
      'slug must be a slug (lower-case letters, digits and hyphens).',
    );
    assert.equal(
      refused({ kind: 'dataset', id: 'Not/An/Id' }).message,
      'id must be a dataset id (lower-case letters, digits and hyphens).',
    );
    assert.equal(
      refused({ kind: 'reports', period: 'last year' }).message,
      'period must be a year (2026) or a month (2026-03).',
    );
  });

  test('limits outside 1..100, non-integers and bad pages are refused, naming the parameter', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ max: 0 }),
          fc.integer({ min: MAX_LIMIT + 1 }),
          fc.double({ noInteger: true }),
          fc.constant(Number.NaN),
        ),
        (limit) => {
          const { kind, param } = refused({ kind: 'administrations', query: { limit } });
          assert.deepEqual({ kind, param }, { kind: 'invalid-parameter', param: 'limit' });
        },
      ),
    );
    // The edges themselves, which random integers may not draw.
    for (const limit of [0, MAX_LIMIT + 1, '0', `${MAX_LIMIT + 1}`, '5 ', '+5', '-1']) {
      assert.equal(refused({ kind: 'administrations', query: { limit } }).param, 'limit', `${limit}`);
    }
    for (const page of [0, -1, 1.5, Number.POSITIVE_INFINITY]) {
      assert.equal(refused({ kind: 'reports', query: { page } }).param, 'page', `${page}`);
    }
    const url = (resource: Resource) => urlOf(describeResource(resource, BASE));
    for (const limit of [1, MAX_LIMIT, '1', `${MAX_LIMIT}`]) {
      const query = new URL(url({ kind: 'verifications', query: { limit } } as Resource)).searchParams;
      assert.equal(query.get('limit'), String(limit));
    }
  });

  test('values outside the value lists, bad slugs, ids, periods and langs are refused, naming the parameter', () => {
    const cases: [unknown, string][] = [
      [{ kind: 'administrations', query: { region: 'paris' } }, 'region'],
      [{ kind: 'administrations', query: { sector: 'space' } }, 'sector'],
      [{ kind: 'administrations', query: { level: 'galactic' } }, 'level'],
      [{ kind: 'administrations', query: { lang: 'de' } }, 'lang'],
      [{ kind: 'reports', query: { category: 'x' } }, 'category'],
      [{ kind: 'reports', query: { status: 'closed' } }, 'status'],
      [{ kind: 'reports', query: { period: '2026-13' } }, 'period'],
      [{ kind: 'reports', query: { period: '26' } }, 'period'],
      [{ kind: 'administration', slug: 'Bad Slug' }, 'slug'],
      [{ kind: 'administration', slug: '../../etc/passwd' }, 'slug'],
      [{ kind: 'report', slug: 'a/b' }, 'slug'],
      [{ kind: 'regions', lang: 'wo' }, 'lang'],
      [{ kind: 'dataset', id: 'Not_An_Id' }, 'id'],
    ];
    for (const [resource, param] of cases) {
      const { kind, param: named } = refused(resource);
      assert.deepEqual(
        { kind, param: named },
        { kind: 'invalid-parameter', param },
        JSON.stringify(resource),
      );
    }
  });

  test('the language is sent for a list, a single resource and the regions, French by default', () => {
    const url = (resource: Resource) => urlOf(describeResource(resource, BASE)).slice(BASE.length);
    assert.equal(url({ kind: 'regions', lang: 'en' }), '/regions?lang=en');
    assert.equal(
      url({ kind: 'verifications', query: { lang: 'en' } }),
      '/verifications?lang=en&limit=20&page=1',
    );
    assert.equal(url({ kind: 'report', slug: 'a-report', lang: 'en' }), '/khountous/a-report?lang=en');
    assert.equal(url({ kind: 'regions' }), '/regions?lang=fr');
  });
});

describe('the routes of the endpoint table', () => {
  test('name the same query parameters the loader checks, for every kind', () => {
    // The URL is written from these parameters (routes.ts requestUrl): a name missing here
    // would be checked and never sent.
    for (const [kind, endpoint] of Object.entries(ENDPOINTS)) {
      const route = ROUTES[kind as keyof typeof ROUTES];
      assert.equal(endpoint.route, route, kind);
      assert.deepEqual([...route.query].sort(), Object.keys(endpoint.query).sort(), kind);
    }
  });
});
