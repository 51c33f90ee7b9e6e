/**
 * The words of the HTML fallback the server writes inside an element, in each
 * language: each widget's summary (src/summaries.ts) with its labels and value
 * names resolved from the widget's strings, and the kit's formats of a number,
 * a date, and the sentence of nothing to show naming the widget, as templates PHP fills.
 */
import { LANGS, type Lang } from '../../../src/core/types.js';
import { commonStrings, SOME_WIDGET, type WidgetName } from '../../../src/i18n/common.js';
import { formatDays, formatNumber, formatPercent, TIED } from '../../../src/i18n/format.js';
import { summaries } from '../../../src/summaries.js';
import type { Inputs } from '../../../src/widget/descriptor.js';
import type { Field, Summary } from '../../../src/widget/summary.js';
import { wordsAt } from './words.js';

/** The summary of `tag` (src/summaries.ts, from its folder's summary.ts). */
export function summaryOf(tag: string): Summary {
  const found = summaries[tag];
  if (!found) throw new Error(`${tag}: no summary.ts in its folder (src/summaries.ts)`);
  return found;
}

/**
 * A widget's summary (src/components/<name>/summary.ts) as the fallback reads it
 * in `lang`: its labels and value names as words, the initial value of each
 * attribute it reads (`defaults`), from the descriptor's inputs, and the sentence
 * its element says when it has nothing to show (`empty`), naming it (`name`, its
 * about.ts's, from its name.ts).
 */
export function pluginSummary(
  tag: string,
  summary: Summary,
  inputs: Inputs,
  lang: Lang,
  name: WidgetName = SOME_WIDGET,
) {
  const owner = `${tag} summary.ts`;
  const attributes = new Set<string>();
  const field = (given: Field) => {
    for (const [, name] of given.path.matchAll(/\{([a-z-]+)\}/g)) if (name !== 'lang') attributes.add(name!);
    if (typeof given.format === 'object') attributes.add(given.format.attribute);
    if (given.unless) attributes.add(given.unless.attribute);
    return {
      ...given,
      ...(given.label ? { label: wordsAt(lang, given.label, owner) } : {}),
      ...(given.names ? { names: wordsAt(lang, given.names, owner) } : {}),
    };
  };
  const { caption, title, facts, text, items, inline } = summary;
  if (caption?.attribute) attributes.add(caption.attribute);
  if (inline) attributes.add(inline.attribute);
  if (items?.match) attributes.add(items.match.attribute);
  // A ranked list is numbered from its page's first rank.
  if (items?.ordered) for (const attribute of ['limit', 'page']) attributes.add(attribute);
  const out = {
    ...(caption
      ? {
          caption: {
            ...caption,
            label: wordsAt(lang, caption.label, owner),
            ...(caption.names ? { names: wordsAt(lang, caption.names, owner) } : {}),
          },
        }
      : {}),
    ...(title ? { title: field(title) } : {}),
    ...(facts ? { facts: facts.map(field) } : {}),
    ...(text ? { text: text.map(field) } : {}),
    ...(items
      ? { items: { ...items, name: field(items.name), details: (items.details ?? []).map(field) } }
      : {}),
    ...(inline ? { inline: { ...inline, fields: inline.fields.map(field) } } : {}),
  };
  const defaults: Record<string, string> = {};
  for (const attribute of attributes) {
    const input = inputs[attribute];
    if (!input) throw new Error(`${owner} reads \`${attribute}\`, which is not an input of ${tag}`);
    defaults[attribute] = String(input.initial ?? '');
  }
  return { ...out, defaults, empty: commonStrings[lang].empty(name) };
}

/** A template of a kit's sentence that takes one value: `{name}` where the value goes. */
const templateOf = (sentence: (value: string) => string, name: string): string => sentence(`{${name}}`);

/** A format of the kit for one number, as a template: `{n}` where the number goes. */
const numberTemplate = (formatted: string, sample: string): string => {
  if (!formatted.includes(sample)) throw new Error(`"${formatted}" does not hold ${sample}`);
  return formatted.replace(sample, '{n}');
};

/**
 * What the server writes inside an element in each language (its HTML
 * fallback), besides each widget's summary (which holds its words for nothing
 * to show, naming it): the kit's number formats (Intl's, as the elements use
 * them) and its words for a date, as templates PHP fills.
 */
export function fallbackWords(): Record<Lang, Record<string, unknown>> {
  const out = {} as Record<Lang, Record<string, unknown>>;
  for (const lang of LANGS) {
    const grouped = formatNumber(lang, 1234567.5, 1);
    const digits = /^1(?<thousands>\D)234\k<thousands>567(?<decimal>\D)5$/u.exec(grouped)?.groups;
    if (!digits) throw new Error(`${lang}: cannot read the separators of ${grouped}`);
    const months = Array.from({ length: 12 }, (_, month) =>
      new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { month: 'short', timeZone: 'UTC' }).format(
        Date.UTC(2026, month, 15),
      ),
    );
    out[lang] = {
      thousands: digits['thousands'],
      decimal: digits['decimal'],
      percent: numberTemplate(formatPercent(lang, 87), '87'),
      day: numberTemplate(formatDays(lang, 1), '1'),
      days: numberTemplate(formatDays(lang, 7), '7'),
      months,
      asOf: templateOf(commonStrings[lang].staleAsOf, 'time'),
      tied: TIED[lang],
    };
  }
  return out;
}
