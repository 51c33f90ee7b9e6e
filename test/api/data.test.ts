import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DATA_EPOCH,
  FIRST_DATE,
  SCORE_WEIGHTS,
  STATUS_TRANSITIONS,
  generateData,
  getData,
  type Localized,
  type ReportRecord,
} from '../../demo/api/data.js';
import {
  EVIDENCE_LEVELS,
  LEVELS,
  REGION_CODES,
  REPORT_CATEGORIES,
  REPORT_STATUSES,
  SECTORS,
  SLUG_PATTERN,
  VERDICTS,
} from '../../src/core/types.js';

const data = getData();

/** Column headings that are the same word in both languages. */
const SAME_IN_BOTH = new Set(['Code', 'Population', 'Administration', 'Administrations', 'Verdict']);

/** Every editorial text of the snapshot, with where it comes from. */
function editorialTexts(): { where: string; text: Localized }[] {
  const texts: { where: string; text: Localized }[] = [];
  for (const admin of data.administrations) {
    texts.push({ where: `${admin.slug} description`, text: admin.description });
    for (const detail of admin.scoreDetails)
      texts.push({ where: `${admin.slug} ${detail.key}`, text: detail.label });
    for (const item of admin.indicators) texts.push({ where: `${admin.slug} ${item.key}`, text: item.label });
  }
  for (const report of data.reports) {
    texts.push({ where: `${report.slug} title`, text: report.title });
    texts.push({ where: `${report.slug} description`, text: report.description });
    report.timeline.forEach((event, i) =>
      texts.push({ where: `${report.slug} event ${i}`, text: event.label }),
    );
    if (report.officialResponse)
      texts.push({ where: `${report.slug} response`, text: report.officialResponse.text });
  }
  for (const check of data.factChecks) {
    texts.push({ where: `${check.slug} claim`, text: check.claim });
    texts.push({ where: `${check.slug} summary`, text: check.summary });
  }
  for (const dataset of data.datasets) {
    texts.push({ where: `${dataset.id} title`, text: dataset.title });
    texts.push({ where: `${dataset.id} description`, text: dataset.description });
    for (const column of dataset.columns) {
      if (!SAME_IN_BOTH.has(column.label.fr))
        texts.push({ where: `${dataset.id} ${column.key}`, text: column.label });
    }
  }
  return texts;
}

/** True when `rounded` is `exact` rounded to one decimal. */
const nearOneDecimal = (rounded: number, exact: number): boolean => Math.abs(rounded - exact) <= 0.05 + 1e-9;

const distinctCount = <T>(values: readonly T[]): number => new Set(values).size;

describe('generated data: volume', () => {
  it('has the 14 regions in REGION_CODES order, with names, capitals and populations', () => {
    assert.deepEqual(
      data.regions.map((r) => r.code),
      [...REGION_CODES],
    );
    const byCode = Object.fromEntries(data.regions.map((r) => [r.code, r]));
    assert.equal(byCode['saint-louis']?.name, 'Saint-Louis');
    assert.equal(byCode.thies?.capital, 'Thiès');
    assert.equal(byCode.kedougou?.name, 'Kédougou');
    const total = data.regions.reduce((sum, r) => sum + r.population, 0);
    assert.ok(total > 15_000_000 && total < 21_000_000, `population of Senegal: ${total}`);
    assert.equal(data.regions.reduce((max, r) => (r.population > max.population ? r : max)).code, 'dakar');
  });

  it('has at least 130 administrations, 420 reports, 45 fact-checks and 6 datasets', () => {
    assert.ok(data.administrations.length >= 130, `${data.administrations.length} administrations`);
    assert.ok(data.reports.length >= 420, `${data.reports.length} reports`);
    assert.ok(data.factChecks.length >= 45, `${data.factChecks.length} fact-checks`);
    assert.ok(data.datasets.length >= 6, `${data.datasets.length} datasets`);
  });

  it('is deterministic: the same seed gives the same data, another seed other data', () => {
    assert.equal(JSON.stringify(generateData()), JSON.stringify(data));
    assert.notEqual(JSON.stringify(generateData(7).reports), JSON.stringify(data.reports));
  });
});

