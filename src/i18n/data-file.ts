import type { Local } from './strings.js';

/**
 * The words of the CSV file's columns that no widget's strings name (widget/csv.ts), loaded
 * with it (element/data-file.ts): `data.title` and the units a column's name carries, by the
 * summary's number format.
 */
export interface DataFileText {
  /** Column names a summary points at with `column` (`data.title`). */
  title: string;
  description: string;
  /** A number's unit, in brackets after its column's name: `Taux de réponse (%)`. */
  units: { readonly percent: string; readonly score: string; readonly days: string };
}

export const dataFileStrings: Local<{ data: DataFileText }> = {
  fr: {
    data: {
      title: 'Titre',
      description: 'Description',
      units: { percent: '%', score: 'sur 100', days: 'jours' },
    },
  },
  en: {
    data: {
      title: 'Title',
      description: 'Description',
      units: { percent: '%', score: 'out of 100', days: 'days' },
    },
  },
};
