/** <khountous-dataset> as text: its title and description in the widget's language, its date and licence. */
import type { Summary } from '../../widget/summary.js';

export const summary = {
  date: 'updatedAt',
  title: { path: 'title.{lang}', brief: true },
  facts: [
    { path: 'updatedAt', format: 'date', label: 'dataset.updated' },
    { path: 'license', label: 'dataset.license' },
  ],
  text: [{ path: 'description.{lang}', brief: true }],
} as const satisfies Summary;
