import type { Translation } from './translation.js';

export const fr: Translation = {
  loading: 'Chargement…',
  empty: 'Aucune donnée à afficher.',
  retry: 'Réessayer',
  staleAsOf: (time) => `données de ${time}`,
  errorTitle: 'Données indisponibles',
  error: (kind, when) => {
    switch (kind) {
      case 'not-found':
        return 'Cette ressource est introuvable.';
      case 'quota':
        return when
          ? `Limite de requêtes atteinte : les données reviennent à ${when}.`
          : 'Limite de requêtes atteinte : réessayez plus tard.';
      case 'network':
        return 'Pas de connexion au service Khountous.';
      case 'server':
        return 'Le service Khountous rencontre un problème.';
      case 'invalid-response':
        return 'Le service a renvoyé des données illisibles.';
      case 'invalid-parameter':
      case 'bad-request':
        return 'Le widget est mal configuré.';
      case 'unauthorized':
      case 'forbidden':
        return 'Accès refusé par le service Khountous.';
      case 'aborted':
        return 'Chargement interrompu.';
    }
  },
  previous: 'Précédent',
  next: 'Suivant',
  pageOf: (page, pages) => `Page ${page} sur ${pages}`,
  pagingPaused: (time) => `Page suivante disponible à ${time}`,
  ranking: {
    caption: 'Classement des administrations',
    rank: 'Rang',
    name: 'Administration',
    score: 'Score',
    responseRate: 'Taux de réponse',
    avgDelay: 'Délai moyen',
    scoreOutOf: (score) => `Score ${score} sur 100`,
  },
  admin: {
    score: 'Score global',
    scoreDetails: 'Détail du score',
    indicators: 'Indicateurs',
    responseRate: 'Taux de réponse',
    avgDelay: 'Délai moyen',
    rank: (rank) => `${rank}${rank === '1' ? 'er' : 'e'} au classement`,
    updated: (date) => `Mis à jour le ${date}`,
  },
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
  regions: {
    caption: (indicator) => `${indicator} par région`,
    region: 'Région',
    population: 'Population',
    reports: 'Signalements',
    administrations: 'Administrations',
    showTable: 'Voir le tableau',
  },
  reports: {
    caption: 'Signalements citoyens',
    count: (count, formatted) => `${formatted} signalement${count > 1 ? 's' : ''}`,
    submitted: 'Date du signalement',
    hasResponse: 'Réponse officielle publiée',
    noResponse: 'Pas encore de réponse officielle',
  },
  factChecks: {
    caption: 'Vérifications des faits',
    count: (count, formatted) => `${formatted} vérification${count > 1 ? 's' : ''}`,
    claim: 'Affirmation vérifiée',
    verdict: 'Verdict',
    published: (date) => `Publié le ${date}`,
    sources: 'Sources',
  },
  dataset: {
    license: (license) => `Licence : ${license}`,
    updated: (date) => `Mis à jour le ${date}`,
    downloads: 'Télécharger',
    downloadAs: 'Télécharger au format',
    downloadsPaused: (time) =>
      `Limite de requêtes atteinte : téléchargements de nouveau possibles à ${time}.`,
    preview: (shown, total) =>
      shown === 1
        ? `Aperçu : la première ligne sur ${total}`
        : `Aperçu : les ${shown} premières lignes sur ${total}`,
    noValue: 'aucune valeur',
  },
  units: { points: 'pts' },
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
  verdicts: {
    true: 'Vrai',
    'mostly-true': 'Plutôt vrai',
    misleading: 'Trompeur',
    false: 'Faux',
    unverifiable: 'Invérifiable',
  },
  evidence: { strong: 'Preuves solides', moderate: 'Preuves moyennes', weak: 'Preuves faibles' },
  indicators: {
    averageScore: 'Score moyen',
    responseRate: 'Taux de réponse',
    avgDelayDays: 'Délai moyen',
    resolutionRate: 'Taux de résolution',
    reportsPer100k: 'Signalements pour 100 000 hab.',
  },
};
