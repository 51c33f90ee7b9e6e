/**
 * Every widget's checked attributes, by tag, from the descriptors: what a tool
 * checks an attribute against before a page is published (the WordPress
 * plugin generates its checks from this table; it is JSON-serialisable).
 */
import { checkValue } from '../attributes/messages.js';
import type { AttributeResult, AttributeRule } from '../attributes/rules.js';
import { widgets } from '../widgets.js';
import { COMMON_INPUTS, type Inputs, type Widget } from './descriptor.js';

/** The checked attributes of one widget: those of every widget, then its own. */
function rulesOf(descriptor: Widget): Readonly<Record<string, AttributeRule>> {
  const rules: Record<string, AttributeRule> = {};
  const inputs: Inputs = { ...COMMON_INPUTS, ...descriptor.inputs };
  for (const [attribute, input] of Object.entries(inputs)) {
    if (input.rule) rules[attribute] = input.rule;
  }
  return rules;
}

export const ATTRIBUTE_RULES: Readonly<Record<string, Readonly<Record<string, AttributeRule>>>> =
  Object.fromEntries(widgets.map((descriptor) => [descriptor.tag, rulesOf(descriptor)]));

/**
 * Checks `attribute` of element `tag` (e.g. `khountous-ranking`, `region`).
 * An attribute the table does not check is accepted as written.
 */
export function checkAttribute(
  tag: string,
  attribute: string,
  value: string | null | undefined,
): AttributeResult {
  const rule = ATTRIBUTE_RULES[tag]?.[attribute];
  if (!rule) return { ok: true, value: value ?? undefined };
  return checkValue(attribute, rule, value);
}
