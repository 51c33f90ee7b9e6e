import type { Strings } from './strings.js';

/** The strings of <khountous-reports>. */
export const reportsStrings: Strings<'reports'> = {
  fr: {
    reports: {
      caption: 'Signalements citoyens',
      count: (count, formatted) => `${formatted} signalement${count > 1 ? 's' : ''}`,
      submitted: 'Date du signalement',
      hasResponse: 'Réponse officielle publiée',
      noResponse: 'Pas encore de réponse officielle',
    },
  },
  en: {
    reports: {
      caption: 'Citizen reports',
      count: (count, formatted) => `${formatted} report${count === 1 ? '' : 's'}`,
      submitted: 'Reported on',
      hasResponse: 'Official response published',
      noResponse: 'No official response yet',
    },
  },
};
