import type { Local } from '../../i18n/strings.js';

export interface ReportText {
  category: string;
  region: string;
  status: string;
  administration: string;
  submitted: (date: string) => string;
  timeline: string;
  officialResponse: string;
  noResponse: string;
}

/** A report: its fields, categories and statuses (<khountous-report>, <khountous-reports>). */
export const reportStrings: Local<{ report: ReportText }> = {
  fr: {
    report: {
      category: 'Catégorie',
      region: 'Région',
      status: 'Statut',
      administration: 'Administration',
      submitted: (date) => `Signalé le ${date}`,
      timeline: 'Suivi',
      officialResponse: 'Réponse officielle',
      noResponse: 'Pas encore de réponse officielle.',
    },
  },
  en: {
    report: {
      category: 'Category',
      region: 'Region',
      status: 'Status',
      administration: 'Administration',
      submitted: (date) => `Reported on ${date}`,
      timeline: 'Timeline',
      officialResponse: 'Official response',
      noResponse: 'No official response yet.',
    },
  },
};
