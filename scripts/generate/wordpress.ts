/**
 * The WordPress plugin's generated files (wordpress/khountous-widgets/), from
 * the widgets' descriptors and their words (src/catalog.ts), so that the
 * plugin checks attributes against what the widgets accept, says what they
 * say, and names nothing of a widget itself:
 *
 *   includes/definitions.php   each rule once, by its name in src/attributes/rules.ts
 *                              (RULES), with the kit's sentences for what PHP tells of a
 *                              value (problemOf, as templates); the words of the inputs
 *                              every widget shares (src/widget/about.ts); and each widget:
 *                              its tag, its attributes by rule name, the words of its own
 *                              inputs (its about.ts), and its data link (the request its
 *                              load makes, from its `resource()` and src/core/endpoints.ts)
 *                              and its request as the server renders it (the same path, query,
 *                              defaults and freshness as the browser's loader: the inline
 *                              data's `path`); and the words of the HTML fallback in fr and
 *                              en, from the widgets' strings and the kit's formats
 *   blocks/<widget>/block.json one dynamic block per widget, titled and described in
 *                              English by its about.ts
 *   languages/*.po             below their marker line: the blocks' titles and
 *                              descriptions in French, from the same about.ts
 *   languages/*.mo             compiled from the .po files
 *
 * `npm run build` runs it (scripts/build/build.mjs); `--check` fails when a file in
 * the tree is not the one it would write. Run through tsx (it imports the kit's
 * TypeScript).
 */
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { problemOf } from '../../src/attributes/messages.js';
import { quoted, RULES, type AttributeProblem, type AttributeRule } from '../../src/attributes/rules.js';
import { catalog, type Entry } from '../../src/catalog.js';
import { describe, ENDPOINTS, urlOf } from '../../src/core/endpoints.js';
import { pathOf } from '../../src/core/routes.js';
import { LANGS, MAX_ANSWER_BYTES, type Lang } from '../../src/core/types.js';
import { administrationValues } from '../../src/i18n/administration-values.js';
import { attributeMessages } from '../../src/i18n/attributes.js';
import { commonStrings } from '../../src/i18n/common.js';
import { formatDays, formatNumber, formatPercent } from '../../src/i18n/format.js';
import { indicatorNames } from '../../src/i18n/indicator-names.js';
import { REGION_NAMES } from '../../src/i18n/regions.js';
import type { Local } from '../../src/i18n/strings.js';
import { reportValues } from '../../src/i18n/report-values.js';
import { ABOUT_INPUTS, type InputWords, type Words } from '../../src/widget/about.js';
import { camel, COMMON_INPUTS, type Input, type Inputs } from '../../src/widget/descriptor.js';
import { planLoad } from '../../src/widget/load.js';
import type { Field, Summary } from '../../src/widget/summary.js';
import { summaries } from '../../src/summaries.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PLUGIN_DIR = join(root, 'wordpress', 'khountous-widgets');
const DOMAIN = 'khountous-widgets';

/** Inputs the plugin does not let authors set: the site's administrator sets the API once, in the settings. */
const ADMIN_ONLY = new Set(['base-url']);

// ---------------------------------------------------------------------------
// Rules, each once

/** A rule as the plugin checks it, with the kit's sentences for what it can tell of a value. */
type PluginRule =
  | { type: 'choice'; values: readonly string[]; names: Record<Lang, Record<string, string>> }
  | { type: 'id'; pattern: string; maxLength: number; required: boolean }
  | { type: 'integer'; min: number; max: number; fallback: number }
  | { type: 'url' }
  | { type: 'flag'; default: boolean }
  | { type: 'text' };

type Messages = Record<string, Words>;

/** The kit's name of each of its rules. */
const RULE_NAMES = new Map<AttributeRule, string>(Object.entries(RULES).map(([name, rule]) => [rule, name]));

/**
 * A sentence of the kit (problemOf) as a template for PHP: `{code}` for the
 * attribute and the value as a message quotes them, `{attribute}` for the
 * attribute alone, `{used}` for the value used instead.
 */
