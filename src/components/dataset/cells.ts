/** How <khountous-dataset> writes a number of a dataset: its table and its chart, one way. */
import type { DatasetCell, DatasetColumn, Lang } from '../../core/types.js';

const cellFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number of a data table, written one way in its whole column: grouped the
 * language's way (47 479 and 6 550 in French, 47,479 and 6,550 in English) in
 * a column that holds a number of five digits or more, not grouped in one
 * that does not, so that a year reads 2025 and not 2 025.
 */
export function formatCellNumber(lang: Lang, value: number, grouped: boolean): string {
  const key = `${lang}:${grouped}`;
  let format = cellFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, { maximumFractionDigits: 2, useGrouping: grouped });
    cellFormats.set(key, format);
  }
  return format.format(value);
}

/** The columns of `rows` whose numbers are grouped: those with a number of five digits or more. */
export const groupedColumns = (columns: DatasetColumn[], rows: Record<string, DatasetCell>[]): Set<string> =>
  new Set(
    columns
      .filter((column) =>
        rows.some(
          (row) => typeof row[column.key] === 'number' && Math.abs(row[column.key] as number) >= 10_000,
        ),
      )
      .map((column) => column.key),
  );
