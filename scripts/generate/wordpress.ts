/**
 * The WordPress plugin's generated files (wordpress/khountous-widgets/), from
 * the widgets' descriptors and their words (src/registry.ts `catalog`), so that the
 * plugin checks attributes against what the widgets accept, says what they
 * say, and names nothing of a widget itself:
 *
 *   includes/definitions.php   each rule once, by its name in src/attributes/rules.ts
 *                              (RULES), with the kit's sentences for what PHP tells of a
 *                              value (problemOf, as templates); the words of the inputs
 *                              every widget shares (src/widget/about.ts); and each widget:
 *                              its tag, its attributes by rule name, the words of its own
 *                              inputs (its about.ts), and its data link (the request its
 *                              load makes, from its `resource()` and src/core/endpoints.ts)
 *                              and its request as the server renders it (the same path, query,
 *                              defaults and freshness as the browser's loader: the inline
 *                              data's `path`); the words of the HTML fallback in fr and
 *                              en, from the widgets' strings and the kit's formats; the
 *                              server's total of requests per API and key (src/ssr/total.ts);
 *                              and the checks of each kind of answer (src/core/schemas.ts), which
 *                              each widget's request names
 *   blocks/<widget>/block.json one dynamic block per widget, titled and described in
 *                              English by its about.ts
 *   languages/*.po             below their marker line: the blocks' titles and
 *                              descriptions in French, from the same about.ts
 *   languages/*.mo             compiled from the .po files
 *
 * `npm run build` runs it (scripts/build/build.mjs); `--check` fails when a file in
 * the tree is not the one it would write. Run through tsx (it imports the kit's
 * TypeScript). Its parts, in scripts/generate/wordpress/:
 *
 *   rules.ts      the kit's rules as the plugin checks them, with their sentences
 *   words.ts      the kit's words, which a summary's labels and names are paths in
 *   fallback.ts   each widget's summary and the kit's formats, for the HTML fallback
 *   requests.ts   a widget's data link and its request as the server renders it
 *   budget.ts     the server's total of requests (its defaults, periods and reserve), in seconds
 *   answers.ts    the checks of the API's answers, written from the kit's schemas
 *   data.ts       what definitions.php and each block.json hold, from the parts above
 *   php.ts        PHP values and the generated files' header
 *   gettext.ts    .po in, .mo out
 */
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { catalog } from '../../src/registry.js';
import { LANGS, type Lang } from '../../src/core/types.js';
import { pluginData } from './wordpress/data.js';
import { compileMo, parsePo } from './wordpress/gettext.js';
import { PLUGIN_DIR, root } from './wordpress/paths.js';
import { HEADER, phpValue } from './wordpress/php.js';

/** The line of a .po file below which scripts/generate/wordpress.ts writes the blocks' titles and descriptions. */
const PO_MARKER =
  "# Below: the blocks' titles and descriptions (block.json), from src/components/*/about.ts, written by scripts/generate/wordpress.ts: do not edit.";

/** A .po file with its generated part: what is above the marker, then the blocks' words in `lang`. */
function poWithBlocks(po: string, lang: Lang, file: string): string {
  const index = po.indexOf(`${PO_MARKER}\n`);
  if (index === -1) throw new Error(`${file}: no marker line for the blocks' words (${PO_MARKER})`);
  const quote = (text: string) => JSON.stringify(text);
  const entries = catalog
    .flatMap(
      ({ about }) =>
        [
          ['block title', about.title],
          ['block description', about.summary],
        ] as const,
    )
    .map(
      ([context, words]) =>
        `msgctxt ${quote(context)}\nmsgid ${quote(words.en)}\nmsgstr ${quote(words[lang])}\n`,
    );
  return `${po.slice(0, index)}${PO_MARKER}\n\n${entries.join('\n')}`;
}

interface Generated {
  path: string;
  content: string | Buffer;
}

async function generate(): Promise<Generated[]> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const { data, blocks } = pluginData(pkg.version);
  const files: Generated[] = [];
  for (const [name, block] of Object.entries(blocks))
    files.push({
      path: join('blocks', name, 'block.json'),
      content: await prettier.format(JSON.stringify(block), { parser: 'json' }),
    });
  files.push({
    path: join('includes', 'definitions.php'),
    content: `${HEADER("The widgets' attributes, the rules they are checked against, their words and the messages they give; the checks of the API's answers.")}\nreturn ${phpValue(data, '')};\n`,
  });

  const languages = join(PLUGIN_DIR, 'languages');
  for (const file of readdirSync(languages).filter((name) => name.endsWith('.po'))) {
    const lang = /-([a-z]{2})_[A-Z]{2}\.po$/.exec(file)?.[1] as Lang | undefined;
    if (!lang || !LANGS.includes(lang))
      throw new Error(`${file}: a translation into a language the widgets do not speak`);
    const po = poWithBlocks(readFileSync(join(languages, file), 'utf8'), lang, file);
    files.push({ path: join('languages', file), content: po });
    files.push({ path: join('languages', file.replace(/\.po$/, '.mo')), content: compileMo(parsePo(po)) });
  }
  return files;
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
      `wordpress/khountous-widgets: not what scripts/generate/wordpress.ts writes: ${stale.join(', ')} (run npm run build)`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