function template(draft: Omit<AttributeProblem, 'attribute' | 'given' | 'message'>): Words {
  const code = quoted('{attribute}', '{given}');
  const { message } = problemOf({ attribute: '{attribute}', given: '{given}', ...draft });
  const out = {} as Record<Lang, string>;
  for (const lang of LANGS) {
    out[lang] = message[lang].split(code).join('{code}');
    const stray = /\{(?!code\}|attribute\}|used\})[^}]*\}/.exec(out[lang]);
    if (stray) throw new Error(`a message of ${draft.reason} holds ${stray[0]}, which PHP would not replace`);
  }
  return out;
}

/** How a message quotes a value (rules.ts `quoted`): whole, or its start and its length when long. */
function quoting() {
  const probe = quoted('{attribute}', '\0'.repeat(1000));
  return {
    /** The characters of a long value that a message shows. */
    cut: probe.split('\0').length - 1,
    short: quoted('{attribute}', '{given}'),
    long: probe.replace(/\0+/, '{start}').replace('1000', '{length}'),
  };
}

/** The names of a choice's values in each language: the kit's table that names them all, else the values. */
function valueNames(values: readonly string[]): Record<Lang, Record<string, string>> {
  const out = {} as Record<Lang, Record<string, string>>;
  for (const lang of LANGS) {
    const tables: Readonly<Record<string, string>>[] = [
      REGION_NAMES,
      ...Object.values(administrationValues[lang]),
      ...Object.values(reportValues[lang]),
      ...Object.values(indicatorNames[lang]),
    ];
    const names = tables.find((table) => values.every((value) => Object.hasOwn(table, value)));
    out[lang] = Object.fromEntries(values.map((value) => [value, names?.[value] ?? value]));
  }
  return out;
}

/** A rule of the kit as the plugin checks it, with its messages. */
function pluginRule(rule: AttributeRule): { rule: PluginRule; messages: Messages } {
  switch (rule.type) {
    case 'choice':
      return {
        rule: { type: 'choice', values: rule.values, names: valueNames(rule.values) },
        messages: { 'not-accepted': template({ reason: 'not-accepted', accepted: rule.values }) },
      };
    case 'id': {
      const words = { expected: rule.expected, example: rule.example };
      return {
        rule: { type: 'id', pattern: rule.pattern, maxLength: rule.maxLength, required: rule.required },
        messages: {
          ...(rule.required ? { missing: template({ reason: 'missing', ...words }) } : {}),
          malformed: template({ reason: 'malformed', ...words }),
        },
      };
    }
    case 'integer':
      return {
        rule: { type: 'integer', min: rule.min, max: rule.max, fallback: rule.fallback },
        messages: {
          'out-of-range': template({
            reason: 'out-of-range',
            range: { min: rule.min, max: rule.max },
            used: '{used}' as unknown as number,
          }),
        },
      };
    case 'url':
      return {
        rule: { type: 'url' },
        messages: { 'not-http': template({ reason: 'not-http', example: rule.example }) },
      };
  }
}

/** An input without a rule of the kit, as the plugin checks it: by its kind, or its menu of values. */
function inputRule(attribute: string, input: Input): [name: string, rule: PluginRule, messages: Messages] {
  const notAccepted = (accepted: readonly string[]) => ({
    'not-accepted': template({ reason: 'not-accepted', accepted }),
  });
  if (input.kind === 'flag' || input.kind === 'unless-false') {
    // A shortcode writes yes/no as text: the values the plugin reads (attributes.php) are named by these two.
    const rule = { type: 'flag', default: input.kind === 'unless-false' } as const;
    return [input.kind === 'flag' ? 'flag' : 'unlessFalse', rule, notAccepted(['true', 'false'])];
  }
  if (input.values) {
    const rule = { type: 'choice', values: input.values, names: valueNames(input.values) } as const;
    return [camel(attribute), rule, notAccepted(input.values)];
  }
  return ['text', { type: 'text' }, {}];
}

// ---------------------------------------------------------------------------
// Widgets

/** The short name of a widget in the plugin: `khountous-ranking` -> `ranking`. */
const shortName = (tag: string): string => tag.replace(/^khountous-/, '');

