/** The names of some of the API's values in French and English: for the widgets that show them and the tools that offer them. */
import type { ReportCategory, ReportStatus } from '../core/types.js';
import type { Local } from './strings.js';

/** The names of reports' categories and statuses. */
export const reportValues: Local<{
  categories: Record<ReportCategory, string>;
  statuses: Record<ReportStatus, string>;
}> = {
  fr: {
    categories: {
      delay: 'Délai',
      corruption: 'Corruption',
      reception: 'Accueil',
      'service-outage': 'Interruption de service',
      documents: 'Documents',
      infrastructure: 'Infrastructures',
      billing: 'Facturation',
      other: 'Autre',
    },
    statuses: {
      received: 'Reçu',
      'under-review': "En cours d'examen",
      forwarded: 'Transmis',
      answered: 'Répondu',
      resolved: 'Résolu',
      rejected: 'Rejeté',
    },
  },
  en: {
    categories: {
      delay: 'Delay',
      corruption: 'Corruption',
      reception: 'Reception',
      'service-outage': 'Service outage',
      documents: 'Documents',
      infrastructure: 'Infrastructure',
      billing: 'Billing',
      other: 'Other',
    },
    statuses: {
      received: 'Received',
      'under-review': 'Under review',
      forwarded: 'Forwarded',
      answered: 'Answered',
      resolved: 'Resolved',
      rejected: 'Rejected',
    },
  },
};
