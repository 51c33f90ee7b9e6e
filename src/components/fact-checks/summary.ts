/** <khountous-fact-checks> as text: each claim, its verdict and its sources. */
import type { Summary } from '../../widget/summary.js';

export const summary = {
  caption: { label: 'factChecks.caption' },
  items: {
    name: { path: 'claim', column: 'factChecks.claim', brief: true },
    details: [
      { path: 'verdict', names: 'verdicts', label: 'factChecks.verdict' },
      { path: 'sources', format: 'links', label: 'factChecks.sources' },
    ],
  },
} as const satisfies Summary;
