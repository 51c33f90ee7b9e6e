import { KhountousError } from '../core/errors.js';
import { MAX_ID_LENGTH } from '../core/types.js';

/**
 * Attribute checks in one place. Numeric attributes are clamped into range
 * (with one console warning naming the attribute and the value used), so a
 * typo in a CMS never sends an invalid request nor blanks the widget.
 */
const warned = new WeakMap<object, Set<string>>();

function warnOnce(owner: object, message: string): void {
  let seen = warned.get(owner);
  if (!seen) warned.set(owner, (seen = new Set()));
  if (seen.has(message)) return;
  seen.add(message);
  console.warn(message);
}

/** `name="value"` for a message, a long value cut (a pasted paragraph is not repeated whole). */
export function quoted(attribute: string, value: string): string {
  const shown = value.length > 60 ? `${value.slice(0, 60)}…" (${value.length} characters)` : `${value}"`;
  return `${attribute}="${shown}`;
}

/**
 * The console warning of a configuration error (an attribute the widget
 * cannot use), once per element and message, named after the element: the
 * widget itself shows only "misconfigured" to readers.
 */
export function warnConfiguration(owner: Element, message: string): void {
  const prefix = `<${owner.localName}>: `;
  warnOnce(owner, message.startsWith(prefix) ? message : prefix + message);
}

/**
 * An integer attribute within [min, max]. Not a number -> `fallback`;
 * out of range -> the nearest bound.
 */
export function clampInteger(
  owner: Element,
  attribute: string,
  value: unknown,
  { min, max, fallback }: { min: number; max: number; fallback: number },
): number {
  if (value === null || value === undefined || value === '') return fallback;
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  let result: number;
  if (!Number.isFinite(number)) result = fallback;
  else result = Math.min(max, Math.max(min, Math.trunc(number)));
  if (result !== number) {
    warnOnce(
      owner,
      `<${owner.localName}>: ${quoted(attribute, String(value))} is not an integer from ${min} to ${max}; using ${result}.`,
    );
  }
  return result;
}

/**
 * A filter attribute: empty -> undefined (no filter); one of `allowed` -> it;
 * anything else throws KhountousError('invalid-parameter'), which the element
 * shows as its error state, because quietly dropping a filter would show other
 * data than the author chose.
 */
export function oneOf<T extends string>(
  owner: Element,
  attribute: string,
  value: string | null | undefined,
  allowed: readonly T[],
): T | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if ((allowed as readonly string[]).includes(trimmed)) return trimmed as T;
  const message = `<${owner.localName}>: ${quoted(attribute, trimmed)} is not one of ${allowed.join(', ')}.`;
  warnOnce(owner, message);
  throw new KhountousError('invalid-parameter', message, { param: attribute });
}

/** A required identifier attribute (slug, dataset-id) matching `pattern`, else KhountousError('invalid-parameter'). */
export function requiredId(
  owner: Element,
  attribute: string,
  value: string | null | undefined,
  pattern: RegExp,
): string {
  const trimmed = value?.trim() ?? '';
  if (trimmed.length <= MAX_ID_LENGTH && pattern.test(trimmed)) return trimmed;
  const message = trimmed
    ? `<${owner.localName}>: ${quoted(attribute, trimmed)} is not a valid ${attribute}.`
    : `<${owner.localName}>: the ${attribute} attribute is required.`;
  warnOnce(owner, message);
  throw new KhountousError('invalid-parameter', message, { param: attribute });
}
