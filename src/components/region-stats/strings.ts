import type { Local } from '../../i18n/strings.js';

export interface RegionsText {
  caption: (indicator: string) => string;
  region: string;
  population: string;
  reports: string;
  administrations: string;
  showTable: string;
  /** The country's value beside a region's. */
  national: (value: string) => string;
  /** The key of the chart: the line of the country's value, and the colours of better and worse. */
  nationalLine: (value: string) => string;
  better: string;
  worse: string;
}

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
      national: (value) => `(national\u202f: ${value})`,
      nationalLine: (value) => `national\u202f: ${value}`,
      better: 'mieux',
      worse: 'moins bien',
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
      national: (value) => `(national: ${value})`,
      nationalLine: (value) => `national: ${value}`,
      better: 'better',
      worse: 'worse',
    },
  },
};
