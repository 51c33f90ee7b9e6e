import type { Strings } from './strings.js';

/** The strings of <khountous-admin-card>, with sector and level names. */
export const adminStrings: Strings<'admin' | 'sectors' | 'levels'> = {
  fr: {
    admin: {
      score: 'Score global',
      scoreDetails: 'Détail du score',
      indicators: 'Indicateurs',
      responseRate: 'Taux de réponse',
      avgDelay: 'Délai moyen',
      rank: (rank) => `${rank}${rank === '1' ? 'er' : 'e'} au classement`,
      updated: (date) => `Mis à jour le ${date}`,
    },
    sectors: {
      health: 'Santé',
      education: 'Éducation',
      'civil-registry': 'État civil',
      justice: 'Justice',
      water: 'Eau',
      energy: 'Énergie',
      transport: 'Transports',
      finance: 'Finances',
      agriculture: 'Agriculture',
      environment: 'Environnement',
      security: 'Sécurité',
      land: 'Foncier',
    },
    levels: { national: 'National', regional: 'Régional', communal: 'Communal' },
  },
  en: {
    admin: {
      score: 'Overall score',
      scoreDetails: 'Score details',
      indicators: 'Indicators',
      responseRate: 'Response rate',
      avgDelay: 'Average delay',
      rank: (rank) => `Ranked ${rank}`,
      updated: (date) => `Updated ${date}`,
    },
    sectors: {
      health: 'Health',
      education: 'Education',
      'civil-registry': 'Civil registry',
      justice: 'Justice',
      water: 'Water',
      energy: 'Energy',
      transport: 'Transport',
      finance: 'Finance',
      agriculture: 'Agriculture',
      environment: 'Environment',
      security: 'Security',
      land: 'Land',
    },
    levels: { national: 'National', regional: 'Regional', communal: 'Communal' },
  },
};
