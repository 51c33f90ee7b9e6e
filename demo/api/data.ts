/**
 * Deterministic data of the reference API.
 *
 * Everything is generated from one seed with a small PRNG (mulberry32) and
 * dated relative to a fixed epoch, so two runs produce the same bytes. The
 * records keep every editorial text in French and English (`Localized`); the
 * view functions at the end select one language for the API responses.
 */
import { placesOf } from '../../src/graphics/places.js';
import {
  REGION_CODES,
  SECTORS,
  type Administration,
  type AdministrationIndicator,
  type AdministrationListItem,
  type AdministrationRef,
  type DatasetCell,
  type DatasetColumn,
  type DatasetJson,
  type EvidenceLevel,
  type FactCheck,
  type FactCheckSource,
  type Lang,
  type Level,
  type RegionCode,
  type RegionStats,
  type Report,
  type ReportCategory,
  type ReportListItem,
  type ReportStatus,
  type ReportSubmission,
  type ScoreDetail,
  type Sector,
  type Verdict,
} from '../../src/core/types.js';

// ---------------------------------------------------------------------------
// Constants and small helpers

/** The instant the generated snapshot describes: 2026-11-01T00:00:00Z. */
export const DATA_EPOCH = Date.UTC(2026, 10, 1);
/** First possible submission or publication date: 2025-01-01T00:00:00Z. */
export const FIRST_DATE = Date.UTC(2025, 0, 1);
export const DEFAULT_SEED = 20261101;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const UPDATED_AT = new Date(DATA_EPOCH).toISOString();

/** An editorial text in both languages. */
export type Localized = Readonly<Record<Lang, string>>;

/** Weights of the score details in the overall score (they sum to 1). */
export const SCORE_WEIGHTS: Readonly<Record<ScoreDetail['key'], number>> = {
  responsiveness: 0.35,
  resolution: 0.3,
  transparency: 0.2,
  accessibility: 0.15,
};

/** Statuses of a report that is still open (counted as `pending`). */
export const OPEN_STATUSES: readonly ReportStatus[] = ['received', 'under-review', 'forwarded', 'answered'];

/** The mulberry32 PRNG: a uniform float in [0, 1) per call. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class Random {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  float(min = 0, max = 1): number {
    return min + (max - min) * this.next();
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let threshold = this.next() * total;
    for (const [value, weight] of entries) {
      threshold -= weight;
      if (threshold < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));
const round1 = (value: number): number => Math.round(value * 10) / 10;
const roundToMinute = (time: number): number => Math.floor(time / 60_000) * 60_000;
const iso = (time: number): string => new Date(time).toISOString();
const mean = (values: readonly number[]): number =>
  values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** French "de" with elision before a vowel: `de Kolda`, `d'Ourossogui`. */
const de = (name: string): string => (/^[AEIOUÉÈ]/i.test(name) ? `d'${name}` : `de ${name}`);

/** Lower-case ASCII words joined by hyphens, cut at a word boundary. */
export function slugify(text: string, maxLength = 60): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  const lastHyphen = cut.lastIndexOf('-');
  return lastHyphen > maxLength / 2 ? cut.slice(0, lastHyphen) : cut.replace(/-+$/, '');
}

/** `base`, or `base-2`, `base-3`... whichever is free; marks it taken. */
function uniqueSlug(base: string, taken: Set<string>): string {
  let candidate = base;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${base}-${n}`;
  taken.add(candidate);
  return candidate;
}

const FR_MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function longDate(time: number): Localized {
  const date = new Date(time);
  const day = date.getUTCDate();
  const month = date.getUTCMonth();
  const year = date.getUTCFullYear();
  return {
    fr: `${day === 1 ? '1er' : day} ${FR_MONTHS[month]} ${year}`,
    en: `${day} ${EN_MONTHS[month]} ${year}`,
  };
}

// ---------------------------------------------------------------------------
// Regions

export interface RegionInfo {
  code: RegionCode;
  name: string;
  capital: string;
  population: number;
  /** Other communes of the region that host a town hall in the data. */
  communes: readonly string[];
}

/** The 14 regions, populations rounded from the 2023 census (RGPH-5). */
const REGION_INFO: Readonly<Record<RegionCode, Omit<RegionInfo, 'code'>>> = {
  dakar: {
    name: 'Dakar',
    capital: 'Dakar',
    population: 4_042_000,
    communes: ['Rufisque', 'Pikine', 'Guédiawaye', 'Keur Massar'],
  },
  diourbel: {
    name: 'Diourbel',
    capital: 'Diourbel',
    population: 2_034_000,
    communes: ['Touba', 'Mbacké', 'Bambey'],
  },
  fatick: {
    name: 'Fatick',
    capital: 'Fatick',
    population: 1_009_000,
    communes: ['Foundiougne', 'Gossas', 'Sokone'],
  },
  kaffrine: {
    name: 'Kaffrine',
    capital: 'Kaffrine',
    population: 839_000,
    communes: ['Birkelane', 'Koungheul', 'Malem Hodar'],
  },
  kaolack: {
    name: 'Kaolack',
    capital: 'Kaolack',
    population: 1_227_000,
    communes: ['Nioro du Rip', 'Guinguinéo', 'Ndoffane'],
  },
  kedougou: {
    name: 'Kédougou',
    capital: 'Kédougou',
    population: 207_000,
    communes: ['Saraya', 'Salémata'],
  },
  kolda: {
    name: 'Kolda',
    capital: 'Kolda',
    population: 951_000,
    communes: ['Vélingara', 'Médina Yoro Foulah'],
  },
  louga: {
    name: 'Louga',
    capital: 'Louga',
    population: 1_105_000,
    communes: ['Linguère', 'Kébémer', 'Dahra'],
  },
  matam: {
    name: 'Matam',
    capital: 'Matam',
    population: 747_000,
    communes: ['Kanel', 'Ranérou', 'Ourossogui'],
  },
  'saint-louis': {
    name: 'Saint-Louis',
    capital: 'Saint-Louis',
    population: 1_183_000,
    communes: ['Dagana', 'Podor', 'Richard-Toll'],
  },
  sedhiou: {
    name: 'Sédhiou',
    capital: 'Sédhiou',
    population: 612_000,
    communes: ['Goudomp', 'Bounkiling'],
  },
  tambacounda: {
    name: 'Tambacounda',
    capital: 'Tambacounda',
    population: 986_000,
    communes: ['Bakel', 'Goudiry', 'Koumpentoum'],
  },
  thies: {
    name: 'Thiès',
    capital: 'Thiès',
    population: 2_370_000,
    communes: ['Mbour', 'Tivaouane', 'Joal-Fadiouth', 'Pout'],
  },
  ziguinchor: {
    name: 'Ziguinchor',
    capital: 'Ziguinchor',
    population: 685_000,
    communes: ['Bignona', 'Oussouye'],
  },
};

export const REGIONS: readonly RegionInfo[] = REGION_CODES.map((code) => ({
  code,
  ...REGION_INFO[code],
}));

const regionInfo = (code: RegionCode): RegionInfo => ({ code, ...REGION_INFO[code] });

// ---------------------------------------------------------------------------
// Administrations: catalogue

interface AdministrationSeed {
  name: string;
  sector: Sector;
  level: Level;
  region: RegionCode;
  /** Town of the seat. */
  seat: string;
}

const NATIONAL_ADMINISTRATIONS: readonly (readonly [Sector, string])[] = [
  ['health', "Ministère de la Santé et de l'Action sociale"],
  ['health', "Pharmacie nationale d'approvisionnement"],
  ['health', 'Hôpital Principal de Dakar'],
  ['education', "Ministère de l'Éducation nationale"],
  ['education', 'Office du Baccalauréat'],
  ['civil-registry', "Direction de l'automatisation des fichiers"],
  ['civil-registry', "Direction nationale de l'état civil"],
  ['justice', 'Ministère de la Justice'],
  ['justice', 'Médiature de la République'],
  ['water', 'Société nationale des eaux du Sénégal (SONES)'],
  ['water', 'Office des forages ruraux (OFOR)'],
  ['energy', 'SENELEC – Direction générale'],
  ['energy', "Agence sénégalaise d'électrification rurale"],
  ['transport', 'Direction des transports routiers'],
  ['transport', 'Dakar Dem Dikk'],
  ['transport', 'Agence des travaux et de gestion des routes'],
  ['finance', 'Direction générale des impôts et des domaines'],
  ['finance', 'Direction générale des douanes'],
  ['finance', 'Direction générale de la comptabilité publique et du Trésor'],
  ['agriculture', "Ministère de l'Agriculture et de la Souveraineté alimentaire"],
  ['agriculture', 'Institut sénégalais de recherches agricoles'],
  ['environment', "Direction de l'environnement et des établissements classés"],
  ['environment', 'Direction des eaux, forêts, chasses et de la conservation des sols'],
  ['security', 'Direction générale de la Police nationale'],
  ['security', 'Brigade nationale des sapeurs-pompiers'],
  ['land', 'Direction du cadastre'],
  ['land', "Agence nationale de l'aménagement du territoire"],
];

type OfficeName = (town: string) => string;

/** Regional offices, named after the regional capital. */
const REGIONAL_OFFICES: Readonly<Record<Sector, OfficeName>> = {
  health: (town) => `Hôpital régional ${de(town)}`,
  education: (town) => `Inspection d'académie ${de(town)}`,
  'civil-registry': (town) => `Direction de l'état civil ${de(town)}`,
  justice: (town) => `Tribunal de grande instance ${de(town)}`,
  water: (town) => `SEN'EAU – Direction régionale ${de(town)}`,
  energy: (town) => `SENELEC – Agence ${de(town)}`,
  transport: (town) => `Service régional des transports routiers ${de(town)}`,
  finance: (town) => `Centre des services fiscaux ${de(town)}`,
  agriculture: (town) => `Direction régionale du développement rural ${de(town)}`,
  environment: (town) => `Service régional des eaux et forêts ${de(town)}`,
  security: (town) => `Commissariat central ${de(town)}`,
  land: (town) => `Service régional du cadastre ${de(town)}`,
};

