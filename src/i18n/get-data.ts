import type { Local } from './strings.js';

/**
 * The words of a widget's "get the data" line (element/get-data.ts) and of its CSV file's
 * columns that no widget's strings name (widget/csv.ts): `data.title` and the units a
 * column's name carries, by the summary's number format.
 */
export interface GetDataText {
  /** The link to the CSV file. */
  download: string;
  /** Before the citation. */
  cite: string;
  /** The citation a reader copies: the platform, the widget's title, the data's date, the site's address. */
  citation: (title: string, date: string, address: string) => string;
  /** Column names a summary points at with `column` (`data.title`). */
  title: string;
  description: string;
  /** A number's unit, in brackets after its column's name: `Taux de réponse (%)`. */
  units: { readonly percent: string; readonly score: string; readonly days: string };
}

export const getDataStrings: Local<{ data: GetDataText }> = {
  fr: {
    data: {
      download: 'Télécharger les données (CSV)',
      cite: 'Citer\u202f:',
      citation: (title, date, address) => `Khountous, ${title}, données au ${date}, ${address}`,
      title: 'Titre',
      description: 'Description',
      units: { percent: '%', score: 'sur 100', days: 'jours' },
    },
  },
  en: {
    data: {
      download: 'Download the data (CSV)',
      cite: 'Cite:',
      citation: (title, date, address) => `Khountous, ${title}, data as of ${date}, ${address}`,
      title: 'Title',
      description: 'Description',
      units: { percent: '%', score: 'out of 100', days: 'days' },
    },
  },
};
