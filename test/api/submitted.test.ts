/**
 * What an instance keeps of the reports submitted to it: a bounded number,
 * the oldest leaving first, each write at a cost that does not grow with what
 * is stored, and slugs never given twice.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareNewest, getData } from '../../demo/api/data.js';
import {
  DEFAULT_MAX_SUBMITTED_REPORTS,
  MAX_SUBMITTED_REPORTS_ENV,
  maxSubmittedReportsFromEnv,
} from '../../demo/api/reports.js';
import type { ListEnvelope, Report, ReportListItem } from '../../src/core/types.js';
import { postReport, submission, testApi, type TestApi } from './helpers.js';

const data = getData();
const DAY = 24 * 3_600_000;

async function created(test: TestApi, overrides: Record<string, unknown> = {}): Promise<Report> {
  const response = await postReport(test, submission(overrides));
  assert.equal(response.status, 201);
  return (await response.json()) as Report;
}

async function reportTotal(test: TestApi): Promise<number> {
  const { body } = await test.json<ListEnvelope<ReportListItem>>('/khountous?limit=1');
  return body.meta.total;
}

/** Every report of GET /khountous, page by page. */
async function wholeList(test: TestApi): Promise<ReportListItem[]> {
  const items: ReportListItem[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await test.json<ListEnvelope<ReportListItem>>(`/khountous?limit=100&page=${page}`);
    items.push(...body.data);
    if (items.length >= body.meta.total || body.data.length === 0) return items;
  }
}

describe('submitted reports: a bounded store', () => {
  it('keeps at most maxSubmittedReports, the oldest leaving first, merged in date order with the snapshot', async () => {
    const cap = 20;
    const test = testApi({ maxSubmittedReports: cap });
    // Dated among the snapshot's reports, one a day, so that the merge is seen.
    test.clock.time = Date.parse(data.reports[300]!.submittedAt);
    const reports: Report[] = [];
    for (let n = 0; n < 100; n += 1) {
      reports.push(await created(test, { title: `Coupure d'eau numéro ${n}` }));
      test.clock.advance(DAY);
    }
    assert.equal(await reportTotal(test), data.reports.length + cap);
    for (const gone of reports.slice(0, -cap)) {
      assert.equal((await test.call(`/khountous/${gone.slug}`)).status, 404, gone.slug);
    }
    for (const kept of reports.slice(-cap)) {
      assert.equal((await test.call(`/khountous/${kept.slug}`)).status, 200, kept.slug);
    }
    const expected = [...data.reports, ...reports.slice(-cap)]
      .map((report) => ({ slug: report.slug, submittedAt: report.submittedAt }))
      .sort(compareNewest((report) => report.submittedAt))
      .map((report) => report.slug);
    assert.deepEqual(
      (await wholeList(test)).map((report) => report.slug),
      expected,
    );
  });

  it(`keeps ${DEFAULT_MAX_SUBMITTED_REPORTS} by default, and ${MAX_SUBMITTED_REPORTS_ENV} sets another cap`, async () => {
    const byDefault = testApi();
    for (let n = 0; n < DEFAULT_MAX_SUBMITTED_REPORTS + 50; n += 1) await created(byDefault);
    assert.equal(await reportTotal(byDefault), data.reports.length + DEFAULT_MAX_SUBMITTED_REPORTS);
    const fromEnv = testApi({ env: { [MAX_SUBMITTED_REPORTS_ENV]: '7' } });
    for (let n = 0; n < 30; n += 1) await created(fromEnv);
    assert.equal(await reportTotal(fromEnv), data.reports.length + 7);
  });

  it(`refuses a ${MAX_SUBMITTED_REPORTS_ENV} that is not a positive integer`, () => {
    for (const raw of ['0', '-1', '1.5', 'abc', '1e3', ' 5', '99999999999999999999']) {
      assert.throws(
        () => maxSubmittedReportsFromEnv({ [MAX_SUBMITTED_REPORTS_ENV]: raw }),
        { message: `${MAX_SUBMITTED_REPORTS_ENV} must be a positive integer, got "${raw}".` },
        raw,
      );
    }
    assert.equal(maxSubmittedReportsFromEnv({ [MAX_SUBMITTED_REPORTS_ENV]: '250' }), 250);
    assert.equal(maxSubmittedReportsFromEnv({}), undefined);
    assert.throws(() => testApi({ maxSubmittedReports: 0 }), /positive integer/);
  });
});

