// Written by scripts/generate/widgets.mjs from src/components/*/: do not edit.
/** Every widget of the kit, by its descriptor: what the early start and the embed page read. */
import { adminCard } from './components/admin-card/widget.js';
import { dataset } from './components/dataset/widget.js';
import { factChecks } from './components/fact-checks/widget.js';
import { ranking } from './components/ranking/widget.js';
import { regionMap } from './components/region-map/widget.js';
import { regionStats } from './components/region-stats/widget.js';
import { report } from './components/report/widget.js';
import { reports } from './components/reports/widget.js';
import type { Widget } from './widget/descriptor.js';

export const widgets: readonly Widget[] = [
  adminCard,
  dataset,
  factChecks,
  ranking,
  regionMap,
  regionStats,
  report,
  reports,
];
