/**
 * POST /khountous: a partner submits a report. The body is a
 * ReportSubmission, checked field by field; the report is kept by the
 * instance (./reports.ts) and answered with 201 and its Location.
 */
import { LANGS, REGION_CODES, REPORT_CATEGORIES, type ReportSubmission } from '../../src/core/types.js';
import { isJsonType, readBody, unsupportedMediaType } from './body.js';
import { unauthorized } from './callers.js';
import {
  REPORT_SLUG_LENGTH,
  reportView,
  slugify,
  submittedReportRecord,
  type AdministrationRecord,
} from './data.js';
import { oneOf, parseQuery } from './query.js';
import { ApiError, JSON_TYPE, NO_STORE, badRequest, type Reply } from './reply.js';
import { API_PREFIX, type Context } from './routing.js';

export const MAX_TITLE_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 5_000;

const SUBMISSION_FIELDS = [
  'title',
  'description',
  'category',
  'region',
  'administration',
  'lang',
] as const satisfies readonly (keyof ReportSubmission)[];

/** A non-empty string of at most `maxLength` characters (code points, once trimmed). */
function requiredText(body: Record<string, unknown>, field: string, maxLength: number): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw badRequest(field, `${field} must be a non-empty string.`);
  }
  const length = [...value.trim()].length;
  if (length > maxLength) {
    throw badRequest(field, `${field} must not exceed ${maxLength} characters, got ${length}.`);
  }
  return value;
}

function requiredChoice<T extends string>(
  body: Record<string, unknown>,
  field: string,
  values: readonly T[],
): T {
  const value = body[field];
  if (typeof value !== 'string') throw badRequest(field, `${field} must be a string.`);
  return oneOf(field, values)(value);
}

function knownAdministration(body: Record<string, unknown>, slugs: ReadonlyMap<string, unknown>): string {
  const value = body.administration;
  if (typeof value !== 'string') throw badRequest('administration', 'administration must be a string.');
  if (!slugs.has(value)) {
    throw badRequest('administration', `No administration has the slug "${value}".`);
  }
  return value;
}

function parseJsonObject(text: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('body', 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('body', 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

/** Validates a ReportSubmission: exactly its fields, each of the right type and value. */
function parseSubmission(text: string, administrations: ReadonlyMap<string, unknown>): ReportSubmission {
  const body = parseJsonObject(text);
  const unknown = Object.keys(body).find(
    (field) => !(SUBMISSION_FIELDS as readonly string[]).includes(field),
  );
  if (unknown !== undefined) throw badRequest(unknown, `Unknown field "${unknown}".`);
  const missing = SUBMISSION_FIELDS.find((field) => !Object.hasOwn(body, field));
  if (missing !== undefined) throw badRequest(missing, `The field "${missing}" is required.`);
  return {
    title: requiredText(body, 'title', MAX_TITLE_LENGTH),
    description: requiredText(body, 'description', MAX_DESCRIPTION_LENGTH),
    category: requiredChoice(body, 'category', REPORT_CATEGORIES),
    region: requiredChoice(body, 'region', REGION_CODES),
    administration: knownAdministration(body, administrations),
    lang: requiredChoice(body, 'lang', LANGS),
  };
}

/** POST /khountous */
export async function createReport({ api, request, url, caller }: Context): Promise<Reply> {
  if (caller.level === 'anonymous') {
    throw unauthorized('Submitting a report requires a partner key.', false);
  }
  if (caller.level !== 'partner') {
    throw new ApiError(
      403,
      'forbidden',
      'Submitting a report requires a partner key; this key is a free key.',
    );
  }
  parseQuery(url.searchParams, []);
  if (!isJsonType(request.headers.get('Content-Type'))) throw unsupportedMediaType();
  const submission = parseSubmission(await readBody(request), api.administrations);
  const admin = api.administrations.get(submission.administration) as AdministrationRecord;
  const base = slugify(submission.title, REPORT_SLUG_LENGTH) || 'signalement';
  const record = api.reports.add(base, api.now(), (slug, submittedAt) =>
    submittedReportRecord(submission, { slug: admin.slug, name: admin.name }, slug, submittedAt),
  );
  return {
    status: 201,
    headers: {
      'Content-Type': JSON_TYPE,
      'Cache-Control': NO_STORE,
      Location: `${API_PREFIX}/khountous/${record.slug}`,
    },
    body: JSON.stringify(reportView(record, submission.lang)),
  };
}
