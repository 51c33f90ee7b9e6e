/** What <khountous-region-stats> loads, from its inputs (the element and the early start). */
import type { RegionCode, RegionIndicatorKey } from '../../core/types.js';
import { RULES } from '../../internal/attribute-rules.js';
import { oneOf } from '../../internal/attributes.js';
import { text, type Plan, type Selection } from '../../internal/plan.js';

export interface RegionSelection extends Selection {
  region?: RegionCode;
  indicator: RegionIndicatorKey;
  single: boolean;
}

export const regionStatsPlan: Plan<RegionSelection> = {
  select: (owner, read, base) => ({
    ...base,
    region: oneOf(owner, 'region', text(read('region')), RULES.region),
    indicator: oneOf(owner, 'indicator', text(read('indicator')), RULES.indicator) ?? 'averageScore',
    single: oneOf(owner, 'variant', text(read('variant')), RULES.regionVariant) === 'single',
  }),
  // Every region in one list, whatever the region, the indicator or the variant shown.
  resource: ({ lang }) => ({ kind: 'regions', lang }),
};
