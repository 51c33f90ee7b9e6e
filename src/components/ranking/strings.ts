import type { Local } from '../../i18n/strings.js';

export interface RankingText {
  caption: string;
  rank: string;
  name: string;
  score: string;
  responseRate: string;
  avgDelay: string;
  /** Under "Rank": how many administrations are ranked. */
  of: (total: string) => string;
  /** Under the table when places are shared: what "=" means. */
  ties: string;
  /** Under "Score": where the bars start and end. */
  scale: (from: string, to: string) => string;
  /** Under "Score", on a narrower scale (`scale="fit"`): where the dots' scale starts and ends. */
  dotScale: (from: string, to: string) => string;
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
      of: (total) => `sur ${total}`,
      ties: '=\u202f: ex aequo (même score)',
      scale: (from, to) => `barres de ${from} à ${to}`,
      dotScale: (from, to) => `points sur une échelle de ${from} à ${to}`,
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
      of: (total) => `of ${total}`,
      ties: '= means tied (same score)',
      scale: (from, to) => `bars from ${from} to ${to}`,
      dotScale: (from, to) => `dots on a scale from ${from} to ${to}`,
    },
  },
};
