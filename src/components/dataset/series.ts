/**
 * Whether a dataset is a time series, which <khountous-dataset> draws above its table: a
 * column of months or dates (its first such column) whose rows come in time order, one row
 * per moment, with at least two rows and a number column. The element decides it from the
 * data it has, before it loads the chart's code (chart.ts), which only a series needs.
 */
import type { DatasetCell, DatasetColumn, DatasetJson } from '../../core/types.js';
import { isMonth } from '../../i18n/format.js';

/**
 * A moment as a number that grows with time, NaN for a cell that is none: a month's
 * index (so that months are evenly spaced, whatever their days), a date's milliseconds.
 */
export const timeOf = (column: DatasetColumn, value: DatasetCell | undefined): number =>
  typeof value !== 'string'
    ? NaN
    : column.type === 'month'
      ? isMonth(value)
        ? Number(value.slice(0, 4)) * 12 + Number(value.slice(5))
        : NaN
      : Date.parse(value);

/** The column of a series's moments, or undefined when the dataset is no series. */
export function timeColumn({ columns, rows }: DatasetJson): DatasetColumn | undefined {
  const time = columns.find((column) => column.type === 'month' || column.type === 'date');
  if (!time || rows.length < 2 || !columns.some((column) => column.type === 'number')) return undefined;
  let before = -Infinity;
  for (const row of rows) {
    const moment = timeOf(time, Object.hasOwn(row, time.key) ? row[time.key] : undefined);
    // Not a moment (NaN), or not after the row before: no series.
    if (!(moment > before)) return undefined;
    before = moment;
  }
  return time;
}
