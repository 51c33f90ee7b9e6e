/**
 * The response schemas: every answer of the reference API passes; parsing is
 * tolerant of unknown fields and strict on types and value lists.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as v from '../../src/core/check.js';
import {
  administrationListSchema,
  administrationSchema,
  datasetJsonSchema,
  factCheckListSchema,
  factCheckSchema,
  regionListSchema,
  reportListSchema,
  reportSchema,
} from '../../src/core/schemas.js';
import {
  MAX_LIMIT,
  MAX_TEXT_LENGTH,
  type FactCheck,
  type ListEnvelope,
  type Report,
  type ReportListItem,
} from '../../src/core/types.js';
import { createFakeClock } from '../helpers/fake-clock.js';
import { createFakeFetch } from '../helpers/fake-fetch.js';

const api = createFakeFetch({ now: createFakeClock().now });

describe('every endpoint of the reference API passes its schema', () => {
  const cases: [string, v.Schema][] = [
    ['/administrations?limit=100', administrationListSchema],
    ['/administrations?region=dakar&sector=health&lang=en', administrationListSchema],
    ['/khountous?limit=100', reportListSchema],
    ['/khountous?period=2026-03&lang=en', reportListSchema],
    ['/verifications?limit=100', factCheckListSchema],
    ['/regions', regionListSchema],
    ['/regions?lang=en', regionListSchema],
    ['/datasets/citizen-reports?format=json', datasetJsonSchema],
    ['/datasets/administration-scores', datasetJsonSchema],
    // Every dataset: each number within what a chart draws.
    ['/datasets/regional-indicators', datasetJsonSchema],
    ['/datasets/fact-checks', datasetJsonSchema],
    ['/datasets/response-times', datasetJsonSchema],
    ['/datasets/budget-execution', datasetJsonSchema],
  ];
  for (const [path, schema] of cases) {
    test(path, async () => {
      const result = v.safeParse(schema, await api.direct(path));
      assert.ok(result.success, result.success ? '' : `${result.issue.path}: ${result.issue.message}`);
    });
  }

  test('details of administrations and reports, in both languages', async () => {
    // The whole ranking: every score, rate, delay, indicator and rank within its range.
    const admins = await api.direct<ListEnvelope<{ slug: string }>>('/administrations?limit=100');
    const reports = await api.direct<ListEnvelope<ReportListItem>>('/khountous?limit=30');
    for (const lang of ['fr', 'en']) {
      for (const { slug } of admins.data) {
        assert.ok(
          v.is(administrationSchema, await api.direct(`/administrations/${slug}?lang=${lang}`)),
          slug,
        );
      }
      for (const { slug } of reports.data) {
        assert.ok(v.is(reportSchema, await api.direct(`/khountous/${slug}?lang=${lang}`)), slug);
      }
    }
  });
});

describe('tolerant and strict parsing', () => {
  async function sampleReport(): Promise<Report> {
    const list = await api.direct<ListEnvelope<ReportListItem>>('/khountous?limit=1');
    return api.direct<Report>(`/khountous/${list.data[0]!.slug}`);
  }

  test('unknown fields are dropped at every level', async () => {
    const report = await sampleReport();
    const output = v.parse(reportSchema, {
      ...report,
      internalNote: 'x',
      administration: { ...report.administration, logo: 'x.png' },
      timeline: report.timeline.map((event) => ({ ...event, actor: 'bot' })),
    });
    assert.deepEqual(output, report);
  });

  test('a missing optional field stays absent', async () => {
    const list = await api.direct<ListEnvelope<{ slug: string }>>('/administrations?limit=1');
    const detail = await api.direct<Record<string, unknown>>(`/administrations/${list.data[0]!.slug}`);
    const { rankShared: _shared, ...without } = detail;
    const output = v.parse(administrationSchema, without);
    assert.equal('rankShared' in output, false);
    assert.equal(output.slug, list.data[0]!.slug);
  });

  test('wrong types, missing required fields and values outside the value lists are rejected', async () => {
    const report = await sampleReport();
    const broken: unknown[] = [
      { ...report, hasOfficialResponse: 'yes' },
      { ...report, status: 'closed' },
      { ...report, region: 'paris' },
      { ...report, timeline: null },
      (({ title: _title, ...rest }) => rest)(report),
    ];
    for (const value of broken)
      assert.equal(v.is(reportSchema, value), false, JSON.stringify(value).slice(0, 80));
    assert.equal(v.is(reportSchema, { ...report, officialResponse: null }), true);
  });

  test('fact-check sources must be http(s) links', async () => {
    const list = await api.direct<ListEnvelope<FactCheck>>('/verifications?limit=1');
    const check = list.data[0]!;
    const withSource = (url: string) => ({ ...check, sources: [{ title: 'Source', url }] });
    assert.equal(v.is(factCheckSchema, withSource('https://example.org/a')), true);
    assert.equal(v.is(factCheckSchema, withSource('javascript:alert(1)')), false);
    assert.equal(v.is(factCheckSchema, withSource('data:text/html,x')), false);
    // The link must start with the scheme: one merely containing it is not an http(s) link.
    assert.equal(v.is(factCheckSchema, withSource('javascript:alert(1)//https://example.org')), false);
  });

  test('list metadata must be coherent integers', () => {
    const envelope = (meta: unknown) => ({ data: [], meta });
    assert.equal(v.is(regionListSchema, envelope({ page: 1, pageSize: 14, total: 14 })), true);
    assert.equal(v.is(regionListSchema, envelope({ page: 0, pageSize: 14, total: 14 })), false);
    assert.equal(v.is(regionListSchema, envelope({ page: 1, pageSize: 1.5, total: 14 })), false);
    assert.equal(v.is(regionListSchema, envelope({ page: 1, pageSize: 14, total: -1 })), false);
  });
});

describe('the bounds of an answer', () => {
  const item = (name: string) => ({
    slug: 'mairie-de-dakar',
    name,
    score: 80,
    responseRate: 70,
    avgDelayDays: 2.5,
  });
  const page = (count: number, name = 'Mairie') => ({
    data: Array.from({ length: count }, () => item(name)),
    meta: { page: 1, pageSize: count, total: count },
  });

  test(`a page holds at most MAX_LIMIT (${MAX_LIMIT}) items: one more is not a valid answer`, () => {
    assert.equal(v.is(administrationListSchema, page(MAX_LIMIT)), true);
    const result = v.safeParse(administrationListSchema, page(MAX_LIMIT + 1));
    assert.equal(result.success, false);
    assert.ok(
      !result.success && result.issue.path === 'data' && /at most 100 items/.test(result.issue.message),
    );
    assert.equal(v.is(administrationListSchema, page(200_000)), false);
  });

  test(`a text holds at most MAX_TEXT_LENGTH (${MAX_TEXT_LENGTH}) characters`, () => {
    assert.equal(v.is(administrationListSchema, page(1, 'x'.repeat(MAX_TEXT_LENGTH))), true);
    assert.equal(v.is(administrationListSchema, page(1, 'x'.repeat(MAX_TEXT_LENGTH + 1))), false);
    assert.equal(v.is(administrationListSchema, page(1, 'x'.repeat(100_000))), false);
  });
});
