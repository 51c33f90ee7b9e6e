/**
 * The WordPress plugin's generated files (wordpress/khountous-widgets/), from
 * custom-elements.json and the kit's own sources, so that the plugin checks
 * attributes against what the widgets accept and says what they say:
 *
 *   includes/definitions.php   every widget: its attributes, each with the kit's rule
 *                              (src/internal/attribute-rules.ts), the accepted values and
 *                              their names in French and English (src/i18n/), the messages
 *                              (src/i18n/attributes.ts) as templates for PHP
 *   includes/labels.php        the editor's labels (titles, attribute names, help texts
 *                              from the manifest) as literal __() calls, so that gettext
 *                              tools find them and languages/*.po translates them
 *   blocks/<widget>/block.json one dynamic block per widget
 *   languages/*.mo             compiled from the .po files beside them
 *
 * `npm run build` runs it (scripts/build.mjs); `--check` fails when a file in
 * the tree is not the one it would write. Run through tsx (it imports the kit's
 * TypeScript).
 */
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { LANGS, type Lang } from '../src/core/types.js';
import { attributeMessages } from '../src/i18n/attributes.js';
import { translations } from '../src/i18n/index.js';
import { REGION_NAMES } from '../src/i18n/regions.js';
import { ATTRIBUTE_RULES, type AttributeRule } from '../src/internal/attribute-rules.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PLUGIN_DIR = join(root, 'wordpress', 'khountous-widgets');
const DOMAIN = 'khountous-widgets';

/** Attributes the plugin does not let authors set: the site's administrator sets the API once, in the settings. */
const ADMIN_ONLY = new Set(['base-url']);

/** Block and inserter titles, in English (languages/*.po translates them). */
const TITLES: Record<string, string> = {
  'khountous-admin-card': 'Administration card',
  'khountous-dataset': 'Open dataset',
  'khountous-fact-checks': 'Fact-checks',
  'khountous-ranking': 'Ranking of administrations',
  'khountous-region-stats': 'Regional indicators',
  'khountous-report': 'Citizen report',
  'khountous-reports': 'Citizen reports',
};

/** Sidebar labels of the attributes, in English. */
const LABELS: Record<string, string> = {
  category: 'Category',
  'dataset-id': 'Dataset',
  'heading-level': 'Heading level',
  'href-template': 'Link template',
  indicator: 'Indicator',
  lang: 'Language',
  lazy: 'Load when near the screen',
  level: 'Level',
  limit: 'Items per page',
  page: 'First page',
  paginate: 'Previous/next controls',
  period: 'Period',
  preview: 'Preview rows',
  region: 'Region',
  sector: 'Sector',
  slug: 'Slug',
  status: 'Status',
  theme: 'Theme',
  variant: 'Variant',
};

/**
 * Where each widget's data lives on the platform (the read API's path and the
 * attributes that select it): the no-script link inside each element.
 */
const DATA_LINKS: Record<string, { path: string; query: string[] }> = {
  'khountous-admin-card': { path: '/administrations/{slug}', query: ['lang'] },
  'khountous-dataset': { path: '/datasets/{dataset-id}', query: [] },
  'khountous-fact-checks': { path: '/verifications', query: ['limit', 'page', 'lang'] },
  'khountous-ranking': {
    path: '/administrations',
    query: ['region', 'sector', 'level', 'limit', 'page', 'lang'],
  },
  'khountous-region-stats': { path: '/regions', query: ['lang'] },
  'khountous-report': { path: '/khountous/{slug}', query: ['lang'] },
  'khountous-reports': {
    path: '/khountous',
    query: ['region', 'category', 'status', 'period', 'limit', 'page', 'lang'],
  },
};

interface ManifestAttribute {
  name: string;
  type?: { text: string };
  default?: string;
  description?: string;
}

interface ManifestElement {
  tagName: string;
  summary?: string;
  attributes?: ManifestAttribute[];
}

function elementsOf(manifest: {
  modules: { declarations?: (ManifestElement & { customElement?: boolean })[] }[];
}) {
  const elements: ManifestElement[] = [];
  for (const module of manifest.modules) {
    for (const declaration of module.declarations ?? []) {
      if (declaration.customElement && declaration.tagName) elements.push(declaration);
    }
  }
  return elements.sort((a, b) => a.tagName.localeCompare(b.tagName));
}

