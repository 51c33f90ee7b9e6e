/**
 * Every widget's checked attributes, by tag, from the descriptors, and the
 * check of one attribute of one tag as the element makes it: for the tests of
 * the rules (the WordPress plugin's are generated from the descriptors by
 * scripts/generate/wordpress.ts).
 */
import { explainProblem } from '../../src/attributes/messages.js';
import { checkAttribute, type AttributeResult, type AttributeRule } from '../../src/attributes/rules.js';
import { widgets } from '../../src/registry.js';
import { COMMON_INPUTS, type Inputs, type Widget } from '../../src/widget/descriptor.js';

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

/** Checks one attribute value against its rule (rules.ts), a problem with its sentences (messages.ts). `value` is what the attribute holds (null: absent). */
export function checkValue(
  attribute: string,
  rule: AttributeRule,
  value: string | number | null | undefined,
): AttributeResult {
  const result = checkAttribute(attribute, rule, value);
  return result.problem
    ? { ...result, problem: explainProblem(result.problem) }
    : (result as AttributeResult);
}

/**
 * Checks `attribute` of element `tag` (e.g. `khountous-ranking`, `region`).
 * An attribute the table does not check is accepted as written.
 */
export function checkTagAttribute(
  tag: string,
  attribute: string,
  value: string | null | undefined,
): AttributeResult {
  const rule = ATTRIBUTE_RULES[tag]?.[attribute];
  if (!rule) return { ok: true, value: value ?? undefined };
  return checkValue(attribute, rule, value);
}
