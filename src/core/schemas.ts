/**
 * Run-time checks of every API response, with the small checker of check.ts.
 *
 * Parsing is tolerant where the API may grow and strict where a wrong value
 * would break a widget:
 * - `object` drops unknown fields (a newer API may add some);
 * - a field that is optional in types.ts stays absent when missing;
 * - a wrong type, a missing required field or a value outside a value list of
 *   types.ts is rejected, and the client reports `invalid-response`;
 * - numbers are checked against what they mean (docs/api-assumptions.md gives each
 *   field's range): finite, scores and percentages from 0 to 100, counts, delays and
 *   rates non-negative, none beyond MAX_MAGNITUDE, a dataset's within what a chart draws;
 *   a region list names each region once; a rank is within its ranking. Outside them the
 *   answer is invalid: nothing of it is shown.
 *
 * The `SchemaDriftCheck` type at the end fails to compile as soon as a schema
 * and its interface in types.ts disagree.
 */

import {
  array,
  atMost,
  between,
  boolean,
  checkedBy,
  integer,
  magnitude,
  matching,
  nullable,
  object,
  optional,
  picklist,
  record,
  text,
  union,
  unique,
  type Out,
  type Schema,
} from './check.js';
import { MAX_LIMIT, MAX_MAGNITUDE, MAX_TEXT_LENGTH, MIN_MAGNITUDE } from './types.js';
import {
  EVIDENCE_LEVELS,
  LEVELS,
  REGION_CODES,
  REPORT_CATEGORIES,
  REPORT_STATUSES,
  SECTORS,
  VERDICTS,
  type Administration,
  type AdministrationIndicator,
  type AdministrationListItem,
  type AdministrationRef,
  type DatasetColumn,
  type DatasetJson,
  type FactCheck,
  type FactCheckSource,
  type ListEnvelope,
  type ListMeta,
  type OfficialResponse,
  type RegionStats,
  type Report,
  type ReportListItem,
  type ScoreDetail,
  type TimelineEvent,
} from './types.js';

/** Every text of an answer: at most MAX_TEXT_LENGTH characters. */
const string = text(MAX_TEXT_LENGTH);