/** Communal services besides the town halls, in rotation order. */
const COMMUNAL_OFFICES: readonly (readonly [Sector, OfficeName])[] = [
  ['health', (town) => `Centre de santé ${de(town)}`],
  ['security', (town) => `Brigade de gendarmerie ${de(town)}`],
  ['environment', (town) => `Service d'hygiène ${de(town)}`],
  ['finance', (town) => `Perception municipale ${de(town)}`],
  ['transport', (town) => `Gare routière ${de(town)}`],
  ['education', (town) => `Inspection de l'éducation et de la formation ${de(town)}`],
  ['land', (town) => `Commission domaniale ${de(town)}`],
  ['water', (town) => `SEN'EAU – Secteur ${de(town)}`],
  ['energy', (town) => `SENELEC – Agence commerciale ${de(town)}`],
  ['agriculture', (town) => `Centre d'appui au développement local ${de(town)}`],
  ['justice', (town) => `Tribunal d'instance ${de(town)}`],
];

/** Sectors rotated through the regional offices (health is in every region). */
const ROTATED_SECTORS = SECTORS.filter((sector) => sector !== 'health');
const ROTATED_OFFICES_PER_REGION = 5;

function administrationSeeds(): AdministrationSeed[] {
  const national = NATIONAL_ADMINISTRATIONS.map(([sector, name]) => ({
    name,
    sector,
    level: 'national' as const,
    region: 'dakar' as const,
    seat: 'Dakar',
  }));
  const regional = REGIONS.flatMap((region, index) => {
    const rotated = Array.from(
      { length: ROTATED_OFFICES_PER_REGION },
      (_, k) => ROTATED_SECTORS[(index * ROTATED_OFFICES_PER_REGION + k) % ROTATED_SECTORS.length] as Sector,
    );
    return (['health', ...rotated] as Sector[]).map((sector) => ({
      name: REGIONAL_OFFICES[sector](region.capital),
      sector,
      level: 'regional' as const,
      region: region.code,
      seat: region.capital,
    }));
  });
  const townHalls = REGIONS.flatMap((region) =>
    [region.capital, ...region.communes].map((town) => ({
      name: `Mairie ${de(town)}`,
      sector: 'civil-registry' as const,
      level: 'communal' as const,
      region: region.code,
      seat: town,
    })),
  );
  const communes = REGIONS.flatMap((region) =>
    region.communes.map((town) => ({ town, region: region.code })),
  );
  const communal = communes
    .filter((_, index) => index % 2 === 0)
    .map(({ town, region }, index) => {
      const [sector, office] = COMMUNAL_OFFICES[index % COMMUNAL_OFFICES.length] as readonly [
        Sector,
        OfficeName,
      ];
      return { name: office(town), sector, level: 'communal' as const, region, seat: town };
    });
  return [...national, ...regional, ...townHalls, ...communal];
}

// ---------------------------------------------------------------------------
// Administrations: texts

const LEVEL_WORDS: Readonly<Record<Level, Localized>> = {
  national: { fr: 'national', en: 'national' },
  regional: { fr: 'régional', en: 'regional' },
  communal: { fr: 'communal', en: 'municipal' },
};

const SECTOR_MISSIONS: Readonly<Record<Sector, Localized>> = {
  health: {
    fr: 'chargé des soins et de la santé publique',
    en: 'responsible for health care and public health',
  },
  education: {
    fr: "chargé de l'éducation et de la formation",
    en: 'responsible for education and training',
  },
  'civil-registry': {
    fr: "chargé de l'état civil et des pièces d'identité",
    en: 'responsible for civil registration and identity documents',
  },
  justice: {
    fr: "chargé de la justice et de l'accès au droit",
    en: 'responsible for justice and access to the law',
  },
  water: { fr: "chargé de l'accès à l'eau potable", en: 'responsible for access to drinking water' },
  energy: {
    fr: "chargé de la distribution d'électricité",
    en: 'responsible for electricity distribution',
  },
  transport: {
    fr: 'chargé des transports et de la circulation routière',
    en: 'responsible for transport and road traffic',
  },
  finance: {
    fr: 'chargé des impôts, des recettes et des paiements publics',
    en: 'responsible for taxes, revenue and public payments',
  },
  agriculture: {
    fr: "chargé de l'agriculture et du développement rural",
    en: 'responsible for agriculture and rural development',
  },
  environment: {
    fr: "chargé de l'environnement et de la salubrité",
    en: 'responsible for the environment and sanitation',
  },
  security: {
    fr: 'chargé de la sécurité des personnes et des biens',
    en: 'responsible for public safety',
  },
  land: { fr: 'chargé du foncier et du cadastre', en: 'responsible for land and the land registry' },
};

/** What citizens ask each sector for; used in descriptions and report texts. */
const SECTOR_SERVICES: Readonly<Record<Sector, readonly Localized[]>> = {
  health: [
    { fr: 'une consultation prénatale', en: 'a prenatal consultation' },
    { fr: "l'admission aux urgences", en: 'admission to the emergency ward' },
    { fr: 'la délivrance de médicaments', en: 'the dispensing of medicines' },
  ],
  education: [
    { fr: "l'inscription en classe de seconde", en: 'enrolment in the tenth grade' },
    { fr: "la délivrance d'un relevé de notes", en: 'the issue of a school transcript' },
    { fr: 'le paiement des bourses', en: 'the payment of study grants' },
  ],
  'civil-registry': [
    { fr: 'un extrait de naissance', en: 'a birth certificate' },
    { fr: 'un certificat de résidence', en: 'a residence certificate' },
    { fr: "la transcription d'un mariage", en: 'the registration of a marriage' },
  ],
  justice: [
    { fr: 'un extrait de casier judiciaire', en: 'a criminal record extract' },
    { fr: 'un certificat de nationalité', en: 'a certificate of nationality' },
    { fr: "l'audience d'un litige foncier", en: 'the hearing of a land dispute' },
  ],
  water: [
    { fr: "un branchement au réseau d'eau", en: 'a water connection' },
    { fr: "la distribution d'eau potable", en: 'the drinking water supply' },
    { fr: "la réparation d'une fuite", en: 'the repair of a leak' },
  ],
  energy: [
    { fr: 'un branchement électrique', en: 'an electricity connection' },
    { fr: "la fourniture d'électricité", en: 'the electricity supply' },
    { fr: "l'achat de crédit Woyofal", en: 'the purchase of Woyofal prepaid credit' },
  ],
  transport: [
    { fr: 'un permis de conduire', en: 'a driving licence' },
    { fr: 'une carte grise', en: 'a vehicle registration certificate' },
    { fr: 'la desserte en bus', en: 'the bus service' },
  ],
  finance: [
    { fr: 'un quitus fiscal', en: 'a tax clearance certificate' },
    { fr: "le remboursement d'un trop-perçu", en: 'the refund of an overpayment' },
    { fr: "le paiement d'une pension", en: 'the payment of a pension' },
  ],
  agriculture: [
    { fr: 'la distribution de semences', en: 'the distribution of seeds' },
    { fr: "l'accès aux engrais subventionnés", en: 'access to subsidised fertiliser' },
    { fr: "l'indemnisation après une sécheresse", en: 'compensation after a drought' },
  ],
  environment: [
    { fr: 'le ramassage des ordures', en: 'waste collection' },
    { fr: 'un permis de coupe de bois', en: 'a tree-felling permit' },
    { fr: 'le curage des caniveaux', en: 'the clearing of drains' },
  ],
  security: [
    { fr: "le dépôt d'une plainte", en: 'filing a complaint' },
    { fr: "une carte nationale d'identité", en: 'a national identity card' },
    { fr: "une intervention d'urgence", en: 'an emergency call-out' },
  ],
  land: [
    { fr: 'un titre foncier', en: 'a land title' },
    { fr: "une délibération d'affectation de terrain", en: 'a land allocation decision' },
    { fr: 'un plan cadastral', en: 'a cadastral plan' },
  ],
};

