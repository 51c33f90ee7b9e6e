/** <khountous-region-map> in words, French and English: for the manifest, the builder, the WordPress plugin and the demo. */
import type { About } from '../../widget/about.js';
import { name, title } from './name.js';

export const about: About = {
  title,
  name,
  summary: {
    en: 'A map of the 14 regions coloured by one indicator, with its legend, the country’s value and a table.',
    fr: 'Une carte des 14 régions colorées selon un indicateur, avec sa légende, la valeur nationale et un tableau.',
  },
  inputs: {
    indicator: {
      label: { en: 'Indicator', fr: 'Indicateur' },
      en: 'The indicator mapped: averageScore, responseRate, avgDelayDays, resolutionRate or reportsPer100k. The better end of the colours is the same for each (a short delay is the better one).',
      fr: 'L’indicateur de la carte\u202f: averageScore, responseRate, avgDelayDays, resolutionRate ou reportsPer100k. Le meilleur bout des couleurs est le même pour chacun (un délai court est le meilleur).',
    },
    region: {
      label: { en: 'Region', fr: 'Région' },
      en: 'A region to highlight (a region code such as `kolda`): outlined, and its value written under the map.',
      fr: 'Une région à mettre en avant (un code de région comme `kolda`)\u202f: entourée, et sa valeur écrite sous la carte.',
    },
    classes: {
      label: { en: 'Classes', fr: 'Classes' },
      en: 'How the colour classes are made: `equal` (the default), at most five intervals of one round width (40 – 44, 45 – 49…); `jenks`, at most five natural breaks of the values, rounded. Every value, the country’s too, falls in a class of the legend.',
      fr: 'Comment les classes de couleur sont faites : `equal` (par défaut), au plus cinq intervalles d’une même largeur ronde (40 – 44, 45 – 49…) ; `jenks`, au plus cinq seuils naturels des valeurs, arrondis. Chaque valeur, la nationale aussi, tombe dans une classe de la légende.',
    },
  },
  sample: {},
  views: {
    'region-map-delay': { indicator: 'avgDelayDays', region: 'kedougou' },
    'region-map-reports': { indicator: 'reportsPer100k' },
  },
  // Its shapes (geometry.ts, 3.1 kB gzip) come with its element.
  sizes: {
    // Measured 43.5 kB with its chunks; 44.4 kB with the answers' numbers checked against
    // their ranges, hydration only of valid inline data and "national" only from 14 regions;
    // 44,818 B with the names kept to their own direction too (i18n/bidi.ts, in the core);
    // 45,667 B with every widget's box in the core (widget/box.ts); 46,225 B with the arrow
    // keys, the touch hint, the table shown under a narrow map and the widget's name in its states;
    // 47,113 B with classes of one round width or natural breaks, the country's class marked and
    // the colours in one order on both themes; 47,136 B with the editor's words instead; 48,149 B
    // with both and ties; 49,543 B with get the data; 49,908 B with its failure said and one
    // reader of the summaries' fields; 50,041 B with the share button's load (the button itself
    // a chunk of its own, loaded only where it shows). With the first requests sent before the
    // rest of the loader, which is a file of its own every element imports (dist/loader.js):
    // 52,328 B. With the flights in a task of their own and the Intl
    // data loaded ahead (scripts/build/size-entries.mjs CORE_BUDGET): 52,813 B.
    element: 52_950,
    // A page of the map alone: measured 45.3 kB; 46.1 kB with the same checks; 46,532 B with
    // i18n/bidi.ts; 47,432 B with the boxes; 48,126 B with the keyboard, the narrow table and the
    // name; 50.6 kB with the classes and colours, the editor's words and ties; 51.5 kB with get the
    // data; 51.7 kB with its failure said and one reader of the summaries' fields; 51,957 B with
    // the share button's load; 54,250 B with the rest of the loader in a file of its own; 54,761 B
    // with the flights in a task of their own and the Intl data
    // loaded ahead.
    page: { budget: 54_900, target: 28_000 },
    // Its module and its chunk on a page that holds the region chart: measured 6.5 kB (6.6 kB with
    // The Gambia named in its legend; 7,072 B with the arrow keys, the touch hint and the narrow table;
    // 7,866 B with the classes, the country's class marked and the colours of both themes; 7,847 B
    // with the editor's words and ties; 7,905 B with "no data" for an answer that leaves a region out).
    added: { beside: 'khountous-region-stats', budget: 7_950, target: 8_000 },
  },
  hero: 'dark',
};
