/** Declarations of scripts/build/page-sizes.mjs, for its tests. */
/** The kit's checks, or a widget's own (its about.ts `sizes`), named by its short name (`region-map`). */
type Check = 'one widget' | 'mission widgets' | 'core' | (string & {});

export interface PageFigure {
  check: Check;
  name: string;
  files: string[];
  gzip: number;
}

export declare const PAGE_BUDGETS: Record<Check, number>;
export declare const PAGE_TARGETS: Record<Check, number>;

export declare function chromiumEngine(): { available: boolean; path?: string; reason?: string };

export declare function checkBudgets(
  figures: readonly PageFigure[],
  budgets?: Partial<Record<Check, number>>,
  targets?: Partial<Record<Check, number>>,
): { rows: string[][]; over: string[] };
