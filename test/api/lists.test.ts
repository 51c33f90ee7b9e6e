import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from '../../src/core/check.js';
import { getData, type AdministrationRecord, type ReportRecord } from '../../demo/api/data.js';
import {
  administrationListSchema,
  administrationSchema,
  datasetJsonSchema,
  factCheckListSchema,
  regionListSchema,
  reportListSchema,
  reportSchema,
} from '../../src/core/schemas.js';
import {
  DEFAULT_LIMIT,
  LEVELS,
  REGION_CODES,
  REPORT_CATEGORIES,
  REPORT_STATUSES,
  SECTORS,
  type AdministrationListItem,
  type FactCheck,
  type ListEnvelope,
  type RegionStats,
  type ReportListItem,
} from '../../src/core/types.js';
import { testApi } from './helpers.js';

const data = getData();
const test = testApi();

async function list<T>(path: string): Promise<ListEnvelope<T>> {
  const { response, body } = await test.json<ListEnvelope<T>>(path);
  assert.equal(response.status, 200, `${path}: ${JSON.stringify(body)}`);
  return body;
}

/** Every item of a list, page by page with the largest limit. */
async function listAll<T>(path: string): Promise<{ items: T[]; total: number }> {
  const separator = path.includes('?') ? '&' : '?';
  const first = await list<T>(`${path}${separator}limit=100`);
  const items = [...first.data];
  for (let page = 2; items.length < first.meta.total; page += 1) {
    const next = await list<T>(`${path}${separator}limit=100&page=${page}`);
    assert.ok(next.data.length > 0, 'pages end before total');
    items.push(...next.data);
  }
  return { items, total: first.meta.total };
}

const slugs = (items: readonly { slug: string }[]): string[] => items.map((item) => item.slug);

describe('GET /administrations', () => {
  it('answers a list envelope with the defaults page 1 and limit 20, valid for the client', async () => {
    const body = await list<AdministrationListItem>('/administrations');
    assert.deepEqual(body.meta, { page: 1, pageSize: DEFAULT_LIMIT, total: data.administrations.length });
    assert.equal(body.data.length, DEFAULT_LIMIT);
    assert.deepEqual(Object.keys(body.data[0]!).sort(), [
      'avgDelayDays',
      'name',
      'responseRate',
      'score',
      'slug',
    ]);
    v.parse(administrationListSchema, body);
  });

  it('ranks by score, best first; ties by response rate, then name', async () => {
    const { items } = await listAll<AdministrationListItem>('/administrations');
    assert.equal(items.length, data.administrations.length);
    for (let i = 1; i < items.length; i += 1) {
      const [a, b] = [items[i - 1]!, items[i]!];
      assert.ok(a.score >= b.score, `${a.slug} (${a.score}) before ${b.slug} (${b.score})`);
      if (a.score === b.score) assert.ok(a.responseRate >= b.responseRate, `${a.slug} / ${b.slug}`);
      if (a.score === b.score && a.responseRate === b.responseRate) {
        assert.ok(a.name.localeCompare(b.name, 'fr') <= 0, `${a.name} / ${b.name}`);
      }
    }
    const ties = items.filter((item, i) => i > 0 && items[i - 1]!.score === item.score).length;
    assert.ok(ties > 0, 'the data has score ties, so the tie-breaks are exercised');
  });

  const filterCases: { query: string; matches: (a: AdministrationRecord) => boolean }[] = [
    ...REGION_CODES.map((region) => ({
      query: `region=${region}`,
      matches: (a: AdministrationRecord) => a.region === region,
    })),
    ...SECTORS.map((sector) => ({
      query: `sector=${sector}`,
      matches: (a: AdministrationRecord) => a.sector === sector,
    })),
    ...LEVELS.map((level) => ({
      query: `level=${level}`,
      matches: (a: AdministrationRecord) => a.level === level,
    })),
    { query: 'region=dakar&level=national', matches: (a) => a.region === 'dakar' && a.level === 'national' },
    {
      query: 'region=thies&sector=civil-registry',
      matches: (a) => a.region === 'thies' && a.sector === 'civil-registry',
    },
    {
      query: 'sector=health&level=regional',
      matches: (a) => a.sector === 'health' && a.level === 'regional',
    },
    {
      query: 'region=kolda&sector=civil-registry&level=communal',
      matches: (a) => a.region === 'kolda' && a.sector === 'civil-registry' && a.level === 'communal',
    },
    { query: 'region=kedougou&level=national', matches: () => false },
  ];

  for (const { query, matches } of filterCases) {
    it(`filters with ${query}`, async () => {
      const expected = data.administrations.filter(matches);
      const { items, total } = await listAll<AdministrationListItem>(`/administrations?${query}`);
      assert.equal(total, expected.length);
      assert.deepEqual(new Set(slugs(items)), new Set(expected.map((a) => a.slug)));
      const rank = new Map(data.administrations.map((a) => [a.slug, a.rank]));
      const ranks = items.map((item) => rank.get(item.slug)!);
      assert.deepEqual(
        ranks,
        [...ranks].sort((x, y) => x - y),
        'a filtered list keeps the ranking order',
      );
    });
  }

  it('gives pageSize N and at most N items for limit N, and pages that do not overlap', async () => {
    for (const limit of [1, 7, 20, 99, 100]) {
      const body = await list<AdministrationListItem>(`/administrations?limit=${limit}`);
      assert.equal(body.meta.pageSize, limit);
      assert.equal(body.data.length, Math.min(limit, data.administrations.length));
    }
    const page2 = await list<AdministrationListItem>('/administrations?limit=7&page=2');
    assert.deepEqual(
      slugs(page2.data),
      data.administrations.slice(7, 14).map((a) => a.slug),
    );
    assert.equal(page2.meta.page, 2);
  });

  it('ends with a partial page, then empty pages with the right total', async () => {
    const total = data.administrations.length;
    const limit = 50;
    const lastPage = Math.ceil(total / limit);
    const last = await list<AdministrationListItem>(`/administrations?limit=${limit}&page=${lastPage}`);
    assert.equal(last.data.length, total - (lastPage - 1) * limit);
    const past = await list<AdministrationListItem>(`/administrations?limit=${limit}&page=${lastPage + 1}`);
    assert.deepEqual(past, { data: [], meta: { page: lastPage + 1, pageSize: limit, total } });
    const far = await list<AdministrationListItem>('/administrations?page=99999&region=kolda');
    assert.equal(far.data.length, 0);
    assert.equal(far.meta.total, data.administrations.filter((a) => a.region === 'kolda').length);
  });
});

