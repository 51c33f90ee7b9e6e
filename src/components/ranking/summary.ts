/** <khountous-ranking> as text: each administration, ranked, with its figures. */
import type { Summary } from '../../widget/summary.js';

export const summary = {
  caption: { label: 'ranking.caption' },
  items: {
    ordered: true,
    rankedBy: 'score',
    name: { path: 'name', column: 'ranking.name', brief: true },
    link: 'slug',
    details: [
      { path: 'score', format: 'score', label: 'ranking.score', brief: true },
      { path: 'responseRate', format: 'percent', label: 'ranking.responseRate' },
      { path: 'avgDelayDays', format: 'days', label: 'ranking.avgDelay' },
    ],
  },
} as const satisfies Summary;
