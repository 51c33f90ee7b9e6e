/**
 * What the editor of a page can fix, for an error that comes from a widget's
 * configuration: a bad attribute, a base URL without /v1 where the API did
 * not answer as an API, an identifier the API does not know.
 */
import type { KhountousError } from '../core/errors.js';
import { problemIn } from '../attributes/owner.js';
import { unknownProblem, versionProblem, type ProblemDraft } from '../attributes/rules.js';

export interface Circumstances {
  /** The base URL in use, when the plan had one. */
  baseUrl: string | undefined;
  /** The base URL as written (attribute, else the page's meta). */
  written: string;
  /** The attribute that names the resource shown and its value (`slug`), for a single resource. */
  identity: [attribute: string, value: string] | undefined;
}

/** The problem behind `error` (its sentences not written yet: owner.ts `explain`), or undefined when the error is not the editor's to fix. */
export function problemFor(
  error: KhountousError,
  { baseUrl, written, identity }: Circumstances,
): ProblemDraft | undefined {
  const problem = problemIn(error);
  if (problem) return problem;
  if (baseUrl && ['not-found', 'bad-request', 'invalid-response'].includes(error.kind)) {
    const unversioned = versionProblem(written, baseUrl);
    if (unversioned) return unversioned;
  }
  return error.kind === 'not-found' && identity ? unknownProblem(...identity) : undefined;
}