describe('GET /administrations/{slug}', () => {
  it('answers the profile with score details, indicators and rank, in each language', async () => {
    const record = data.administrations[12]!;
    const fr = await test.json<Record<string, unknown>>(`/administrations/${record.slug}`);
    const en = await test.json<Record<string, unknown>>(`/administrations/${record.slug}?lang=en`);
    assert.equal(fr.response.status, 200);
    const admin = v.parse(administrationSchema, fr.body);
    const adminEn = v.parse(administrationSchema, en.body);
    // Its place: one more than the administrations with a higher score, shared with those of its score.
    const scores = data.administrations.map((one) => one.score);
    assert.equal(admin.rank, 1 + scores.filter((score) => score > record.score).length);
    assert.equal(admin.rankShared, scores.filter((score) => score === record.score).length > 1);
    assert.equal(admin.score, record.score);
    assert.equal(admin.description, record.description.fr);
    assert.equal(adminEn.description, record.description.en);
    assert.notEqual(admin.scoreDetails[0]!.label, adminEn.scoreDetails[0]!.label);
    assert.deepEqual(
      admin.scoreDetails.map((d) => d.score),
      adminEn.scoreDetails.map((d) => d.score),
    );
  });

  it('answers 404 for an unknown slug', async () => {
    const { response, body } = await test.json('/administrations/ministere-de-la-plage');
    assert.equal(response.status, 404);
    assert.deepEqual(Object.keys((body as { error: object }).error).sort(), ['code', 'message']);
  });
});

