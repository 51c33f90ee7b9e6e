/** <khountous-admin-card> in words, French and English: for the manifest, the builder, the WordPress plugin and the demo. */
import type { About } from '../../widget/about.js';
import { name, title } from './name.js';

export const about: About = {
  title,
  name,
  summary: {
    en: "A public administration's scores, as a card or one compact line.",
    fr: 'Les scores d’une administration publique, en fiche ou sur une seule ligne.',
  },
  inputs: {
    slug: {
      label: { en: 'Slug', fr: 'Identifiant (slug)' },
      en: "The administration's slug (required).",
      fr: 'Le slug de l’administration (obligatoire).',
    },
    variant: {
      label: { en: 'Variant', fr: 'Variante' },
      en: '`compact` shows one line: name, score, response rate, delay; `inline` the score and its rank inside a sentence, in the text’s own font, with a tooltip giving the source and its date: “The hospital scores `<khountous-admin-card slug="…" variant="inline">` this year.”',
      fr: '`compact` affiche une seule ligne : nom, score, taux de réponse, délai ; `inline` le score et son rang dans une phrase, dans la police du texte, avec une infobulle qui donne la source et sa date : « L’hôpital obtient `<khountous-admin-card slug="…" variant="inline">` cette année. »',
    },
  },
  sample: { slug: 'hopital-regional-de-tambacounda' },
  views: {
    'admin-card-compact': { slug: 'hopital-regional-de-tambacounda', variant: 'compact' },
  },
};
