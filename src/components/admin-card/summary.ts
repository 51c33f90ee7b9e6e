/** <khountous-admin-card> as text: the administration's name, its figures and its description; inline, the score. */
import type { Summary } from '../../widget/summary.js';

export const summary = {
  date: 'updatedAt',
  title: { path: 'name', column: 'admin.name', brief: true },
  facts: [
    { path: 'score', format: 'score', label: 'admin.score', brief: true },
    { path: 'responseRate', format: 'percent', label: 'admin.responseRate', brief: true },
    { path: 'avgDelayDays', format: 'days', label: 'admin.avgDelay', brief: true },
    { path: 'rank', format: 'number', label: 'admin.rankLabel', shared: 'rankShared' },
  ],
  text: [
    { path: 'description', column: 'data.description', unless: { attribute: 'variant', value: 'compact' } },
  ],
  // The score in a sentence: the figure alone, in the line.
  inline: { attribute: 'variant', value: 'inline', fields: [{ path: 'score', format: 'score' }] },
} as const satisfies Summary;
