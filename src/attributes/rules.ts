/**
 * The rules attributes are checked against, how what people type is read,
 * and what to tell them when it cannot be: pure data and functions, no DOM,
 * so that the widgets and anything that checks attributes before a page is
 * published (a CMS plugin, generated from the descriptors) agree. Which widget has
 * which attribute is its descriptor's to say (src/components/<name>/widget.ts).
 *
 * - A choice (`region`, `sector`…) is matched by its fold (accents, case,
 *   spaces, hyphens and punctuation ignored): `Saint Louis`, `thiès`,
 *   `KOLDA` are `saint-louis`, `thies`, `kolda`.
 * - An identifier (`slug`, `dataset-id`, `period`) is taken as written (read
 *   otherwise, it would name another resource); when it does not have its
 *   form, its slugified spelling (accents dropped, lower case, runs of other
 *   characters one hyphen) is offered as the closest value.
 * - An integer out of range is clamped (a warning, not an error).
 * - Otherwise the problem names the attribute, the value given, what is
 *   accepted and, when one is close, the closest value.
 */
import {
  DATASET_ID_PATTERN,
  LEVELS,
  MAX_ID_LENGTH,
  MAX_LIMIT,
  PERIOD_PATTERN,
  REGION_CODES,
  REGION_INDICATORS,
  REPORT_CATEGORIES,
  REPORT_STATUSES,
  SECTORS,
  SLUG_PATTERN,
  type Lang,
} from '../core/types.js';
import type { Expected } from '../i18n/attributes.js';

/**
 * One of a list of values; empty means none (no filter) unless `fallback` is given.
 *
 * @internal the tests name the rules of a choice
 */
export interface ChoiceRule {
  type: 'choice';
  values: readonly string[];
  /** The value used when the attribute is empty; absent: empty means "not set". */
  fallback?: string;
}

/** An identifier matching `pattern` (a RegExp source); when not `required`, empty means "not set". */
export interface IdRule {
  type: 'id';
  pattern: string;
  maxLength: number;
  required: boolean;
  /**
   * What is expected, named: its words are the sentences' (i18n/attributes.ts `EXPECTED`), which
   * come with the first problem, not with the rules.
   */
  expects: Expected;
  example: string;
}

/** A whole number within [min, max]; out of range is clamped, not a number gives `fallback`. */
export interface IntegerRule {
  type: 'integer';
  min: number;
  max: number;
  fallback: number;
}

/** The API's base URL: http(s), ending with /v1. */
interface UrlRule {
  type: 'url';
  example: string;
}

/**
 * An editor's plain text (`headline`, `subtitle`, `note`): its runs of white space one space,
 * never markup. Longer than `maxLength` characters: shown cut at the bound, ending with "…",
 * with a warning that says so (nothing dropped without a word).
 */
interface TextRule {
  type: 'text';
  maxLength: number;
}

/**
 * A link an editor sets (`source-href`): an http(s) address, or a path from the site's root.
 * Anything else (`javascript:`, `data:`) is set aside, with a warning, for the kit's own link.
 */
interface LinkRule {
  type: 'link';
  example: string;
}

export type AttributeRule = ChoiceRule | IdRule | IntegerRule | UrlRule | TextRule | LinkRule;

const id = (pattern: RegExp, expects: Expected, example: string, required: boolean): IdRule => ({
  type: 'id',
  pattern: pattern.source,
  maxLength: required ? MAX_ID_LENGTH : 7,
  required,
  expects,
  example,
});

/** An identifier that must be given (its type says so: the selection holds a string). */
const requiredId = (pattern: RegExp, expects: Expected, example: string) =>
  id(pattern, expects, example, true) as IdRule & { required: true };

