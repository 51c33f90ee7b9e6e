/**
 * The kit's words as a widget's summary names them: the tables of every
 * widget's strings and of the API's values, in each language, and the words
 * at a path in them.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGS, type Lang } from '../../../src/core/types.js';
import { administrationValues } from '../../../src/i18n/administration-values.js';
import { indicatorNames } from '../../../src/i18n/indicator-names.js';
import type { Local } from '../../../src/i18n/strings.js';
import { reportValues } from '../../../src/i18n/report-values.js';
import { root } from './paths.js';

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

/** The words at `path` in `lang`: a sentence of one value (a function) as a template of `{value}`. */
export function wordsAt(lang: Lang, path: string, owner: string): unknown {
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
