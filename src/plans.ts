/**
 * Each element's plan (what it loads, from its inputs) by tag: what the early
 * start needs, without Lit or any element code. `src/components/<name>/plan.ts`
 * for each `src/components/<name>/define.ts` (a test checks that none is missing).
 */
import { adminCardPlan } from './components/admin-card/plan.js';
import { datasetPlan } from './components/dataset/plan.js';
import { factChecksPlan } from './components/fact-checks/plan.js';
import { rankingPlan } from './components/ranking/plan.js';
import { regionStatsPlan } from './components/region-stats/plan.js';
import { reportPlan } from './components/report/plan.js';
import { reportsPlan } from './components/reports/plan.js';
import type { Plan } from './internal/plan.js';

export const plans: Readonly<Record<string, Plan>> = {
  'khountous-admin-card': adminCardPlan,
  'khountous-dataset': datasetPlan,
  'khountous-fact-checks': factChecksPlan,
  'khountous-ranking': rankingPlan,
  'khountous-region-stats': regionStatsPlan,
  'khountous-report': reportPlan,
  'khountous-reports': reportsPlan,
};
