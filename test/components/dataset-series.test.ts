import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { timeColumn, timeOf } from '../../src/components/dataset/series.js';
import type { DatasetCell, DatasetColumn, DatasetJson } from '../../src/core/types.js';

const column = (key: string, type: DatasetColumn['type']): DatasetColumn => ({
  key,
  label: { fr: key, en: key },
  type,
});

const dataset = (columns: DatasetColumn[], rows: Record<string, DatasetCell>[]): DatasetJson => ({
  id: 'test',
  title: { fr: 'Test', en: 'Test' },
  description: { fr: '', en: '' },
  license: 'CC-BY-4.0',
  updatedAt: '2026-11-01T00:00:00Z',
  columns,
  rows,
});

const MONTH = column('month', 'month');
const COUNT = column('count', 'number');

describe('timeColumn: whether a dataset is a time series', () => {
  it('takes a month column with its rows in time order and a number column', () => {
    const months = dataset(
      [MONTH, COUNT],
      [
        { month: '2025-11', count: 3 },
        { month: '2025-12', count: null },
        { month: '2026-01', count: 5 },
      ],
    );
    assert.equal(timeColumn(months), MONTH);
  });

  it('takes the first month or date column, wherever it is', () => {
    const date = column('day', 'date');
    const days = dataset(
      [column('name', 'string'), COUNT, date, column('later', 'month')],
      [
        { name: 'a', count: 1, day: '2026-03-01', later: '2026-01' },
        { name: 'b', count: 2, day: '2026-03-04T10:00:00Z', later: '2025-01' },
      ],
    );
    assert.equal(timeColumn(days), date);
  });

  it('takes no dataset without a moment column, a number column, or two rows', () => {
    const rows = [
      { month: '2026-01', count: 1, year: 2025 },
      { month: '2026-02', count: 2, year: 2026 },
    ];
    assert.equal(timeColumn(dataset([column('year', 'number'), COUNT], rows)), undefined);
    assert.equal(timeColumn(dataset([MONTH, column('name', 'string')], rows)), undefined);
    assert.equal(timeColumn(dataset([MONTH, COUNT], rows.slice(0, 1))), undefined);
  });

  it('takes no dataset whose rows are not in time order, repeat a moment or hold no moment', () => {
    const of = (...months: DatasetCell[]) =>
      timeColumn(
        dataset(
          [MONTH, COUNT],
          months.map((month) => ({ month, count: 1 })),
        ),
      );
    assert.equal(of('2026-02', '2026-01'), undefined, 'newest first');
    assert.equal(of('2026-01', '2026-01'), undefined, 'twice the same month');
    assert.equal(of('2026-01', null), undefined);
    assert.equal(of('2026-01', '2026-13'), undefined);
    assert.equal(of('2026-01', 'soon'), undefined);
    assert.equal(timeColumn(dataset([MONTH, COUNT], [{ count: 1 }, { count: 2 }])), undefined);
  });
});

describe('timeOf', () => {
  it('spaces months evenly, whatever their days', () => {
    const at = (month: string) => timeOf(MONTH, month);
    assert.equal(at('2026-03') - at('2026-02'), at('2026-02') - at('2026-01'));
    assert.equal(at('2026-01') - at('2025-12'), 1);
  });

  it('reads a date column as times, and what is none as NaN', () => {
    const date = column('day', 'date');
    assert.equal(timeOf(date, '2026-03-01T00:00:00Z'), Date.UTC(2026, 2, 1));
    assert.ok(Number.isNaN(timeOf(date, 'never')));
    assert.ok(Number.isNaN(timeOf(date, 12)));
    assert.ok(Number.isNaN(timeOf(MONTH, '2026-3')));
  });
});
