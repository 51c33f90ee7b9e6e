import type { Local } from '../../i18n/strings.js';

export interface AdminText {
  /** The column of its name in the data's CSV file. */
  name: string;
  score: string;
  scoreDetails: string;
  indicators: string;
  responseRate: string;
  avgDelay: string;
  /** The place, written as an ordinal ("3e", "3rd"), out of how many when known. */
  rank: (place: string, count?: string) => string;
  updated: (date: string) => string;
  /** The label of the ranking's place. */
  rankLabel: string;
}

/** The strings of <khountous-admin-card>, with sector and level names. */
export const adminStrings: Local<{ admin: AdminText }> = {
  fr: {
    admin: {
      name: 'Administration',
      score: 'Score global',
      scoreDetails: 'Détail du score',
      indicators: 'Indicateurs',
      responseRate: 'Taux de réponse',
      avgDelay: 'Délai moyen',
      rank: (place, count) => (count ? `${place} sur ${count}` : `${place} au classement`),
      updated: (date) => `Mis à jour le ${date}`,
      rankLabel: 'Rang',
    },
  },
  en: {
    admin: {
      name: 'Administration',
      score: 'Overall score',
      scoreDetails: 'Score details',
      indicators: 'Indicators',
      responseRate: 'Response rate',
      avgDelay: 'Average delay',
      rank: (place, count) => (count ? `${place} of ${count}` : place),
      updated: (date) => `Updated ${date}`,
      rankLabel: 'Rank',
    },
  },
};
