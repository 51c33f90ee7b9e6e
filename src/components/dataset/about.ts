/** <khountous-dataset> in words, French and English: for the manifest, the builder, the WordPress plugin and the demo. */
import type { About } from '../../widget/about.js';
import { name, title } from './name.js';

export const about: About = {
  title,
  name,
  summary: {
    en: 'An open dataset with its download links and an optional preview table, drawn as a chart too when it is a time series.',
    fr: 'Un jeu de données ouvert, ses liens de téléchargement et, au choix, un aperçu en tableau, dessiné en graphique aussi quand c’est une série temporelle.',
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
    series: {
      label: { en: 'Chart series', fr: 'Séries du graphique' },
      en: 'With `preview`, a dataset that is a time series (a month or date column, its rows in time order, and numbers) is drawn above the table, all its rows: the number columns drawn, by key, one to three separated by spaces, e.g. `submitted resolved`; absent, the first number column.',
      fr: 'Avec `preview`, un jeu de données qui est une série temporelle (une colonne de mois ou de dates, ses lignes dans l’ordre du temps, et des nombres) est dessiné au-dessus du tableau, toutes ses lignes : les colonnes de nombres dessinées, par clé, une à trois séparées par des espaces, par exemple `submitted resolved` ; absent, la première colonne de nombres.',
    },
  },
  sample: { 'dataset-id': 'administration-scores' },
  views: {
    'dataset-preview': { 'dataset-id': 'budget-execution', preview: '5' },
    'dataset-series': { 'dataset-id': 'response-times', preview: '4', series: 'submitted answered resolved' },
  },
};
