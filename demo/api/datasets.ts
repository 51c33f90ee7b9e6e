/**
 * GET /datasets/{id}: a dataset of the snapshot as JSON, CSV or XLSX, each
 * serialization built once per process.
 */
import writeExcelFile, { type Cell, type SheetData } from 'write-excel-file/node';
import type { DatasetCell, DatasetColumn, DatasetFormat, DatasetJson } from '../../src/core/types.js';
import { cacheableReply } from './caching.js';
import { parseQuery } from './query.js';
import { JSON_TYPE, notFound, type Bytes, type Reply } from './reply.js';
import type { Context } from './routing.js';

const CONTENT_TYPES: Readonly<Record<DatasetFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  json: JSON_TYPE,
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * What a spreadsheet reads as the start of a formula in a text cell: OWASP's
 * list (=, +, -, @, tab, carriage return) and the full-width forms of the
 * first four, which some locales of Excel accept as well.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A text cell that a spreadsheet would read as a formula gets a leading single
 * quote (OWASP's advice on CSV injection), so that it is shown as text, never
 * computed. Numbers are written as numbers, a negative one included.
 */
function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function csvField(value: DatasetCell): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : neutraliseCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180: CRLF line ends, a header row of column keys; a BOM so Excel reads UTF-8. */
export function toCsv(dataset: DatasetJson): string {
  const keys = dataset.columns.map((column) => column.key);
  const lines = [
    keys.map(csvField).join(','),
    ...dataset.rows.map((row) => keys.map((key) => csvField(row[key] ?? null)).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function xlsxCell(value: DatasetCell, type: DatasetColumn['type']): Cell {
  if (value === null) return null;
  if (type === 'date' && typeof value === 'string') {
    return { value: new Date(value), type: Date, format: 'yyyy-mm-dd hh:mm' };
  }
  return value;
}

async function toXlsx(dataset: DatasetJson): Promise<Bytes> {
  const header: Cell[] = dataset.columns.map((column) => ({ value: column.key, fontWeight: 'bold' }));
  const rows: SheetData = dataset.rows.map((row) =>
    dataset.columns.map((column) => xlsxCell(row[column.key] ?? null, column.type)),
  );
  const buffer = await writeExcelFile([header, ...rows], {
    sheet: dataset.id.slice(0, 31),
    stickyRowsCount: 1,
  }).toBuffer();
  return new Uint8Array(buffer);
}

const SERIALIZERS: Readonly<Record<DatasetFormat, (dataset: DatasetJson) => Promise<string | Bytes>>> = {
  csv: async (dataset) => toCsv(dataset),
  json: async (dataset) => JSON.stringify(dataset),
  xlsx: toXlsx,
};

/**
 * Serialized datasets, built once per process: the snapshot never changes,
 * and a workbook carries its build time, so building it once keeps every
 * response (and its ETag) identical within a process.
 */
const serializedDatasets = new Map<string, Promise<string | Bytes>>();

function serializeDataset(dataset: DatasetJson, format: DatasetFormat): Promise<string | Bytes> {
  const key = `${dataset.id}.${format}`;
  let body = serializedDatasets.get(key);
  if (!body) {
    body = SERIALIZERS[format](dataset);
    serializedDatasets.set(key, body);
  }
  return body;
}

const contentDisposition = (id: string, format: DatasetFormat): string =>
  `${format === 'json' ? 'inline' : 'attachment'}; filename="${id}.${format}"`;

/** GET /datasets/{id} */
export async function getDataset({ api, request, url, id }: Context): Promise<Reply> {
  const { format = 'json' } = parseQuery(url.searchParams, ['format']);
  const dataset = api.data.datasets.find((candidate) => candidate.id === id);
  if (!dataset) throw notFound(`No dataset has the id "${id}".`);
  const body = await serializeDataset(dataset, format);
  return cacheableReply(
    request,
    body,
    { 'Content-Type': CONTENT_TYPES[format], 'Content-Disposition': contentDisposition(id, format) },
    api.cacheControl.dataset,
  );
}
