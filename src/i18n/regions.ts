import type { RegionCode } from '../core/types.js';

/** Proper names of the 14 regions; the same in French and English. */
export const REGION_NAMES: Record<RegionCode, string> = {
  dakar: 'Dakar',
  diourbel: 'Diourbel',
  fatick: 'Fatick',
  kaffrine: 'Kaffrine',
  kaolack: 'Kaolack',
  kedougou: 'Kédougou',
  kolda: 'Kolda',
  louga: 'Louga',
  matam: 'Matam',
  'saint-louis': 'Saint-Louis',
  sedhiou: 'Sédhiou',
  tambacounda: 'Tambacounda',
  thies: 'Thiès',
  ziguinchor: 'Ziguinchor',
};

/** The name of a region code; an unknown code (newer API) shows as given. */
export const regionName = (code: string): string => REGION_NAMES[code as RegionCode] ?? code;
