/**
 * Attributes that make each element show real data on the reference API (its
 * data are the same on every run): the embed builder starts from them, and the
 * tests place every element with them.
 */
export const SAMPLE_ATTRIBUTES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'khountous-ranking': { limit: '5' },
  'khountous-admin-card': { slug: 'hopital-regional-de-tambacounda' },
  'khountous-report': { slug: '26-jours-d-attente-pour-l-admission-aux-urgences-a-kolda' },
  'khountous-region-stats': {},
  'khountous-reports': {},
  'khountous-fact-checks': {},
  'khountous-dataset': { 'dataset-id': 'administration-scores' },
};
