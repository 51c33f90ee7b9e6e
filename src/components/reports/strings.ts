import type { Local } from '../../i18n/strings.js';

export interface ReportsText {
  caption: string;
  /** "640 reports"; `formatted` is `count` written the language's way. */
  count: (count: number, formatted: string) => string;
  submitted: string;
  hasResponse: string;
  noResponse: string;
}

/** The strings of <khountous-reports>. */
export const reportsStrings: Local<{ reports: ReportsText }> = {
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
