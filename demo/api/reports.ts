/**
 * The reports of one reference API instance: the snapshot's, which never
 * change, and the ones submitted to it, of which it keeps at most a fixed
 * number (the oldest leave first).
 *
 * A submission costs O(1): its slug is the title's words and the instance's
 * submission number (no search through the slugs taken), its date is later
 * than every other submission's, so it goes at the end of an array that is
 * therefore always in order (no sort), a map indexes it by slug, and the
 * report it pushes out leaves from the array's start. The list that GET
 * /khountous reads, newest first, is merged from the two sorted sequences
 * when it is first read after a change: O(n), as the filter that reads it.
 */
import { compareNewest, type ReportRecord } from './data.js';

/** Submitted reports an instance keeps, unless configured otherwise. */
export const DEFAULT_MAX_SUBMITTED_REPORTS = 1_000;

/** Environment variable that overrides DEFAULT_MAX_SUBMITTED_REPORTS. */
export const MAX_SUBMITTED_REPORTS_ENV = 'KHOUNTOUS_MAX_SUBMITTED_REPORTS';

/** KHOUNTOUS_MAX_SUBMITTED_REPORTS when set; a value that is not a positive integer throws. */
export function maxSubmittedReportsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): number | undefined {
  const raw = env[MAX_SUBMITTED_REPORTS_ENV];
  if (raw === undefined || raw === '') return undefined;
  if (!/^[1-9]\d*$/.test(raw) || !Number.isSafeInteger(Number(raw)))
    throw new Error(`${MAX_SUBMITTED_REPORTS_ENV} must be a positive integer, got "${raw}".`);
  return Number(raw);
}

/** Newest first, ties broken by slug: the order of GET /khountous. */
const listOrder = compareNewest<ReportRecord>((report) => report.submittedAt);

/** Removed entries the array may hold at its start before it is compacted. */
const COMPACT_AFTER = 1_024;

export class ReportStore {
  private readonly snapshotBySlug: ReadonlyMap<string, ReportRecord>;
  /** The submitted reports kept, oldest first (the reverse of listOrder), from `head` on. */
  private submitted: (ReportRecord | undefined)[] = [];
  private head = 0;
  private readonly submittedBySlug = new Map<string, ReportRecord>();
  /** The merged list, newest first; undefined after a change until it is read. */
  private merged: readonly ReportRecord[] | undefined;
  /** Submissions numbered so far; never reset, so that no slug is given twice. */
  private sequence = 0;
  /** The date of the latest submission, in milliseconds; never reset either. */
  private latest = -Infinity;

  /**
   * @param snapshot the snapshot's reports, newest first
   * @param capacity submitted reports kept at most (a positive integer)
   */
  constructor(
    private readonly snapshot: readonly ReportRecord[],
    readonly capacity: number,
  ) {
    if (!Number.isSafeInteger(capacity) || capacity < 1)
      throw new Error(`The cap on submitted reports must be a positive integer, got ${capacity}.`);
    this.snapshotBySlug = new Map(snapshot.map((report) => [report.slug, report]));
    this.merged = snapshot;
  }

  /** Submitted reports kept now. */
  get size(): number {
    return this.submitted.length - this.head;
  }

  /** Every report, newest first. */
  list(): readonly ReportRecord[] {
    this.merged ??= this.merge();
    return this.merged;
  }

  get(slug: string): ReportRecord | undefined {
    return this.submittedBySlug.get(slug) ?? this.snapshotBySlug.get(slug);
  }

  /**
   * Stores the report `build` makes from a slug and a date: the slug is
   * `<base>-<n>`, n the instance's submission number (one more when that
   * names a report of the snapshot); the date is `now`, or a millisecond
   * after the latest submission when the clock has not moved on since (or
   * went back), so that the report just submitted is always the newest one
   * and goes at the array's end. When the store is full, the oldest report
   * leaves first.
   */
  add(base: string, now: number, build: (slug: string, submittedAt: string) => ReportRecord): ReportRecord {
    let slug: string;
    do {
      this.sequence += 1;
      slug = `${base}-${this.sequence}`;
    } while (this.snapshotBySlug.has(slug));
    this.latest = Math.max(this.latest + 1, now);
    const record = build(slug, new Date(this.latest).toISOString());
    if (this.size >= this.capacity) this.removeOldest();
    this.submitted.push(record);
    this.submittedBySlug.set(slug, record);
    this.merged = undefined;
    return record;
  }

  /** Forgets every submitted report (the numbering and the latest date go on). */
  clear(): void {
    this.submitted = [];
    this.head = 0;
    this.submittedBySlug.clear();
    this.merged = this.snapshot;
  }

  private removeOldest(): void {
    const oldest = this.submitted[this.head] as ReportRecord;
    this.submitted[this.head] = undefined;
    this.head += 1;
    this.submittedBySlug.delete(oldest.slug);
    if (this.head >= COMPACT_AFTER && this.head * 2 >= this.submitted.length) {
      this.submitted = this.submitted.slice(this.head);
      this.head = 0;
    }
  }

  /** The snapshot and the submitted reports, merged newest first. */
  private merge(): ReportRecord[] {
    const merged: ReportRecord[] = [];
    let s = this.submitted.length - 1;
    let d = 0;
    while (s >= this.head || d < this.snapshot.length) {
      const submitted = s >= this.head ? (this.submitted[s] as ReportRecord) : undefined;
      const data = this.snapshot[d];
      if (submitted && (!data || listOrder(submitted, data) <= 0)) {
        merged.push(submitted);
        s -= 1;
      } else {
        merged.push(data as ReportRecord);
        d += 1;
      }
    }
    return merged;
  }
}
