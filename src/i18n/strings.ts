import type { Lang } from '../core/types.js';
import type { Translation } from './translation.js';

/**
 * One section of the UI strings, in both languages. Each widget imports the
 * sections it shows and no other, so that one element does not carry the
 * strings of all seven.
 */
export type Strings<K extends keyof Translation> = Readonly<Record<Lang, Pick<Translation, K>>>;
