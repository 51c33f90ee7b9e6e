import type { KhountousErrorKind } from '../core/errors.js';

/** What every widget says (common.ts gives it in French and English); a widget's own strings are in its folder. */
export interface Translation {
  loading: string;
  empty: string;
  retry: string;
  /** The retry button while a spent quota refuses any request: it can be pressed at `time`. */
  retryAt: (time: string) => string;
  /** "data as of 14:05" */
  staleAsOf: (time: string) => string;
  /** A sentence naming the cause of an error; `when` is the time data comes back, for quota errors. */
  error: (kind: KhountousErrorKind, when?: string) => string;
  errorTitle: string;
  previous: string;
  next: string;
  /** "Page 2 of 13" */
  pageOf: (page: number, pages: number) => string;
  /** The button back to the first page of a list, shown on a page past its end. */
  firstPage: string;
  /** "Next page available at 15:00" (the quota is spent). */
  pagingPaused: (time: string) => string;
}
