/**
 * Run-time checks of every API response, with valibot.
 *
 * Parsing is tolerant where the API may grow and strict where a wrong value
 * would break a widget:
 * - `v.object` drops unknown fields (a newer API may add some);
 * - a field that is optional in types.ts stays absent when missing;
 * - a wrong type, a missing required field or a value outside a value list of
 *   types.ts is rejected, and the client reports `invalid-response`.
 *
 * The `SchemaDriftCheck` type at the end fails to compile as soon as a schema
 * and its interface in types.ts disagree. valibot's functions are marked free
 * of side effects, so a bundle keeps only the schemas it uses.
 */

import * as v from 'valibot';
import {
  ERROR_CODES,
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
  type ApiErrorBody,
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

const integer = v.pipe(v.number(), v.integer());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** Only http(s) links reach an `href`; `javascript:` and friends are rejected. */
const httpUrl = v.pipe(v.string(), v.regex(/^https?:\/\//i));
const localized = v.object({ fr: v.string(), en: v.string() });

// ---------------------------------------------------------------------------
// Envelopes and errors

const listMetaSchema = v.object({
  page: v.pipe(integer, v.minValue(1)),
  pageSize: v.pipe(integer, v.minValue(1)),
  total: count,
});

/** A list envelope of the given item schema. */
function listEnvelopeSchema<TItem extends v.GenericSchema>(item: TItem) {
  return v.object({ data: v.array(item), meta: listMetaSchema });
}

export const apiErrorBodySchema = v.object({
  error: v.object({
    code: v.picklist(ERROR_CODES),
    message: v.string(),
    param: v.optional(v.string()),
  }),
});

// ---------------------------------------------------------------------------
// Administrations

const administrationListItemSchema = v.object({
  slug: v.string(),
  name: v.string(),
  score: v.number(),
  responseRate: v.number(),
  avgDelayDays: v.number(),
});

export const administrationListSchema = listEnvelopeSchema(administrationListItemSchema);

const scoreDetailSchema = v.object({
  key: v.picklist(['responsiveness', 'resolution', 'transparency', 'accessibility']),
  label: v.string(),
  score: v.number(),
});

const administrationIndicatorSchema = v.object({
  key: v.picklist(['reports', 'resolved', 'pending', 'medianDelayDays', 'satisfaction']),
  label: v.string(),
  value: v.number(),
  unit: v.picklist(['count', 'percent', 'days']),
});

export const administrationSchema = v.object({
  ...administrationListItemSchema.entries,
  sector: v.picklist(SECTORS),
  level: v.picklist(LEVELS),
  region: v.picklist(REGION_CODES),
  description: v.string(),
  rank: v.pipe(integer, v.minValue(1)),
  scoreDetails: v.array(scoreDetailSchema),
  indicators: v.array(administrationIndicatorSchema),
  updatedAt: v.string(),
});

// ---------------------------------------------------------------------------
// Citizen reports

const administrationRefSchema = v.object({ slug: v.string(), name: v.string() });

const reportListItemSchema = v.object({
  slug: v.string(),
  title: v.string(),
  category: v.picklist(REPORT_CATEGORIES),
  region: v.picklist(REGION_CODES),
  status: v.picklist(REPORT_STATUSES),
  administration: administrationRefSchema,
  submittedAt: v.string(),
  hasOfficialResponse: v.boolean(),
});

export const reportListSchema = listEnvelopeSchema(reportListItemSchema);

const timelineEventSchema = v.object({
  date: v.string(),
  status: v.picklist(REPORT_STATUSES),
  label: v.string(),
});

const officialResponseSchema = v.object({
  date: v.string(),
  author: v.string(),
  text: v.string(),
});

export const reportSchema = v.object({
  ...reportListItemSchema.entries,
  description: v.string(),
  timeline: v.array(timelineEventSchema),
  officialResponse: v.nullable(officialResponseSchema),
});

// ---------------------------------------------------------------------------
// Fact-checks

const factCheckSourceSchema = v.object({ title: v.string(), url: httpUrl });

export const factCheckSchema = v.object({
  slug: v.string(),
  claim: v.string(),
  verdict: v.picklist(VERDICTS),
  evidenceLevel: v.picklist(EVIDENCE_LEVELS),
  summary: v.string(),
  publishedAt: v.string(),
  sources: v.array(factCheckSourceSchema),
});

export const factCheckListSchema = listEnvelopeSchema(factCheckSchema);

// ---------------------------------------------------------------------------
// Regions

const regionStatsSchema = v.object({
  code: v.picklist(REGION_CODES),
  name: v.string(),
  capital: v.string(),
  population: count,
  administrationCount: count,
  reportCount: count,
  indicators: v.object({
    averageScore: v.number(),
    responseRate: v.number(),
    avgDelayDays: v.number(),
    resolutionRate: v.number(),
    reportsPer100k: v.number(),
  }),
});

export const regionListSchema = listEnvelopeSchema(regionStatsSchema);

// ---------------------------------------------------------------------------
// Datasets

const datasetColumnSchema = v.object({
  key: v.string(),
  label: localized,
  type: v.picklist(['string', 'number', 'date']),
});

export const datasetJsonSchema = v.object({
  id: v.string(),
  title: localized,
  description: localized,
  license: v.string(),
  updatedAt: v.string(),
  columns: v.array(datasetColumnSchema),
  rows: v.array(v.record(v.string(), v.nullable(v.union([v.string(), v.number()])))),
});

// ---------------------------------------------------------------------------
// Compile-time agreement with types.ts

/** `true` when A and B are assignable to each other. */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;
type Out<S extends v.GenericSchema> = v.InferOutput<S>;

/**
 * Never used at run time: it stops compiling when a schema's output and the
 * matching interface of types.ts drift apart in either direction.
 * @public (a compile-time check)
 */
export type SchemaDriftCheck = [
  Check<Mutual<Out<typeof listMetaSchema>, ListMeta>>,
  Check<Mutual<Out<typeof apiErrorBodySchema>, ApiErrorBody>>,
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
