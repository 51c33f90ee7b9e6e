// Written by scripts/generate/widgets.mjs from src/components/*/: do not edit.
/**
 * Every widget of the kit. `widgets`: the descriptors, what the early start,
 * the embed page and server rendering read. `catalog`: each descriptor with
 * its words in French and English (about.ts), what the manifest, the WordPress
 * plugin, the README, the demo and the builder read. The kit's runtime reads
 * `widgets` only; `catalog` is plain data, which a bundler leaves out, with
 * the words, when nothing reads it.
 */
import { about as adminCardAbout } from './components/admin-card/about.js';
import { adminCard } from './components/admin-card/widget.js';
import { about as datasetAbout } from './components/dataset/about.js';
import { dataset } from './components/dataset/widget.js';
import { about as factChecksAbout } from './components/fact-checks/about.js';
import { factChecks } from './components/fact-checks/widget.js';
import { about as rankingAbout } from './components/ranking/about.js';
import { ranking } from './components/ranking/widget.js';
import { about as regionMapAbout } from './components/region-map/about.js';
import { regionMap } from './components/region-map/widget.js';
import { about as regionStatsAbout } from './components/region-stats/about.js';
import { regionStats } from './components/region-stats/widget.js';
import { about as reportAbout } from './components/report/about.js';
import { report } from './components/report/widget.js';
import { about as reportsAbout } from './components/reports/about.js';
import { reports } from './components/reports/widget.js';
import type { About } from './widget/about.js';
import type { Widget } from './widget/descriptor.js';

export interface Entry {
  widget: Widget;
  about: About;
}

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

export const catalog: readonly Entry[] = [
  { widget: adminCard, about: adminCardAbout },
  { widget: dataset, about: datasetAbout },
  { widget: factChecks, about: factChecksAbout },
  { widget: ranking, about: rankingAbout },
  { widget: regionMap, about: regionMapAbout },
  { widget: regionStats, about: regionStatsAbout },
  { widget: report, about: reportAbout },
  { widget: reports, about: reportsAbout },
];
