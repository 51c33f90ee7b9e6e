/** <khountous-dataset> in words, French and English: for the manifest, the builder, the WordPress plugin and the demo. */
import type { About } from '../../widget/about.js';

export const about: About = {
  title: { en: 'Open dataset', fr: 'Jeu de données ouvert' },
  summary: {
    en: 'An open dataset with its download links and an optional preview table.',
    fr: 'Un jeu de données ouvert, ses liens de téléchargement et, au choix, un aperçu en tableau.',
  },
  inputs: {
    'dataset-id': {
      label: { en: 'Dataset', fr: 'Jeu de données' },
      en: "The dataset's id (required), e.g. `administration-scores`.",
      fr: 'L’identifiant du jeu de données (obligatoire), par exemple `administration-scores`.',
    },
    preview: {
      label: { en: 'Preview rows', fr: 'Lignes d’aperçu' },
      en: 'Shows the first rows as a table: a number from 1 to 50 (clamped); `preview` alone shows 5; absent, no table.',
      fr: 'Affiche les premières lignes en tableau : un nombre de 1 à 50 (ramené dans ces bornes) ; `preview` seul en affiche 5 ; absent, pas de tableau.',
    },
  },
  sample: { 'dataset-id': 'administration-scores' },
  views: {
    'dataset-preview': { 'dataset-id': 'budget-execution', preview: '5' },
  },
};
