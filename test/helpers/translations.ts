/**
 * Every UI string of a language, all sections together, for tests: what every
 * widget says, each widget's own strings and the names of the API's values.
 * The widgets' tables are found in their folders (src/components/<name>/
 * strings.ts and name.ts, as the build finds them), so a widget added as one
 * folder is in them.
 */
import type { Lang } from '../../src/core/types.js';
import { commonStrings, type WidgetName } from '../../src/i18n/common.js';
import { administrationValues } from '../../src/i18n/administration-values.js';
import { indicatorNames } from '../../src/i18n/indicator-names.js';
import type { Local } from '../../src/i18n/strings.js';
import { reportValues } from '../../src/i18n/report-values.js';

type Module = Readonly<Record<string, unknown>>;
type Table = Local<Readonly<Record<string, unknown>>>;

/** The modules a glob of the widgets' folders finds, by folder name. */
async function byFolder(glob: Record<string, () => Promise<unknown>>): Promise<Record<string, Module>> {
  const entries = await Promise.all(
    Object.entries(glob).map(async ([path, load]) => [path.split('/').at(-2)!, (await load()) as Module]),
  );
  return Object.fromEntries(entries) as Record<string, Module>;
}

const [descriptors, stringModules, nameModules] = await Promise.all([
  byFolder(import.meta.glob('../../src/components/*/widget.ts')),
  byFolder(import.meta.glob('../../src/components/*/strings.ts')),
  byFolder(import.meta.glob('../../src/components/*/name.ts')),
]);

/** Whether `value` is a table of words by language (`{ fr: {...}, en: {...} }`). */
const isLocal = (value: unknown): value is Table =>
  typeof value === 'object' &&
  value !== null &&
  (['fr', 'en'] as const).every((lang) => typeof (value as Record<string, unknown>)[lang] === 'object');

/** Each widget's folder by its tag (the descriptor its widget.ts exports names it). */
const folderOf: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(descriptors).map(([folder, module]) => {
    const descriptor = Object.values(module).find(
      (value): value is { tag: string } =>
        typeof value === 'object' && value !== null && typeof (value as { tag?: unknown }).tag === 'string',
    );
    if (!descriptor) throw new Error(`src/components/${folder}/widget.ts exports no descriptor`);
    return [descriptor.tag, folder];
  }),
);

/** The tables of words a widget's folder holds (its strings.ts's exports), none for a widget without. */
const tablesOf = (folder: string): Table[] => Object.values(stringModules[folder] ?? {}).filter(isLocal);

/** The value names every widget may show, and what every widget says. */
const shared = (lang: Lang) => ({
  ...commonStrings[lang],
  ...administrationValues[lang],
  ...reportValues[lang],
  ...indicatorNames[lang],
});

/**
 * Every table in `lang`. What all widgets share is typed; a widget's own words (under its own
 * key) are not: a test of one widget imports its folder's strings.ts for their types.
 */
export const translations = (lang: Lang): ReturnType<typeof shared> & Readonly<Record<string, unknown>> =>
  Object.assign(
    {},
    shared(lang),
    ...Object.keys(stringModules).flatMap((folder) => tablesOf(folder).map((table) => table[lang])),
  ) as ReturnType<typeof shared> & Readonly<Record<string, unknown>>;

/** How the states' sentences name each widget, by tag (each folder's name.ts). */
export const widgetNames: Readonly<Record<string, WidgetName>> = Object.fromEntries(
  Object.entries(folderOf).flatMap(([tag, folder]) => {
    const name = nameModules[folder]?.['name'];
    return name ? [[tag, name as WidgetName]] : [];
  }),
);

/** The name of the widget of `tag`: a tag without one is a mistake of the test. */
export function widgetNameOf(tag: string): WidgetName {
  const name = widgetNames[tag];
  if (!name) throw new Error(`no name.ts for <${tag}>`);
  return name;
}

/** The texts of a table, walked in step in both languages: [fr, en] at each leaf both hold. */
function pairs(fr: unknown, en: unknown): [string, string][] {
  if (typeof fr === 'string' && typeof en === 'string') return [[fr, en]];
  if (typeof fr !== 'object' || fr === null || typeof en !== 'object' || en === null) return [];
  return Object.keys(fr).flatMap((key) =>
    pairs((fr as Record<string, unknown>)[key], (en as Record<string, unknown>)[key]),
  );
}

/**
 * The words of `tag`'s own strings that tell which language it speaks in two renders of the
 * same data, `fr` and `en` (their texts): each text of its tables whose French `fr` shows and
 * `en` does not, while its English `en` shows and `fr` does not. A widget that speaks both
 * languages has at least one; data texts, the same in both renders, never count.
 */
export function tellingWords(tag: string, fr: string, en: string): { fr: string; en: string }[] {
  const folder = folderOf[tag];
  if (!folder) throw new Error(`no widget folder for <${tag}>`);
  return tablesOf(folder)
    .flatMap((table) => pairs(table.fr, table.en))
    .filter(([french, english]) => french !== english && french.trim() && english.trim())
    .filter(
      ([french, english]) =>
        fr.includes(french) && !en.includes(french) && en.includes(english) && !fr.includes(english),
    )
    .map(([french, english]) => ({ fr: french, en: english }));
}
