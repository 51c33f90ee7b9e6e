import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from '../../src/core/check.js';
import { getData } from '../../demo/api/data.js';
import { reportSchema } from '../../src/core/schemas.js';
import {
  SLUG_PATTERN,
  type ApiErrorBody,
  type ListEnvelope,
  type Report,
  type ReportListItem,
} from '../../src/core/types.js';
import { FREE_KEY, PARTNER_KEY, bearer, postReport, submission, testApi, type TestApi } from './helpers.js';

const data = getData();

async function reportTotal(test: TestApi): Promise<number> {
  const { body } = await test.json<ListEnvelope<ReportListItem>>('/khountous?limit=1');
  return body.meta.total;
}

async function errorOf(response: Response): Promise<ApiErrorBody['error']> {
  return ((await response.json()) as ApiErrorBody).error;
}

describe('authentication', () => {
  it('accepts GET requests without a key, with the free key and with the partner key', async () => {
    const test = testApi();
    for (const headers of [
      {},
      bearer(FREE_KEY),
      bearer(PARTNER_KEY),
      { authorization: `bearer ${FREE_KEY}` },
    ]) {
      assert.equal((await test.call('/regions', { headers })).status, 200, JSON.stringify(headers));
    }
  });

  const badHeaders = [
    'Bearer not-a-key',
    'Bearer ',
    'Bearer',
    `Basic ${Buffer.from('user:pass').toString('base64')}`,
    PARTNER_KEY,
    `Token ${PARTNER_KEY}`,
    `Bearer ${PARTNER_KEY} extra`,
    'Bearer constructor',
    'Bearer __proto__',
  ];
  for (const header of badHeaders) {
    it(`answers 401 to Authorization: ${header}`, async () => {
      const test = testApi();
      const response = await test.call('/administrations', { headers: { Authorization: header } });
      assert.equal(response.status, 401);
      assert.match(response.headers.get('WWW-Authenticate') ?? '', /^Bearer realm="khountous"/);
      assert.equal((await errorOf(response)).code, 'unauthorized');
    });
  }

  it('counts a request with a bad key against the client address', async () => {
    const test = testApi({ quotas: { anonymous: 3 } });
    await test.call('/regions', { headers: bearer('wrong') });
    const response = await test.call('/regions');
    assert.equal(response.headers.get('X-RateLimit-Remaining'), '1');
  });
});