/** The names of a choice's values in both languages, from the kit's own tables. */
function choiceLabels(attribute: string, values: readonly string[]): Record<Lang, Record<string, string>> {
  const out = {} as Record<Lang, Record<string, string>>;
  for (const lang of LANGS) {
    const t = translations(lang);
    const table: Record<string, Record<string, string>> = {
      region: REGION_NAMES,
      sector: t.sectors,
      level: t.levels,
      category: t.categories,
      status: t.statuses,
      indicator: t.indicators,
    };
    const names = table[attribute];
    out[lang] = Object.fromEntries(values.map((value) => [value, names?.[value] ?? value]));
  }
  return out;
}

type Kind =
  | { kind: 'rule'; rule: AttributeRule; labels?: Record<Lang, Record<string, string>> }
  | { kind: 'boolean'; default: boolean }
  | { kind: 'choice-text'; values: string[] }
  | { kind: 'text' };

/** How the plugin checks one attribute: the kit's rule, else what the manifest's type says. */
function kindOf(tag: string, attribute: ManifestAttribute): Kind {
  const rule = ATTRIBUTE_RULES[tag]?.[attribute.name];
  if (rule) {
    return rule.type === 'choice'
      ? { kind: 'rule', rule, labels: choiceLabels(attribute.name, rule.values) }
      : { kind: 'rule', rule };
  }
  const type = attribute.type?.text ?? 'string';
  if (type === 'boolean') return { kind: 'boolean', default: attribute.default === 'true' };
  if (attribute.name === 'lang') return { kind: 'choice-text', values: [...LANGS] };
  const literals = [...type.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
  if (literals.length > 0 && /^('[^']+'\s*\|\s*)*'[^']+'$/.test(type))
    return { kind: 'choice-text', values: literals };
  if (attribute.name === 'theme') return { kind: 'choice-text', values: ['auto', 'light', 'dark'] };
  return { kind: 'text' };
}

/** The messages of src/i18n/attributes.ts as templates: `{code} is not accepted.` */
function messageTemplates(): Record<Lang, Record<string, string>> {
  const out = {} as Record<Lang, Record<string, string>>;
  for (const lang of LANGS) {
    const t = attributeMessages[lang];
    const n = (name: string) => `{${name}}` as unknown as number;
    out[lang] = {
      notAccepted: t.notAccepted('{code}'),
      didYouMean: t.didYouMean('{closest}'),
      acceptedValues: t.acceptedValues('{values}'),
      missing: t.missing('{attribute}', '{expected}', '{example}'),
      malformed: t.malformed('{code}', '{expected}', '{example}'),
      outOfRange: t.outOfRange('{code}', n('min'), n('max'), n('used')),
      notHttp: t.notHttp('{code}', '{example}'),
      title: t.title,
    };
  }
  return out;
}

// ---------------------------------------------------------------------------
// PHP output

const phpString = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function phpValue(value: unknown, indent: string): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return phpString(value);
  const inner = `${indent}\t`;
  if (Array.isArray(value)) {
    if (value.length === 0) return 'array()';
    return `array(\n${value.map((item) => `${inner}${phpValue(item, inner)},`).join('\n')}\n${indent})`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return 'array()';
  return `array(\n${entries
    .map(([key, item]) => `${inner}${phpString(key)} => ${phpValue(item, inner)},`)
    .join('\n')}\n${indent})`;
}

/** A PHP literal for `__( 'text', 'khountous-widgets' )`. */
const translated = (text: string): string => `__( ${phpString(text)}, '${DOMAIN}' )`;

const HEADER = (what: string) => `<?php
/**
 * ${what}
 *
 * Generated by scripts/wordpress.ts from custom-elements.json and the kit's
 * sources (\`npm run build\`): do not edit.
 *
 * @package Khountous_Widgets
 */

defined( 'ABSPATH' ) || exit;
`;

/** The widgets' names in the plugin: `khountous-ranking` -> `ranking`. */
const shortName = (tag: string): string => tag.replace(/^khountous-/, '');

interface Generated {
  path: string;
  content: string | Buffer;
}

async function generate(): Promise<Generated[]> {
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const elements = elementsOf(manifest);
  const missingRules = Object.keys(ATTRIBUTE_RULES).filter(
    (tag) => !elements.some((element) => element.tagName === tag),
  );
  if (missingRules.length > 0)
    throw new Error(`rules for elements the manifest lacks: ${missingRules.join(', ')}`);

  const widgets: Record<string, unknown> = {};
  const labels: string[] = [];
  const files: Generated[] = [];
  for (const element of elements) {
    const tag = element.tagName;
    const name = shortName(tag);
    const title = TITLES[tag];
    const link = DATA_LINKS[tag];
    if (!title || !link) throw new Error(`${tag}: no title or data link in scripts/wordpress.ts`);
    const attributes: Record<string, unknown> = {};
    const attributeLabels: string[] = [];
    const blockAttributes: Record<string, unknown> = {};
    for (const attribute of element.attributes ?? []) {
      if (ADMIN_ONLY.has(attribute.name)) continue;
      const label = LABELS[attribute.name];
      if (!label) throw new Error(`${tag}: attribute ${attribute.name} has no label in scripts/wordpress.ts`);
      const kind = kindOf(tag, attribute);
      attributes[attribute.name] = kind;
      blockAttributes[attribute.name] =
        kind.kind === 'boolean'
          ? { type: 'boolean', default: kind.default }
          : { type: 'string', default: '' };
      attributeLabels.push(
        `\t\t\t\t${phpString(attribute.name)} => array(\n\t\t\t\t\t'label' => ${translated(label)},\n\t\t\t\t\t'help'  => ${translated((attribute.description ?? '').replace(/\s*\n\s*/g, ' '))},\n\t\t\t\t),`,
      );
    }
    for (const param of [...link.path.matchAll(/\{([a-z-]+)\}/g)]
      .map((match) => match[1]!)
      .concat(link.query)) {
      if (!(param in attributes))
        throw new Error(`${tag}: the data link uses ${param}, which it does not have`);
    }
    widgets[name] = { tag, attributes, link };
    labels.push(
      `\t\t${phpString(name)} => array(\n\t\t\t'title'       => ${translated(title)},\n\t\t\t'description' => ${translated(element.summary ?? '')},\n\t\t\t'attributes'  => array(\n${attributeLabels.join('\n')}\n\t\t\t),\n\t\t),`,
    );
    const block = {
      $schema: 'https://schemas.wp.org/trunk/block.json',
      apiVersion: 2,
      name: `${DOMAIN}/${name}`,
      version: pkg.version,
      title,
      category: 'embed',
      icon: 'chart-bar',
      description: element.summary ?? '',
      keywords: ['khountous', name],
      textdomain: DOMAIN,
      attributes: blockAttributes,
      supports: { html: false, align: ['wide', 'full'] },
      editorScript: 'khountous-widgets-editor',
    };
    files.push({
      path: join('blocks', name, 'block.json'),
      content: await prettier.format(JSON.stringify(block), { parser: 'json' }),
    });
  }

  const data = {
    version: pkg.version,
    widgets,
    messages: messageTemplates(),
    baseUrl: ATTRIBUTE_RULES['khountous-ranking']!['base-url'],
  };
  files.push({
    path: join('includes', 'definitions.php'),
    content: `${HEADER("The widgets' attributes, the values they accept and the messages they give.")}\nreturn ${phpValue(data, '')};\n`,
  });
  files.push({
    path: join('includes', 'labels.php'),
    content: `${HEADER('The labels the editor shows, translated.')}
/**
 * Titles, descriptions and attribute labels of every widget, in the user's language.
 *
 * @return array<string, array<string, mixed>>
 */
function khountous_widgets_labels() {
\treturn array(
${labels.join('\n')}
\t);
}
`,
  });

  const languages = join(PLUGIN_DIR, 'languages');
  for (const file of readdirSync(languages).filter((name) => name.endsWith('.po'))) {
    const po = readFileSync(join(languages, file), 'utf8');
    files.push({ path: join('languages', file.replace(/\.po$/, '.mo')), content: compileMo(parsePo(po)) });
  }
  return files;
}

// ---------------------------------------------------------------------------
// Gettext: .po in, .mo out (GNU gettext's format: a header, two tables of
// lengths and offsets, then the strings; no hash table, which readers allow).

interface PoEntry {
  context?: string;
  id: string;
  plural?: string;
  strings: string[];
}

export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let current: Partial<PoEntry> & { strings: string[] } = { strings: [] };
  let field: 'context' | 'id' | 'plural' | number | undefined;
  const unquote = (raw: string) => JSON.parse(raw) as string;
  const flush = () => {
    if (current.id !== undefined) entries.push(current as PoEntry);
    current = { strings: [] };
    field = undefined;
  };
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) {
      if (trimmed === '' && current.id !== undefined && current.strings.length > 0) flush();
      continue;
    }
    const match = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$/.exec(trimmed);
    if (match) {
      const [, keyword, index, value] = match;
      if ((keyword === 'msgctxt' || keyword === 'msgid') && current.strings.length > 0) flush();
      if (keyword === 'msgctxt') field = 'context';
      else if (keyword === 'msgid') field = 'id';
      else if (keyword === 'msgid_plural') field = 'plural';
      else field = Number(index ?? 0);
      const text = unquote(value!);
      if (typeof field === 'number') current.strings[field] = text;
      else current[field] = text;
    } else if (trimmed.startsWith('"') && field !== undefined) {
      const text = unquote(trimmed);
      if (typeof field === 'number') current.strings[field] += text;
      else current[field] = (current[field] ?? '') + text;
    } else {
      throw new Error(`.po: cannot read the line ${JSON.stringify(line)}`);
    }
  }
  flush();
  return entries;
}

