/**
 * The kit's attribute rules as the WordPress plugin checks them (includes/definitions.php),
 * each once, by its name in src/attributes/rules.ts (RULES), with the kit's sentences for
 * what PHP tells of a value (problemOf, as templates).
 */
import { problemOf } from '../../../src/attributes/messages.js';
import { quoted, RULES, type AttributeProblem, type AttributeRule } from '../../../src/attributes/rules.js';
import { LANGS, type Lang } from '../../../src/core/types.js';
import { administrationValues } from '../../../src/i18n/administration-values.js';
import { indicatorNames } from '../../../src/i18n/indicator-names.js';
import { REGION_NAMES } from '../../../src/i18n/regions.js';
import { reportValues } from '../../../src/i18n/report-values.js';
import type { Words } from '../../../src/widget/about.js';
import { camel, type Input } from '../../../src/widget/descriptor.js';

/** A rule as the plugin checks it, with the kit's sentences for what it can tell of a value. */
export type PluginRule =
  | { type: 'choice'; values: readonly string[]; names: Record<Lang, Record<string, string>> }
  | { type: 'id'; pattern: string; maxLength: number; required: boolean }
  | { type: 'integer'; min: number; max: number; fallback: number }
  | { type: 'url' }
  | { type: 'flag'; default: boolean }
  | { type: 'text'; maxLength?: number }
  | { type: 'link' };

export type Messages = Record<string, Words>;

/** The kit's name of each of its rules. */
export const RULE_NAMES = new Map<AttributeRule, string>(
  Object.entries(RULES).map(([name, rule]) => [rule, name]),
);

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
export function quoting() {
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
export function pluginRule(rule: AttributeRule): { rule: PluginRule; messages: Messages } {
  switch (rule.type) {
    case 'choice':
      return {
        rule: { type: 'choice', values: rule.values, names: valueNames(rule.values) },
        messages: { 'not-accepted': template({ reason: 'not-accepted', accepted: rule.values }) },
      };
    case 'id': {
      const words = { expects: rule.expects, example: rule.example };
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
    case 'text':
      return {
        rule: { type: 'text', maxLength: rule.maxLength },
        messages: {
          'too-long': template({ reason: 'too-long', range: { min: 0, max: rule.maxLength } }),
        },
      };
    case 'link':
      return {
        rule: { type: 'link' },
        messages: { 'not-link': template({ reason: 'not-link', example: rule.example }) },
      };
  }
}

/** An input without a rule of the kit, as the plugin checks it: by its kind, or its menu of values. */
export function inputRule(
  attribute: string,
  input: Input,
): [name: string, rule: PluginRule, messages: Messages] {
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
