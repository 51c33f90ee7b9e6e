import type { EvidenceLevel, Verdict } from '../../core/types.js';
import type { Local } from '../../i18n/strings.js';

export interface FactChecksText {
  caption: string;
  /** "48 fact-checks"; `formatted` is `count` written the language's way. */
  count: (count: number, formatted: string) => string;
  claim: string;
  verdict: string;
  published: (date: string) => string;
  sources: string;
}

/** The strings of <khountous-fact-checks>, with verdicts and evidence levels. */
export const factChecksStrings: Local<{ factChecks: FactChecksText }> = {
  fr: {
    factChecks: {
      caption: 'Vérifications des faits',
      count: (count, formatted) => `${formatted} vérification${count > 1 ? 's' : ''}`,
      claim: 'Affirmation vérifiée',
      verdict: 'Verdict',
      published: (date) => `Publié le ${date}`,
      sources: 'Sources',
    },
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
  },
};

/** The names of fact-checks' verdicts and evidence levels. */
export const verdictValues: Local<{
  verdicts: Record<Verdict, string>;
  evidence: Record<EvidenceLevel, string>;
}> = {
  fr: {
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
