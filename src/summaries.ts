// Written by scripts/generate/widgets.mjs from src/components/*/: do not edit.
/**
 * Each widget's text summary as data (summary.ts), by tag: what the script
 * tag's text paint interprets (boot/paint.ts), and the WordPress plugin's
 * fallback through scripts/generate/wordpress.ts. Plain objects, no import at run time.
 */
import { summary as adminCard } from './components/admin-card/summary.js';
import { summary as dataset } from './components/dataset/summary.js';
import { summary as factChecks } from './components/fact-checks/summary.js';
import { summary as ranking } from './components/ranking/summary.js';
import { summary as regionMap } from './components/region-map/summary.js';
import { summary as regionStats } from './components/region-stats/summary.js';
import { summary as report } from './components/report/summary.js';
import { summary as reports } from './components/reports/summary.js';
import type { Summary } from './widget/summary.js';

export const summaries: Readonly<Record<string, Summary>> = {
  'khountous-admin-card': adminCard,
  'khountous-dataset': dataset,
  'khountous-fact-checks': factChecks,
  'khountous-ranking': ranking,
  'khountous-region-map': regionMap,
  'khountous-region-stats': regionStats,
  'khountous-report': report,
  'khountous-reports': reports,
};