function seatPhrase(seed: AdministrationSeed): Localized {
  const region = regionInfo(seed.region).name;
  switch (seed.level) {
    case 'national':
      return { fr: 'dont le siège est à Dakar', en: 'headquartered in Dakar' };
    case 'regional':
      return {
        fr: `basé à ${seed.seat} et compétent pour toute la région`,
        en: `based in ${seed.seat} and serving the whole region`,
      };
    case 'communal':
      return {
        fr: `installé à ${seed.seat}, dans la région ${de(region)}`,
        en: `located in ${seed.seat}, in the ${region} region`,
      };
  }
}

function administrationDescription(seed: AdministrationSeed): Localized {
  const [first, second] = SECTOR_SERVICES[seed.sector] as [Localized, Localized];
  const level = LEVEL_WORDS[seed.level];
  const mission = SECTOR_MISSIONS[seed.sector];
  const seat = seatPhrase(seed);
  return {
    fr: `${seed.name} : service ${level.fr} ${mission.fr}, ${seat.fr}. Les usagers s'y adressent notamment pour ${first.fr} ou ${second.fr}.`,
    en: `${seed.name}: a ${level.en} service ${mission.en}, ${seat.en}. Users mainly turn to it for ${first.en} or ${second.en}.`,
  };
}

const SCORE_DETAIL_LABELS: Readonly<Record<ScoreDetail['key'], Localized>> = {
  responsiveness: { fr: 'Réactivité', en: 'Responsiveness' },
  resolution: { fr: 'Résolution des problèmes', en: 'Problem resolution' },
  transparency: { fr: 'Transparence', en: 'Transparency' },
  accessibility: { fr: 'Accessibilité', en: 'Accessibility' },
};

const INDICATOR_LABELS: Readonly<Record<AdministrationIndicator['key'], Localized>> = {
  reports: { fr: 'Signalements reçus', en: 'Reports received' },
  resolved: { fr: 'Signalements résolus', en: 'Reports resolved' },
  pending: { fr: 'Signalements en cours', en: 'Open reports' },
  medianDelayDays: { fr: 'Délai médian de réponse', en: 'Median response time' },
  satisfaction: { fr: 'Satisfaction des usagers', en: 'User satisfaction' },
};

// ---------------------------------------------------------------------------
// Administrations: records and metrics

export interface ScoreDetailRecord {
  key: ScoreDetail['key'];
  label: Localized;
  score: number;
}

export interface IndicatorRecord {
  key: AdministrationIndicator['key'];
  label: Localized;
  value: number;
  unit: AdministrationIndicator['unit'];
}

export interface AdministrationRecord {
  slug: string;
  name: string;
  sector: Sector;
  level: Level;
  region: RegionCode;
  seat: string;
  description: Localized;
  score: number;
  responseRate: number;
  avgDelayDays: number;
  /** Rank in the whole ranking, from 1, shared by equal scores (graphics/places.ts). */
  rank: number;
  /** Whether another administration has the same score, so the same rank. */
  rankShared: boolean;
  scoreDetails: ScoreDetailRecord[];
  indicators: IndicatorRecord[];
  updatedAt: string;
}

/** An administration before its reports are known (no indicators, no rank yet). */
type AdministrationDraft = Omit<AdministrationRecord, 'indicators' | 'rank' | 'rankShared'> & {
  satisfaction: number;
};

/** The overall score: the weighted mean of the details, rounded to an integer. */
export function scoreFromDetails(details: readonly { key: ScoreDetail['key']; score: number }[]): number {
  return Math.round(details.reduce((sum, detail) => sum + detail.score * SCORE_WEIGHTS[detail.key], 0));
}

function draftAdministration(seed: AdministrationSeed, slug: string, random: Random): AdministrationDraft {
  const quality = random.float(0.2, 0.92);
  const detailScore = (): number => clamp(Math.round(quality * 100 + random.float(-15, 15)), 3, 99);
  const scoreDetails = (Object.keys(SCORE_WEIGHTS) as ScoreDetail['key'][]).map((key) => ({
    key,
    label: SCORE_DETAIL_LABELS[key],
    score: detailScore(),
  }));
  const detail = (key: ScoreDetail['key']): number =>
    (scoreDetails.find((d) => d.key === key) as ScoreDetailRecord).score;
  const responsiveness = detail('responsiveness');
  return {
    ...seed,
    slug,
    description: administrationDescription(seed),
    score: scoreFromDetails(scoreDetails),
    responseRate: clamp(Math.round(responsiveness * 0.85 + random.float(0, 15)), 0, 100),
    avgDelayDays: round1(1 + (100 - responsiveness) * 0.3 * random.float(0.8, 1.2)),
    scoreDetails,
    satisfaction: clamp(
      Math.round((detail('resolution') + detail('accessibility')) / 2 + random.float(-8, 8)),
      0,
      100,
    ),
    updatedAt: UPDATED_AT,
  };
}

const daysBetween = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / DAY;

function administrationIndicators(
  draft: AdministrationDraft,
  reports: readonly ReportRecord[],
): IndicatorRecord[] {
  const delays = reports.flatMap((report) =>
    report.officialResponse ? [daysBetween(report.submittedAt, report.officialResponse.date)] : [],
  );
  const indicator = (
    key: IndicatorRecord['key'],
    value: number,
    unit: IndicatorRecord['unit'],
  ): IndicatorRecord => ({ key, label: INDICATOR_LABELS[key], value, unit });
  return [
    indicator('reports', reports.length, 'count'),
    indicator('resolved', reports.filter((r) => r.status === 'resolved').length, 'count'),
    indicator('pending', reports.filter((r) => OPEN_STATUSES.includes(r.status)).length, 'count'),
    indicator('medianDelayDays', delays.length > 0 ? round1(median(delays)) : draft.avgDelayDays, 'days'),
    indicator('satisfaction', draft.satisfaction, 'percent'),
  ];
}

/** The ranking order: score desc, then responseRate desc, then name (French collation), then slug. */
export function compareRanking(
  a: Pick<AdministrationRecord, 'score' | 'responseRate' | 'name' | 'slug'>,
  b: Pick<AdministrationRecord, 'score' | 'responseRate' | 'name' | 'slug'>,
): number {
  return (
    b.score - a.score ||
    b.responseRate - a.responseRate ||
    a.name.localeCompare(b.name, 'fr') ||
    (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0)
  );
}

// ---------------------------------------------------------------------------
// Citizen reports

export interface TimelineEventRecord {
  date: string;
  status: ReportStatus;
  label: Localized;
}

export interface OfficialResponseRecord {
  date: string;
  author: string;
  text: Localized;
}

export interface ReportRecord {
  slug: string;
  title: Localized;
  description: Localized;
  category: ReportCategory;
  region: RegionCode;
  status: ReportStatus;
  administration: AdministrationRef;
  submittedAt: string;
  timeline: TimelineEventRecord[];
  officialResponse: OfficialResponseRecord | null;
}

export const REPORT_COUNT = 640;
/** Long enough to keep the place, which ends every title. */
export const REPORT_SLUG_LENGTH = 90;

