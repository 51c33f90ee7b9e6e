import type { Lang } from '../core/types.js';
import { en } from './en.js';
import { fr } from './fr.js';
import type { Translation } from './translation.js';

export type { Translation } from './translation.js';

const TABLES: Record<Lang, Translation> = { fr, en };

/** The UI strings of a language. */
export const translations = (lang: Lang): Translation => TABLES[lang];
