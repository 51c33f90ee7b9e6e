/** <khountous-fact-checks> in words, French and English: for the manifest, the builder, the WordPress plugin and the demo. */
import type { About } from '../../widget/about.js';
import { name, title } from './name.js';

export const about: About = {
  title,
  name,
  summary: {
    en: 'Fact-checks with their verdict, evidence level and sources, paginated.',
    fr: 'Des vérifications de faits, avec leur verdict, leur niveau de preuve et leurs sources, par pages.',
  },
  inputs: {},
  sample: {},
  publication: true,
};
