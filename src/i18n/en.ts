import type { Translation } from './translation.js';

export const en: Translation = {
  loading: 'Loading…',
  empty: 'No data to show.',
  retry: 'Try again',
  staleAsOf: (time) => `data as of ${time}`,
  errorTitle: 'Data unavailable',
  error: (kind, when) => {
    switch (kind) {
      case 'not-found':
        return 'This resource was not found.';
      case 'quota':
        return when
          ? `Request limit reached: data will be back at ${when}.`
          : 'Request limit reached: please try again later.';
      case 'network':
        return 'No connection to the Khountous service.';
      case 'server':
        return 'The Khountous service is having trouble.';
      case 'invalid-response':
        return 'The service sent data that could not be read.';
      case 'invalid-parameter':
      case 'bad-request':
        return 'The widget is misconfigured.';
      case 'unauthorized':
      case 'forbidden':
        return 'Access refused by the Khountous service.';
      case 'aborted':
        return 'Loading was interrupted.';
    }
  },
  previous: 'Previous',
  next: 'Next',
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
  pagingPaused: (time) => `Next page available at ${time}`,
  ranking: {
    caption: 'Ranking of administrations',
    rank: 'Rank',
    name: 'Administration',
    score: 'Score',
    responseRate: 'Response rate',
    avgDelay: 'Average delay',
    scoreOutOf: (score) => `Score ${score} out of 100`,
  },
  admin: {
    score: 'Overall score',
    scoreDetails: 'Score details',
    indicators: 'Indicators',
    responseRate: 'Response rate',
    avgDelay: 'Average delay',
    rank: (rank) => `Ranked ${rank}`,
    updated: (date) => `Updated ${date}`,
  },
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
  regions: {
    caption: (indicator) => `${indicator} by region`,
    region: 'Region',
    population: 'Population',
    reports: 'Reports',
    administrations: 'Administrations',
    showTable: 'Show the table',
  },
  reports: {
    caption: 'Citizen reports',
    count: (count, formatted) => `${formatted} report${count === 1 ? '' : 's'}`,
    submitted: 'Reported on',
    hasResponse: 'Official response published',
    noResponse: 'No official response yet',
  },
  factChecks: {
    caption: 'Fact-checks',
    count: (count, formatted) => `${formatted} fact-check${count === 1 ? '' : 's'}`,
    claim: 'Claim checked',
    verdict: 'Verdict',
    published: (date) => `Published on ${date}`,
    sources: 'Sources',
  },
  dataset: {
    license: (license) => `Licence: ${license}`,
    updated: (date) => `Updated on ${date}`,
    downloads: 'Download',
    downloadAs: 'Download as',
    downloadsPaused: (time) => `Request limit reached: downloads available again at ${time}.`,
    preview: (shown, total) =>
      shown === 1 ? `Preview: the first of ${total} rows` : `Preview: the first ${shown} of ${total} rows`,
    noValue: 'no value',
  },
  units: { points: 'pts' },
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
  verdicts: {
    true: 'True',
    'mostly-true': 'Mostly true',
    misleading: 'Misleading',
    false: 'False',
    unverifiable: 'Unverifiable',
  },
  evidence: { strong: 'Strong evidence', moderate: 'Moderate evidence', weak: 'Weak evidence' },
  indicators: {
    averageScore: 'Average score',
    responseRate: 'Response rate',
    avgDelayDays: 'Average delay',
    resolutionRate: 'Resolution rate',
    reportsPer100k: 'Reports per 100,000 people',
  },
};
