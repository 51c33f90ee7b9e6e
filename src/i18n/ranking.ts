import type { Strings } from './strings.js';

/** The strings of <khountous-ranking> (the admin card reads its "Rank" too). */
export const rankingStrings: Strings<'ranking'> = {
  fr: {
    ranking: {
      caption: 'Classement des administrations',
      rank: 'Rang',
      name: 'Administration',
      score: 'Score',
      responseRate: 'Taux de réponse',
      avgDelay: 'Délai moyen',
    },
  },
  en: {
    ranking: {
      caption: 'Ranking of administrations',
      rank: 'Rank',
      name: 'Administration',
      score: 'Score',
      responseRate: 'Response rate',
      avgDelay: 'Average delay',
    },
  },
};
