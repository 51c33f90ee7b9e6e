import type { Local } from './strings.js';

/**
 * The words of a widget's "get the data" disclosure (element/get-data.ts).
 */
export interface GetDataText {
  /** The disclosure's toggle, on the source line's row. */
  get: string;
  /** Its toggle where it holds the citation only (the dataset: its files are the API's own). */
  citeOnly: string;
  /** The button that saves the CSV file. */
  download: string;
  /** Before the citation. */
  cite: string;
  /** When the file could not be made (its code did not arrive): the button may be pressed again. */
  failed: string;
  /** The citation a reader copies: the platform, the widget's title, the data's date, the site's address. */
  citation: (title: string, date: string, address: string) => string;
}

export const getDataStrings: Local<{ data: GetDataText }> = {
  fr: {
    data: {
      get: 'Obtenir les données',
      citeOnly: 'Citer ces données',
      download: 'Télécharger (CSV)',
      cite: 'Citer\u202f:',
      failed: 'Le fichier n’est pas disponible pour le moment. Réessayez.',
      citation: (title, date, address) => `Khountous, ${title}, données au ${date}, ${address}`,
    },
  },
  en: {
    data: {
      get: 'Get the data',
      citeOnly: 'Cite this data',
      download: 'Download (CSV)',
      cite: 'Cite:',
      failed: 'The file is not available at the moment. Try again.',
      citation: (title, date, address) => `Khountous, ${title}, data as of ${date}, ${address}`,
    },
  },
};