describe('GET /khountous', () => {
  it('lists reports newest first with the defaults, valid for the client', async () => {
    const body = await list<ReportListItem>('/khountous');
    v.parse(reportListSchema, body);
    assert.deepEqual(body.meta, { page: 1, pageSize: DEFAULT_LIMIT, total: data.reports.length });
    const dates = body.data.map((r) => r.submittedAt);
    assert.deepEqual(dates, [...dates].sort().reverse());
    const newest = data.reports.reduce((a, b) => (a.submittedAt > b.submittedAt ? a : b));
    assert.equal(body.data[0]!.slug, newest.slug);
  });

  const inPeriod = (report: ReportRecord, year: number, month?: number): boolean => {
    const date = new Date(report.submittedAt);
    return date.getUTCFullYear() === year && (month === undefined || date.getUTCMonth() + 1 === month);
  };

  const filterCases: { query: string; matches: (r: ReportRecord) => boolean }[] = [
    ...REGION_CODES.map((region) => ({
      query: `region=${region}`,
      matches: (r: ReportRecord) => r.region === region,
    })),
    ...REPORT_CATEGORIES.map((category) => ({
      query: `category=${category}`,
      matches: (r: ReportRecord) => r.category === category,
    })),
    ...REPORT_STATUSES.map((status) => ({
      query: `status=${status}`,
      matches: (r: ReportRecord) => r.status === status,
    })),
    { query: 'period=2025', matches: (r) => inPeriod(r, 2025) },
    { query: 'period=2026', matches: (r) => inPeriod(r, 2026) },
    { query: 'period=2026-03', matches: (r) => inPeriod(r, 2026, 3) },
    { query: 'period=2025-12', matches: (r) => inPeriod(r, 2025, 12) },
    { query: 'period=2019', matches: () => false },
    {
      query: 'region=dakar&status=resolved',
      matches: (r) => r.region === 'dakar' && r.status === 'resolved',
    },
    { query: 'category=delay&period=2026', matches: (r) => r.category === 'delay' && inPeriod(r, 2026) },
    {
      query: 'region=thies&category=corruption&status=answered&period=2025',
      matches: (r) =>
        r.region === 'thies' && r.category === 'corruption' && r.status === 'answered' && inPeriod(r, 2025),
    },
    {
      query: 'status=forwarded&period=2026-10&region=kaolack',
      matches: (r) => r.status === 'forwarded' && inPeriod(r, 2026, 10) && r.region === 'kaolack',
    },
  ];

  for (const { query, matches } of filterCases) {
    it(`filters with ${query}`, async () => {
      const expected = data.reports.filter(matches);
      const { items, total } = await listAll<ReportListItem>(`/khountous?${query}`);
      assert.equal(total, expected.length);
      assert.deepEqual(new Set(slugs(items)), new Set(expected.map((r) => r.slug)));
      const dates = items.map((r) => r.submittedAt);
      assert.deepEqual(dates, [...dates].sort().reverse(), 'newest first');
    });
  }

  it('makes the combined filters narrow the single ones', async () => {
    const region = await list<ReportListItem>('/khountous?region=dakar&limit=1');
    const both = await list<ReportListItem>('/khountous?region=dakar&status=resolved&limit=1');
    assert.ok(both.meta.total > 0 && both.meta.total < region.meta.total);
  });

  it('gives pageSize N and at most N items for limit N', async () => {
    for (const limit of [1, 13, 100]) {
      const body = await list<ReportListItem>(`/khountous?limit=${limit}&page=2`);
      assert.equal(body.meta.pageSize, limit);
      assert.equal(body.data.length, limit);
    }
  });
});

describe('GET /khountous/{slug}', () => {
  it('answers a report with its timeline and official response, valid for the client', async () => {
    const record = data.reports.find((r) => r.status === 'resolved')!;
    const { response, body } = await test.json(`/khountous/${record.slug}?lang=en`);
    assert.equal(response.status, 200);
    const report = v.parse(reportSchema, body);
    assert.equal(report.title, record.title.en);
    assert.equal(report.timeline.length, record.timeline.length);
    assert.equal(report.officialResponse?.text, record.officialResponse?.text.en);
    assert.equal(report.hasOfficialResponse, true);
  });

  it('answers officialResponse null for a report still under review', async () => {
    const record = data.reports.find((r) => r.status === 'under-review')!;
    const { body } = await test.json(`/khountous/${record.slug}`);
    const report = v.parse(reportSchema, body);
    assert.equal(report.officialResponse, null);
    assert.equal(report.hasOfficialResponse, false);
  });

  it('answers 404 for an unknown slug', async () => {
    const response = await test.call('/khountous/rien-a-signaler');
    assert.equal(response.status, 404);
  });
});

describe('GET /verifications', () => {
  it('lists fact-checks newest first, each with a verdict and an evidence level', async () => {
    const { items, total } = await listAll<FactCheck>('/verifications');
    assert.equal(total, data.factChecks.length);
    v.parse(factCheckListSchema, { data: items, meta: { page: 1, pageSize: 100, total } });
    const dates = items.map((c) => c.publishedAt);
    assert.deepEqual(dates, [...dates].sort().reverse());
    const body = await list<FactCheck>('/verifications?limit=10&page=5');
    assert.deepEqual(body.meta, { page: 5, pageSize: 10, total: data.factChecks.length });
    assert.equal(body.data.length, Math.max(0, Math.min(10, data.factChecks.length - 40)));
  });
});

describe('GET /regions', () => {
  it('answers the 14 regions in one page: page 1, pageSize 14, total 14', async () => {
    const body = await list<RegionStats>('/regions');
    v.parse(regionListSchema, body);
    assert.deepEqual(body.meta, { page: 1, pageSize: 14, total: 14 });
    assert.deepEqual(
      body.data.map((r) => r.code),
      [...REGION_CODES],
    );
    assert.deepEqual((await list<RegionStats>('/regions?lang=en')).data, body.data);
  });
});

describe('GET /datasets/{id}', () => {
  it('answers JSON by default, valid for the client', async () => {
    const { response, body } = await test.json('/datasets/regional-indicators');
    assert.equal(response.status, 200);
    const dataset = v.parse(datasetJsonSchema, body);
    assert.equal(dataset.rows.length, 14);
  });
});
