/** <khountous-report> as text: the report's title, what it is about, its text and the official response. */
import type { Summary } from '../../widget/summary.js';

export const summary = {
  title: { path: 'title', column: 'data.title', brief: true },
  facts: [
    { path: 'category', names: 'categories', label: 'report.category' },
    { path: 'status', names: 'statuses', label: 'report.status' },
    { path: 'administration.name', label: 'report.administration' },
    { path: 'submittedAt', format: 'date', label: 'report.submitted', column: 'reports.submitted' },
  ],
  text: [
    { path: 'description', column: 'data.description', brief: true },
    { path: 'officialResponse.text', label: 'report.officialResponse' },
  ],
} as const satisfies Summary;
