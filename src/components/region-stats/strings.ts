import type { Local } from '../../i18n/strings.js';
import type { Part } from '../../graphics/indicators.js';

export interface RegionsText {
  caption: (indicator: string) => string;
  region: string;
  population: string;
  reports: string;
  administrations: string;
  showTable: string;
  /** The country's value beside a region's; from `part` of the regions only when some are missing. */
  national: (value: string, part?: Part) => string;
  /** The key of the chart: the line of the country's value (or of `part`), and the colours of better and worse. */
  nationalLine: (value: string, part?: Part) => string;
  better: string;
  worse: string;
  /** An inline figure against the country, in words (its arrow and colour say it too). */
  betterThan: string;
  worseThan: string;
}

const frenchLine = (value: string, part?: Part) =>
  part
    ? `${part.regions} région${part.regions > 1 ? 's' : ''} sur ${part.of}\u202f: ${value}`
    : `national\u202f: ${value}`;
const englishLine = (value: string, part?: Part) =>
  part ? `${part.regions} of ${part.of} regions: ${value}` : `national: ${value}`;

/** The strings of <khountous-region-stats>, with the indicator names. */
export const regionStatsStrings: Local<{ regions: RegionsText }> = {
  fr: {
    regions: {
      caption: (indicator) => `${indicator} par région`,
      region: 'Région',
      population: 'Population',
      reports: 'Signalements',
      administrations: 'Administrations',
      showTable: 'Voir le tableau',
      national: (value, part) => `(${frenchLine(value, part)})`,
      nationalLine: frenchLine,
      better: 'mieux',
      worse: 'moins bien',
      betterThan: 'mieux que le pays',
      worseThan: 'moins bien que le pays',
    },
  },
  en: {
    regions: {
      caption: (indicator) => `${indicator} by region`,
      region: 'Region',
      population: 'Population',
      reports: 'Reports',
      administrations: 'Administrations',
      showTable: 'Show the table',
      national: (value, part) => `(${englishLine(value, part)})`,
      nationalLine: englishLine,
      better: 'better',
      worse: 'worse',
      betterThan: 'better than the country',
      worseThan: 'worse than the country',
    },
  },
};