/** Rules by name, shared by the elements that have the attribute. */
export const RULES = {
  region: { type: 'choice', values: REGION_CODES },
  sector: { type: 'choice', values: SECTORS },
  level: { type: 'choice', values: LEVELS },
  category: { type: 'choice', values: REPORT_CATEGORIES },
  status: { type: 'choice', values: REPORT_STATUSES },
  indicator: { type: 'choice', values: REGION_INDICATORS, fallback: 'averageScore' },
  variant: { type: 'choice', values: ['full', 'compact', 'inline'], fallback: 'full' },
  regionVariant: { type: 'choice', values: ['full', 'single', 'inline'], fallback: 'full' },
  // Where a ranking's bars start: at 0, or on a narrower scale the header states, drawn as dots.
  barScale: { type: 'choice', values: ['zero', 'fit'], fallback: 'zero' },
  // How a map's classes are made (components/region-map/classes.ts).
  mapClasses: { type: 'choice', values: ['equal', 'jenks'], fallback: 'equal' },
  slug: requiredId(SLUG_PATTERN, 'slug', 'mairie-de-dakar'),
  reportSlug: requiredId(SLUG_PATTERN, 'slug', 'coupure-eau-pikine-2026-03'),
  datasetId: requiredId(DATASET_ID_PATTERN, 'slug', 'administration-scores'),
  period: id(PERIOD_PATTERN, 'period', '2026-03', false),
  limit: { type: 'integer', min: 1, max: MAX_LIMIT, fallback: 10 },
  page: { type: 'integer', min: 1, max: 100_000, fallback: 1 },
  preview: { type: 'integer', min: 1, max: 50, fallback: 5 },
  // The number columns a dataset's chart draws, by key: one to three, apart by spaces or commas.
  series: {
    type: 'id',
    pattern: /^\w+([ ,]+\w+){0,2}$/.source,
    maxLength: 99,
    required: false,
    expects: 'series',
    example: 'submitted resolved',
  },
  headingLevel: { type: 'integer', min: 2, max: 6, fallback: 3 },
  baseUrl: { type: 'url', example: 'https://api.khountous.sn/v1' },
  headline: { type: 'text', maxLength: 120 },
  subtitle: { type: 'text', maxLength: 200 },
  note: { type: 'text', maxLength: 400 },
  sourceHref: { type: 'link', example: 'https://www.example.sn/methodologie' },
} as const satisfies Record<string, AttributeRule>;

// ---------------------------------------------------------------------------
// Reading what people type

/** Accents, case and everything but letters and digits dropped: `Saint Louis` -> `saintlouis`. */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Accents dropped, lower case, runs of other characters one hyphen, none at the ends: `Mairie de Dakar ` -> `mairie-de-dakar`.
 *
 * @internal the slug rule, tested on its own for its property (slug in, same slug out)
 */
export function slugify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// ---------------------------------------------------------------------------
// Checking one attribute

/** What is wrong: plain data, with the sentence in both languages (messages.ts `problemOf`). */
export interface AttributeProblem {
  attribute: string;
  /** The value as written (trimmed). */
  given: string;
  reason:
    | 'not-accepted'
    | 'missing'
    | 'malformed'
    | 'out-of-range'
    | 'not-http'
    | 'no-version'
    | 'not-found'
    | 'too-long'
    | 'not-link';
  /** The accepted values (a choice). */
  accepted?: readonly string[];
  /** The accepted range (an integer); a text's bound, in characters (`too-long`: `max`). */
  range?: { min: number; max: number };
  /** The closest accepted value, when one is close; for `no-version`, the base URL with /v1. */
  closest?: string;
  /** What an identifier must be, named (`missing`, `malformed`): its rule's `expects`. */
  expects?: Expected;
  /** The same in words, with the sentences (messages.ts `problemOf`). */
  expected?: Readonly<Record<Lang, string>>;
  /** An example of a right value (`missing`, `malformed`, `not-http`). */
  example?: string;
  /** What is used instead (an integer clamped): the problem is a warning. */
  used?: number;
  message: Readonly<Record<Lang, string>>;
}

export type AttributeResult<T = string | number | undefined, P = AttributeProblem> =
  | {
      ok: true;
      /** The value to use: undefined for an optional attribute left empty. */
      value: T;
      /** Set when what was typed was read as another spelling: `region="Saint Louis" read as "saint-louis".` */
      note?: string;
      /** Set when the value was clamped: a warning, the value is used anyway. */
      problem?: P;
    }
  | { ok: false; problem: P };

/** `name="value"` for a message, a long value cut (a pasted paragraph is not repeated whole). */
export function quoted(attribute: string, value: string): string {
  const shown = value.length > 60 ? `${value.slice(0, 60)}…" (${value.length} characters)` : `${value}"`;
  return `${attribute}="${shown}`;
}

/** A problem before its sentences (src/attributes/messages.ts writes them, loaded with the first error). */
export type ProblemDraft = Omit<AttributeProblem, 'message'> & { message?: AttributeProblem['message'] };

const readAs = (attribute: string, given: string, value: string): string =>
  `${quoted(attribute, given)} read as "${value}".`;

/** What `acceptedValue` gives for a value its rule does not take as written. */
const REFUSED: unique symbol = Symbol('refused');

/**
 * The value `rule` takes for `value` as written (trimmed; null: absent), or
 * REFUSED: a choice's fallback when empty, one of its values; an identifier
 * that fits (none when empty and optional); an integer within its range, or
 * its fallback when empty or not a number; an http(s) or root-relative URL.
 * The one reading of a value, which `checkAttribute` makes for the elements,
 * the early start and a server render.
 */