export function compileMo(entries: PoEntry[]): Buffer {
  const kept = entries
    .filter((entry) => entry.id === '' || entry.strings.some((text) => text !== ''))
    .map((entry) => ({
      key:
        (entry.context !== undefined ? `${entry.context}\u0004` : '') +
        entry.id +
        (entry.plural !== undefined ? `\0${entry.plural}` : ''),
      value: entry.strings.join('\0'),
    }))
    .sort((a, b) => (Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)) < 0 ? -1 : 1));
  const count = kept.length;
  const headerSize = 28;
  const tables = headerSize + count * 16;
  const keys = kept.map((entry) => Buffer.from(entry.key, 'utf8'));
  const values = kept.map((entry) => Buffer.from(entry.value, 'utf8'));
  const header = Buffer.alloc(tables);
  header.writeUInt32LE(0x950412de, 0);
  header.writeUInt32LE(0, 4);
  header.writeUInt32LE(count, 8);
  header.writeUInt32LE(headerSize, 12);
  header.writeUInt32LE(headerSize + count * 8, 16);
  header.writeUInt32LE(0, 20);
  header.writeUInt32LE(tables, 24);
  const chunks: Buffer[] = [header];
  let offset = tables;
  const place = (buffers: Buffer[], tableStart: number) => {
    buffers.forEach((buffer, index) => {
      header.writeUInt32LE(buffer.length, tableStart + index * 8);
      header.writeUInt32LE(offset, tableStart + index * 8 + 4);
      chunks.push(buffer, Buffer.from([0]));
      offset += buffer.length + 1;
    });
  };
  place(keys, headerSize);
  place(values, headerSize + count * 8);
  return Buffer.concat(chunks);
}

/** The msgids of includes/labels.php (every __() literal). */
export function labelStrings(php: string): string[] {
  return [...php.matchAll(/__\( '((?:[^'\\]|\\.)*)', 'khountous-widgets' \)/g)].map((match) =>
    match[1]!.replace(/\\(['\\])/g, '$1'),
  );
}

async function main() {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const file of await generate()) {
    const path = join(PLUGIN_DIR, file.path);
    const content = typeof file.content === 'string' ? Buffer.from(file.content) : file.content;
    const current = existsSync(path) ? readFileSync(path) : undefined;
    if (current && current.equals(content)) continue;
    if (check) stale.push(file.path);
    else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    }
  }
  if (stale.length > 0) {
    console.error(
      `wordpress/khountous-widgets: not what scripts/wordpress.ts writes: ${stale.join(', ')} (run npm run build)`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
