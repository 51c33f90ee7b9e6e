/** The names of some of the API's values in French and English: for the widgets that show them and the tools that offer them. */
import type { RegionIndicatorKey } from '../core/types.js';
import type { Local } from './strings.js';

/** The names of the regional indicators. */
export const indicatorNames: Local<{ indicators: Record<RegionIndicatorKey, string> }> = {
  fr: {
    indicators: {
      averageScore: 'Score moyen',
      responseRate: 'Taux de réponse',
      avgDelayDays: 'Délai moyen',
      resolutionRate: 'Taux de résolution',
      reportsPer100k: 'Signalements pour 100 000 hab.',
    },
  },
  en: {
    indicators: {
      averageScore: 'Average score',
      responseRate: 'Response rate',
      avgDelayDays: 'Average delay',
      resolutionRate: 'Resolution rate',
      reportsPer100k: 'Reports per 100,000 people',
    },
  },
};
