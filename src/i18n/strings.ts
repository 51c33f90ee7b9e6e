import type { Lang } from '../core/types.js';

/**
 * Strings in both languages: each widget imports its own (its folder's
 * strings.ts), the values it names (values.ts) and what every widget says
 * (common.ts), and no other, so that one element does not carry the strings
 * of all seven. Typed once per language, so a string missing in one fails the
 * type check.
 */
export type Local<T> = Readonly<Record<Lang, T>>;
