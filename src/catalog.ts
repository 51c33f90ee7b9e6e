// Written by scripts/generate/widgets.mjs from src/components/*/: do not edit.
/**
 * Every widget with its words in French and English (about.ts): what the
 * manifest, the WordPress plugin, the README, the demo and the builder read.
 * Never imported by the kit itself.
 */
import { about as adminCard } from './components/admin-card/about.js';
import { about as dataset } from './components/dataset/about.js';
import { about as factChecks } from './components/fact-checks/about.js';
import { about as ranking } from './components/ranking/about.js';
import { about as regionMap } from './components/region-map/about.js';
import { about as regionStats } from './components/region-stats/about.js';
import { about as report } from './components/report/about.js';
import { about as reports } from './components/reports/about.js';
import type { About } from './widget/about.js';
import type { Widget } from './widget/descriptor.js';
import { widgets } from './registry.js';

export interface Entry {
  widget: Widget;
  about: About;
}

const abouts = [adminCard, dataset, factChecks, ranking, regionMap, regionStats, report, reports];

export const catalog: readonly Entry[] = widgets.map((widget, index) => ({ widget, about: abouts[index]! }));
