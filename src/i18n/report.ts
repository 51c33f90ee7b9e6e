import type { Strings } from './strings.js';

/** A report: its fields, categories and statuses (<khountous-report>, <khountous-reports>). */
export const reportStrings: Strings<'report' | 'categories' | 'statuses'> = {
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
