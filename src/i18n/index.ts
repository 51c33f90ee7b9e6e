import type { Lang } from '../core/types.js';
import { adminStrings } from './admin.js';
import { commonStrings } from './common.js';
import { datasetStrings } from './dataset.js';
import { factChecksStrings } from './fact-checks.js';
import { rankingStrings } from './ranking.js';
import { regionStatsStrings } from './region-stats.js';
import { reportStrings } from './report.js';
import { reportsStrings } from './reports.js';
import type { Translation } from './translation.js';

export type { Translation } from './translation.js';

/**
 * Every UI string of a language, all sections together (for tests and tools;
 * the widgets import their own sections). Typed as Translation, so a section
 * left out, or a string missing in one language, fails the type check.
 */
export const translations = (lang: Lang): Translation => ({
  ...commonStrings[lang],
  ...rankingStrings[lang],
  ...adminStrings[lang],
  ...reportStrings[lang],
  ...reportsStrings[lang],
  ...regionStatsStrings[lang],
  ...factChecksStrings[lang],
  ...datasetStrings[lang],
});
