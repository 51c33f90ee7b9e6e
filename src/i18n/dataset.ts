import type { Strings } from './strings.js';

/** The strings of <khountous-dataset>. */
export const datasetStrings: Strings<'dataset'> = {
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
