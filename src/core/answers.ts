/**
 * The check of each kind of answer (schemas.ts), by resource kind, and the check the loader
 * applies to an answer before it stores or shows it (loader/fetcher.ts), to stored data and
 * to another tab's (loader/data.ts), and the element to a server's inline data. Apart from the
 * endpoint table (endpoints.ts), which the script tag's first file holds to send the first
 * requests: the checks come with the rest of the loader while those requests travel, and are
 * applied when their answers are taken.
 */
import { is, SchemaIssue, type Schema } from './check.js';
import type { ResourceKind } from './endpoints.js';
import { KhountousError } from './errors.js';
import type { ApiResponse } from './http.js';
import {
  administrationListSchema,
  administrationSchema,
  datasetJsonSchema,
  factCheckListSchema,
  regionListSchema,
  reportListSchema,
  reportSchema,
} from './schemas.js';

/** The check of a successful JSON body, by resource kind. */
export const ANSWERS: Readonly<Record<ResourceKind, Schema>> = {
  administrations: administrationListSchema,
  administration: administrationSchema,
  reports: reportListSchema,
  report: reportSchema,
  verifications: factCheckListSchema,
  regions: regionListSchema,
  dataset: datasetJsonSchema,
};

/**
 * `response` with its data checked against `schema` (its checked output: unknown fields
 * dropped), else the `invalid-response` error that says where it differs. A 304's data is the
 * cached copy, checked when it was stored.
 */
export function checkedAnswer<T>(schema: Schema<T>, response: ApiResponse<unknown>): ApiResponse<T> {
  if (response.notModified) return response as ApiResponse<T>;
  try {
    return { ...response, data: schema(response.data) };
  } catch (issue) {
    if (!(issue instanceof SchemaIssue)) throw issue;
    throw new KhountousError(
      'invalid-response',
      `The response does not match its schema at ${issue.path || '(root)'}: ${issue.message}`,
      { status: response.status },
    );
  }
}

/** Whether `data` is an answer of `kind` as the API gives it: stored, another tab's, a server's. */
export const isAnswer = (kind: ResourceKind, data: unknown): boolean => is(ANSWERS[kind], data);
