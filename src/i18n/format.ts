import type { Lang } from '../core/types.js';
import type { NumberFormat } from '../widget/summary.js';
import type { Place } from '../graphics/places.js';
import { isolate } from './bidi.js';
import { whenIdle } from './idle.js';

/**
 * Numbers, percents and dates through Intl, with one cached formatter per
 * language and style: creating an Intl formatter costs far more than using one.
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

const LOCALES: Record<Lang, string> = { fr: 'fr-FR', en: 'en-GB' };

function numberFormat(lang: Lang, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `n:${lang}:${key}`;
  let formatter = cache.get(id) as Intl.NumberFormat | undefined;
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[lang], options);
    cache.set(id, formatter);
  }
  return formatter;
}

function dateFormat(lang: Lang, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `d:${lang}:${key}`;
  let formatter = cache.get(id) as Intl.DateTimeFormat | undefined;
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALES[lang], options);
    cache.set(id, formatter);
  }
  return formatter;
}

/** An integer or decimal number: 1 234 / 1,234. */
export const formatNumber = (lang: Lang, value: number, maximumFractionDigits = 0): string =>
  numberFormat(lang, `d${maximumFractionDigits}`, { maximumFractionDigits }).format(value);

/** English ordinal suffixes by plural category. */
const SUFFIXES: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
let ordinals: Intl.PluralRules | undefined;

/**
 * A place in an order: 1er, 2e / 1st, 2nd, 3rd, 11th (the number written as formatNumber writes it).
 *
 * @internal tested on its own, in both languages
 */
export const formatOrdinal = (lang: Lang, value: number): string => {
  const number = formatNumber(lang, value);
  if (lang === 'fr') return `${number}${value === 1 ? 'er' : 'e'}`;
  ordinals ??= new Intl.PluralRules(LOCALES.en, { type: 'ordinal' });
  return `${number}${SUFFIXES[ordinals.select(value)] ?? 'th'}`;
};

/** The word of a shared place in a ranking (graphics/places.ts), for every path that writes one. */
export const TIED: Readonly<Record<Lang, string>> = { fr: 'ex aequo', en: 'tied' };

/** A place in a ranking in words, shared or not: 2e ex aequo, 2e / tied 2nd, 2nd. */
export const formatPlace = (lang: Lang, { place, shared }: Place): string => {
  const ordinal = formatOrdinal(lang, place);
  return !shared ? ordinal : lang === 'fr' ? `${ordinal} ${TIED.fr}` : `${TIED.en} ${ordinal}`;
};

/** A place in a ranking's column, shared or not: =2, 2 (the mark a table's note explains). */
export const formatPlaceMark = (lang: Lang, { place, shared }: Place): string =>
  `${shared ? '=' : ''}${formatNumber(lang, place)}`;

/** A value in percent points (0-100): 87 % / 87%. */
export const formatPercent = (lang: Lang, value: number): string =>
  numberFormat(lang, 'pct', { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);

/** A number of days with one decimal: 3,5 j / 3.5 days. */
export const formatDays = (lang: Lang, value: number): string =>
  numberFormat(lang, 'days', {
    style: 'unit',
    unit: 'day',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);

/**
 * A number in one of the summaries' formats: the one rule for the elements (an indicator's
 * value: graphics/indicators.ts), the script tag's text paint and the WordPress fallback's
 * reading of the same formats. A score is whole, out of 100 (`72/100`), as the API gives it.
 */
export const formatAs = (lang: Lang, format: NumberFormat, value: number): string =>
  format === 'percent'
    ? formatPercent(lang, value)
    : format === 'days'
      ? formatDays(lang, value)
      : format === 'score'
        ? `${formatNumber(lang, value)}/100`
        : formatNumber(lang, value, 1);

const toDate = (value: string | number | Date): Date | undefined => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** A calendar month as the API writes it: `YYYY-MM`. */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const isMonth = (value: string): boolean => MONTH.test(value);

/** A calendar month written `YYYY-MM`: janv. 2025 / Jan 2025. A value that is no month shows as given, isolated (bidi.ts). */
export const formatMonth = (lang: Lang, value: string): string => {
  const match = MONTH.exec(value);
  return match
    ? dateFormat(lang, 'month', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)),
      )
    : isolate(value);
};

/** A calendar date: 3 mars 2026 / 3 Mar 2026. A value that is no date shows as given, isolated (bidi.ts). */
export const formatDate = (lang: Lang, value: string | number | Date): string => {
  const date = toDate(value);
  return date
    ? dateFormat(lang, 'date', { day: 'numeric', month: 'short', year: 'numeric' }).format(date)
    : isolate(String(value));
};

/** A time of day: 14:05. */
export const formatTime = (lang: Lang, value: string | number | Date): string => {
  const date = toDate(value);
  return date ? dateFormat(lang, 'time', { hour: '2-digit', minute: '2-digit' }).format(date) : '';
};

/** The machine-readable form for <time datetime>; empty for a value that is no date. */
export const isoDate = (value: string | number | Date): string => toDate(value)?.toISOString() ?? '';

/**
 * Makes at once the first number and date formatters of `lang`, whose making
 * loads the locale's data (the next ones then cost little). Returns whether
 * they were not made yet: an element that renders next does so in a task of
 * its own rather than in the one that paid for the locale.
 */
export function prepareFormats(lang: Lang): boolean {
  if (cache.has(`n:${lang}:d0`) && cache.has(`d:${lang}:date`)) return false;
  formatNumber(lang, 0);
  formatDate(lang, 0);
  return true;
}

/** Languages whose formatters are made, or being made, ahead of their first use. */
const warming = new Set<Lang>();

/**
 * Makes the formatters of `lang` ahead of the data, one per idle moment. An
 * Intl formatter costs far more to make than to use, and a page's first one
 * most (the engine loads its Intl data: i18n/idle.ts `loadIntl`, which the
 * early start runs sooner); made while the widget waits for its answer, that
 * cost stays out of the task that renders the data. Each language once per
 * page; what is already made is kept.
 */
export function warmFormats(lang: Lang): void {
  if (warming.has(lang)) return;
  warming.add(lang);
  const steps = [
    () => formatNumber(lang, 0),
    () => formatDate(lang, 0),
    () => formatPercent(lang, 0),
    () => formatDays(lang, 0),
    () => formatNumber(lang, 0, 1),
    () => formatTime(lang, 0),
  ];
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) whenIdle(next);
  };
  whenIdle(next);
}