/** Categories plausible for each sector (billing only where there is a bill). */
const SECTOR_CATEGORIES: Readonly<Record<Sector, readonly ReportCategory[]>> = {
  health: ['delay', 'corruption', 'reception', 'service-outage', 'infrastructure', 'other'],
  education: ['delay', 'corruption', 'reception', 'documents', 'infrastructure', 'other'],
  'civil-registry': ['delay', 'corruption', 'reception', 'documents', 'other'],
  justice: ['delay', 'corruption', 'reception', 'documents', 'other'],
  water: ['delay', 'reception', 'service-outage', 'infrastructure', 'billing', 'other'],
  energy: ['delay', 'corruption', 'reception', 'service-outage', 'billing', 'other'],
  transport: ['delay', 'corruption', 'reception', 'documents', 'infrastructure', 'other'],
  finance: ['delay', 'corruption', 'reception', 'documents', 'billing', 'other'],
  agriculture: ['delay', 'corruption', 'reception', 'infrastructure', 'other'],
  environment: ['delay', 'reception', 'service-outage', 'infrastructure', 'other'],
  security: ['delay', 'corruption', 'reception', 'documents', 'other'],
  land: ['delay', 'corruption', 'reception', 'documents', 'billing', 'other'],
};

interface ReportContext {
  service: Localized;
  place: string;
  administration: string;
  /** A small count (days or months) that makes the text concrete. */
  count: number;
  date: Localized;
}

type ReportText = (ctx: ReportContext) => Localized;

const REPORT_TITLES: Readonly<Record<ReportCategory, ReportText>> = {
  delay: ({ service, place, count }) => ({
    fr: `${count} jours d'attente pour ${service.fr} à ${place}`,
    en: `${count}-day wait for ${service.en} in ${place}`,
  }),
  corruption: ({ service, place }) => ({
    fr: `Paiement informel exigé pour ${service.fr} à ${place}`,
    en: `Informal payment demanded for ${service.en} in ${place}`,
  }),
  reception: ({ service, place }) => ({
    fr: `Accueil discourtois au guichet pour ${service.fr} à ${place}`,
    en: `Discourteous treatment at the counter for ${service.en} in ${place}`,
  }),
  'service-outage': ({ service, place, count }) => ({
    fr: `Service interrompu depuis ${count} jours pour ${service.fr} à ${place}`,
    en: `Service down for ${count} days for ${service.en} in ${place}`,
  }),
  documents: ({ service, place }) => ({
    fr: `Dossier égaré lors d'une demande pour ${service.fr} à ${place}`,
    en: `File lost during an application for ${service.en} in ${place}`,
  }),
  infrastructure: ({ place, count }) => ({
    fr: `Locaux délabrés et inaccessibles depuis ${count} mois à ${place}`,
    en: `Premises run-down and inaccessible for ${count} months in ${place}`,
  }),
  billing: ({ service, place }) => ({
    fr: `Facturation anormale pour ${service.fr} à ${place}`,
    en: `Abnormal billing for ${service.en} in ${place}`,
  }),
  other: ({ service, place }) => ({
    fr: `Aucune information disponible sur ${service.fr} à ${place}`,
    en: `No information available about ${service.en} in ${place}`,
  }),
};

const REPORT_PROBLEMS: Readonly<Record<ReportCategory, ReportText>> = {
  delay: ({ service, count }) => ({
    fr: `Ma demande pour ${service.fr} est en attente depuis ${count} jours, sans aucune explication.`,
    en: `My request for ${service.en} has been pending for ${count} days without any explanation.`,
  }),
  corruption: ({ service }) => ({
    fr: `Un agent m'a demandé de l'argent sans reçu pour accélérer ma demande pour ${service.fr}.`,
    en: `An officer asked me for money without a receipt to speed up my request for ${service.en}.`,
  }),
  reception: () => ({
    fr: "J'ai attendu toute la matinée avant d'être renvoyé sans explication par le personnel d'accueil.",
    en: 'I waited all morning before being sent away by the reception staff without any explanation.',
  }),
  'service-outage': ({ service, count }) => ({
    fr: `Depuis ${count} jours, plus rien ne fonctionne pour ${service.fr} dans notre quartier.`,
    en: `For ${count} days nothing has worked for ${service.en} in our neighbourhood.`,
  }),
  documents: ({ service }) => ({
    fr: `Les pièces déposées pour ${service.fr} ont été perdues et l'on me demande de tout recommencer.`,
    en: `The documents I submitted for ${service.en} were lost and I am asked to start all over again.`,
  }),
  infrastructure: ({ count }) => ({
    fr: `Le toit fuit, il n'y a ni rampe d'accès ni sièges dans la salle d'attente, et cela dure depuis ${count} mois.`,
    en: `The roof leaks, there is neither an access ramp nor seating in the waiting room, and this has lasted ${count} months.`,
  }),
  billing: ({ service }) => ({
    fr: `Le montant réclamé pour ${service.fr} est trois fois supérieur à celui des mois précédents.`,
    en: `The amount charged for ${service.en} is three times higher than in previous months.`,
  }),
  other: ({ service }) => ({
    fr: `Ni les horaires ni les pièces à fournir pour ${service.fr} ne sont affichés ou publiés.`,
    en: `Neither the opening hours nor the documents required for ${service.en} are displayed or published.`,
  }),
};

const REPORT_OPENINGS: readonly ReportText[] = [
  ({ date, administration }) => ({
    fr: `Je me suis présenté le ${date.fr} (${administration}).`,
    en: `I went there on ${date.en} (${administration}).`,
  }),
  ({ administration }) => ({
    fr: `Administration concernée : ${administration}.`,
    en: `Administration concerned: ${administration}.`,
  }),
  ({ date }) => ({
    fr: `Le problème a commencé le ${date.fr}.`,
    en: `The problem started on ${date.en}.`,
  }),
];

const REPORT_CLOSINGS: readonly Localized[] = [
  { fr: "Je demande qu'une suite soit donnée rapidement.", en: 'I ask for a prompt follow-up.' },
  {
    fr: "D'autres usagers sont dans la même situation.",
    en: 'Other users are in the same situation.',
  },
  {
    fr: 'Merci de transmettre ce signalement au service concerné.',
    en: 'Please forward this report to the department concerned.',
  },
];

const RESPONSE_OPENINGS: readonly Localized[] = [
  {
    fr: 'Nous accusons réception de votre signalement et vous remercions de votre vigilance.',
    en: 'We acknowledge receipt of your report and thank you for your vigilance.',
  },
  {
    fr: 'Votre signalement a été examiné par nos services.',
    en: 'Your report has been examined by our departments.',
  },
];

const RESPONSE_ACTIONS: Readonly<Record<ReportCategory, Localized>> = {
  delay: {
    fr: 'Votre dossier a été traité en priorité et peut être retiré au guichet.',
    en: 'Your file has been processed as a priority and can be collected at the counter.',
  },
  corruption: {
    fr: "Une enquête interne a été ouverte et l'agent concerné a été suspendu à titre conservatoire.",
    en: 'An internal investigation has been opened and the officer concerned has been suspended as a precaution.',
  },
  reception: {
    fr: "Le personnel d'accueil a été rappelé aux règles de courtoisie et un registre des réclamations est désormais disponible.",
    en: 'Reception staff have been reminded of the rules of courtesy and a complaints register is now available.',
  },
  'service-outage': {
    fr: "Le service a été rétabli après l'intervention d'une équipe technique.",
    en: 'The service has been restored after a technical team intervened.',
  },
  documents: {
    fr: "Le dossier a été retrouvé ; il n'est pas nécessaire de déposer une nouvelle demande.",
    en: 'The file has been found; there is no need to submit a new application.',
  },
  infrastructure: {
    fr: "Des travaux de réhabilitation sont inscrits au budget de l'année en cours.",
    en: "Renovation work has been included in this year's budget.",
  },
  billing: {
    fr: 'Après vérification du compteur, la facture a été corrigée et le trop-perçu sera déduit de la prochaine échéance.',
    en: 'After the meter was checked, the bill has been corrected and the overpayment will be deducted from the next one.',
  },
  other: {
    fr: "Les informations demandées sont désormais affichées à l'entrée du service et publiées en ligne.",
    en: 'The information requested is now displayed at the entrance and published online.',
  },
};

export const RECEIVED_LABEL: Localized = { fr: 'Signalement reçu', en: 'Report received' };

