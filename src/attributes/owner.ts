import { KhountousError } from '../core/errors.js';
import { checkValue, type AttributeProblem, type AttributeRule, type IntegerRule } from './rules.js';

export { quoted } from './rules.js';

/**
 * Attribute checks of the elements, from the rules of attribute-rules.ts.
 * What people type is read when it can be (`Saint Louis` is `saint-louis`,
 * with a console note); numeric attributes are clamped into range (with one
 * console warning); anything else throws an AttributeError, which the element
 * shows on itself: the attribute, the value given, and what would be right.
 */
const warned = new WeakMap<object, Set<string>>();

function warnOnce(owner: object, message: string, level: 'warn' | 'info' = 'warn'): void {
  let seen = warned.get(owner);
  if (!seen) warned.set(owner, (seen = new Set()));
  if (seen.has(message)) return;
  seen.add(message);
  // A note that what was typed was read as another spelling: information, not a warning.
  // eslint-disable-next-line no-console
  console[level](message);
}

const prefixed = (owner: Element, message: string): string => {
  const prefix = `<${owner.localName}>: `;
  return message.startsWith(prefix) ? message : prefix + message;
};

/**
 * The console warning of a configuration error (an attribute the widget
 * cannot use), once per element and message, named after the element.
 */
export function warnConfiguration(owner: Element, message: string): void {
  warnOnce(owner, prefixed(owner, message));
}

/** A configuration error with what the editor needs to fix it: shown on the widget. */
export class AttributeError extends KhountousError {
  readonly problem: AttributeProblem;

  constructor(owner: Element | string, problem: AttributeProblem) {
    const tag = typeof owner === 'string' ? owner : owner.localName;
    super('invalid-parameter', `<${tag}>: ${problem.message.en}`, { param: problem.attribute });
    this.problem = problem;
  }
}

/** The problem of an error, when it is an AttributeError (of this copy of the kit or another). */
export function problemIn(error: unknown): AttributeProblem | undefined {
  const problem = (error as { problem?: AttributeProblem } | null)?.problem;
  return problem && typeof problem.attribute === 'string' && problem.message ? problem : undefined;
}

/**
 * One input checked against its rule: what people type is read when it can be
 * (a console note), an integer out of range is clamped (one warning), anything
 * else throws an AttributeError (and warns once).
 */
export function checkInput(owner: Element, attribute: string, value: unknown, rule: AttributeRule): unknown {
  const result = checkValue(attribute, rule, value as string | number | null | undefined);
  if (!result.ok) {
    warnOnce(owner, prefixed(owner, result.problem.message.en));
    throw new AttributeError(owner, result.problem);
  }
  if (result.problem) warnOnce(owner, prefixed(owner, result.problem.message.en));
  if (result.note) warnOnce(owner, prefixed(owner, result.note), 'info');
  return result.value;
}

/**
 * An integer attribute within the rule's range. Not a number -> its fallback;
 * out of range -> the nearest bound, with a warning.
 */
export function clampInteger(owner: Element, attribute: string, value: unknown, rule: IntegerRule): number {
  return checkInput(owner, attribute, value, rule) as number;
}
