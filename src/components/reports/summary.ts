/** <khountous-reports> as text: each report's title, its status and date. */
import type { Summary } from '../../widget/summary.js';

export const summary = {
  caption: { label: 'reports.caption' },
  items: {
    name: { path: 'title', brief: true },
    link: 'slug',
    details: [
      { path: 'status', names: 'statuses' },
      { path: 'submittedAt', format: 'date' },
    ],
  },
} as const satisfies Summary;