/** A widget's inputs as the plugin offers them: its own first (those its about.ts words), then the rest, the shared ones last. */
function inputsOf(entry: Entry): [string, Input][] {
  const inputs: Inputs = { ...entry.widget.inputs, ...COMMON_INPUTS };
  const own = (attribute: string) => Object.hasOwn(entry.about.inputs, attribute);
  return Object.entries(inputs)
    .filter(([attribute]) => !ADMIN_ONLY.has(attribute))
    .sort(([a], [b]) => Number(!own(a)) - Number(!own(b)));
}

/** A sample attribute value of `input`, valid, and none of `taken`; undefined for an input that names nothing. */
function sampleOf(input: Input, taken: Set<string>): string | undefined {
  const rule = input.rule;
  const free = (values: readonly string[]) => values.find((value) => !taken.has(value));
  if (rule?.type === 'choice') return free(rule.values);
  if (rule?.type === 'id') return free([rule.example]);
  if (rule?.type === 'integer') {
    for (let value = rule.min; value <= rule.max; value++)
      if (!taken.has(String(value))) return String(value);
    return undefined;
  }
  if (!rule && input.values) return free(input.values);
  return undefined;
}

/**
 * Where a widget's data lives, for the link inside its element: the request
 * its load makes, its identifiers as `{attribute}` in the path, and which
 * attribute sets each query parameter. Found by planning a load with a value
 * of its own for each attribute, none of them an endpoint's default, and
 * reading the request back: a parameter that no attribute set is a default
 * of its endpoint, which the API applies itself.
 */
function dataLink(entry: Entry): { path: string; query: Record<string, string> } {
  const { widget } = entry;
  const inputs: Inputs = { ...COMMON_INPUTS, ...widget.inputs };
  const taken = new Set(
    Object.values(ENDPOINTS).flatMap((endpoint) => Object.values(endpoint.route.defaults).map(String)),
  );
  const sample = new Map<string, string>();
  for (const [attribute, input] of Object.entries(inputs)) {
    const value = sampleOf(input, taken);
    if (value === undefined) continue;
    sample.set(attribute, value);
    taken.add(value);
  }
  const planned = planLoad(widget, { localName: widget.tag } as Element, (attribute) =>
    sample.has(attribute) ? sample.get(attribute) : inputs[attribute]?.initial,
  );
  if (planned instanceof Error)
    throw new Error(`${widget.tag}: no load from sample attributes: ${planned.message}`);
  const target = describe(planned.resource, planned.options.baseUrl!);
  const attributeOf = (value: unknown) => [...sample].find(([, sampled]) => sampled === String(value))?.[0];
  const ids: Record<string, string> = {};
  for (const [param, value] of Object.entries(target.ids)) {
    const attribute = attributeOf(value);
    if (!attribute) throw new Error(`${widget.tag}: the path's ${param} comes from no attribute`);
    ids[param] = `{${attribute}}`;
  }
  const query: Record<string, string> = {};
  for (const [param, value] of Object.entries({ ...target.query, ...target.window })) {
    const attribute = attributeOf(value);
    if (attribute) query[param] = attribute;
    else if (String(target.ep.route.defaults[param]) !== String(value))
      throw new Error(`${widget.tag}: the request's ${param}=${String(value)} comes from no attribute`);
  }
  return { path: pathOf(target.ep.route, ids), query };
}

/** One query parameter of a widget's request: the attribute that sets it, else (or when not set) its default. */
interface RequestParam {
  attribute?: string;
  default?: string;
}

/**
 * A widget's request as the plugin sends it on the server, so that its
 * inline data names the resource the element loads (src/core/inline.ts
 * `inlinePath`): the endpoint's path with `{attribute}` for its identifier,
 * every query parameter the loader sends (a list's page and limit included)
 * with the attribute that sets it and the value sent when none does, and the
 * endpoint's freshness in seconds. Found as dataLink() finds the link, and by
 * planning a load from the inputs' initial values (an identifier: its
 * example) to read the defaults back.
 */