describe('submitted reports: slugs and dates', () => {
  it('never gives a slug twice: not for the same title, not once a report left the store, not after reset()', async () => {
    const test = testApi({ maxSubmittedReports: 3 });
    const slugs: string[] = [];
    for (let n = 0; n < 10; n += 1) slugs.push((await created(test)).slug);
    test.api.reset();
    for (let n = 0; n < 10; n += 1) slugs.push((await created(test)).slug);
    assert.equal(new Set(slugs).size, slugs.length, slugs.join(' '));
    const snapshotSlugs = new Set(data.reports.map((report) => report.slug));
    assert.ok(slugs.every((slug) => !snapshotSlugs.has(slug)));
    assert.ok(slugs.every((slug) => slug.startsWith('robinet-public-a-sec')));
  });

  it('lists the report just submitted first even when the clock went back: it is dated no earlier than the one before', async () => {
    const test = testApi();
    const first = await created(test, { title: 'Premier signalement' });
    test.clock.advance(-3_600_000);
    const second = await created(test, { title: 'Second signalement' });
    assert.ok(second.submittedAt >= first.submittedAt, `${second.submittedAt} < ${first.submittedAt}`);
    const { body } = await test.json<ListEnvelope<ReportListItem>>('/khountous?limit=2');
    assert.deepEqual(
      body.data.map((report) => report.slug),
      [second.slug, first.slug],
    );
  });
});

describe('submitted reports: the cost of a write', () => {
  /** Calls to the methods a sort or a search through the slugs taken would make. */
  function counting(): { counts: Record<string, number>; restore: () => void } {
    const counts: Record<string, number> = {};
    const targets = [
      [Array.prototype, 'sort'],
      [Array.prototype, 'toSorted'],
      [Set.prototype, 'has'],
      [Map.prototype, 'has'],
      [Map.prototype, 'get'],
    ] as const;
    const originals = targets.map(([target, name]) => {
      const original = (target as unknown as Record<string, (...args: unknown[]) => unknown>)[name]!;
      counts[name] = 0;
      Object.defineProperty(target, name, {
        configurable: true,
        writable: true,
        value: function (this: unknown, ...args: unknown[]) {
          counts[name]! += 1;
          return original.apply(this, args);
        },
      });
      return original;
    });
    const restore = () =>
      targets.forEach(([target, name], index) =>
        Object.defineProperty(target, name, { configurable: true, writable: true, value: originals[index] }),
      );
    return { counts, restore };
  }

  /** What one POST of the same title costs, counted, after `stored` such POSTs. */
  async function costAfter(stored: number): Promise<Record<string, number>> {
    const test = testApi();
    for (let n = 0; n < stored; n += 1) await created(test);
    const { counts, restore } = counting();
    let response: Response;
    try {
      response = await postReport(test, submission());
    } finally {
      restore();
    }
    assert.equal(response.status, 201);
    return counts;
  }

  it('sorts nothing and looks up as many keys after 2,000 reports of one title as after 10', async () => {
    const few = await costAfter(10);
    const many = await costAfter(2_000);
    for (const counts of [few, many]) {
      assert.equal((counts.sort ?? 0) + (counts.toSorted ?? 0), 0, 'no sort on a write');
    }
    const lookups = (counts: Record<string, number>) => counts.has! + counts.get!;
    assert.ok(lookups(few) > 0, 'the counters count');
    assert.ok(
      lookups(many) <= lookups(few) + 2,
      `lookups: ${lookups(few)} after 10, ${lookups(many)} after 2,000`,
    );
  });
});
