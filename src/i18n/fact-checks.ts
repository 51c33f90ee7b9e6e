import type { Strings } from './strings.js';

/** The strings of <khountous-fact-checks>, with verdicts and evidence levels. */
export const factChecksStrings: Strings<'factChecks' | 'verdicts' | 'evidence'> = {
  fr: {
    factChecks: {
      caption: 'Vérifications des faits',
      count: (count, formatted) => `${formatted} vérification${count > 1 ? 's' : ''}`,
      claim: 'Affirmation vérifiée',
      verdict: 'Verdict',
      published: (date) => `Publié le ${date}`,
      sources: 'Sources',
    },
    verdicts: {
      true: 'Vrai',
      'mostly-true': 'Plutôt vrai',
      misleading: 'Trompeur',
      false: 'Faux',
      unverifiable: 'Invérifiable',
    },
    evidence: { strong: 'Preuves solides', moderate: 'Preuves moyennes', weak: 'Preuves faibles' },
  },
  en: {
    factChecks: {
      caption: 'Fact-checks',
      count: (count, formatted) => `${formatted} fact-check${count === 1 ? '' : 's'}`,
      claim: 'Claim checked',
      verdict: 'Verdict',
      published: (date) => `Published on ${date}`,
      sources: 'Sources',
    },
    verdicts: {
      true: 'True',
      'mostly-true': 'Mostly true',
      misleading: 'Misleading',
      false: 'False',
      unverifiable: 'Unverifiable',
    },
    evidence: { strong: 'Strong evidence', moderate: 'Moderate evidence', weak: 'Weak evidence' },
  },
};
