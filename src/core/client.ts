/**
 * The client of direct calls to the Khountous read API (v1): one method per
 * endpoint, dataset downloads in every format, and report submission with a
 * partner key (from a server). Widgets do not use it: they ask the loader,
 * which sends its requests through http.ts.
 */
import { describe, urlOf, type Resource } from './endpoints.js';
import { invalid } from './errors.js';
import {
  bodyOf,
  call,
  datasetUrl,
  jsonBody,
  type BodyReader,
  type Call,
  type CallOptions,
  type Transport,
} from './http.js';
import { checkBaseUrl, matching, oneOf } from './params.js';
import { datasetJsonSchema, reportSchema } from './schemas.js';
import type { Schema } from './check.js';
import {
  DATASET_FORMATS,
  LANGS,
  REGION_CODES,
  REPORT_CATEGORIES,
  SLUG_PATTERN,
  type Administration,
  type AdministrationListItem,
  type AdministrationsQuery,
  type DatasetFormat,
  type DatasetJson,
  type FactCheck,
  type Lang,
  type ListEnvelope,
  type RegionStats,
  type Report,
  type ReportListItem,
  type ReportSubmission,
  type ReportsQuery,
  type VerificationsQuery,
} from './types.js';

export interface ClientOptions extends Transport {
  /** The API base URL ending with `/v1`: http(s), or an absolute path such as `/v1`. */
  baseUrl: string;
  /** A key for `Authorization: Bearer`; required by `submitReport` only. Keep partner keys on servers. */
  apiKey?: string;
}

/** @public (named by KhountousClient) */
export interface DatasetByFormat {
  json: DatasetJson;
  csv: string;
  xlsx: ArrayBuffer;
}

/** @public (named by KhountousClient) */
export interface LangParams {
  lang?: Lang;
}

export interface KhountousClient {
  readonly baseUrl: string;
  administrations(
    query?: AdministrationsQuery,
    options?: CallOptions<ListEnvelope<AdministrationListItem>>,
  ): Call<ListEnvelope<AdministrationListItem>>;
  administration(
    slug: string,
    params?: LangParams,
    options?: CallOptions<Administration>,
  ): Call<Administration>;
  reports(
    query?: ReportsQuery,
    options?: CallOptions<ListEnvelope<ReportListItem>>,
  ): Call<ListEnvelope<ReportListItem>>;
  report(slug: string, params?: LangParams, options?: CallOptions<Report>): Call<Report>;
  verifications(
    query?: VerificationsQuery,
    options?: CallOptions<ListEnvelope<FactCheck>>,
  ): Call<ListEnvelope<FactCheck>>;
  regions(
    params?: LangParams,
    options?: CallOptions<ListEnvelope<RegionStats>>,
  ): Call<ListEnvelope<RegionStats>>;
  dataset<F extends DatasetFormat = 'json'>(
    id: string,
    format?: F,
    options?: CallOptions<DatasetByFormat[F]>,
  ): Call<DatasetByFormat[F]>;
  /** The URL of a dataset download, for a plain link. */
  datasetUrl(id: string, format?: DatasetFormat): string;
  /** POST /khountous with the partner key. Refused without `apiKey`. */
  submitReport(body: ReportSubmission, options?: { signal?: AbortSignal }): Call<Report>;
}

// ---------------------------------------------------------------------------
// The client of direct calls (widgets use the loader, which calls `get`)

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const datasetReaders = (): {
  [F in DatasetFormat]: [accept: string, read: BodyReader<DatasetByFormat[F]>];
} => ({
  json: ['application/json', jsonBody(datasetJsonSchema)],
  csv: ['text/csv', bodyOf(/^(?:text\/csv|application\/csv|text\/plain)\s*(?:;|$)/i, 'CSV', (r) => r.text())],
  xlsx: [
    XLSX_MIME,
    bodyOf(
      /^(?:application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet|application\/octet-stream)\s*(?:;|$)/i,
      'a spreadsheet',
      (r) => r.arrayBuffer(),
    ),
  ],
});

const text = (param: string, max: number) => (value: unknown) => {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max) {
    throw invalid(param, `${param} must be a non-empty text of at most ${max} characters.`);
  }
  return value;
};

/** The checks of a report submission, field by field. */
const submissionChecks = (): Record<keyof ReportSubmission, (value: unknown, param: string) => unknown> => ({
  title: text('title', 200),
  description: text('description', 5000),
  category: oneOf(REPORT_CATEGORIES),
  region: oneOf(REGION_CODES),
  administration: matching(SLUG_PATTERN, 'an administration slug'),
  lang: oneOf(LANGS),
});

export function createClient(clientOptions: ClientOptions): KhountousClient {
  const baseUrl = checkBaseUrl(clientOptions.baseUrl);
  const { apiKey } = clientOptions;
  if (apiKey !== undefined && (typeof apiKey !== 'string' || !/^[\x21-\x7e]+$/.test(apiKey))) {
    throw invalid('apiKey', 'The API key must be a non-empty printable ASCII string.');
  }
  const send = async <T>(resource: Resource, options?: CallOptions<T>, format?: DatasetFormat) => {
    const target = describe(resource, baseUrl);
    if (!format)
      return call<T>(
        clientOptions,
        { url: urlOf(target), read: jsonBody(target.ep.schema as Schema<T>), apiKey },
        options,
      );
    const [accept, read] = datasetReaders()[format];
    return call<T>(
      clientOptions,
      {
        url: datasetUrl(baseUrl, target.ids['id'] as string, format),
        read: read as BodyReader<T>,
        accept,
        apiKey,
      },
      options,
    );
  };
  const list =
    (kind: 'administrations' | 'reports' | 'verifications') =>
    (query?: object, options?: CallOptions<never>) =>
      send({ kind, query } as Resource, options);
  const item =
    (kind: 'administration' | 'report') =>
    (slug: string, params?: LangParams, options?: CallOptions<never>) =>
      send({ kind, slug, ...params }, options);
  return {
    baseUrl,
    administrations: list('administrations'),
    administration: item('administration'),
    reports: list('reports'),
    report: item('report'),
    verifications: list('verifications'),
    regions: (params, options) => send({ kind: 'regions', ...params }, options),
    dataset: async (id, format = 'json' as never, options) =>
      send({ kind: 'dataset', id }, options, oneOf(DATASET_FORMATS)(format, 'format') as DatasetFormat),
    datasetUrl: (id, format) => datasetUrl(baseUrl, id, format),
    async submitReport(body, options = {}) {
      if (apiKey === undefined) {
        throw invalid(
          'apiKey',
          'Submitting a report needs a partner key; do it from a server, never from a page.',
        );
      }
      if (typeof body !== 'object' || body === null) throw invalid('body', 'The report must be an object.');
      const checked: Record<string, unknown> = {};
      for (const [param, check] of Object.entries(submissionChecks())) {
        checked[param] = check((body as unknown as Record<string, unknown>)[param], param);
      }
      return call(
        clientOptions,
        {
          method: 'POST',
          url: `${baseUrl}/khountous`,
          body: checked,
          read: jsonBody(reportSchema),
          apiKey,
        },
        options,
      );
    },
  } as KhountousClient;
}
