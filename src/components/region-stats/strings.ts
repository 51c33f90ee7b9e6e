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
    },
  },
};
