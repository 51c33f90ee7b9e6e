/** Resources checked against the endpoint table: the kind, the ids and the query, and the URL asked. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describe as describeResource, ENDPOINTS, urlOf, type Resource } from '../../src/core/endpoints.js';
import { ROUTES } from '../../src/core/routes.js';
import { KhountousError } from '../../src/core/errors.js';

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
