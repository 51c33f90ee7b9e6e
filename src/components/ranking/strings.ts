import type { Local } from '../../i18n/strings.js';

export interface RankingText {
  caption: string;
  rank: string;
  name: string;
  score: string;
  responseRate: string;
  avgDelay: string;
}

/** The strings of <khountous-ranking> (the admin card reads its "Rank" too). */
export const rankingStrings: Local<{ ranking: RankingText }> = {
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