const count = integer(0, MAX_MAGNITUDE);
const positive = integer(1, MAX_MAGNITUDE);
/** Points out of 100 (a score), or a percentage (a rate, a share). */
const outOf100 = between(0, 100);
/** Days, or reports per 100,000 people: a measure that is never negative. */
const measure = between(0, MAX_MAGNITUDE);
/** A dataset's number: what its chart's scale can mark (types.ts MIN_MAGNITUDE). */
const drawable = magnitude(MIN_MAGNITUDE, MAX_MAGNITUDE);
/** Only http(s) links reach an `href`; `javascript:` and friends are rejected. */
const httpUrl = matching(/^https?:\/\//i);
const localized = object({ fr: string, en: string });

// ---------------------------------------------------------------------------
// Envelopes and errors

const listMetaSchema = object({
  page: positive,
  pageSize: positive,
  total: count,
});

/** A list envelope of the given item schema: a page holds at most MAX_LIMIT items. */
function listEnvelopeSchema<T>(item: Schema<T>) {
  return object({ data: array(item, MAX_LIMIT), meta: listMetaSchema });
}

// ---------------------------------------------------------------------------
// Administrations

const administrationListItem = {
  slug: string,
  name: string,
  score: outOf100,
  responseRate: outOf100,
  avgDelayDays: measure,
};
const administrationListItemSchema = object(administrationListItem);

export const administrationListSchema = listEnvelopeSchema(administrationListItemSchema);

const scoreDetailSchema = object({
  key: picklist(['responsiveness', 'resolution', 'transparency', 'accessibility']),
  label: string,
  score: outOf100,
});

/** An indicator's value, by its unit. */
const valueIn = { count, percent: outOf100, days: measure } as const;

const administrationIndicatorSchema = checkedBy(
  object({
    key: picklist(['reports', 'resolved', 'pending', 'medianDelayDays', 'satisfaction']),
    label: string,
    value: measure,
    unit: picklist(Object.keys(valueIn) as (keyof typeof valueIn)[]),
  }),
  'value',
  'unit',
  valueIn,
);

const administrationObject = object({
  ...administrationListItem,
  sector: picklist(SECTORS),
  level: picklist(LEVELS),
  region: picklist(REGION_CODES),
  description: string,
  rank: positive,
  rankShared: optional(boolean),
  rankedCount: optional(positive),
  scoreDetails: array(scoreDetailSchema),
  indicators: array(administrationIndicatorSchema),
  updatedAt: string,
});

/** A rank within its ranking: "3rd of 312", never "400th of 312". */
export const administrationSchema = atMost(administrationObject, 'rank', 'rankedCount');

// ---------------------------------------------------------------------------
// Citizen reports

const administrationRefSchema = object({ slug: string, name: string });

const reportListItem = {
  slug: string,
  title: string,
  category: picklist(REPORT_CATEGORIES),
  region: picklist(REGION_CODES),
  status: picklist(REPORT_STATUSES),
  administration: administrationRefSchema,
  submittedAt: string,
  hasOfficialResponse: boolean,
};
const reportListItemSchema = object(reportListItem);

export const reportListSchema = listEnvelopeSchema(reportListItemSchema);

const timelineEventSchema = object({
  date: string,
  status: picklist(REPORT_STATUSES),
  label: string,
});

const officialResponseSchema = object({
  date: string,
  author: string,
  text: string,
});

export const reportSchema = object({
  ...reportListItem,
  description: string,
  timeline: array(timelineEventSchema),
  officialResponse: nullable(officialResponseSchema),
});

// ---------------------------------------------------------------------------
// Fact-checks

const factCheckSourceSchema = object({ title: string, url: httpUrl });

/** @internal the fact check's schema, tested on its own (its source link) */
export const factCheckSchema = object({
  slug: string,
  claim: string,
  verdict: picklist(VERDICTS),
  evidenceLevel: picklist(EVIDENCE_LEVELS),
  summary: string,
  publishedAt: string,
  sources: array(factCheckSourceSchema),
});

export const factCheckListSchema = listEnvelopeSchema(factCheckSchema);

// ---------------------------------------------------------------------------
// Regions

const regionStatsSchema = object({
  code: picklist(REGION_CODES),
  name: string,
  capital: string,
  population: count,
  administrationCount: count,
  reportCount: count,
  indicators: object({
    averageScore: outOf100,
    responseRate: outOf100,
    avgDelayDays: measure,
    resolutionRate: outOf100,
    reportsPer100k: measure,
  }),
});

/** The regions, each once: a second row of a region would be drawn over the first and counted twice. */
export const regionListSchema = object({
  data: unique(regionStatsSchema, 'code', MAX_LIMIT),
  meta: listMetaSchema,
});

// ---------------------------------------------------------------------------
// Datasets

const datasetColumnSchema = object({
  key: string,
  label: localized,
  // Any name: a type this kit does not know yet is shown as text, not refused.
  type: string as Schema<DatasetColumn['type']>,
});

export const datasetJsonSchema = object({
  id: string,
  title: localized,
  description: localized,
  license: string,
  updatedAt: string,
  columns: array(datasetColumnSchema),
  rows: array(record(nullable(union(string, drawable)))),
});

// ---------------------------------------------------------------------------
// Compile-time agreement with types.ts

/** `true` when A and B are assignable to each other. */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;

/**
 * Never used at run time: it stops compiling when a schema's output and the
 * matching interface of types.ts drift apart in either direction.
 * @public (a compile-time check)
 */
export type SchemaDriftCheck = [
  Check<Mutual<Out<typeof listMetaSchema>, ListMeta>>,
  Check<Mutual<Out<typeof administrationListItemSchema>, AdministrationListItem>>,
  Check<Mutual<Out<typeof administrationListSchema>, ListEnvelope<AdministrationListItem>>>,
  Check<Mutual<Out<typeof scoreDetailSchema>, ScoreDetail>>,
  Check<Mutual<Out<typeof administrationIndicatorSchema>, AdministrationIndicator>>,
  Check<Mutual<Out<typeof administrationSchema>, Administration>>,
  Check<Mutual<Out<typeof administrationRefSchema>, AdministrationRef>>,
  Check<Mutual<Out<typeof reportListItemSchema>, ReportListItem>>,
  Check<Mutual<Out<typeof reportListSchema>, ListEnvelope<ReportListItem>>>,
  Check<Mutual<Out<typeof timelineEventSchema>, TimelineEvent>>,
  Check<Mutual<Out<typeof officialResponseSchema>, OfficialResponse>>,
  Check<Mutual<Out<typeof reportSchema>, Report>>,
  Check<Mutual<Out<typeof factCheckSourceSchema>, FactCheckSource>>,
  Check<Mutual<Out<typeof factCheckSchema>, FactCheck>>,
  Check<Mutual<Out<typeof factCheckListSchema>, ListEnvelope<FactCheck>>>,
  Check<Mutual<Out<typeof regionStatsSchema>, RegionStats>>,
  Check<Mutual<Out<typeof regionListSchema>, ListEnvelope<RegionStats>>>,
  Check<Mutual<Out<typeof datasetColumnSchema>, DatasetColumn>>,
  Check<Mutual<Out<typeof datasetJsonSchema>, DatasetJson>>,
];