function dataRequest(entry: Entry): { path: string; query: Record<string, RequestParam>; fresh: number } {
  const { widget } = entry;
  const inputs: Inputs = { ...COMMON_INPUTS, ...widget.inputs };
  const link = dataLink(entry);
  const initial = planLoad(
    widget,
    { localName: widget.tag } as Element,
    (attribute) => {
      const rule = inputs[attribute]?.rule;
      return rule?.type === 'id' && rule.required ? rule.example : inputs[attribute]?.initial;
    },
    { page: false },
  );
  if (initial instanceof Error)
    throw new Error(`${widget.tag}: no load from its initial inputs: ${initial.message}`);
  const target = describe(initial.resource, initial.options.baseUrl!);
  const sent = new URL(urlOf(target)).searchParams;
  const query: Record<string, RequestParam> = {};
  for (const [param, attribute] of Object.entries(link.query)) query[param] = { attribute };
  for (const [param, value] of sent) query[param] = { ...query[param], default: value };
  // The language: the element's, else the page's (the plugin says which); French when neither.
  if (!query['lang'] && target.ep.query['lang']) throw new Error(`${widget.tag}: its lang is not sent`);
  return { path: link.path, query, fresh: target.ep.fresh * 60 };
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
 * fallback), besides each widget's summary: the kit's number formats (Intl's,
 * as the elements use them) and its words for a date and for nothing to show,
 * as templates PHP fills.
 */
function fallbackWords(): Record<Lang, Record<string, unknown>> {
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
      empty: commonStrings[lang].empty,
    };
  }
  return out;
}

/** Whether `value` is a table of words by language (`{ fr: {...}, en: {...} }`). */
const isLocal = (value: unknown): value is Local<Record<string, unknown>> =>
  typeof value === 'object' &&
  value !== null &&
  LANGS.every((lang) => typeof (value as Record<string, unknown>)[lang] === 'object');

/**
 * The kit's words in each language, by their top key: every widget's strings
 * (each table its folder's strings.ts exports: `ranking`, `verdicts`...) and
 * the names of the API's values (`statuses`, `indicators`...). A summary's
 * labels and names are paths in them.
 */
async function kitWords(): Promise<Record<Lang, Record<string, unknown>>> {
  const tables: Local<Record<string, unknown>>[] = [reportValues, indicatorNames, administrationValues];
  const components = join(root, 'src/components');
  for (const folder of readdirSync(components).sort()) {
    const file = join(components, folder, 'strings.ts');
    if (!existsSync(file)) continue;
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    tables.push(...Object.values(module).filter(isLocal));
  }
  const out = {} as Record<Lang, Record<string, unknown>>;
  for (const lang of LANGS) {
    out[lang] = {};
    for (const table of tables)
      for (const [key, value] of Object.entries(table[lang])) {
        if (Object.hasOwn(out[lang], key)) throw new Error(`two tables of words hold \`${key}\``);
        out[lang][key] = value;
      }
  }
  return out;
}

const KIT_WORDS = await kitWords();

/** The summary of `tag` (src/summaries.ts, from its folder's summary.ts). */
function summaryOf(tag: string): Summary {
  const found = summaries[tag];
  if (!found) throw new Error(`${tag}: no summary.ts in its folder (src/summaries.ts)`);
  return found;
}

/** The words at `path` in `lang`: a sentence of one value (a function) as a template of `{value}`. */
function wordsAt(lang: Lang, path: string, owner: string): unknown {
  let at: unknown = KIT_WORDS[lang];
  for (const step of path.split('.'))
    at =
      typeof at === 'object' && at !== null && Object.hasOwn(at, step)
        ? (at as Record<string, unknown>)[step]
        : undefined;
  if (typeof at === 'function') at = (at as (value: string) => string)('{value}');
  if (at === undefined) throw new Error(`${owner}: no words at \`${path}\` in ${lang}`);
  return at;
}

/**
 * A widget's summary (src/components/<name>/summary.ts) as the fallback reads it
 * in `lang`: its labels and value names as words, and the initial value of each
 * attribute it reads (`defaults`), from the descriptor's inputs.
 */
