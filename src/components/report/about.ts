/** <khountous-report> in words, French and English: for the manifest, the builder, the WordPress plugin and the demo. */
import type { About } from '../../widget/about.js';
import { name, title } from './name.js';

export const about: About = {
  title,
  name,
  summary: {
    en: 'A citizen report with its timeline and the official response.',
    fr: 'Un signalement citoyen, sa chronologie et la réponse officielle.',
  },
  inputs: {
    slug: {
      label: { en: 'Slug', fr: 'Identifiant (slug)' },
      en: "The report's slug (required).",
      fr: 'Le slug du signalement (obligatoire).',
    },
  },
  sample: { slug: '26-jours-d-attente-pour-l-admission-aux-urgences-a-kolda' },
  hero: 'light',
};
