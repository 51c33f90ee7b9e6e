import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { getData } from '../../demo/api/data.js';
import { toCsv } from '../../demo/api/datasets.js';
import { DATASET_ID_PATTERN, type DatasetCell, type DatasetJson } from '../../src/core/types.js';
import { parseCsv } from '../helpers/csv.js';
import { testApi } from './helpers.js';

const data = getData();
const test = testApi();
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const csvText = (cell: DatasetCell): string => (cell === null ? '' : String(cell));

/** A dataset of a text column and a number column, with `rows`. */
const datasetOf = (rows: { text: string | null; n: number | null }[], id = 'arbitrary'): DatasetJson => ({
  id,
  title: { fr: 'Essai', en: 'Trial' },
  description: { fr: 'Essai', en: 'Trial' },
  license: 'CC-BY-4.0',
  updatedAt: '2026-11-01T00:00:00.000Z',
  columns: [
    { key: 'text', label: { fr: 'Texte', en: 'Text' }, type: 'string' },
    { key: 'n', label: { fr: 'Nombre', en: 'Number' }, type: 'number' },
  ],
  rows,
});

describe('CSV writing', () => {
  it('quotes commas, quotes and line breaks, and leaves null cells empty', () => {
    const tricky = ['a, b', 'say "hi"', 'two\r\nlines', 'one\nline', 'plain'];
    const dataset = datasetOf([...tricky.map((text, n) => ({ text, n })), { text: null, n: 1.5 }], 'tricky');
    const csv = toCsv(dataset);
    assert.ok(csv.includes('"say ""hi"""'));
    assert.ok(csv.includes('\r\nplain,4\r\n'));
    assert.deepEqual(parseCsv(csv.slice(1)), [
      ['text', 'n'],
      ...tricky.map((text, n) => [text, String(n)]),
      ['', '1.5'],
    ]);
  });
});

