import type { Local } from '../../i18n/strings.js';
import type { Part } from '../../graphics/indicators.js';

export interface RegionMapText {
  /** The title: the indicator mapped. */
  caption: (indicator: string) => string;
  /** The map's accessible name. */
  map: (indicator: string) => string;
  /** A region's name (isolated: i18n/bidi.ts) with its value: its accessible name, and the line under the map. */
  named: (name: string, value: string) => string;
  /** What a region without a figure has (no administration, no report to measure). */
  noData: string;
  /**
   * The line under the map before a region is pointed at or focused: `hint` with a mouse
   * (and the keys), `touchHint` on a touch screen (`pointer: coarse`). Never printed.
   */
  hint: string;
  touchHint: string;
  /** The legend's name, and the words at its two ends: better and worse, or none for an indicator without a direction. */
  legend: string;
  better: string;
  worse: string;
  highest: string;
  lowest: string;
  /** Beside the legend's class that holds the country's value (the sign before the value says it again). */
  nationalMark: (part?: Part) => string;
  /** The country's value; from `part` of the regions only when some are missing. */
  national: (value: string, part?: Part) => string;
  /** The neighbour the country surrounds, drawn as land. */
  gambia: string;
  /** The Gambia in the legend: a country, not a region without data. */
  neighbour: string;
  region: string;
  showTable: string;
}

/** The strings of <khountous-region-map>. */
export const regionMapStrings: Local<{ regionMap: RegionMapText }> = {
  fr: {
    regionMap: {
      caption: (indicator) => `${indicator} par région`,
      map: (indicator) => `Carte\u202f: ${indicator.toLowerCase()} par région`,
      named: (name, value) => `${name}\u202f: ${value}`,
      noData: 'pas de données',
      hint: 'Pointez une région, ou utilisez la touche Tab puis les flèches.',
      touchHint: 'Touchez une région.',
      legend: 'Légende',
      better: 'meilleur',
      worse: 'moins bon',
      highest: 'le plus haut',
      lowest: 'le plus bas',
      nationalMark: (part) => (part ? `valeur des ${part.regions} régions` : 'valeur nationale'),
      national: (value, part) =>
        part
          ? `${part.regions} région${part.regions > 1 ? 's' : ''} sur ${part.of}\u202f: ${value}`
          : `national\u202f: ${value}`,
      gambia: 'Gambie',
      neighbour: 'Gambie (pays voisin)',
      region: 'Région',
      showTable: 'Voir le tableau',
    },
  },
  en: {
    regionMap: {
      caption: (indicator) => `${indicator} by region`,
      map: (indicator) => `Map: ${indicator.toLowerCase()} by region`,
      named: (name, value) => `${name}: ${value}`,
      noData: 'no data',
      hint: 'Point at a region, or press Tab, then the arrow keys.',
      touchHint: 'Tap a region.',
      legend: 'Legend',
      better: 'better',
      worse: 'worse',
      highest: 'highest',
      lowest: 'lowest',
      nationalMark: (part) => (part ? `value of the ${part.regions} regions` : 'national value'),
      national: (value, part) =>
        part ? `${part.regions} of ${part.of} regions: ${value}` : `national: ${value}`,
      gambia: 'The Gambia',
      neighbour: 'The Gambia (neighbouring country)',
      region: 'Region',
      showTable: 'Show the table',
    },
  },
};