const TIMELINE_LABELS: Readonly<Record<Exclude<ReportStatus, 'rejected'>, (admin: string) => Localized>> = {
  received: () => RECEIVED_LABEL,
  'under-review': () => ({
    fr: "Examen par l'équipe de modération",
    en: 'Review by the moderation team',
  }),
  forwarded: (admin) => ({
    fr: `Transmis à l'administration concernée : ${admin}`,
    en: `Forwarded to the administration concerned: ${admin}`,
  }),
  answered: () => ({ fr: 'Réponse officielle publiée', en: 'Official response published' }),
  resolved: () => ({
    fr: "Résolution confirmée par l'auteur du signalement",
    en: 'Resolution confirmed by the author of the report',
  }),
};

const REOPENED_LABEL = (admin: string): Localized => ({
  fr: `Réponse jugée insuffisante : signalement transmis de nouveau à ${admin}`,
  en: `Response deemed insufficient: report forwarded again to ${admin}`,
});

const REJECTION_LABELS: readonly Localized[] = [
  {
    fr: "Rejeté : doublon d'un signalement existant",
    en: 'Rejected: duplicate of an existing report',
  },
  {
    fr: 'Rejeté : informations insuffisantes pour instruire le signalement',
    en: 'Rejected: not enough information to process the report',
  },
  {
    fr: 'Rejeté : hors du champ de la plateforme',
    en: 'Rejected: outside the scope of the platform',
  },
];

/**
 * The paths a report may have taken to reach its status, following the
 * transitions of types.ts (each step is one event of the timeline).
 */
const STATUS_PATHS = {
  received: ['received'],
  'under-review': ['received', 'under-review'],
  rejected: ['received', 'under-review', 'rejected'],
  forwarded: ['received', 'under-review', 'forwarded'],
  reopened: ['received', 'under-review', 'forwarded', 'answered', 'forwarded'],
  answered: ['received', 'under-review', 'forwarded', 'answered'],
  resolved: ['received', 'under-review', 'forwarded', 'answered', 'resolved'],
} as const satisfies Record<string, readonly ReportStatus[]>;
type ReportPath = keyof typeof STATUS_PATHS;

/** The allowed transitions between statuses (see types.ts). */
export const STATUS_TRANSITIONS: Readonly<Record<ReportStatus, readonly ReportStatus[]>> = {
  received: ['under-review'],
  'under-review': ['forwarded', 'rejected'],
  forwarded: ['answered'],
  answered: ['resolved', 'forwarded'],
  resolved: [],
  rejected: [],
};

function choosePath(ageDays: number, responseRate: number, random: Random): ReportPath {
  if (ageDays < 5) return random.chance(0.6) ? 'received' : 'under-review';
  if (ageDays < 15) {
    return random.weighted<ReportPath>([
      ['received', 1],
      ['under-review', 3],
      ['forwarded', 4],
      ['rejected', 0.5],
      ['answered', 1.5],
    ]);
  }
  const path = random.weighted<ReportPath>([
    ['under-review', 0.2],
    ['rejected', 0.8],
    ['forwarded', 1],
    ['reopened', 0.5],
    ['answered', 2.5],
    ['resolved', 5],
  ]);
  const answeredPath = path === 'answered' || path === 'resolved';
  return answeredPath && !random.chance(responseRate / 100 + 0.3) ? 'forwarded' : path;
}

/** Days spent before entering `status` (the step from the previous one). */
function stepDays(
  status: ReportStatus,
  previous: ReportStatus,
  avgDelayDays: number,
  random: Random,
): number {
  if (status === 'under-review') return random.float(0.1, 2);
  if (status === 'rejected' || (status === 'forwarded' && previous === 'under-review')) {
    return random.float(0.5, 4);
  }
  if (status === 'forwarded') return random.float(2, 20);
  if (status === 'answered') return avgDelayDays * random.float(0.5, 1.5);
  return random.float(3, 30);
}

/** Event times after `submittedAt`, squeezed to end before the epoch when needed. */
function eventTimes(
  submittedAt: number,
  statuses: readonly ReportStatus[],
  avgDelayDays: number,
  random: Random,
): number[] {
  const steps = statuses.map((status, index) =>
    index === 0 ? 0 : stepDays(status, statuses[index - 1] as ReportStatus, avgDelayDays, random) * DAY,
  );
  const total = steps.reduce((sum, step) => sum + step, 0);
  const room = DATA_EPOCH - HOUR - submittedAt;
  const factor = total > room ? room / total : 1;
  let time = submittedAt;
  return steps.map((step, index) => {
    time = index === 0 ? submittedAt : Math.max(time + 60_000, roundToMinute(time + step * factor));
    return time;
  });
}

function timelineEvents(
  statuses: readonly ReportStatus[],
  times: readonly number[],
  admin: AdministrationRecordLike,
  random: Random,
): TimelineEventRecord[] {
  return statuses.map((status, index) => {
    const reopened = status === 'forwarded' && statuses[index - 1] === 'answered';
    const label =
      status === 'rejected'
        ? random.pick(REJECTION_LABELS)
        : reopened
          ? REOPENED_LABEL(admin.name)
          : TIMELINE_LABELS[status](admin.name);
    return { date: iso(times[index] as number), status, label };
  });
}

type AdministrationRecordLike = Pick<
  AdministrationDraft,
  'slug' | 'name' | 'sector' | 'level' | 'region' | 'seat' | 'responseRate' | 'avgDelayDays'
>;

function reportPlace(admin: AdministrationRecordLike, region: RegionCode): string {
  return admin.level === 'national' ? regionInfo(region).capital : admin.seat;
}

function reportRegion(admin: AdministrationRecordLike, random: Random): RegionCode {
  if (admin.level !== 'national') return admin.region;
  return random.weighted(REGIONS.map((region) => [region.code, region.population] as const));
}

function generateReport(
  admin: AdministrationRecordLike,
  takenSlugs: Set<string>,
  random: Random,
): ReportRecord {
  const region = reportRegion(admin, random);
  const category = random.pick(SECTOR_CATEGORIES[admin.sector]);
  const submitted = roundToMinute(random.float(FIRST_DATE, DATA_EPOCH - 2 * HOUR));
  const context: ReportContext = {
    service: random.pick(SECTOR_SERVICES[admin.sector]),
    place: reportPlace(admin, region),
    administration: admin.name,
    count: random.int(3, 45),
    date: longDate(submitted - random.int(1, 20) * DAY),
  };
  const title = REPORT_TITLES[category](context);
  const problem = REPORT_PROBLEMS[category](context);
  const opening = random.pick(REPORT_OPENINGS)(context);
  const closing = random.pick(REPORT_CLOSINGS);
  const path = choosePath((DATA_EPOCH - submitted) / DAY, admin.responseRate, random);
  const statuses = STATUS_PATHS[path];
  const times = eventTimes(submitted, statuses, admin.avgDelayDays, random);
  const timeline = timelineEvents(statuses, times, admin, random);
  const answered = timeline.find((event) => event.status === 'answered');
  const responseOpening = random.pick(RESPONSE_OPENINGS);
  return {
    slug: uniqueSlug(slugify(title.fr, REPORT_SLUG_LENGTH), takenSlugs),
    title,
    description: {
      fr: `${opening.fr} ${problem.fr} ${closing.fr}`,
      en: `${opening.en} ${problem.en} ${closing.en}`,
    },
    category,
    region,
    status: statuses[statuses.length - 1] as ReportStatus,
    administration: { slug: admin.slug, name: admin.name },
    submittedAt: iso(submitted),
    timeline,
    officialResponse: answered
      ? {
          date: answered.date,
          author: admin.name,
          text: {
            fr: `${responseOpening.fr} ${RESPONSE_ACTIONS[category].fr}`,
            en: `${responseOpening.en} ${RESPONSE_ACTIONS[category].en}`,
          },
        }
      : null,
  };
}