describe('generated data: administrations', () => {
  it('covers every sector and every level, national ones seated in Dakar', () => {
    assert.deepEqual(new Set(data.administrations.map((a) => a.sector)), new Set(SECTORS));
    assert.deepEqual(new Set(data.administrations.map((a) => a.level)), new Set(LEVELS));
    for (const admin of data.administrations.filter((a) => a.level === 'national')) {
      assert.equal(admin.region, 'dakar', admin.name);
    }
    for (const region of REGION_CODES) {
      assert.ok(
        data.administrations.some((a) => a.region === region && a.level !== 'national'),
        `no local administration in ${region}`,
      );
    }
  });

  it('has unique slugs matching SLUG_PATTERN and unique names', () => {
    const slugs = data.administrations.map((a) => a.slug);
    for (const slug of slugs) assert.match(slug, SLUG_PATTERN);
    assert.equal(distinctCount(slugs), slugs.length);
    assert.equal(distinctCount(data.administrations.map((a) => a.name)), slugs.length);
  });

  it('has integer scores 0-100 equal to the weighted mean of the score details', () => {
    for (const admin of data.administrations) {
      const weighted = admin.scoreDetails.reduce((sum, d) => sum + d.score * SCORE_WEIGHTS[d.key], 0);
      assert.equal(admin.score, Math.round(weighted), admin.slug);
      assert.ok(Number.isInteger(admin.score) && admin.score >= 0 && admin.score <= 100);
      assert.equal(admin.scoreDetails.length, 4);
      for (const detail of admin.scoreDetails)
        assert.ok(Number.isInteger(detail.score) && detail.score <= 100);
    }
  });

  it('has integer response rates 0-100 and delays with at most one decimal', () => {
    for (const admin of data.administrations) {
      assert.ok(Number.isInteger(admin.responseRate) && admin.responseRate >= 0 && admin.responseRate <= 100);
      assert.ok(admin.avgDelayDays > 0);
      assert.equal(Math.round(admin.avgDelayDays * 10) / 10, admin.avgDelayDays);
    }
  });

  it('has indicators counting the administration’s own reports', () => {
    for (const admin of data.administrations) {
      const own = data.reports.filter((r) => r.administration.slug === admin.slug);
      const value = (key: string) => admin.indicators.find((i) => i.key === key)?.value;
      assert.equal(value('reports'), own.length, admin.slug);
      assert.equal(value('resolved'), own.filter((r) => r.status === 'resolved').length);
      assert.equal(
        value('pending'),
        own.filter((r) => r.status !== 'resolved' && r.status !== 'rejected').length,
      );
      const satisfaction = value('satisfaction') ?? -1;
      assert.ok(satisfaction >= 0 && satisfaction <= 100);
    }
  });

  it('is ranked in order of score, response rate, then name; equal scores share a rank (1, 2, 2, 4)', () => {
    const scores = data.administrations.map((admin) => admin.score);
    for (const admin of data.administrations) {
      assert.equal(admin.rank, 1 + scores.filter((score) => score > admin.score).length, admin.slug);
      assert.equal(admin.rankShared, scores.filter((score) => score === admin.score).length > 1, admin.slug);
    }
    assert.ok(
      data.administrations.some((admin) => admin.rankShared),
      'the reference data has ties (ranks 2 and 3 both 94)',
    );
    for (let i = 1; i < data.administrations.length; i += 1) {
      const [a, b] = [data.administrations[i - 1]!, data.administrations[i]!];
      const ordered =
        a.score > b.score ||
        (a.score === b.score && a.responseRate > b.responseRate) ||
        (a.score === b.score && a.responseRate === b.responseRate && a.name.localeCompare(b.name, 'fr') <= 0);
      assert.ok(ordered, `${a.slug} before ${b.slug}`);
    }
  });
});

describe('generated data: reports', () => {
  const byStatus = (status: string) => data.reports.filter((r) => r.status === status);

  it('uses every category, status and region, and known administrations', () => {
    assert.deepEqual(new Set(data.reports.map((r) => r.category)), new Set(REPORT_CATEGORIES));
    assert.deepEqual(new Set(data.reports.map((r) => r.status)), new Set(REPORT_STATUSES));
    assert.deepEqual(new Set(data.reports.map((r) => r.region)), new Set(REGION_CODES));
    const admins = new Map(data.administrations.map((a) => [a.slug, a.name]));
    for (const report of data.reports)
      assert.equal(admins.get(report.administration.slug), report.administration.name);
  });

  it('has unique slugs matching SLUG_PATTERN', () => {
    const slugs = data.reports.map((r) => r.slug);
    for (const slug of slugs) assert.match(slug, SLUG_PATTERN);
    assert.equal(distinctCount(slugs), slugs.length);
  });

  it('spreads submissions over 2025-01..2026-10, newest first', () => {
    const months = new Set(data.reports.map((r) => r.submittedAt.slice(0, 7)));
    assert.ok(months.has('2025-01') && months.has('2026-10'));
    assert.ok(months.size >= 22, `${months.size} months`);
    for (const report of data.reports) {
      const time = Date.parse(report.submittedAt);
      assert.ok(time >= FIRST_DATE && time < DATA_EPOCH, report.submittedAt);
    }
    for (let i = 1; i < data.reports.length; i += 1) {
      assert.ok(data.reports[i - 1]!.submittedAt >= data.reports[i]!.submittedAt);
    }
  });

  it('has timelines that start at submission, follow the allowed transitions and end at the status', () => {
    for (const report of data.reports) {
      const [first, ...rest] = report.timeline;
      assert.equal(first?.status, 'received', report.slug);
      assert.equal(first?.date, report.submittedAt);
      assert.equal(report.timeline.at(-1)?.status, report.status);
      let previous = first!;
      for (const event of rest) {
        assert.ok(
          STATUS_TRANSITIONS[previous.status].includes(event.status),
          `${previous.status} -> ${event.status}`,
        );
        assert.ok(event.date > previous.date, `${report.slug}: dates increase`);
        previous = event;
      }
      assert.ok(Date.parse(previous.date) < DATA_EPOCH);
    }
  });

  it('has an official response exactly when the report was answered, dated at that event', () => {
    const answered = (r: ReportRecord) => r.timeline.find((e) => e.status === 'answered');
    for (const report of data.reports) {
      const event = answered(report);
      assert.equal(report.officialResponse?.date, event?.date, report.slug);
      if (report.officialResponse) assert.ok(report.officialResponse.author.length > 0);
    }
    for (const status of ['received', 'under-review', 'rejected']) {
      assert.ok(
        byStatus(status).every((r) => r.officialResponse === null),
        status,
      );
    }
    for (const status of ['answered', 'resolved']) {
      assert.ok(
        byStatus(status).every((r) => r.officialResponse !== null),
        status,
      );
    }
    const withResponse = data.reports.filter((r) => r.officialResponse !== null).length;
    assert.ok(withResponse > data.reports.length / 2, `${withResponse} responses: most reports have one`);
  });
});

