/**
 * The kit's checks of the API's answers (src/core/schemas.ts) as data for the WordPress
 * plugin (includes/definitions.php `answers`), which includes/answers.php applies to what
 * the server fetches: each schema written from what made it (check.ts `made`), so that the
 * plugin refuses what the kit refuses, by the same ranges, lists and lengths.
 */
import {
  array,
  atMost,
  between,
  boolean,
  checkedBy,
  integer,
  magnitude,
  matching,
  nullable,
  number,
  object,
  optional,
  picklist,
  PROTOTYPE_KEYS,
  record,
  string,
  text,
  union,
  unique,
  type Made,
  type Schema,
} from '../../../src/core/check.js';
import { ANSWERS } from '../../../src/core/answers.js';
import type { ResourceKind } from '../../../src/core/endpoints.js';

/**
 * A check as includes/answers.php reads it. A bound that is none (±Infinity) is null. `path`
 * of an issue is the kit's (check.ts `at`): `data.0.score`.
 */
export type AnswerRule =
  | { type: 'text'; max: number | null }
  | { type: 'boolean' }
  /** A finite number from `min` to `max`, whole when `whole`. */
  | { type: 'number'; min: number | null; max: number | null; whole: boolean }
  /** 0, or a finite number whose magnitude is from `min` to `max`. */
  | { type: 'magnitude'; min: number; max: number }
  /** A string `pattern` (PCRE) matches. */
  | { type: 'matching'; pattern: string }
  | { type: 'choice'; values: readonly string[] }
  /** A choice among the values of the plugin's attribute rule `rule` (definitions.php `rules`): a list written once. */
  | { type: 'choice'; rule: string }
  /** Absent from its object, or `of`. */
  | { type: 'optional'; of: AnswerRule }
  | { type: 'nullable'; of: AnswerRule }
  /** The first of the two that passes. */
  | { type: 'union'; of: [AnswerRule, AnswerRule] }
  /** A JSON array of at most `max` items, each `item`; with `key`, no two items of one `key`. */
  | { type: 'list'; item: AnswerRule; max: number | null; key: string | null }
  /** Its `entries`, in order; other keys left out. A JSON array is an object without those keys, as in JavaScript. */
  | { type: 'object'; entries: Record<string, AnswerRule> }
  /** Any keys, each value `of`; the keys `skip` matches (PCRE) left out. */
  | { type: 'record'; of: AnswerRule; skip: string }
  /** `of`, then its `field` checked by the rule `rules` gives for its `key`. */
  | { type: 'by'; of: AnswerRule; field: string; key: string; rules: Record<string, AnswerRule> }
  /** `of`, then its `field` at most its `limit` when that is there. */
  | { type: 'atMost'; of: AnswerRule; field: string; limit: string };

const bound = (value: number): number | null => (Number.isFinite(value) ? value : null);

/**
 * A regular expression of the kit as PCRE, for a pattern that means the same in both: ASCII,
 * flag `i` at most, and nothing that matches a character outside ASCII (`.`, `[^`, `\\s`,
 * `\\D`...), where JavaScript counts UTF-16 units and PCRE bytes. `$` is the end only (D), as
 * in JavaScript.
 */