function pluginSummary(tag: string, summary: Summary, inputs: Inputs, lang: Lang) {
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
  const { caption, title, facts, text, items } = summary;
  if (caption?.attribute) attributes.add(caption.attribute);
  if (items?.match) attributes.add(items.match.attribute);
  // A ranked list is numbered from its page's first rank.
  if (items?.ordered) for (const attribute of ['limit', 'page']) attributes.add(attribute);
  const out = {
    ...(caption ? { caption: { ...caption, label: wordsAt(lang, caption.label, owner) } } : {}),
    ...(title ? { title: field(title) } : {}),
    ...(facts ? { facts: facts.map(field) } : {}),
    ...(text ? { text: text.map(field) } : {}),
    ...(items
      ? { items: { ...items, name: field(items.name), details: (items.details ?? []).map(field) } }
      : {}),
  };
  const defaults: Record<string, string> = {};
  for (const attribute of attributes) {
    const input = inputs[attribute];
    if (!input) throw new Error(`${owner} reads \`${attribute}\`, which is not an input of ${tag}`);
    defaults[attribute] = String(input.initial ?? '');
  }
  return { ...out, defaults };
}

const wordsOf = (words: InputWords) => ({ label: words.label, help: { fr: words.fr, en: words.en } });

interface PluginData {
  version: string;
  /** The largest answer body the server render reads (src/core/types.ts, as the kit's readers). */
  maxAnswerBytes: number;
  rules: Record<string, PluginRule & { messages: Messages }>;
  quote: ReturnType<typeof quoting>;
  title: Words;
  inputs: Record<string, ReturnType<typeof wordsOf>>;
  widgets: Record<string, unknown>;
  fallback: Record<Lang, Record<string, unknown>>;
}

/** What includes/definitions.php holds, and each block.json. */
export function pluginData(version: string): { data: PluginData; blocks: Record<string, object> } {
  const rules: PluginData['rules'] = {};
  /** Adds a rule once, by name: one name, one rule. */
  const add = (name: string, rule: PluginRule, messages: Messages): string => {
    const entry = { ...rule, messages };
    const known = rules[name];
    if (known && JSON.stringify(known) !== JSON.stringify(entry))
      throw new Error(`two rules named ${name}: name the second in src/attributes/rules.ts (RULES)`);
    rules[name] = entry;
    return name;
  };
  const ruleName = (attribute: string, input: Input): string => {
    if (!input.rule) return add(...inputRule(attribute, input));
    const name = RULE_NAMES.get(input.rule);
    if (!name) throw new Error(`${attribute}: its rule is not one of RULES (src/attributes/rules.ts)`);
    const { rule, messages } = pluginRule(input.rule);
    return add(name, rule, messages);
  };
  // The settings check the API's base URL as the widgets check base-url.
  ruleName('base-url', COMMON_INPUTS['base-url']);

  const shared: PluginData['inputs'] = {};
  for (const [attribute, words] of Object.entries(ABOUT_INPUTS))
    if (!ADMIN_ONLY.has(attribute)) shared[attribute] = wordsOf(words);

  const widgets: PluginData['widgets'] = {};
  const blocks: Record<string, object> = {};
  for (const entry of [...catalog].sort((a, b) => a.widget.tag.localeCompare(b.widget.tag))) {
    const { widget, about } = entry;
    const name = shortName(widget.tag);
    const attributes: Record<string, string> = {};
    const blockAttributes: Record<string, object> = {};
    for (const [attribute, input] of inputsOf(entry)) {
      if (!Object.hasOwn(about.inputs, attribute) && !shared[attribute])
        throw new Error(`${widget.tag}: ${attribute} has no words in its about.ts or in ABOUT_INPUTS`);
      attributes[attribute] = ruleName(attribute, input);
      const rule = rules[attributes[attribute]]!;
      blockAttributes[attribute] =
        rule.type === 'flag' ? { type: 'boolean', default: rule.default } : { type: 'string', default: '' };
    }
    const own = Object.fromEntries(
      Object.entries(about.inputs).map(([attribute, words]) => [attribute, wordsOf(words)]),
    );
    widgets[name] = {
      tag: widget.tag,
      attributes,
      words: own,
      link: dataLink(entry),
      request: dataRequest(entry),
      summary: Object.fromEntries(
        LANGS.map((lang) => [lang, pluginSummary(widget.tag, summaryOf(widget.tag), widget.inputs, lang)]),
      ),
    };
    blocks[name] = {
      $schema: 'https://schemas.wp.org/trunk/block.json',
      apiVersion: 2,
      name: `${DOMAIN}/${name}`,
      version,
      title: about.title.en,
      category: 'embed',
      icon: 'chart-bar',
      description: about.summary.en,
      keywords: ['khountous', name],
      textdomain: DOMAIN,
      attributes: blockAttributes,
      supports: { html: false, align: ['wide', 'full'] },
      editorScript: 'khountous-widgets-editor',
    };
  }
  return {
    data: {
      version,
      maxAnswerBytes: MAX_ANSWER_BYTES,
      rules,
      quote: quoting(),
      title: { fr: attributeMessages.fr.title, en: attributeMessages.en.title },
      inputs: shared,
      widgets,
      fallback: fallbackWords(),
    },
    blocks,
  };
}

