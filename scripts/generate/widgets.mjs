#!/usr/bin/env node
// Writes the kit's lists of widgets from the folders of src/components/
// that hold a descriptor (widget.ts, `export const <name> = widget({...})`):
//   src/registry.ts  `widgets`, the descriptors: what the early start and the embed page
//                    read; `catalog`, each descriptor with its words (about.ts): what the
//                    tools, the demo and the builder read (never the kit's runtime)
//   src/summaries.ts each widget's text summary as data (summary.ts), by tag: what
//                   the script tag's text paint and the WordPress fallback interpret
//   src/index.ts    between its two marker lines: the export of each widget's element
//                   class (<name>.ts, `export class <Name>`); the rest is written by hand
//   src/khountous.ts between its two marker lines: a type-only export of each widget's
//                   define.ts, whose `HTMLElementTagNameMap` entry then types the tag for
//                   whoever imports the kit's entry (nothing is loaded by it)
// The build runs it first; `npm test` checks the files are what it writes.
//
//   node scripts/generate/widgets.mjs [--check]
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const HEADER = '// Written by scripts/generate/widgets.mjs from src/components/*/: do not edit.';

/** Each widget folder and the name its descriptor is exported under, in folder order. */
export function widgetFolders() {
  const components = join(root, 'src/components');
  return readdirSync(components)
    .sort()
    .flatMap((folder) => {
      const file = join(components, folder, 'widget.ts');
      if (!existsSync(file)) return [];
      const name = /export const (\w+) = widget\(/.exec(readFileSync(file, 'utf8'))?.[1];
      if (!name)
        throw new Error(`src/components/${folder}/widget.ts exports no \`const <name> = widget(...)\``);
      for (const needed of ['about.ts', 'summary.ts'])
        if (!existsSync(join(components, folder, needed)))
          throw new Error(`src/components/${folder}/ has a widget.ts but no ${needed}`);
      const tag = /\btag: '(khountous-[a-z0-9-]+)'/.exec(readFileSync(file, 'utf8'))?.[1];
      if (!tag) throw new Error(`src/components/${folder}/widget.ts names no tag (\`tag: 'khountous-…'\`)`);
      const element = join(components, folder, `${folder}.ts`);
      const className = existsSync(element)
        ? /export class (\w+) extends/.exec(readFileSync(element, 'utf8'))?.[1]
        : undefined;
      if (!className)
        throw new Error(`src/components/${folder}/${folder}.ts exports no \`class <Name> extends …\``);
      return [{ folder, name, tag, className }];
    });
}

const format = async (file, lines) => {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(lines.join('\n'), { ...options, filepath: file });
};

/** The marker lines of each file with a generated part. */
const MARKERS = {
  'src/index.ts': [
    "// Each widget's element class (written by scripts/generate/widgets.mjs from src/components/*/):",
    "// (end of the widgets' classes)",
  ],
  'src/khountous.ts': [
    "// Each widget's tag in HTMLElementTagNameMap, type only (written by scripts/generate/widgets.mjs):",
    "// (end of the widgets' tags)",
  ],
};

/** `source` (the file `path`) with `lines` between its two marker lines. */
function withMarkedLines(path, source, lines) {
  const [begin, end] = MARKERS[path];
  const start = source.indexOf(begin);
  const stop = source.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`${path}: the lines "${begin}" and "${end}" are missing`);
  return `${source.slice(0, start + begin.length)}\n${lines.join('\n')}\n${source.slice(stop)}`;
}

/** The files this script writes, by path, with their content. */
/**
 * src/registry.ts's code for the widgets of `folders` (widgetFolders() entries): each one's
 * descriptor and words imported, `widgets` and `catalog`. Also what the build measuring the
 * core without a widget puts in its place (scripts/build/core-shares.mjs).
 */
export function registryCode(folders) {
  return [
    ...folders.flatMap(({ folder, name }) => [
      `import { about as ${name}About } from './components/${folder}/about.js';`,
      `import { ${name} } from './components/${folder}/widget.js';`,
    ]),
    "import type { About } from './widget/about.js';",
    "import type { Widget } from './widget/descriptor.js';",
    '',
    'export interface Entry {',
    '  widget: Widget;',
    '  about: About;',
    '}',
    '',
    `export const widgets: readonly Widget[] = [${folders.map(({ name }) => name).join(', ')}];`,
    '',
    'export const catalog: readonly Entry[] = [',
    ...folders.map(({ name }) => `  { widget: ${name}, about: ${name}About },`),
    '];',
    '',
  ];
}

export async function sources() {
  const folders = widgetFolders();
  const registry = join(root, 'src/registry.ts');
  const summaries = join(root, 'src/summaries.ts');
  const index = join(root, 'src/index.ts');
  const entry = join(root, 'src/khountous.ts');
  return {
    [index]: withMarkedLines(
      'src/index.ts',
      readFileSync(index, 'utf8'),
      folders.map(
        ({ folder, className }) => `export { ${className} } from './components/${folder}/${folder}.js';`,
      ),
    ),
    [entry]: withMarkedLines(
      'src/khountous.ts',
      readFileSync(entry, 'utf8'),
      folders.map(
        ({ folder, className }) => `export type { ${className} } from './components/${folder}/define.js';`,
      ),
    ),
    [summaries]: await format(summaries, [
      HEADER,
      '/**',
      " * Each widget's text summary as data (summary.ts), by tag: what the script",
      " * tag's text paint interprets (boot/paint.ts), and the WordPress plugin's",
      ' * fallback through scripts/generate/wordpress.ts. Plain objects, no import at run time.',
      ' */',
      ...folders.map(
        ({ folder, name }) => `import { summary as ${name} } from './components/${folder}/summary.js';`,
      ),
      "import type { Summary } from './widget/summary.js';",
      '',
      'export const summaries: Readonly<Record<string, Summary>> = {',
      ...folders.map(({ name, tag }) => `  '${tag}': ${name},`),
      '};',
      '',
    ]),
    [registry]: await format(registry, [
      HEADER,
      '/**',
      ' * Every widget of the kit. `widgets`: the descriptors, what the early start,',
      ' * the embed page and server rendering read. `catalog`: each descriptor with',
      ' * its words in French and English (about.ts), what the manifest, the WordPress',
      " * plugin, the README, the demo and the builder read. The kit's runtime reads",
      ' * `widgets` only; `catalog` is plain data, which a bundler leaves out, with',
      ' * the words, when nothing reads it.',
      ' */',
      ...registryCode(folders),
    ]),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  let stale = false;
  for (const [file, source] of Object.entries(await sources())) {
    const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (current === source) continue;
    if (check) {
      console.error(`${file}: not what scripts/generate/widgets.mjs writes (run npm run build)`);
      stale = true;
    } else writeFileSync(file, source);
  }
  if (stale) process.exit(1);
}
