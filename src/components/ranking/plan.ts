/** What <khountous-ranking> loads, from its inputs (the element and the early start). */
import type { Level, RegionCode, Sector } from '../../core/types.js';
import { RULES } from '../../internal/attribute-rules.js';
import { oneOf } from '../../internal/attributes.js';
import { listSelection, text, type ListSelection, type Plan } from '../../internal/plan.js';

export interface RankingSelection extends ListSelection {
  region?: RegionCode;
  sector?: Sector;
  level?: Level;
}

export const rankingPlan: Plan<RankingSelection> = {
  select: (owner, read, base) => ({
    ...listSelection(owner, read, base),
    region: oneOf(owner, 'region', text(read('region')), RULES.region),
    sector: oneOf(owner, 'sector', text(read('sector')), RULES.sector),
    level: oneOf(owner, 'level', text(read('level')), RULES.level),
  }),
  resource: ({ lang, region, sector, level, limit, page }) => ({
    kind: 'administrations',
    query: { lang, region, sector, level, limit, page },
  }),
};
