/**
 * Every UI string of a language, all sections together, for tests: what every
 * widget says, each widget's own strings and the names of the API's values.
 */
import type { Lang } from '../../src/core/types.js';
import { adminStrings } from '../../src/components/admin-card/strings.js';
import { datasetStrings } from '../../src/components/dataset/strings.js';
import { factChecksStrings } from '../../src/components/fact-checks/strings.js';
import { rankingStrings } from '../../src/components/ranking/strings.js';
import { regionMapStrings } from '../../src/components/region-map/strings.js';
import { regionStatsStrings } from '../../src/components/region-stats/strings.js';
import { reportStrings } from '../../src/components/report/strings.js';
import { reportsStrings } from '../../src/components/reports/strings.js';
import { commonStrings } from '../../src/i18n/common.js';
import { verdictValues } from '../../src/components/fact-checks/strings.js';
import { administrationValues } from '../../src/i18n/administration-values.js';
import { indicatorNames } from '../../src/i18n/indicator-names.js';
import { reportValues } from '../../src/i18n/report-values.js';

export const translations = (lang: Lang) => ({
  ...commonStrings[lang],
  ...rankingStrings[lang],
  ...adminStrings[lang],
  ...reportStrings[lang],
  ...reportsStrings[lang],
  ...regionStatsStrings[lang],
  ...regionMapStrings[lang],
  ...factChecksStrings[lang],
  ...datasetStrings[lang],
  ...administrationValues[lang],
  ...reportValues[lang],
  ...verdictValues[lang],
  ...indicatorNames[lang],
});