function acceptedValue(
  rule: AttributeRule,
  value: string | number | null | undefined,
): string | number | undefined | typeof REFUSED {
  const given = value === null || value === undefined ? '' : String(value).trim();
  switch (rule.type) {
    case 'choice':
      return !given ? rule.fallback : rule.values.includes(given) ? given : REFUSED;
    case 'id':
      if (!given) return rule.required ? REFUSED : undefined;
      return given.length <= rule.maxLength && new RegExp(rule.pattern).test(given) ? given : REFUSED;
    case 'integer': {
      if (!given) return rule.fallback;
      const number = Number(given);
      return Number.isFinite(number)
        ? Math.min(rule.max, Math.max(rule.min, Math.trunc(number)))
        : rule.fallback;
    }
    case 'url':
      return !given
        ? undefined
        : /^https?:\/\/[^/?#\s]+/i.test(given) || /^\/(?!\/)/.test(given)
          ? given
          : REFUSED;
    case 'link':
      // Neither `//host` nor `/\host`, which browsers read as another site's address.
      return !given
        ? undefined
        : /^https?:\/\/[^/?#\s\\]+/i.test(given) || /^\/(?![/\\])/.test(given)
          ? given
          : REFUSED;
    case 'text': {
      const text = plainText(given);
      return !text ? undefined : [...text].length <= rule.maxLength ? text : REFUSED;
    }
  }
}

/** Runs of white space (line breaks, tabs, no-break spaces) one space, none at the ends. */
const plainText = (value: string): string => value.replace(/\s+/g, ' ').trim();

/** `text` within `max` characters (code points): cut, ending with "…", when longer. */
function cutText(text: string, max: number): string {
  const characters = [...text];
  return characters.length <= max
    ? text
    : `${characters
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * Checks one attribute value against its rule. `value` is what the attribute holds (null: absent).
 * A problem comes without its sentences and, for a choice, without the closest value:
 * messages.ts `explainProblem` gives its sentences (the elements load it with their first error).
 */
export function checkAttribute(
  attribute: string,
  rule: AttributeRule,
  value: string | number | null | undefined,
): AttributeResult<string | number | undefined, ProblemDraft> {
  const given = value === null || value === undefined ? '' : String(value).trim();
  const accepted = acceptedValue(rule, given);
  switch (rule.type) {
    case 'choice': {
      if (accepted !== REFUSED) return { ok: true, value: accepted };
      const key = fold(given);
      const match = rule.values.find((candidate) => fold(candidate) === key);
      if (match) return { ok: true, value: match, note: readAs(attribute, given, match) };
      return { ok: false, problem: { attribute, given, reason: 'not-accepted', accepted: rule.values } };
    }
    case 'id': {
      if (accepted !== REFUSED) return { ok: true, value: accepted };
      const words = { expects: rule.expects, example: rule.example };
      if (!given) return { ok: false, problem: { attribute, given, reason: 'missing', ...words } };
      // Not read as another spelling: an identifier changed would ask for another resource.
      const slug = slugify(given);
      const near =
        slug.length <= rule.maxLength && new RegExp(rule.pattern).test(slug) ? { closest: slug } : {};
      return { ok: false, problem: { attribute, given, reason: 'malformed', ...words, ...near } };
    }
    case 'integer': {
      const used = accepted as number;
      if (!given || used === Number(given)) return { ok: true, value: used };
      const problem: ProblemDraft = {
        attribute,
        given,
        reason: 'out-of-range',
        range: { min: rule.min, max: rule.max },
        used,
      };
      return { ok: true, value: used, problem };
    }
    case 'url': {
      if (accepted !== REFUSED) return { ok: true, value: accepted };
      return { ok: false, problem: { attribute, given, reason: 'not-http', example: rule.example } };
    }
    case 'text': {
      if (accepted !== REFUSED) return { ok: true, value: accepted };
      const range = { min: 0, max: rule.maxLength };
      const value = cutText(plainText(given), rule.maxLength);
      return { ok: true, value, problem: { attribute, given, reason: 'too-long', range } };
    }
    case 'link': {
      if (accepted !== REFUSED) return { ok: true, value: accepted };
      // A warning: the kit's own link is used instead (the element says which).
      return {
        ok: true,
        value: undefined,
        problem: { attribute, given, reason: 'not-link', example: rule.example },
      };
    }
  }
}

/**
 * A base URL the API did not answer at as the API would (a 404, a page that is
 * not JSON): when its path does not end with /v1, the problem that says so,
 * with the address it probably meant. `given` is the attribute as written,
 * `resolved` the absolute URL in use.
 */
export function versionProblem(given: string, resolved: string): ProblemDraft | undefined {
  if (/\/v\d+$/.test(resolved)) return undefined;
  return {
    attribute: 'base-url',
    given: given.trim() || resolved,
    reason: 'no-version',
    closest: `${(given.trim() || resolved).replace(/\/+$/, '')}/v1`,
  };
}

/** The problem of an identifier the API does not know. */
export function unknownProblem(attribute: string, given: string): ProblemDraft {
  return { attribute, given, reason: 'not-found' };
}