describe('POST /khountous', () => {
  it('answers 401 without a key and 403 with a free key, storing nothing', async () => {
    const test = testApi();
    const anonymous = await postReport(test, submission(), {});
    assert.equal(anonymous.status, 401);
    assert.equal((await errorOf(anonymous)).code, 'unauthorized');
    assert.match(anonymous.headers.get('WWW-Authenticate') ?? '', /^Bearer/);
    const free = await postReport(test, submission(), bearer(FREE_KEY));
    assert.equal(free.status, 403);
    assert.equal((await errorOf(free)).code, 'forbidden');
    assert.equal(await reportTotal(test), data.reports.length);
  });

  it('creates a received report with a partner key: 201, one-event timeline, no response', async () => {
    const test = testApi();
    const body = submission();
    const response = await postReport(test, body);
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('Content-Type'), 'application/json; charset=utf-8');
    assert.equal(response.headers.get('Cache-Control'), 'no-store');
    const report = v.parse(reportSchema, await response.json()) as Report;
    assert.equal(response.headers.get('Location'), `/v1/khountous/${report.slug}`);
    assert.match(report.slug, SLUG_PATTERN);
    assert.ok(report.slug.startsWith('robinet-public-a-sec'), report.slug);
    assert.equal(report.title, body.title);
    assert.equal(report.description, body.description);
    assert.equal(report.category, body.category);
    assert.equal(report.region, body.region);
    assert.equal(report.administration.slug, body.administration);
    assert.equal(report.administration.name, 'Mairie de Kolda');
    assert.equal(report.status, 'received');
    assert.equal(report.officialResponse, null);
    assert.equal(report.hasOfficialResponse, false);
    assert.equal(report.timeline.length, 1);
    assert.equal(report.timeline[0]!.status, 'received');
    assert.equal(report.submittedAt, new Date(test.clock.time).toISOString());
    assert.equal(report.timeline[0]!.date, report.submittedAt);
  });

  it('shows the created report first in GET /khountous and at GET /khountous/{slug}', async () => {
    const test = testApi();
    const created = (await (await postReport(test, submission())).json()) as Report;
    const { body: list } = await test.json<ListEnvelope<ReportListItem>>('/khountous');
    assert.equal(list.data[0]!.slug, created.slug);
    assert.equal(list.meta.total, data.reports.length + 1);
    const filtered = await test.json<ListEnvelope<ReportListItem>>('/khountous?region=kolda&status=received');
    assert.equal(filtered.body.data[0]!.slug, created.slug);
    const { response, body } = await test.json<Report>(`/khountous/${created.slug}?lang=en`);
    assert.equal(response.status, 200);
    assert.equal(body.title, created.title, 'texts stay as written');
    assert.equal(body.timeline[0]!.label, 'Report received');
    assert.notEqual(created.timeline[0]!.label, body.timeline[0]!.label);
  });

  it('gives the same title a new unique slug, and keeps instances apart', async () => {
    const test = testApi();
    const first = (await (await postReport(test, submission())).json()) as Report;
    const second = (await (await postReport(test, submission())).json()) as Report;
    assert.notEqual(first.slug, second.slug);
    assert.equal(await reportTotal(test), data.reports.length + 2);
    assert.equal(await reportTotal(testApi()), data.reports.length, 'another instance does not see them');
    const existing = data.reports[0]!;
    const clash = (await (await postReport(test, submission({ title: existing.title.fr }))).json()) as Report;
    assert.notEqual(clash.slug, existing.slug);
  });

  it('derives a slug even from a title without Latin letters', async () => {
    const test = testApi();
    const response = await postReport(test, submission({ title: '!!! ???' }));
    assert.equal(response.status, 201);
    assert.match(((await response.json()) as Report).slug, SLUG_PATTERN);
  });

  it('forgets created reports on reset()', async () => {
    const test = testApi();
    const created = (await (await postReport(test, submission())).json()) as Report;
    test.api.reset();
    assert.equal((await test.call(`/khountous/${created.slug}`)).status, 404);
    assert.equal(await reportTotal(test), data.reports.length);
  });

  const invalidBodies: [name: string, body: unknown, param: string][] = [
    ['malformed JSON', '{"title": ', 'body'],
    ['an empty body', '', 'body'],
    ['a JSON array', '[]', 'body'],
    ['a JSON string', '"report"', 'body'],
    ['null', 'null', 'body'],
    ['a missing title', { ...submission(), title: undefined }, 'title'],
    ['a missing lang', { ...submission(), lang: undefined }, 'lang'],
    ['an extra field', submission({ author: 'Awa' }), 'author'],
    ['a numeric title', submission({ title: 42 }), 'title'],
    ['an empty title', submission({ title: '   ' }), 'title'],
    ['a title over 200 characters', submission({ title: 'a'.repeat(201) }), 'title'],
    ['a description over 5,000 characters', submission({ description: 'b'.repeat(5_001) }), 'description'],
    ['an array description', submission({ description: ['x'] }), 'description'],
    ['an unknown category', submission({ category: 'noise' }), 'category'],
    ['an unknown region', submission({ region: 'paris' }), 'region'],
    ['an unknown administration', submission({ administration: 'mairie-de-paris' }), 'administration'],
    ['a numeric administration', submission({ administration: 3 }), 'administration'],
    ['an unknown lang', submission({ lang: 'de' }), 'lang'],
  ];
  for (const [name, body, param] of invalidBodies) {
    it(`answers 400 to ${name} and stores nothing`, async () => {
      const test = testApi();
      const response = await postReport(test, body);
      assert.equal(response.status, 400);
      const error = await errorOf(response);
      assert.equal(error.code, 'bad_request');
      assert.equal(error.param, param);
      assert.equal(await reportTotal(test), data.reports.length);
    });
  }

  it('accepts a title of exactly 200 characters and a description of exactly 5,000', async () => {
    const test = testApi();
    const response = await postReport(
      test,
      submission({ title: 'é'.repeat(200), description: 'd'.repeat(5_000) }),
    );
    assert.equal(response.status, 201);
  });

  it('answers 400 to a query parameter on POST', async () => {
    const test = testApi();
    const response = await test.call('/khountous?lang=en', {
      method: 'POST',
      headers: { ...bearer(PARTNER_KEY), 'Content-Type': 'application/json' },
      body: JSON.stringify(submission()),
    });
    assert.equal(response.status, 400);
    assert.equal(await reportTotal(test), data.reports.length);
  });
});

describe('POST /khountous: Content-Type', () => {
  const post = (test: TestApi, contentType: string | null, body = JSON.stringify(submission())) => {
    const headers = new Headers(bearer(PARTNER_KEY));
    if (contentType !== null) headers.set('Content-Type', contentType);
    // A string body gets text/plain from the Request unless a type is given; a Blob without a type gets none.
    return test.call('/khountous', { method: 'POST', headers, body: new Blob([body]) });
  };

  for (const type of [
    null,
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonx',
    'application/json-patch+json',
    'text/json',
    'application/json; charset=latin1',
    'application/json; foo=bar',
    '',
  ]) {
    it(`answers 415 to a valid JSON body sent as ${JSON.stringify(type)}, storing nothing`, async () => {
      const test = testApi();
      const response = await post(test, type);
      assert.equal(response.status, 415);
      assert.equal(response.headers.get('Accept-Post'), 'application/json');
      const error = await errorOf(response);
      assert.equal(error.code, 'bad_request');
      assert.equal(error.param, 'Content-Type');
      assert.equal(await reportTotal(test), data.reports.length);
    });
  }

  for (const type of [
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON;charset="UTF-8"',
    'application/json ; charset=utf-8',
  ]) {
    it(`accepts ${type}`, async () => {
      assert.equal((await post(testApi(), type)).status, 201);
    });
  }
});