function pcre(pattern: RegExp): string {
  const { source, flags } = pattern;
  // Each escape a punctuation mark, \d or \w; no `.` and no `[^` outside an escape.
  const plain = /^(?:\\[^A-Za-z0-9]|\\[dw]|\[(?!\^)|[\x20-\x7e](?<![\\.[]))*$/;
  if (!/^i?$/.test(flags) || !plain.test(source))
    throw new Error(`${pattern}: a pattern PCRE could read otherwise (see pcre() in answers.ts)`);
  return `~${source.replaceAll('~', '\\~')}~D${flags}`;
}

/** Keys JavaScript would read from elsewhere than the answer: an entry named so is not one the plugin can check alike. */
const unlike = (key: string) => key in Object.prototype || key in [] || /^\d+$/.test(key);

/** The rule of `schema`, from what made it; a schema no combinator of check.ts made cannot be written. */
function answerRule(schema: Schema, where = 'an answer'): AnswerRule {
  if (schema === string) return { type: 'text', max: null };
  if (schema === boolean) return { type: 'boolean' };
  if (schema === number) return { type: 'number', min: null, max: null, whole: false };
  const made = (schema as Partial<Made>).made;
  if (!made)
    throw new Error(
      `${where}: a check that check.ts does not describe (a refine of its own?): PHP cannot apply it`,
    );
  const [by, ...args] = made;
  const rule = (inner: unknown, at = where) => answerRule(inner as Schema, at);
  switch (by) {
    case text:
      return { type: 'text', max: args[0] as number };
    case between:
    case integer: {
      const [min, max] = args as [number, number];
      return { type: 'number', min: bound(min), max: bound(max), whole: by === integer };
    }
    case magnitude: {
      const [min, max] = args as [number, number];
      return { type: 'magnitude', min, max };
    }
    case matching:
      return { type: 'matching', pattern: pcre(args[0] as RegExp) };
    case picklist: {
      const values = args[0] as readonly unknown[];
      if (!values.every((value) => typeof value === 'string'))
        throw new Error(`${where}: a list of values other than strings (PHP compares them otherwise)`);
      return { type: 'choice', values: values as string[] };
    }
    case optional:
    case nullable:
      return { type: by === optional ? 'optional' : 'nullable', of: rule(args[0]) };
    case union:
      return { type: 'union', of: [rule(args[0]), rule(args[1])] };
    case array:
    case unique: {
      const [item, key, max] = by === array ? [args[0], null, args[1]] : args;
      return {
        type: 'list',
        item: rule(item, `${where}[]`),
        max: bound(max as number),
        key: key as string | null,
      };
    }
    case object: {
      const entries: Record<string, AnswerRule> = {};
      for (const [key, entry] of Object.entries(args[0] as Record<string, Schema>)) {
        if (unlike(key))
          throw new Error(`${where}.${key}: a key JavaScript reads from its prototype or an array`);
        entries[key] = rule(entry, `${where}.${key}`);
      }
      return { type: 'object', entries };
    }
    case record:
      return { type: 'record', of: rule(args[0], `${where}.*`), skip: pcre(PROTOTYPE_KEYS) };
    case checkedBy: {
      const [inner, field, key, table] = args as [Schema, string, string, Record<string, Schema>];
      const of = rule(inner);
      const keyRule = of.type === 'object' ? of.entries[key] : undefined;
      // The table's keys are the values its key may take, so that every value checked has its rule.
      if (
        keyRule?.type !== 'choice' ||
        !('values' in keyRule) ||
        keyRule.values.join() !== Object.keys(table).join()
      )
        throw new Error(`${where}.${key}: not a choice of exactly the keys of its table`);
      const rules = Object.fromEntries(
        Object.entries(table).map(([name, by]) => [name, rule(by, `${where}.${field}`)]),
      );
      return { type: 'by', of, field, key, rules };
    }
    case atMost: {
      const [inner, field, limit] = args as [Schema, string, string];
      return { type: 'atMost', of: rule(inner), field, limit };
    }
  }
  throw new Error(`${where}: made by a combinator answers.ts does not write`);
}

/**
 * `rule` with each choice whose values are those of one of the plugin's attribute rules
 * (`named`: definitions.php `rules`) written as that rule's name, so that a list of the kit's
 * (the regions, the sectors...) is in the plugin's data once, however many answers check it.
 */
export function namedChoices(
  rule: AnswerRule,
  named: Record<string, { type: string; values?: unknown }>,
): AnswerRule {
  const again = (inner: AnswerRule) => namedChoices(inner, named);
  switch (rule.type) {
    case 'choice': {
      if (!('values' in rule)) return rule;
      const name = Object.keys(named).find((key) => {
        const values = named[key]!.values;
        return named[key]!.type === 'choice' && Array.isArray(values) && values.join() === rule.values.join();
      });
      return name ? { type: 'choice', rule: name } : rule;
    }
    case 'optional':
    case 'nullable':
      return { ...rule, of: again(rule.of) };
    case 'union':
      return { ...rule, of: [again(rule.of[0]), again(rule.of[1])] };
    case 'list':
      return { ...rule, item: again(rule.item) };
    case 'object':
      return {
        ...rule,
        entries: Object.fromEntries(Object.entries(rule.entries).map(([key, entry]) => [key, again(entry)])),
      };
    case 'record':
      return { ...rule, of: again(rule.of) };
    case 'by':
      return {
        ...rule,
        of: again(rule.of),
        rules: Object.fromEntries(Object.entries(rule.rules).map(([key, entry]) => [key, again(entry)])),
      };
    case 'atMost':
      return { ...rule, of: again(rule.of) };
    default:
      return rule;
  }
}

/** The rule of each endpoint's answer, by the loader's resource kind. */
export function answerRules(): Record<ResourceKind, AnswerRule> {
  return Object.fromEntries(
    Object.entries(ANSWERS).map(([kind, schema]) => [kind, answerRule(schema, kind)]),
  ) as Record<ResourceKind, AnswerRule>;
}
