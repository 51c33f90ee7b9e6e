import type { Strings } from './strings.js';

/** The strings of <khountous-region-stats>, with the indicator names. */
export const regionStatsStrings: Strings<'regions' | 'indicators'> = {
  fr: {
    regions: {
      caption: (indicator) => `${indicator} par région`,
      region: 'Région',
      population: 'Population',
      reports: 'Signalements',
      administrations: 'Administrations',
      showTable: 'Voir le tableau',
    },
    indicators: {
      averageScore: 'Score moyen',
      responseRate: 'Taux de réponse',
      avgDelayDays: 'Délai moyen',
      resolutionRate: 'Taux de résolution',
      reportsPer100k: 'Signalements pour 100 000 hab.',
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
    },
    indicators: {
      averageScore: 'Average score',
      responseRate: 'Response rate',
      avgDelayDays: 'Average delay',
      resolutionRate: 'Resolution rate',
      reportsPer100k: 'Reports per 100,000 people',
    },
  },
};
