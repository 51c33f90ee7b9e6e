import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getData } from '../../demo/api/data.js';
import { ERROR_CODES, type ApiErrorBody } from '../../src/core/types.js';
import { testApi } from './helpers.js';

const data = getData();
const test = testApi();
const adminSlug = data.administrations[0]!.slug;
const reportSlug = data.reports[0]!.slug;

/** Asserts the one error body shape and returns it. */
async function expectError(
  response: Response,
  status: number,
  code: ApiErrorBody['error']['code'],
  param?: string,
): Promise<ApiErrorBody> {
  const text = await response.text();
  assert.equal(response.status, status, text);
  assert.equal(response.headers.get('Content-Type'), 'application/json; charset=utf-8');
  const body = JSON.parse(text) as ApiErrorBody;
  assert.deepEqual(Object.keys(body), ['error']);
  assert.equal(body.error.code, code);
  assert.ok(ERROR_CODES.includes(body.error.code));
  assert.equal(typeof body.error.message, 'string');
  assert.ok(body.error.message.length > 0);
  if (param !== undefined) assert.equal(body.error.param, param);
  return body;
}

describe('400: invalid parameters', () => {
  const cases: [path: string, param: string][] = [
    ['/administrations?page=0', 'page'],
    ['/administrations?page=-1', 'page'],
    ['/administrations?page=1.5', 'page'],
    ['/administrations?page=', 'page'],
    ['/administrations?page=1e2', 'page'],
    ['/administrations?page=99999999999999999999', 'page'],
    ['/administrations?limit=0', 'limit'],
    ['/administrations?limit=abc', 'limit'],
    ['/administrations?limit=101', 'limit'],
    ['/administrations?limit=1000', 'limit'],
    ['/khountous?limit=101', 'limit'],
    ['/verifications?limit=101', 'limit'],
    ['/verifications?page=0', 'page'],
    ['/administrations?lang=de', 'lang'],
    ['/administrations?lang=FR', 'lang'],
    [`/administrations/${adminSlug}?lang=de`, 'lang'],
    [`/khountous/${reportSlug}?lang=wo`, 'lang'],
    ['/regions?lang=es', 'lang'],
    ['/datasets/fact-checks?format=pdf', 'format'],
    ['/datasets/fact-checks?format=', 'format'],
    ['/administrations?region=paris', 'region'],
    ['/administrations?region=Dakar', 'region'],
    ['/administrations?sector=x', 'sector'],
    ['/administrations?level=federal', 'level'],
    ['/khountous?region=paris', 'region'],
    ['/khountous?status=x', 'status'],
    ['/khountous?category=x', 'category'],
    ['/khountous?period=2026-13', 'period'],
    ['/khountous?period=2026-1', 'period'],
    ['/khountous?period=26', 'period'],
    ['/khountous?period=2026-03-01', 'period'],
    ['/khountous?sector=health', 'sector'],
    ['/administrations?status=resolved', 'status'],
    ['/administrations?format=csv', 'format'],
    ['/verifications?region=dakar', 'region'],
    ['/regions?page=1', 'page'],
    ['/regions?limit=14', 'limit'],
    [`/administrations/${adminSlug}?page=1`, 'page'],
    ['/datasets/fact-checks?lang=en', 'lang'],
    ['/administrations?foo=bar', 'foo'],
    ['/administrations?region=dakar&region=thies', 'region'],
    ['/administrations?page=1&page=1', 'page'],
    ['/khountous?lang=fr&lang=en', 'lang'],
  ];

  for (const [path, param] of cases) {
    it(`answers 400 to ${path}`, async () => {
      await expectError(await test.call(path), 400, 'bad_request', param);
    });
  }

  it('accepts the boundaries: page 1, limit 1 and limit 100', async () => {
    for (const path of [
      '/administrations?page=1',
      '/administrations?limit=1',
      '/administrations?limit=100',
    ]) {
      assert.equal((await test.call(path)).status, 200, path);
    }
  });
});

describe('404: unknown resources and paths', () => {
  const paths = [
    '/administrations/inconnue',
    '/administrations/MAIRIE-DE-KOLDA',
    '/khountous/inconnu',
    '/datasets/unknown',
    '/datasets/budget_execution',
    '/',
    '',
    '/administration',
    '/administrations/',
    `/administrations/${adminSlug}/reports`,
    '/regions/dakar',
    '/verifications/x',
    '/v2/administrations',
    '/administrations/%E0%A4%A',
  ];
  for (const path of paths) {
    it(`answers 404 to /v1${path}`, async () => {
      await expectError(await test.call(path), 404, 'not_found');
    });
  }

  it('answers 404 outside /v1', async () => {
    const response = await test.api.handle(new Request('http://api.test/administrations'), '198.51.100.1');
    await expectError(response, 404, 'not_found');
  });

  it('checks the query parameters before looking the slug up', async () => {
    await expectError(await test.call(`/administrations/inconnue?lang=de`), 400, 'bad_request', 'lang');
  });
});

describe('405: wrong method', () => {
  const cases: [method: string, path: string, allow: string][] = [
    ['POST', '/administrations', 'GET, HEAD, OPTIONS'],
    ['DELETE', `/administrations/${adminSlug}`, 'GET, HEAD, OPTIONS'],
    ['PUT', '/khountous', 'GET, HEAD, POST, OPTIONS'],
    ['PATCH', `/khountous/${reportSlug}`, 'GET, HEAD, OPTIONS'],
    ['POST', '/verifications', 'GET, HEAD, OPTIONS'],
    ['DELETE', '/regions', 'GET, HEAD, OPTIONS'],
    ['POST', '/datasets/fact-checks', 'GET, HEAD, OPTIONS'],
  ];
  for (const [method, path, allow] of cases) {
    it(`answers 405 to ${method} ${path} with Allow: ${allow}`, async () => {
      const response = await test.call(path, { method, body: method === 'DELETE' ? null : '{}' });
      assert.equal(response.headers.get('Allow'), allow);
      await expectError(response, 405, 'method_not_allowed');
    });
  }
});
