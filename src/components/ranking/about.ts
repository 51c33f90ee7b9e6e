/** <khountous-ranking> in words, French and English: for the manifest, the builder, the WordPress plugin and the demo. */
import type { About } from '../../widget/about.js';
import { name, title } from './name.js';

export const about: About = {
  title,
  name,
  summary: {
    en: 'Ranking of administrations by score, with filters and pagination.',
    fr: 'Le classement des administrations par score, avec filtres et pagination.',
  },
  inputs: {
    region: {
      label: { en: 'Region', fr: 'Région' },
      en: 'Only administrations of this region (a region code such as `kolda`).',
      fr: 'Seulement les administrations de cette région (un code de région comme `kolda`).',
    },
    sector: {
      label: { en: 'Sector', fr: 'Secteur' },
      en: 'Only administrations of this sector (e.g. `health`, `education`).',
      fr: 'Seulement les administrations de ce secteur (par exemple `health`, `education`).',
    },
    level: {
      label: { en: 'Level', fr: 'Échelon' },
      en: 'Only administrations of this level: `national`, `regional` or `communal`.',
      fr: 'Seulement les administrations de ce niveau : `national`, `regional` ou `communal`.',
    },
    'href-template': {
      label: { en: 'Link template', fr: 'Modèle de lien' },
      en: "Turns names into links: `{slug}` is replaced by the administration's slug, e.g. `/administrations/{slug}`.",
      fr: 'Fait des noms des liens : `{slug}` est remplacé par le slug de l’administration, par exemple `/administrations/{slug}`.',
    },
    scale: {
      label: { en: 'Scale', fr: 'Échelle' },
      en: 'Where the score bars start: `zero` (the default), bars from 0 to 100, whose lengths compare as the scores do; `fit`, dots on a narrower scale, from the tens below the lowest score shown, which the header states.',
      fr: 'Où commencent les barres des scores : `zero` (par défaut), des barres de 0 à 100, dont les longueurs se comparent comme les scores ; `fit`, des points sur une échelle plus étroite, à partir de la dizaine sous le plus bas score affiché, que l’en-tête indique.',
    },
  },
  sample: { limit: '5' },
  publication: true,
  front: true,
  hero: 'light',
};
