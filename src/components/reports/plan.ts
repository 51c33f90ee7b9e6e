/** What <khountous-reports> loads, from its inputs (the element and the early start). */
import type { Period, RegionCode, ReportCategory, ReportStatus } from '../../core/types.js';
import { RULES } from '../../internal/attribute-rules.js';
import { identifier, oneOf } from '../../internal/attributes.js';
import { listSelection, text, type ListSelection, type Plan } from '../../internal/plan.js';

export interface ReportsSelection extends ListSelection {
  region?: RegionCode;
  category?: ReportCategory;
  status?: ReportStatus;
  period?: Period;
}

export const reportsPlan: Plan<ReportsSelection> = {
  select: (owner, read, base) => ({
    ...listSelection(owner, read, base),
    region: oneOf(owner, 'region', text(read('region')), RULES.region),
    category: oneOf(owner, 'category', text(read('category')), RULES.category),
    status: oneOf(owner, 'status', text(read('status')), RULES.status),
    period: identifier(owner, 'period', text(read('period')), RULES.period),
  }),
  resource: ({ lang, region, category, status, period, limit, page }) => ({
    kind: 'reports',
    query: { lang, region, category, status, period, limit, page },
  }),
};
