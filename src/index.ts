/**
 * Public exports of the khountous widget kit. Importing this module defines no
 * element: import `khountous.js` (every element) or an element's `define.js`.
 */
export * from './core/types.js';
export { KhountousError, isKhountousError, type KhountousErrorKind } from './core/errors.js';
export { getLoader, type Loaded, type Resource } from './core/loader/loader.js';
export { KhountousLoadEvent, KhountousErrorEvent } from './element/events.js';
export { KhountousElement } from './element/khountous-element.js';
// Named by KhountousElement's declarations, hence by the React and Vue typings too.
export type { Theme } from './element/khountous-element.js';
export type { Selection } from './widget/descriptor.js';
export { VERSION } from './version.js';
// Each widget's element class (written by scripts/generate/widgets.mjs from src/components/*/):
export { KhountousAdminCard } from './components/admin-card/admin-card.js';
export { KhountousDataset } from './components/dataset/dataset.js';
export { KhountousFactChecks } from './components/fact-checks/fact-checks.js';
export { KhountousRanking } from './components/ranking/ranking.js';
export { KhountousRegionMap } from './components/region-map/region-map.js';
export { KhountousRegionStats } from './components/region-stats/region-stats.js';
export { KhountousReport } from './components/report/report.js';
export { KhountousReports } from './components/reports/reports.js';
// (end of the widgets' classes)
