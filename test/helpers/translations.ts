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
import { commonStrings, type WidgetName } from '../../src/i18n/common.js';
import { name as adminCardName } from '../../src/components/admin-card/name.js';
import { name as datasetName } from '../../src/components/dataset/name.js';
import { name as factChecksName } from '../../src/components/fact-checks/name.js';
import { name as rankingName } from '../../src/components/ranking/name.js';
import { name as regionMapName } from '../../src/components/region-map/name.js';
import { name as regionStatsName } from '../../src/components/region-stats/name.js';
import { name as reportName } from '../../src/components/report/name.js';
import { name as reportsName } from '../../src/components/reports/name.js';
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

/** How the states' sentences name each widget, by tag (each folder's name.ts). */
export const widgetNames: Readonly<Record<string, WidgetName>> = {
  'khountous-admin-card': adminCardName,
  'khountous-dataset': datasetName,
  'khountous-fact-checks': factChecksName,
  'khountous-ranking': rankingName,
  'khountous-region-map': regionMapName,
  'khountous-region-stats': regionStatsName,
  'khountous-report': reportName,
  'khountous-reports': reportsName,
};

/** The name of the widget of `tag`: a tag without one is a mistake of the test. */
export function widgetNameOf(tag: string): WidgetName {
  const name = widgetNames[tag];
  if (!name) throw new Error(`no name.ts for <${tag}>`);
  return name;
}
