/**
 * The shapes of the Khountous public read API (v1).
 *
 * The API document fixes only the administrations list item and the list
 * envelope. Every other shape here is an assumption of this kit, written down
 * in docs/api-assumptions.md; the reference API (demo/api/) and the kit's data
 * layer (src/core/schemas.ts, endpoints.ts) both import this file, so there is
 * one source of truth.
 *
 * No runtime code besides the `as const` value lists lives here.
 */

/** Languages of editorial texts. Default `fr`. */
export const LANGS = ['fr', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/** Download formats of a dataset. Default `json`. */
export const DATASET_FORMATS = ['csv', 'json', 'xlsx'] as const;
export type DatasetFormat = (typeof DATASET_FORMATS)[number];

/** The 14 regions of Senegal, by lower-case ASCII code. */
export const REGION_CODES = [
  'dakar',
  'diourbel',
  'fatick',
  'kaffrine',
  'kaolack',
  'kedougou',
  'kolda',
  'louga',
  'matam',
  'saint-louis',
  'sedhiou',
  'tambacounda',
  'thies',
  'ziguinchor',
] as const;
export type RegionCode = (typeof REGION_CODES)[number];

/** Sectors of administrations (filter `sector`). */
export const SECTORS = [
  'health',
  'education',
  'civil-registry',
  'justice',
  'water',
  'energy',
  'transport',
  'finance',
  'agriculture',
  'environment',
  'security',
  'land',
] as const;
export type Sector = (typeof SECTORS)[number];

/** Levels of administrations (filter `level`). */
export const LEVELS = ['national', 'regional', 'communal'] as const;
export type Level = (typeof LEVELS)[number];

/** Categories of citizen reports (filter `category`). */
export const REPORT_CATEGORIES = [
  'delay',
  'corruption',
  'reception',
  'service-outage',
  'documents',
  'infrastructure',
  'billing',
  'other',
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/**
 * Statuses of a citizen report (filter `status`). Transitions:
 * received -> under-review -> forwarded -> answered -> resolved;
 * under-review -> rejected; answered -> forwarded (reopened).
 */
export const REPORT_STATUSES = [
  'received',
  'under-review',
  'forwarded',
  'answered',
  'resolved',
  'rejected',
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Verdicts of a fact-check, from the truest to the least true, then unverifiable. */
export const VERDICTS = ['true', 'mostly-true', 'misleading', 'false', 'unverifiable'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Evidence levels of a fact-check, strongest first. */
export const EVIDENCE_LEVELS = ['strong', 'moderate', 'weak'] as const;
export type EvidenceLevel = (typeof EVIDENCE_LEVELS)[number];

/** Keys of the numeric indicators of a region. */
export const REGION_INDICATORS = [
  'averageScore',
  'responseRate',
  'avgDelayDays',
  'resolutionRate',
  'reportsPer100k',
] as const;
export type RegionIndicatorKey = (typeof REGION_INDICATORS)[number];

/**
 * The `period` filter of reports: a year (`2026`) or a month (`2026-03`);
 * a report matches when its submission date falls within the period.
 */
export type Period = string;
export const PERIOD_PATTERN = /^\d{4}(-(0[1-9]|1[0-2]))?$/;

/** A dataset id: lower-case letters, digits and hyphens. */
export const DATASET_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A slug of an administration or a report. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The longest slug or dataset id the kit sends. */
export const MAX_ID_LENGTH = 200;

/** Largest `limit` of a page; a larger one is rejected with 400. A page that holds more items is not a valid answer. */
export const MAX_LIMIT = 100;

/**
 * The bounds of an answer, for every reader of it (the widgets and a server render through the
 * client, the script tag's text paint through its own reading of a copy, boot/paint.ts):
 * its body at most MAX_ANSWER_BYTES (the WordPress plugin's limit too), each of its texts at
 * most MAX_TEXT_LENGTH characters (the longest of the reference data is under 300). Beyond
 * them the answer is invalid, as a malformed one is: nothing of it is shown.
 */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
export const MAX_TEXT_LENGTH = 5_000;
/**
 * The bounds of an answer's numbers (core/schemas.ts; docs/api-assumptions.md gives each
 * field's range): every number finite and at most MAX_MAGNITUDE either sign, so that sums,
 * weights and axes stay finite and integers exact (2^53 is about 9e15); a dataset's number,
 * which its chart draws, is 0 or at least MIN_MAGNITUDE either sign: nearer 0, it reads as 0
 * on the chart's axis and in its table (two decimals), and the subnormal doubles far below,
 * such as 2e-323, have no power of ten for the axis's steps (graphics/scale.ts).
 */
export const MAX_MAGNITUDE = 1e15;
export const MIN_MAGNITUDE = 1e-15;
/** `limit` when none is given. */
export const DEFAULT_LIMIT = 20;

// ---------------------------------------------------------------------------
// Envelopes and errors

/** Every list response. */
export interface ListMeta {
  /** Current page, from 1. */
  page: number;
  /** Items per page as requested (the default limit when none was). */
  pageSize: number;
  /** Number of items matching the filters, across all pages. */
  total: number;
}

export interface ListEnvelope<T> {
  data: T[];
  meta: ListMeta;
}

export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'rate_limited',
  'internal',
] as const;
export type ApiErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error response (4xx and 5xx). */
export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    /** A human-readable English sentence; not meant for end users. */
    message: string;
    /** For `bad_request`: the parameter or body field at fault. */
    param?: string;
  };
}

// ---------------------------------------------------------------------------
// Administrations

/** An item of GET /administrations: exactly the fields of the API document. */
export interface AdministrationListItem {
  slug: string;
  name: string;
  /** Overall score, integer points from 0 to 100. */
  score: number;
  /** Share of reports answered, integer percent from 0 to 100. */
  responseRate: number;
  /** Average delay before a first answer, in days, one decimal. */
  avgDelayDays: number;
}

/** One dimension of the score. */
export interface ScoreDetail {
  key: 'responsiveness' | 'resolution' | 'transparency' | 'accessibility';
  /** Editorial label in the requested language. */
  label: string;
  /** Points from 0 to 100. */
  score: number;
}

/** One indicator of an administration. */
export interface AdministrationIndicator {
  key: 'reports' | 'resolved' | 'pending' | 'medianDelayDays' | 'satisfaction';
  /** Editorial label in the requested language. */
  label: string;
  value: number;
  unit: 'count' | 'percent' | 'days';
}

/** GET /administrations/{slug}: the list item plus profile, score details and indicators. */
export interface Administration extends AdministrationListItem {
  sector: Sector;
  level: Level;
  /** Region of the seat; national administrations are seated in Dakar. */
  region: RegionCode;
  /** Editorial text in the requested language. */
  description: string;
  /** Rank in the whole (unfiltered) ranking, from 1; equal scores share one (1, 2, 2, 4). */
  rank: number;
  /** Whether another administration has the same score, so the same rank ("2e ex aequo"); absent from an API that does not say. */
  rankShared?: boolean;
  /** How many administrations the whole ranking holds ("3rd of 312"); absent from an API that does not say. */
  rankedCount?: number;
  scoreDetails: ScoreDetail[];
  indicators: AdministrationIndicator[];
  /** ISO 8601 date-time of the last score computation. */
  updatedAt: string;
}

// ---------------------------------------------------------------------------
// Citizen reports ("khountous")

export interface AdministrationRef {
  slug: string;
  name: string;
}

/** An item of GET /khountous, newest first. */
export interface ReportListItem {
  slug: string;
  /** Editorial text in the requested language. */
  title: string;
  category: ReportCategory;
  region: RegionCode;
  status: ReportStatus;
  administration: AdministrationRef;
  /** ISO 8601 date-time of submission. */
  submittedAt: string;
  hasOfficialResponse: boolean;
}

export interface TimelineEvent {
  /** ISO 8601 date-time. */
  date: string;
  /** The status the report entered. */
  status: ReportStatus;
  /** Editorial text in the requested language. */
  label: string;
}

export interface OfficialResponse {
  /** ISO 8601 date-time. */
  date: string;
  /** Who answered, for example the name of a department. */
  author: string;
  /** Editorial text in the requested language. */
  text: string;
}

/** GET /khountous/{slug}. */
export interface Report extends ReportListItem {
  /** Editorial text in the requested language. */
  description: string;
  /** Oldest first. */
  timeline: TimelineEvent[];
  officialResponse: OfficialResponse | null;
}

/** Body of POST /khountous (partner key only). */
export interface ReportSubmission {
  title: string;
  description: string;
  category: ReportCategory;
  region: RegionCode;
  /** Slug of an existing administration. */
  administration: string;
  /** Language the texts are written in. */
  lang: Lang;
}

// ---------------------------------------------------------------------------
// Fact-checks

export interface FactCheckSource {
  title: string;
  /** An http(s) URL. */
  url: string;
}

/** An item of GET /verifications, newest first. */
export interface FactCheck {
  slug: string;
  /** The claim checked, editorial text in the requested language. */
  claim: string;
  verdict: Verdict;
  evidenceLevel: EvidenceLevel;
  /** Editorial text in the requested language. */
  summary: string;
  /** ISO 8601 date-time. */
  publishedAt: string;
  sources: FactCheckSource[];
}

// ---------------------------------------------------------------------------
// Regions

export type RegionIndicatorValues = Record<RegionIndicatorKey, number>;

/** An item of GET /regions (a list envelope of all 14, in REGION_CODES order). */
export interface RegionStats {
  code: RegionCode;
  /** Proper name, the same in both languages (e.g. "Saint-Louis"). */
  name: string;
  capital: string;
  population: number;
  administrationCount: number;
  reportCount: number;
  /**
   * averageScore: points 0-100; responseRate and resolutionRate: percent 0-100;
   * avgDelayDays: days, one decimal; reportsPer100k: reports per 100,000 inhabitants, one decimal.
   */
  indicators: RegionIndicatorValues;
}

// ---------------------------------------------------------------------------
// Datasets

export interface DatasetColumn {
  key: string;
  /** Column heading in French and English (the endpoint takes no `lang`). */
  label: Record<Lang, string>;
  /** `month`: a calendar month written `YYYY-MM`. Another name (a type added later) is shown as text. */
  type: 'string' | 'number' | 'date' | 'month' | (string & {});
}

export type DatasetCell = string | number | null;

/** GET /datasets/{id}?format=json. */
export interface DatasetJson {
  id: string;
  title: Record<Lang, string>;
  description: Record<Lang, string>;
  license: string;
  /** ISO 8601 date-time. */
  updatedAt: string;
  columns: DatasetColumn[];
  rows: Record<string, DatasetCell>[];
}

// ---------------------------------------------------------------------------
// Endpoint parameters

export interface PageParams {
  page?: number;
  limit?: number;
}

export interface AdministrationsQuery extends PageParams {
  region?: RegionCode;
  sector?: Sector;
  level?: Level;
  lang?: Lang;
}

export interface ReportsQuery extends PageParams {
  region?: RegionCode;
  category?: ReportCategory;
  status?: ReportStatus;
  period?: Period;
  lang?: Lang;
}

export interface VerificationsQuery extends PageParams {
  lang?: Lang;
}