// ---------------------------------------------------------------------------
// PHP output

const phpString = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function phpValue(value: unknown, indent: string): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return phpString(value);
  const inner = `${indent}\t`;
  if (Array.isArray(value)) {
    if (value.length === 0) return 'array()';
    return `array(\n${value.map((item) => `${inner}${phpValue(item, inner)},`).join('\n')}\n${indent})`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return 'array()';
  return `array(\n${entries
    .map(([key, item]) => `${inner}${phpString(key)} => ${phpValue(item, inner)},`)
    .join('\n')}\n${indent})`;
}

const HEADER = (what: string) => `<?php
/**
 * ${what}
 *
 * Generated by scripts/generate/wordpress.ts from the widgets' descriptors and words
 * (src/catalog.ts) and the kit's rules and sentences (\`npm run build\`): do not edit.
 *
 * @package Khountous_Widgets
 */

defined( 'ABSPATH' ) || exit;
`;

/** The line of a .po file below which scripts/generate/wordpress.ts writes the blocks' titles and descriptions. */
const PO_MARKER =
  "# Below: the blocks' titles and descriptions (block.json), from src/components/*/about.ts, written by scripts/generate/wordpress.ts: do not edit.";

/** A .po file with its generated part: what is above the marker, then the blocks' words in `lang`. */
function poWithBlocks(po: string, lang: Lang, file: string): string {
  const index = po.indexOf(`${PO_MARKER}\n`);
  if (index === -1) throw new Error(`${file}: no marker line for the blocks' words (${PO_MARKER})`);
  const quote = (text: string) => JSON.stringify(text);
  const entries = catalog
    .flatMap(
      ({ about }) =>
        [
          ['block title', about.title],
          ['block description', about.summary],
        ] as const,
    )
    .map(
      ([context, words]) =>
        `msgctxt ${quote(context)}\nmsgid ${quote(words.en)}\nmsgstr ${quote(words[lang])}\n`,
    );
  return `${po.slice(0, index)}${PO_MARKER}\n\n${entries.join('\n')}`;
}

interface Generated {
  path: string;
  content: string | Buffer;
}

async function generate(): Promise<Generated[]> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const { data, blocks } = pluginData(pkg.version);
  const files: Generated[] = [];
  for (const [name, block] of Object.entries(blocks))
    files.push({
      path: join('blocks', name, 'block.json'),
      content: await prettier.format(JSON.stringify(block), { parser: 'json' }),
    });
  files.push({
    path: join('includes', 'definitions.php'),
    content: `${HEADER("The widgets' attributes, the rules they are checked against, their words and the messages they give.")}\nreturn ${phpValue(data, '')};\n`,
  });

  const languages = join(PLUGIN_DIR, 'languages');
  for (const file of readdirSync(languages).filter((name) => name.endsWith('.po'))) {
    const lang = /-([a-z]{2})_[A-Z]{2}\.po$/.exec(file)?.[1] as Lang | undefined;
    if (!lang || !LANGS.includes(lang))
      throw new Error(`${file}: a translation into a language the widgets do not speak`);
    const po = poWithBlocks(readFileSync(join(languages, file), 'utf8'), lang, file);
    files.push({ path: join('languages', file), content: po });
    files.push({ path: join('languages', file.replace(/\.po$/, '.mo')), content: compileMo(parsePo(po)) });
  }
  return files;
}

