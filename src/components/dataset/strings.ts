import type { Local } from '../../i18n/strings.js';

export interface DatasetText {
  license: (license: string) => string;
  updated: (date: string) => string;
  downloads: string;
  /** Read before the format's name in each download link: "Download as CSV". */
  downloadAs: string;
  /** The quota is spent: "Downloads available again at 15:00". */
  downloadsPaused: (time: string) => string;
  /** Caption of the preview table: "First 5 of 185 rows". */
  preview: (shown: number, total: string) => string;
  /** Read for an empty cell. */
  noValue: string;
}

/** The strings of <khountous-dataset>. */
export const datasetStrings: Local<{ dataset: DatasetText }> = {
  fr: {
    dataset: {
      license: (license) => `Licence\u202f: ${license}`,
      updated: (date) => `Mis à jour le ${date}`,
      downloads: 'Télécharger',
      downloadAs: 'Télécharger au format',
      downloadsPaused: (time) =>
        `Limite de requêtes atteinte\u202f: téléchargements de nouveau possibles à ${time}.`,
      preview: (shown, total) =>
        shown === 1
          ? `Aperçu\u202f: la première ligne sur ${total}`
          : `Aperçu\u202f: les ${shown} premières lignes sur ${total}`,
      noValue: 'aucune valeur',
    },
  },
  en: {
    dataset: {
      license: (license) => `Licence: ${license}`,
      updated: (date) => `Updated on ${date}`,
      downloads: 'Download',
      downloadAs: 'Download as',
      downloadsPaused: (time) => `Request limit reached: downloads available again at ${time}.`,
      preview: (shown, total) =>
        shown === 1 ? `Preview: the first of ${total} rows` : `Preview: the first ${shown} of ${total} rows`,
      noValue: 'no value',
    },
  },
};
