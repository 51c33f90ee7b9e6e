/** The names of some of the API's values in French and English: for the widgets that show them and the tools that offer them. */
import type { Level, Sector } from '../core/types.js';
import type { Local } from './strings.js';

/** The names of administrations' sectors and levels. */
export const administrationValues: Local<{ sectors: Record<Sector, string>; levels: Record<Level, string> }> =
  {
    fr: {
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
