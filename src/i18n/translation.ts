import type {
  EvidenceLevel,
  Level,
  RegionIndicatorKey,
  ReportCategory,
  ReportStatus,
  Sector,
  Verdict,
} from '../core/types.js';
import type { KhountousErrorKind } from '../core/errors.js';

/** Every UI string of the kit, in sections (common.ts, ranking.ts…) that give it in French and English. */
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
  ranking: {
    caption: string;
    rank: string;
    name: string;
    score: string;
    responseRate: string;
    avgDelay: string;
  };
  admin: {
    score: string;
    scoreDetails: string;
    indicators: string;
    responseRate: string;
    avgDelay: string;
    rank: (rank: string) => string;
    updated: (date: string) => string;
  };
  report: {
    category: string;
    region: string;
    status: string;
    administration: string;
    submitted: (date: string) => string;
    timeline: string;
    officialResponse: string;
    noResponse: string;
  };
  regions: {
    caption: (indicator: string) => string;
    region: string;
    population: string;
    reports: string;
    administrations: string;
    showTable: string;
  };
  reports: {
    caption: string;
    /** "640 reports"; `formatted` is `count` written the language's way. */
    count: (count: number, formatted: string) => string;
    submitted: string;
    hasResponse: string;
    noResponse: string;
  };
  factChecks: {
    caption: string;
    /** "48 fact-checks"; `formatted` is `count` written the language's way. */
    count: (count: number, formatted: string) => string;
    claim: string;
    verdict: string;
    published: (date: string) => string;
    sources: string;
  };
  dataset: {
    license: (license: string) => string;
    updated: (date: string) => string;
    downloads: string;
    /** Read before the format's name in each download link: "Download as CSV". */
    downloadAs: string;
    /** The quota is spent: "Downloads available again at 15:00". */
    downloadsPaused: (time: string) => string;
    /** Caption of the preview table: "First 5 of 185 rows". */
    preview: (shown: number, total: string) => string;
    /** Read for an empty cell. */
    noValue: string;
  };
  sectors: Record<Sector, string>;
  levels: Record<Level, string>;
  categories: Record<ReportCategory, string>;
  statuses: Record<ReportStatus, string>;
  verdicts: Record<Verdict, string>;
  evidence: Record<EvidenceLevel, string>;
  indicators: Record<RegionIndicatorKey, string>;
}