describe('generated data: fact-checks, regions and datasets', () => {
  it('has fact-checks with known verdicts and evidence levels and http(s) sources, newest first', () => {
    assert.deepEqual(new Set(data.factChecks.map((c) => c.verdict)), new Set(VERDICTS));
    assert.deepEqual(new Set(data.factChecks.map((c) => c.evidenceLevel)), new Set(EVIDENCE_LEVELS));
    for (const check of data.factChecks) {
      assert.match(check.slug, SLUG_PATTERN);
      assert.ok(check.sources.length > 0);
      for (const source of check.sources) assert.doesNotThrow(() => new URL(source.url));
      for (const source of check.sources) assert.match(source.url, /^https?:\/\//);
    }
    assert.equal(distinctCount(data.factChecks.map((c) => c.slug)), data.factChecks.length);
    for (let i = 1; i < data.factChecks.length; i += 1) {
      assert.ok(data.factChecks[i - 1]!.publishedAt >= data.factChecks[i]!.publishedAt);
    }
  });

  it('computes region indicators from the region’s administrations and reports', () => {
    for (const region of data.regions) {
      const admins = data.administrations.filter((a) => a.region === region.code);
      const reports = data.reports.filter((r) => r.region === region.code);
      const avg = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
      assert.equal(region.administrationCount, admins.length, region.code);
      assert.equal(region.reportCount, reports.length);
      assert.equal(region.indicators.averageScore, Math.round(avg(admins.map((a) => a.score))));
      assert.equal(region.indicators.responseRate, Math.round(avg(admins.map((a) => a.responseRate))));
      assert.ok(nearOneDecimal(region.indicators.avgDelayDays, avg(admins.map((a) => a.avgDelayDays))));
      const considered = reports.filter((r) => r.status !== 'rejected');
      const resolved = considered.filter((r) => r.status === 'resolved').length;
      assert.equal(region.indicators.resolutionRate, Math.round((100 * resolved) / considered.length));
      assert.ok(nearOneDecimal(region.indicators.reportsPer100k, (reports.length * 1e5) / region.population));
    }
    assert.equal(
      data.regions.reduce((sum, r) => sum + r.administrationCount, 0),
      data.administrations.length,
    );
  });

  it('has the six datasets, rows matching their columns and derived from the data', () => {
    const ids = data.datasets.map((d) => d.id);
    for (const id of [
      'administration-scores',
      'citizen-reports',
      'regional-indicators',
      'fact-checks',
      'response-times',
      'budget-execution',
    ]) {
      assert.ok(ids.includes(id), id);
    }
    for (const dataset of data.datasets) {
      const keys = dataset.columns.map((c) => c.key);
      assert.ok(dataset.rows.length > 0, dataset.id);
      for (const row of dataset.rows) assert.deepEqual(Object.keys(row), keys, dataset.id);
    }
    const find = (id: string) => data.datasets.find((d) => d.id === id)!;
    assert.equal(find('administration-scores').rows.length, data.administrations.length);
    assert.deepEqual(
      find('administration-scores').rows.map((r) => r.score),
      data.administrations.map((a) => a.score),
    );
    assert.equal(find('citizen-reports').rows.length, data.reports.length);
    assert.deepEqual(
      find('regional-indicators').rows.map((r) => r.reportCount),
      data.regions.map((r) => r.reportCount),
    );
    const submitted = find('response-times').rows.reduce((sum, r) => sum + Number(r.submitted), 0);
    assert.equal(submitted, data.reports.length);
  });
});

describe('generated data: languages', () => {
  const texts = editorialTexts();

  it('has every editorial text in French and English, non-empty and different', () => {
    assert.ok(texts.length > 5_000, `${texts.length} texts checked`);
    for (const { where, text } of texts) {
      assert.ok(text.fr.trim().length > 0 && text.en.trim().length > 0, where);
      assert.notEqual(text.fr, text.en, where);
    }
  });

  it('writes French with French words and English with English words', () => {
    const reports = data.reports.slice(0, 50);
    assert.ok(reports.every((r) => /\b(à|de|pour|le|la|les|du|des)\b/.test(r.description.fr)));
    assert.ok(reports.every((r) => /\b(the|for|in|to|of|my|I)\b/.test(r.description.en)));
  });
});