/** What spreadsheets read as the start of a formula (OWASP's list, and its full-width forms). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

describe('CSV writing: formula injection', () => {
  const risky = fc
    .tuple(
      fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'),
      fc.string(),
    )
    .map(([start, rest]) => start + rest);
  const text = fc.oneof(risky, fc.string(), fc.string({ unit: 'binary' }), fc.constant(null));
  const number = fc.oneof(
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: -1_000_000, max: -1 }),
    fc.constant(null),
  );

  it('starts no text cell with a formula character, prefixing such cells with a quote', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ text, n: number })), (rows) => {
        const records = parseCsv(toCsv(datasetOf(rows)).slice(1)).slice(1);
        assert.equal(records.length, rows.length);
        rows.forEach((row, i) => {
          const [cell] = records[i]!;
          assert.doesNotMatch(cell!, FORMULA_START);
          const expected = row.text === null ? '' : FORMULA_START.test(row.text) ? `'${row.text}` : row.text;
          assert.equal(cell, expected);
        });
      }),
    );
  });

  it('writes numbers, negative ones included, as numbers, unprefixed', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ text: fc.constant(null), n: number })), (rows) => {
        const records = parseCsv(toCsv(datasetOf(rows)).slice(1)).slice(1);
        rows.forEach((row, i) => {
          const cell = records[i]![1]!;
          if (row.n === null) assert.equal(cell, '');
          else assert.equal(Number(cell), row.n === 0 ? 0 : row.n, cell);
          assert.ok(!cell.startsWith("'"), cell);
        });
      }),
    );
    assert.ok(toCsv(datasetOf([{ text: '-3', n: -3 }])).includes("\r\n'-3,-3\r\n"));
  });

  it('neutralises the published datasets too', async () => {
    const test = testApi();
    for (const dataset of data.datasets) {
      const csv = await (await test.call(`/datasets/${dataset.id}?format=csv`)).text();
      for (const record of parseCsv(csv.slice(1)))
        for (const cell of record) assert.ok(!FORMULA_START.test(cell) || /^-\d/.test(cell), cell);
    }
  });
});

describe('GET /datasets/{id}', () => {
  it('has ids in the dataset id format', () => {
    for (const dataset of data.datasets) assert.match(dataset.id, DATASET_ID_PATTERN);
  });

  for (const dataset of data.datasets) {
    it(`serves ${dataset.id} as JSON (inline), the DatasetJson shape`, async () => {
      const response = await test.call(`/datasets/${dataset.id}?format=json`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('Content-Type'), 'application/json; charset=utf-8');
      assert.equal(response.headers.get('Content-Disposition'), `inline; filename="${dataset.id}.json"`);
      const body = (await response.json()) as DatasetJson;
      assert.deepEqual(Object.keys(body).sort(), [
        'columns',
        'description',
        'id',
        'license',
        'rows',
        'title',
        'updatedAt',
      ]);
      assert.equal(body.id, dataset.id);
      assert.ok(body.title.fr && body.title.en && body.title.fr !== body.title.en);
      assert.ok(!Number.isNaN(Date.parse(body.updatedAt)));
      assert.deepEqual(body, JSON.parse(JSON.stringify(dataset)));
    });

    it(`serves ${dataset.id} as CSV: BOM, header of keys, RFC 4180 quoting`, async () => {
      const response = await test.call(`/datasets/${dataset.id}?format=csv`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('Content-Type'), 'text/csv; charset=utf-8');
      assert.equal(response.headers.get('Content-Disposition'), `attachment; filename="${dataset.id}.csv"`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte order mark');
      const records = parseCsv(new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes));
      const keys = dataset.columns.map((c) => c.key);
      assert.deepEqual(records[0], keys);
      assert.equal(records.length, dataset.rows.length + 1);
      dataset.rows.forEach((row, i) =>
        assert.deepEqual(
          records[i + 1],
          keys.map((key) => csvText(row[key] ?? null)),
        ),
      );
    });

    it(`serves ${dataset.id} as a real XLSX workbook`, async () => {
      const response = await test.call(`/datasets/${dataset.id}?format=xlsx`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('Content-Type'), XLSX_TYPE);
      assert.equal(response.headers.get('Content-Disposition'), `attachment; filename="${dataset.id}.xlsx"`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const sheet = workbook.worksheets[0]!;
      assert.equal(sheet.name, dataset.id.slice(0, 31));
      assert.equal(sheet.rowCount, dataset.rows.length + 1);
      dataset.columns.forEach((column, c) => {
        assert.equal(sheet.getRow(1).getCell(c + 1).value, column.key);
      });
      dataset.rows.forEach((row, r) => {
        dataset.columns.forEach((column, c) => {
          const cell = sheet.getRow(r + 2).getCell(c + 1).value;
          const expected = row[column.key] ?? null;
          if (expected === null) assert.equal(cell, null, `${column.key} row ${r}`);
          else if (column.type === 'date') assert.equal((cell as Date).toISOString(), expected);
          else assert.equal(cell, expected, `${column.key} row ${r}`);
        });
      });
    });
  }

  it('defaults to JSON and caches datasets for an hour', async () => {
    const response = await test.call('/datasets/fact-checks');
    assert.equal(response.headers.get('Content-Type'), 'application/json; charset=utf-8');
    assert.match(response.headers.get('Cache-Control') ?? '', /^public, max-age=3600,/);
    assert.ok(response.headers.get('ETag'));
  });

  it('answers 304 to a matching If-None-Match on a workbook', async () => {
    const first = await test.call('/datasets/regional-indicators?format=xlsx');
    const etag = first.headers.get('ETag')!;
    const second = await test.call('/datasets/regional-indicators?format=xlsx', {
      headers: { 'If-None-Match': etag },
    });
    assert.equal(second.status, 304);
    assert.equal((await second.arrayBuffer()).byteLength, 0);
  });

  it('answers 404 to an unknown dataset, whatever the format', async () => {
    for (const format of ['csv', 'json', 'xlsx']) {
      assert.equal((await test.call(`/datasets/no-such-data?format=${format}`)).status, 404);
    }
  });
});