/** Newest first; ties broken by slug. */
export function compareNewest<T extends { slug: string }>(date: (item: T) => string) {
  return (a: T, b: T): number =>
    date(b).localeCompare(date(a)) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

/** The record of a report submitted through POST /khountous. */
export function submittedReportRecord(
  submission: ReportSubmission,
  administration: AdministrationRef,
  slug: string,
  submittedAt: string,
): ReportRecord {
  const asWritten = (text: string): Localized => ({ fr: text, en: text });
  return {
    slug,
    title: asWritten(submission.title.trim()),
    description: asWritten(submission.description.trim()),
    category: submission.category,
    region: submission.region,
    status: 'received',
    administration,
    submittedAt,
    timeline: [{ date: submittedAt, status: 'received', label: RECEIVED_LABEL }],
    officialResponse: null,
  };
}

// ---------------------------------------------------------------------------
// Fact-checks

export interface FactCheckRecord {
  slug: string;
  claim: Localized;
  verdict: Verdict;
  evidenceLevel: EvidenceLevel;
  summary: Localized;
  publishedAt: string;
  sources: FactCheckSource[];
}

export const FACT_CHECK_COUNT = 48;

interface ClaimContext {
  region: RegionInfo;
  other: RegionInfo;
  year: number;
  number: number;
}

interface ClaimTemplate {
  numbers: readonly [number, number];
  claim: (ctx: ClaimContext) => Localized;
  source: (ctx: ClaimContext) => FactCheckSource;
}

const CLAIM_TEMPLATES: readonly ClaimTemplate[] = [
  {
    numbers: [35, 90],
    claim: ({ region, number }) => ({
      fr: `${number} % des ménages de la région ${de(region.name)} ont l'eau potable à domicile.`,
      en: `${number}% of households in the ${region.name} region have drinking water at home.`,
    }),
    source: ({ region }) => ({
      title: 'ANSD – Enquête démographique et de santé continue',
      url: `https://www.ansd.sn/enquetes/eds-continue/${region.code}`,
    }),
  },
  {
    numbers: [10, 60],
    claim: ({ region, number, year }) => ({
      fr: `Les coupures d'électricité ont baissé de ${number} % à ${region.capital} en ${year}.`,
      en: `Power cuts in ${region.capital} fell by ${number}% in ${year}.`,
    }),
    source: ({ year }) => ({
      title: 'SENELEC – Rapport annuel sur la qualité de service',
      url: `https://www.senelec.sn/rapports/qualite-de-service-${year}`,
    }),
  },
  {
    numbers: [5, 40],
    claim: ({ region, number }) => ({
      fr: `Obtenir un extrait de naissance à ${region.capital} prend plus de ${number} jours.`,
      en: `Getting a birth certificate in ${region.capital} takes more than ${number} days.`,
    }),
    source: ({ region }) => ({
      title: "Direction de l'automatisation des fichiers – Délais de délivrance",
      url: `https://www.interieur.gouv.sn/etat-civil/delais/${region.code}`,
    }),
  },
  {
    numbers: [3, 25],
    claim: ({ region, number }) => ({
      fr: `L'hôpital régional ${de(region.capital)} ne compte que ${number} médecins spécialistes.`,
      en: `The regional hospital in ${region.capital} has only ${number} specialist doctors.`,
    }),
    source: ({ region }) => ({
      title: "Ministère de la Santé et de l'Action sociale – Carte sanitaire",
      url: `https://www.sante.gouv.sn/carte-sanitaire/${region.code}`,
    }),
  },
  {
    numbers: [40, 400],
    claim: ({ region, number }) => ({
      fr: `Plus de ${number} écoles élémentaires de la région ${de(region.name)} n'ont pas l'électricité.`,
      en: `More than ${number} primary schools in the ${region.name} region have no electricity.`,
    }),
    source: ({ region }) => ({
      title: "Ministère de l'Éducation nationale – Annuaire statistique",
      url: `https://www.education.sn/statistiques/annuaire/${region.code}`,
    }),
  },
  {
    numbers: [30, 95],
    claim: ({ region, number, year }) => ({
      fr: `Le budget d'investissement de la région ${de(region.name)} n'a été exécuté qu'à ${number} % en ${year}.`,
      en: `Only ${number}% of the ${region.name} region's investment budget was spent in ${year}.`,
    }),
    source: ({ year }) => ({
      title: "Ministère des Finances et du Budget – Rapport trimestriel d'exécution",
      url: `https://www.finances.gouv.sn/execution-budgetaire/${year}`,
    }),
  },
  {
    numbers: [0, 0],
    claim: ({ region, other, year }) => ({
      fr: `La route entre ${region.capital} et ${other.capital} a été entièrement réhabilitée en ${year}.`,
      en: `The road between ${region.capital} and ${other.capital} was fully rehabilitated in ${year}.`,
    }),
    source: ({ region }) => ({
      title: 'AGEROUTE – Suivi des projets routiers',
      url: `https://www.ageroute.sn/projets/${region.code}`,
    }),
  },
  {
    numbers: [200, 2000],
    claim: ({ region, number }) => ({
      fr: `La légalisation d'un document coûte ${number} francs CFA à la mairie ${de(region.capital)}.`,
      en: `Certifying a document costs ${number} CFA francs at the ${region.capital} town hall.`,
    }),
    source: ({ year }) => ({
      title: 'Journal officiel – Tarifs des actes administratifs',
      url: `https://www.jo.gouv.sn/tarifs-actes-administratifs-${year}`,
    }),
  },
];

const VERDICT_SUMMARIES: Readonly<Record<Verdict, Localized>> = {
  true: {
    fr: 'Les chiffres publiés par la source officielle confirment cette affirmation.',
    en: 'Figures published by the official source confirm this claim.',
  },
  'mostly-true': {
    fr: "L'ordre de grandeur est exact, mais la source officielle donne un chiffre légèrement différent.",
    en: 'The order of magnitude is right, but the official source gives a slightly different figure.',
  },
  misleading: {
    fr: "Le chiffre est exact mais sorti de son contexte : il ne porte que sur une partie de la région ou de l'année.",
    en: 'The figure is accurate but taken out of context: it covers only part of the region or of the year.',
  },
  false: {
    fr: 'Les données officielles contredisent cette affirmation.',
    en: 'Official data contradict this claim.',
  },
  unverifiable: {
    fr: 'Aucune donnée publique ne permet, à ce jour, de vérifier cette affirmation.',
    en: 'No public data make it possible to verify this claim at this time.',
  },
};

const EVIDENCE_SENTENCES: Readonly<Record<EvidenceLevel, Localized>> = {
  strong: {
    fr: 'Plusieurs documents officiels concordants ont été consultés.',
    en: 'Several consistent official documents were consulted.',
  },
  moderate: {
    fr: 'Un document officiel a été consulté et recoupé avec des témoignages.',
    en: 'One official document was consulted and cross-checked with testimonies.',
  },
  weak: {
    fr: "Les éléments disponibles sont partiels et n'ont pas pu être recoupés.",
    en: 'The available evidence is partial and could not be cross-checked.',
  },
};

const SECOND_SOURCE = (region: RegionInfo): FactCheckSource => ({
  title: 'ANSD – Situation économique et sociale régionale',
  url: `https://www.ansd.sn/ses-regionale/${region.code}`,
});

function generateFactCheck(index: number, takenSlugs: Set<string>, random: Random): FactCheckRecord {
  const template = CLAIM_TEMPLATES[index % CLAIM_TEMPLATES.length] as ClaimTemplate;
  const region = REGIONS[(index * 5) % REGIONS.length] as RegionInfo;
  const other = REGIONS[(index * 5 + 3) % REGIONS.length] as RegionInfo;
  const publishedAt = roundToMinute(random.float(FIRST_DATE, DATA_EPOCH - DAY));
  const context: ClaimContext = {
    region,
    other,
    year: new Date(publishedAt).getUTCFullYear() - 1,
    number: random.int(...template.numbers),
  };
  const verdict = random.weighted<Verdict>([
    ['true', 3],
    ['mostly-true', 3],
    ['misleading', 3],
    ['false', 3],
    ['unverifiable', 1.5],
  ]);
  const evidenceLevel: EvidenceLevel =
    verdict === 'unverifiable' ? 'weak' : random.pick(['strong', 'strong', 'moderate', 'weak']);
  const claim = template.claim(context);
  const sources = [template.source(context)];
  if (evidenceLevel === 'strong') sources.push(SECOND_SOURCE(region));
  return {
    slug: uniqueSlug(slugify(claim.fr), takenSlugs),
    claim,
    verdict,
    evidenceLevel,
    summary: {
      fr: `${VERDICT_SUMMARIES[verdict].fr} ${EVIDENCE_SENTENCES[evidenceLevel].fr}`,
      en: `${VERDICT_SUMMARIES[verdict].en} ${EVIDENCE_SENTENCES[evidenceLevel].en}`,
    },
    publishedAt: iso(publishedAt),
    sources,
  };
}

// ---------------------------------------------------------------------------
// Regions: indicators

/**
 * Region indicators: averageScore, responseRate and avgDelayDays are means
 * over the administrations seated in the region; resolutionRate is the share
 * of the region's non-rejected reports that are resolved; reportsPer100k is
 * the region's report count per 100,000 inhabitants.
 */
function regionStats(
  region: RegionInfo,
  administrations: readonly AdministrationRecord[],
  reports: readonly ReportRecord[],
): RegionStats {
  const admins = administrations.filter((admin) => admin.region === region.code);
  const regionReports = reports.filter((report) => report.region === region.code);
  const considered = regionReports.filter((report) => report.status !== 'rejected');
  const resolved = considered.filter((report) => report.status === 'resolved');
  return {
    code: region.code,
    name: region.name,
    capital: region.capital,
    population: region.population,
    administrationCount: admins.length,
    reportCount: regionReports.length,
    indicators: {
      averageScore: Math.round(mean(admins.map((admin) => admin.score))),
      responseRate: Math.round(mean(admins.map((admin) => admin.responseRate))),
      avgDelayDays: round1(mean(admins.map((admin) => admin.avgDelayDays))),
      resolutionRate: considered.length === 0 ? 0 : Math.round((100 * resolved.length) / considered.length),
      reportsPer100k: round1((regionReports.length * 100_000) / region.population),
    },
  };
}

// ---------------------------------------------------------------------------
// Datasets

type Row = Record<string, DatasetCell>;

function column(key: string, fr: string, en: string, type: DatasetColumn['type'] = 'string'): DatasetColumn {
  return { key, label: { fr, en }, type };
}

interface DatasetSource {
  administrations: readonly AdministrationRecord[];
  reports: readonly ReportRecord[];
  factChecks: readonly FactCheckRecord[];
  regions: readonly RegionStats[];
  random: Random;
}

interface DatasetDefinition {
  id: string;
  title: Localized;
  description: Localized;
  columns: DatasetColumn[];
  rows: (source: DatasetSource) => Row[];
}

export const DATASET_LICENSE = 'CC-BY-4.0';

const detailScore = (admin: AdministrationRecord, key: ScoreDetail['key']): number =>
  (admin.scoreDetails.find((detail) => detail.key === key) as ScoreDetailRecord).score;

/** Months from 2025-01 to the month before the epoch, as `YYYY-MM`. */
function snapshotMonths(): string[] {
  const months: string[] = [];
  for (let time = FIRST_DATE; time < DATA_EPOCH;) {
    const date = new Date(time);
    months.push(date.toISOString().slice(0, 7));
    time = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  }
  return months;
}

const DATASET_DEFINITIONS: readonly DatasetDefinition[] = [
  {
    id: 'administration-scores',
    title: { fr: 'Scores des administrations', en: 'Administration scores' },
    description: {
      fr: 'Classement de toutes les administrations suivies, avec le détail du score, le taux de réponse et le délai moyen.',
      en: 'Ranking of every administration followed, with the score details, response rate and average delay.',
    },
    columns: [
      column('rank', 'Rang', 'Rank', 'number'),
      column('slug', 'Identifiant', 'Identifier'),
      column('name', 'Nom', 'Name'),
      column('sector', 'Secteur', 'Sector'),
      column('level', 'Niveau', 'Level'),
      column('region', 'Région', 'Region'),
      column('score', 'Score (sur 100)', 'Score (out of 100)', 'number'),
      column('responsiveness', 'Réactivité', 'Responsiveness', 'number'),
      column('resolution', 'Résolution', 'Resolution', 'number'),
      column('transparency', 'Transparence', 'Transparency', 'number'),
      column('accessibility', 'Accessibilité', 'Accessibility', 'number'),
      column('responseRate', 'Taux de réponse (%)', 'Response rate (%)', 'number'),
      column('avgDelayDays', 'Délai moyen (jours)', 'Average delay (days)', 'number'),
      column('updatedAt', 'Mis à jour le', 'Updated at', 'date'),
    ],
    rows: ({ administrations }) =>
      administrations.map((admin) => ({
        rank: admin.rank,
        slug: admin.slug,
        name: admin.name,
        sector: admin.sector,
        level: admin.level,
        region: admin.region,
        score: admin.score,
        responsiveness: detailScore(admin, 'responsiveness'),
        resolution: detailScore(admin, 'resolution'),
        transparency: detailScore(admin, 'transparency'),
        accessibility: detailScore(admin, 'accessibility'),
        responseRate: admin.responseRate,
        avgDelayDays: admin.avgDelayDays,
        updatedAt: admin.updatedAt,
      })),
  },
  {
    id: 'citizen-reports',
    title: { fr: 'Signalements citoyens', en: 'Citizen reports' },
    description: {
      fr: 'Tous les signalements publiés, du plus récent au plus ancien, avec leur statut et la date de la réponse officielle.',
      en: 'Every published report, newest first, with its status and the date of the official response.',
    },
    columns: [
      column('slug', 'Identifiant', 'Identifier'),
      column('submittedAt', 'Déposé le', 'Submitted at', 'date'),
      column('category', 'Catégorie', 'Category'),
      column('region', 'Région', 'Region'),
      column('status', 'Statut', 'Status'),
      column('administration', 'Administration', 'Administration'),
      column('titleFr', 'Titre (français)', 'Title (French)'),
      column('titleEn', 'Titre (anglais)', 'Title (English)'),
      column('officialResponseAt', 'Réponse officielle le', 'Official response at', 'date'),
    ],
    rows: ({ reports }) =>
      reports.map((report) => ({
        slug: report.slug,
        submittedAt: report.submittedAt,
        category: report.category,
        region: report.region,
        status: report.status,
        administration: report.administration.slug,
        titleFr: report.title.fr,
        titleEn: report.title.en,
        officialResponseAt: report.officialResponse?.date ?? null,
      })),
  },
  {
    id: 'regional-indicators',
    title: { fr: 'Indicateurs régionaux', en: 'Regional indicators' },
    description: {
      fr: 'Les indicateurs des 14 régions, calculés à partir des administrations et des signalements de chaque région.',
      en: "The indicators of the 14 regions, computed from each region's administrations and reports.",
    },
    columns: [
      column('code', 'Code', 'Code'),
      column('name', 'Région', 'Region'),
      column('capital', 'Chef-lieu', 'Capital'),
      column('population', 'Population', 'Population', 'number'),
      column('administrationCount', 'Administrations', 'Administrations', 'number'),
      column('reportCount', 'Signalements', 'Reports', 'number'),
      column('averageScore', 'Score moyen', 'Average score', 'number'),
      column('responseRate', 'Taux de réponse (%)', 'Response rate (%)', 'number'),
      column('avgDelayDays', 'Délai moyen (jours)', 'Average delay (days)', 'number'),
      column('resolutionRate', 'Taux de résolution (%)', 'Resolution rate (%)', 'number'),
      column('reportsPer100k', 'Signalements pour 100 000 hab.', 'Reports per 100,000 people', 'number'),
    ],
    rows: ({ regions }) =>
      regions.map(({ indicators, ...region }) => ({
        code: region.code,
        name: region.name,
        capital: region.capital,
        population: region.population,
        administrationCount: region.administrationCount,
        reportCount: region.reportCount,
        ...indicators,
      })),
  },
  {
    id: 'fact-checks',
    title: { fr: 'Vérifications des faits', en: 'Fact-checks' },
    description: {
      fr: 'Les affirmations vérifiées, avec leur verdict, le niveau de preuve et le nombre de sources.',
      en: 'The claims checked, with their verdict, evidence level and number of sources.',
    },
    columns: [
      column('slug', 'Identifiant', 'Identifier'),
      column('publishedAt', 'Publié le', 'Published at', 'date'),
      column('verdict', 'Verdict', 'Verdict'),
      column('evidenceLevel', 'Niveau de preuve', 'Evidence level'),
      column('claimFr', 'Affirmation (français)', 'Claim (French)'),
      column('claimEn', 'Affirmation (anglais)', 'Claim (English)'),
      column('sourceCount', 'Nombre de sources', 'Number of sources', 'number'),
    ],
    rows: ({ factChecks }) =>
      factChecks.map((check) => ({
        slug: check.slug,
        publishedAt: check.publishedAt,
        verdict: check.verdict,
        evidenceLevel: check.evidenceLevel,
        claimFr: check.claim.fr,
        claimEn: check.claim.en,
        sourceCount: check.sources.length,
      })),
  },
  {
    id: 'response-times',
    title: { fr: 'Délais de réponse par mois', en: 'Response times by month' },
    description: {
      fr: 'Pour chaque mois de dépôt : signalements reçus, réponses officielles, délai médian de réponse et résolutions.',
      en: 'For each month of submission: reports received, official responses, median response time and resolutions.',
    },
    columns: [
      column('month', 'Mois', 'Month', 'month'),
      column('submitted', 'Signalements déposés', 'Reports submitted', 'number'),
      column('answered', 'Réponses officielles', 'Official responses', 'number'),
      column('medianResponseDays', 'Délai médian (jours)', 'Median delay (days)', 'number'),
      column('resolved', 'Résolus', 'Resolved', 'number'),
    ],
    rows: ({ reports }) =>
      snapshotMonths().map((month) => {
        const ofMonth = reports.filter((report) => report.submittedAt.startsWith(month));
        const delays = ofMonth.flatMap((report) =>
          report.officialResponse ? [daysBetween(report.submittedAt, report.officialResponse.date)] : [],
        );
        return {
          month,
          submitted: ofMonth.length,
          answered: delays.length,
          medianResponseDays: delays.length > 0 ? round1(median(delays)) : null,
          resolved: ofMonth.filter((report) => report.status === 'resolved').length,
        };
      }),
  },
  {
    id: 'budget-execution',
    title: { fr: 'Exécution budgétaire régionale', en: 'Regional budget execution' },
    description: {
      fr: "Crédits d'investissement ouverts et exécutés par région, en millions de francs CFA (2026 : jusqu'à fin octobre).",
      en: 'Investment appropriations and spending by region, in millions of CFA francs (2026: up to the end of October).',
    },
    columns: [
      column('region', 'Région', 'Region'),
      column('year', 'Année', 'Year', 'number'),
      column('allocatedMillionsXof', 'Crédits ouverts (M FCFA)', 'Allocated (XOF millions)', 'number'),
      column('executedMillionsXof', 'Crédits exécutés (M FCFA)', 'Spent (XOF millions)', 'number'),
      column('executionRate', "Taux d'exécution (%)", 'Execution rate (%)', 'number'),
    ],
    rows: ({ regions, random }) =>
      [2025, 2026].flatMap((year) =>
        regions.map((region) => {
          const allocated = Math.round((region.population * random.float(9_000, 13_000)) / 1e6);
          const yearShare = year === 2026 ? 10 / 12 : 1;
          const rate = clamp(
            (0.35 + (region.indicators.averageScore / 100) * 0.55 + random.float(-0.08, 0.08)) * yearShare,
            0.05,
            1,
          );
          const executed = Math.round(allocated * rate);
          return {
            region: region.code,
            year,
            allocatedMillionsXof: allocated,
            executedMillionsXof: executed,
            executionRate: round1((100 * executed) / allocated),
          };
        }),
      ),
  },
];

function buildDatasets(source: DatasetSource): DatasetJson[] {
  return DATASET_DEFINITIONS.map((definition) => ({
    id: definition.id,
    title: definition.title,
    description: definition.description,
    license: DATASET_LICENSE,
    updatedAt: UPDATED_AT,
    columns: definition.columns,
    rows: definition.rows(source),
  }));
}

// ---------------------------------------------------------------------------
// The whole snapshot

export interface KhountousData {
  /** The 14 regions in REGION_CODES order. */
  regions: readonly RegionStats[];
  /** Ranked: best score first. */
  administrations: readonly AdministrationRecord[];
  /** Newest first. */
  reports: readonly ReportRecord[];
  /** Newest first. */
  factChecks: readonly FactCheckRecord[];
  datasets: readonly DatasetJson[];
}

function generateAdministrationDrafts(random: Random): AdministrationDraft[] {
  const taken = new Set<string>();
  return administrationSeeds().map((seed) =>
    draftAdministration(seed, uniqueSlug(slugify(seed.name, 80), taken), random),
  );
}

function generateReports(drafts: readonly AdministrationDraft[], random: Random): ReportRecord[] {
  const taken = new Set<string>();
  return Array.from({ length: REPORT_COUNT }, () => generateReport(random.pick(drafts), taken, random)).sort(
    compareNewest((report) => report.submittedAt),
  );
}

function rankAdministrations(
  drafts: readonly AdministrationDraft[],
  reports: readonly ReportRecord[],
): AdministrationRecord[] {
  const bySlug = new Map<string, ReportRecord[]>();
  for (const report of reports) {
    const slug = report.administration.slug;
    bySlug.set(slug, [...(bySlug.get(slug) ?? []), report]);
  }
  const ranked = drafts
    .map(({ satisfaction: _satisfaction, ...draft }, index) => ({
      ...draft,
      indicators: administrationIndicators(
        drafts[index] as AdministrationDraft,
        bySlug.get(draft.slug) ?? [],
      ),
    }))
    .sort(compareRanking);
  // Equal scores share a rank (1, 2, 2, 4), in the order of compareRanking.
  const places = placesOf(ranked.map((admin) => admin.score));
  return ranked.map((admin, index) => ({
    ...admin,
    rank: places[index]!.place,
    rankShared: places[index]!.shared,
  }));
}

/** Builds the whole snapshot from a seed; the same seed gives the same data. */
export function generateData(seed = DEFAULT_SEED): KhountousData {
  const drafts = generateAdministrationDrafts(new Random(seed));
  const reports = generateReports(drafts, new Random(seed + 1));
  const administrations = rankAdministrations(drafts, reports);
  const factCheckSlugs = new Set<string>();
  const factCheckRandom = new Random(seed + 2);
  const factChecks = Array.from({ length: FACT_CHECK_COUNT }, (_, index) =>
    generateFactCheck(index, factCheckSlugs, factCheckRandom),
  ).sort(compareNewest((check) => check.publishedAt));
  const regions = REGIONS.map((region) => regionStats(region, administrations, reports));
  const datasets = buildDatasets({
    administrations,
    reports,
    factChecks,
    regions,
    random: new Random(seed + 3),
  });
  return { regions, administrations, reports, factChecks, datasets };
}

let snapshot: KhountousData | undefined;

/** The snapshot of the default seed, built once per process. */
export function getData(): KhountousData {
  snapshot ??= generateData();
  return snapshot;
}

// ---------------------------------------------------------------------------
// Views: one language selected

export function administrationListItem(record: AdministrationRecord): AdministrationListItem {
  return {
    slug: record.slug,
    name: record.name,
    score: record.score,
    responseRate: record.responseRate,
    avgDelayDays: record.avgDelayDays,
  };
}

/** An administration's profile; `rankedCount` is the size of the whole ranking it has a place in. */
export function administrationView(
  record: AdministrationRecord,
  lang: Lang,
  rankedCount: number,
): Administration {
  return {
    ...administrationListItem(record),
    sector: record.sector,
    level: record.level,
    region: record.region,
    description: record.description[lang],
    rank: record.rank,
    rankShared: record.rankShared,
    rankedCount,
    scoreDetails: record.scoreDetails.map((detail) => ({ ...detail, label: detail.label[lang] })),
    indicators: record.indicators.map((indicator) => ({ ...indicator, label: indicator.label[lang] })),
    updatedAt: record.updatedAt,
  };
}

export function reportListItem(record: ReportRecord, lang: Lang): ReportListItem {
  return {
    slug: record.slug,
    title: record.title[lang],
    category: record.category,
    region: record.region,
    status: record.status,
    administration: record.administration,
    submittedAt: record.submittedAt,
    hasOfficialResponse: record.officialResponse !== null,
  };
}

export function reportView(record: ReportRecord, lang: Lang): Report {
  return {
    ...reportListItem(record, lang),
    description: record.description[lang],
    timeline: record.timeline.map((event) => ({ ...event, label: event.label[lang] })),
    officialResponse: record.officialResponse && {
      ...record.officialResponse,
      text: record.officialResponse.text[lang],
    },
  };
}

export function factCheckView(record: FactCheckRecord, lang: Lang): FactCheck {
  return { ...record, claim: record.claim[lang], summary: record.summary[lang] };
}