// ---------------------------------------------------------------------------
// Gettext: .po in, .mo out (GNU gettext's format: a header, two tables of
// lengths and offsets, then the strings; no hash table, which readers allow).

interface PoEntry {
  context?: string;
  id: string;
  plural?: string;
  strings: string[];
}

export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let current: Partial<PoEntry> & { strings: string[] } = { strings: [] };
  let field: 'context' | 'id' | 'plural' | number | undefined;
  const unquote = (raw: string) => JSON.parse(raw) as string;
  const flush = () => {
    if (current.id !== undefined) entries.push(current as PoEntry);
    current = { strings: [] };
    field = undefined;
  };
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) {
      if (trimmed === '' && current.id !== undefined && current.strings.length > 0) flush();
      continue;
    }
    const match = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$/.exec(trimmed);
    if (match) {
      const [, keyword, index, value] = match;
      if ((keyword === 'msgctxt' || keyword === 'msgid') && current.strings.length > 0) flush();
      if (keyword === 'msgctxt') field = 'context';
      else if (keyword === 'msgid') field = 'id';
      else if (keyword === 'msgid_plural') field = 'plural';
      else field = Number(index ?? 0);
      const text = unquote(value!);
      if (typeof field === 'number') current.strings[field] = text;
      else current[field] = text;
    } else if (trimmed.startsWith('"') && field !== undefined) {
      const text = unquote(trimmed);
      if (typeof field === 'number') current.strings[field] += text;
      else current[field] = (current[field] ?? '') + text;
    } else {
      throw new Error(`.po: cannot read the line ${JSON.stringify(line)}`);
    }
  }
  flush();
  return entries;
}

export function compileMo(entries: PoEntry[]): Buffer {
  const kept = entries
    .filter((entry) => entry.id === '' || entry.strings.some((text) => text !== ''))
    .map((entry) => ({
      key:
        (entry.context !== undefined ? `${entry.context}\u0004` : '') +
        entry.id +
        (entry.plural !== undefined ? `\0${entry.plural}` : ''),
      value: entry.strings.join('\0'),
    }))
    .sort((a, b) => (Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)) < 0 ? -1 : 1));
  const count = kept.length;
  const headerSize = 28;
  const tables = headerSize + count * 16;
  const keys = kept.map((entry) => Buffer.from(entry.key, 'utf8'));
  const values = kept.map((entry) => Buffer.from(entry.value, 'utf8'));
  const header = Buffer.alloc(tables);
  header.writeUInt32LE(0x950412de, 0);
  header.writeUInt32LE(0, 4);
  header.writeUInt32LE(count, 8);
  header.writeUInt32LE(headerSize, 12);
  header.writeUInt32LE(headerSize + count * 8, 16);
  header.writeUInt32LE(0, 20);
  header.writeUInt32LE(tables, 24);
  const chunks: Buffer[] = [header];
  let offset = tables;
  const place = (buffers: Buffer[], tableStart: number) => {
    buffers.forEach((buffer, index) => {
      header.writeUInt32LE(buffer.length, tableStart + index * 8);
      header.writeUInt32LE(offset, tableStart + index * 8 + 4);
      chunks.push(buffer, Buffer.from([0]));
      offset += buffer.length + 1;
    });
  };
  place(keys, headerSize);
  place(values, headerSize + count * 8);
  return Buffer.concat(chunks);
}

async function main() {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const file of await generate()) {
    const path = join(PLUGIN_DIR, file.path);
    const content = typeof file.content === 'string' ? Buffer.from(file.content) : file.content;
    const current = existsSync(path) ? readFileSync(path) : undefined;
    if (current && current.equals(content)) continue;
    if (check) stale.push(file.path);
    else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    }
  }
  if (stale.length > 0) {
    console.error(
      `wordpress/khountous-widgets: not what scripts/generate/wordpress.ts writes: ${stale.join(', ')} (run npm run build)`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
