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
import { valueAt } from '../../../src/widget/summary-read.js';
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
  // Each table with where it comes from, which a clash names.
  const tables: [string, Local<Record<string, unknown>>][] = [
    ['src/i18n/report-values.ts', reportValues],
    ['src/i18n/indicator-names.ts', indicatorNames],
    ['src/i18n/administration-values.ts', administrationValues],
  ];
  const components = join(root, 'src/components');
  for (const folder of readdirSync(components).sort()) {
    const file = join(components, folder, 'strings.ts');
    if (!existsSync(file)) continue;
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const table of Object.values(module).filter(isLocal))
      tables.push([`src/components/${folder}/strings.ts`, table]);
  }
  return mergeWords(tables);
}

/**
 * The tables of words (each with the file it comes from) as one table by top key, in each
 * language; a key two tables hold is refused, naming both files.
 *
 * @internal tested on its own with a clash the kit's tables do not have
 */
export function mergeWords(
  tables: readonly (readonly [string, Local<Record<string, unknown>>])[],
): Record<Lang, Record<string, unknown>> {
  const out = {} as Record<Lang, Record<string, unknown>>;
  const from = new Map<string, string>();
  for (const lang of LANGS) {
    out[lang] = {};
    for (const [file, table] of tables)
      for (const [key, value] of Object.entries(table[lang])) {
        if (Object.hasOwn(out[lang], key))
          throw new Error(
            `${file} and ${from.get(key)} both hold words under \`${key}\`: a summary's paths start with the key, which one table only may hold (a widget's words under a key of its own, its folder's name: \`${key}\` is taken)`,
          );
        out[lang][key] = value;
        from.set(key, file);
      }
  }
  return out;
}

const KIT_WORDS = await kitWords();

/** The words at `path` in `lang`: a sentence of one value (a function) as a template of `{value}`. */
export function wordsAt(lang: Lang, path: string, owner: string): unknown {
  let at = valueAt(KIT_WORDS[lang], path);
  if (typeof at === 'function') at = (at as (value: string) => string)('{value}');
  if (at === undefined) throw new Error(`${owner}: no words at \`${path}\` in ${lang}`);
  return at;
}
