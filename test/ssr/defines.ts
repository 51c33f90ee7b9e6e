/**
 * Each element's module, for the hydration tests to import once its server
 * markup is on the page (as a page's script comes after its HTML). Lazy: the
 * test file imports the hydrate support before anything imports Lit.
 */
export const defines: Record<string, () => Promise<unknown>> = {
  'khountous-admin-card': () => import('../../src/components/admin-card/define.js'),
  'khountous-dataset': () => import('../../src/components/dataset/define.js'),
  'khountous-fact-checks': () => import('../../src/components/fact-checks/define.js'),
  'khountous-ranking': () => import('../../src/components/ranking/define.js'),
  'khountous-region-map': () => import('../../src/components/region-map/define.js'),
  'khountous-region-stats': () => import('../../src/components/region-stats/define.js'),
  'khountous-report': () => import('../../src/components/report/define.js'),
  'khountous-reports': () => import('../../src/components/reports/define.js'),
};
