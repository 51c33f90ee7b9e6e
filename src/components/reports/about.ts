/** <khountous-reports> in words, French and English: for the manifest, the builder, the WordPress plugin and the demo. */
import type { About } from '../../widget/about.js';
import { name, title } from './name.js';

export const about: About = {
  title,
  name,
  summary: {
    en: 'Published citizen reports, with filters and pagination.',
    fr: 'Les signalements citoyens publiés, avec filtres et pagination.',
  },
  inputs: {
    region: {
      label: { en: 'Region', fr: 'Région' },
      en: 'Only reports located in this region (a region code such as `kolda`).',
      fr: 'Seulement les signalements situés dans cette région (un code de région comme `kolda`).',
    },
    category: {
      label: { en: 'Category', fr: 'Catégorie' },
      en: 'Only reports of this category (e.g. `delay`, `corruption`).',
      fr: 'Seulement les signalements de cette catégorie (par exemple `delay`, `corruption`).',
    },
    status: {
      label: { en: 'Status', fr: 'Statut' },
      en: 'Only reports whose current status is this one (e.g. `answered`, `resolved`).',
      fr: 'Seulement les signalements dont le statut actuel est celui-ci (par exemple `answered`, `resolved`).',
    },
    period: {
      label: { en: 'Period', fr: 'Période' },
      en: 'Only reports submitted in this year (`2026`) or month (`2026-03`), UTC.',
      fr: 'Seulement les signalements déposés cette année-là (`2026`) ou ce mois-là (`2026-03`), en UTC.',
    },
    'href-template': {
      label: { en: 'Link template', fr: 'Modèle de lien' },
      en: "Turns titles into links: `{slug}` is replaced by the report's slug, e.g. `/reports/{slug}`.",
      fr: 'Fait des titres des liens : `{slug}` est remplacé par le slug du signalement, par exemple `/reports/{slug}`.',
    },
  },
  sample: {},
  views: {
    'reports-filtered': { region: 'kolda', status: 'resolved', limit: '3' },
  },
  publication: true,
};
