import type { Lang } from '../core/types.js';

/**
 * The sentences that tell a page's editor what is wrong with an attribute and
 * what would be right, in French and English. Pure functions of plain data, so
 * that whatever checks attributes (the widgets, a CMS plugin) says the same.
 * French typography: a narrow no-break space (U+202F) before « : ; ? ! » and
 * inside « guillemets ».
 */
export interface AttributeMessages {
  /** `region="Kolda x" is not accepted.` */
  notAccepted: (code: string) => string;
  /** ` Did you mean "kolda"?` (closest value) */
  didYouMean: (closest: string) => string;
  /** ` Accepted values: a, b, c.` */
  acceptedValues: (values: string) => string;
  /** The attribute is required and missing. */
  missing: (attribute: string, expected: string, example: string) => string;
  /** The attribute does not have the expected form. */
  malformed: (code: string, expected: string, example: string) => string;
  /** An integer out of range or not a number, replaced by `used`. */
  outOfRange: (code: string, min: number, max: number, used: number) => string;
  /** A base URL that is not http(s). */
  notHttp: (code: string, example: string) => string;
  /** A base URL whose path does not end with /v1, when the API did not answer as the API would. */
  noVersion: (code: string, suggestion: string) => string;
  /** An identifier the API does not know. */
  notFound: (code: string) => string;
  /** An editor's text longer than its bound: shown cut. */
  tooLong: (code: string, max: number) => string;
  /** A link that is not http(s): the source line links to the platform's site (`site`) instead. */
  notLink: (code: string, example: string, site: string) => string;
  /** The heading of a configuration error on the widget. */
  title: string;
}

/**
 * What an identifier must be, in words, by the name its rule gives (attributes/rules.ts
 * `IdRule.expects`): help for an editor, which comes with the sentences, not with the rules
 * the early start reads.
 */
export const EXPECTED = {
  slug: {
    fr: 'des lettres minuscules sans accent, des chiffres et des tirets',
    en: 'lower-case letters, digits and hyphens',
  },
  period: { fr: 'une année (2026) ou un mois (2026-03)', en: 'a year (2026) or a month (2026-03)' },
  series: { fr: 'une à trois clés de colonnes', en: 'one to three column keys' },
} as const satisfies Record<string, Readonly<Record<Lang, string>>>;

/** The name of what an identifier must be (EXPECTED). */
export type Expected = keyof typeof EXPECTED;

export const attributeMessages: Readonly<Record<Lang, AttributeMessages>> = {
  fr: {
    notAccepted: (code) => `${code} n’est pas une valeur acceptée.`,
    didYouMean: (closest) => ` Vouliez-vous dire «\u202f${closest}\u202f»\u202f?`,
    acceptedValues: (values) => ` Valeurs acceptées\u202f: ${values}.`,
    missing: (attribute, expected, example) =>
      `L’attribut ${attribute} est obligatoire\u202f: ${expected}, par exemple «\u202f${example}\u202f».`,
    malformed: (code, expected, example) =>
      `${code} n’est pas valide\u202f: il faut ${expected}, par exemple «\u202f${example}\u202f».`,
    outOfRange: (code, min, max, used) =>
      `${code} n’est pas un nombre entier de ${min} à ${max}\u202f; ${used} est utilisé.`,
    notHttp: (code, example) =>
      `${code} n’est pas une adresse http(s), par exemple «\u202f${example}\u202f».`,
    noVersion: (code, suggestion) =>
      `${code} ne se termine pas par /v1 et l’API n’y répond pas. Vouliez-vous dire «\u202f${suggestion}\u202f»\u202f?`,
    notFound: (code) => `Rien n’a été trouvé pour ${code}. Vérifiez son orthographe.`,
    tooLong: (code, max) =>
      `${code} dépasse ${max}\u00a0caractères\u202f: le texte est affiché coupé à ${max}\u00a0caractères, terminé par «\u202f…\u202f».`,
    notLink: (code, example, site) =>
      `${code} n’est pas une adresse http(s), par exemple «\u202f${example}\u202f»\u202f; la ligne de source renvoie à ${site}.`,
    title: 'Le widget est mal configuré.',
  },
  en: {
    notAccepted: (code) => `${code} is not accepted.`,
    didYouMean: (closest) => ` Did you mean "${closest}"?`,
    acceptedValues: (values) => ` Accepted values: ${values}.`,
    missing: (attribute, expected, example) =>
      `The ${attribute} attribute is required: ${expected}, e.g. "${example}".`,
    malformed: (code, expected, example) => `${code} is not valid: expected ${expected}, e.g. "${example}".`,
    outOfRange: (code, min, max, used) =>
      `${code} is not a whole number from ${min} to ${max}; ${used} is used.`,
    notHttp: (code, example) => `${code} is not an http(s) address, e.g. "${example}".`,
    noVersion: (code, suggestion) =>
      `${code} does not end with /v1 and the API does not answer there. Did you mean "${suggestion}"?`,
    notFound: (code) => `Nothing was found for ${code}. Check its spelling.`,
    tooLong: (code, max) =>
      `${code} is longer than ${max} characters: the text is shown cut at ${max} characters, ending with "…".`,
    notLink: (code, example, site) =>
      `${code} is not an http(s) address, e.g. "${example}"; the source line links to ${site}.`,
    title: 'The widget is misconfigured.',
  },
};
