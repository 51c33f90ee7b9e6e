/** <khountous-region-stats> in words, French and English: for the manifest, the builder, the WordPress plugin and the demo. */
import type { About } from '../../widget/about.js';
import { name, title } from './name.js';

export const about: About = {
  title,
  name,
  summary: {
    en: "Regional indicators: a chart of the 14 regions, or one region's figures.",
    fr: 'Les indicateurs régionaux : un graphique des 14 régions, ou les chiffres d’une région.',
  },
  inputs: {
    region: {
      label: { en: 'Region', fr: 'Région' },
      en: "One region's indicators (a region code such as `kolda`); all 14 regions when absent.",
      fr: 'Les indicateurs d’une région (un code de région comme `kolda`) ; les 14 régions en son absence.',
    },
    indicator: {
      label: { en: 'Indicator', fr: 'Indicateur' },
      en: 'The indicator charted: averageScore, responseRate, avgDelayDays, resolutionRate or reportsPer100k.',
      fr: 'L’indicateur du graphique : averageScore, responseRate, avgDelayDays, resolutionRate ou reportsPer100k.',
    },
    variant: {
      label: { en: 'Variant', fr: 'Variante' },
      en: 'With `region`: `full` shows all its indicators, `single` only `indicator`, as one figure beside the country’s value, coloured when better or worse than it; `inline` that figure inside a sentence, in the text’s own font, with an arrow and a tooltip giving the country’s value and the source: “In Kolda, the average score reaches `<khountous-region-stats region="kolda" variant="inline">`.”',
      fr: 'Avec `region` : `full` affiche tous ses indicateurs, `single` seulement `indicator`, en un seul chiffre à côté de la valeur nationale, coloré s’il est meilleur ou moins bon qu’elle ; `inline` ce chiffre dans une phrase, dans la police du texte, avec une flèche et une infobulle qui donne la valeur nationale et la source : « À Kolda, le score moyen atteint `<khountous-region-stats region="kolda" variant="inline">`. »',
    },
  },
  sample: {},
  views: {
    'region-stats-region': { region: 'ziguinchor' },
    'region-stats-single': { region: 'kolda', variant: 'single', indicator: 'avgDelayDays' },
  },
  publication: true,
};
