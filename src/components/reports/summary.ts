/** <khountous-reports> as text: each report's title, its status and date. */
import type { Summary } from '../../widget/summary.js';

export const summary = {
  caption: { label: 'reports.caption' },
  items: {
    name: { path: 'title', column: 'data.title', brief: true },
    link: 'slug',
    details: [
      { path: 'status', names: 'statuses', column: 'report.status' },
      { path: 'submittedAt', format: 'date', column: 'reports.submitted' },
    ],
  },
} as const satisfies Summary;
