#!/usr/bin/env node
/**
 * npx khountous-widgets render [--base-url URL] [--key-env NAME] [--budget N/hour|N/day] <files…>
 * npx khountous-widgets image <tag> [attribute=value…] [--lang fr|en] [--theme light|dark] [--width N] [--href URL] [--base-url URL] [--key-env NAME] --out <file.png|file.svg>
 *
 * Fills the kit's tags in built HTML files with their rendered markup and inline
 * data (src/ssr/files.ts). The API key, if any, is read from the environment
 * variable named by --key-env (KHOUNTOUS_KEY by default), never from the command
 * line. --budget is the most requests the run sends to the API (renderWidget's
 * `budget`; by default the free key's 1000/day with a key, 60/hour without).
 * Exits with 1 when a file was left untouched, 2 on a usage error.
 *
 * `image` writes the picture of one widget (renderImage, src/ssr/image.ts): an SVG or a PNG, by
 * the name of --out; exits with 1 when it cannot be drawn (why is said), 2 on a usage error.
 */
import process from 'node:process';
import { writeFile } from 'node:fs/promises';
import { renderFiles } from './files.js';
import { renderImage, type ImageOptions } from './image.js';
import { RenderError } from './load.js';
import { budgetOf, type RenderBudget } from './total.js';

const USAGE = [
  'usage: khountous-widgets render [--base-url URL] [--key-env NAME] [--budget N/hour|N/day] <files.html...>',
  '       khountous-widgets image <tag> [attribute=value...] [--lang fr|en] [--theme light|dark] [--width N] [--href URL] [--base-url URL] [--key-env NAME] --out <file.png|file.svg>',
].join('\n');

/** `image`: one widget's picture written to --out. */
async function image(args: string[]): Promise<number> {
  const [tag, ...rest] = args;
  const attributes: Record<string, string> = {};
  const options: ImageOptions = {};
  let out: string | undefined;
  let keyEnv = 'KHOUNTOUS_KEY';
  const value = (index: number) => rest[index] ?? '';
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index]!;
    if (arg === '--out') out = value(++index);
    else if (arg === '--lang') attributes['lang'] = value(++index);
    else if (arg === '--theme') options.theme = value(++index) as ImageOptions['theme'];
    else if (arg === '--width') options.width = Number(value(++index));
    else if (arg === '--href') options.href = value(++index);
    else if (arg === '--base-url') options.baseUrl = value(++index);
    else if (arg === '--key-env') keyEnv = value(++index) || keyEnv;
    else if (!arg.startsWith('--') && arg.includes('=')) {
      const at = arg.indexOf('=');
      attributes[arg.slice(0, at)] = arg.slice(at + 1);
    } else {
      console.error(`unknown option ${arg}\n${USAGE}`);
      return 2;
    }
  }
  const format = /\.png$/i.test(out ?? '') ? 'png' : /\.svg$/i.test(out ?? '') ? 'svg' : undefined;
  if (!tag || tag.startsWith('--') || !out || !format) {
    console.error(`image: a tag and --out <file.png|file.svg> are needed\n${USAGE}`);
    return 2;
  }
  const key = process.env[keyEnv] || undefined;
  try {
    const given = { ...options, ...(key ? { key } : {}) };
    const picture =
      format === 'png'
        ? await renderImage(tag, attributes, { ...given, format })
        : await renderImage(tag, attributes, { ...given, format });
    await writeFile(out, picture);
  } catch (error) {
    if (!(error instanceof RenderError)) throw error;
    console.error(`${out}: not written: ${error.message}`);
    return 1;
  }
  process.stdout.write(`${out}: the picture of <${tag}> written\n`);
  return 0;
}

async function main(args: string[]): Promise<number> {
  if (args[0] === 'image') return image(args.slice(1));
  if (args[0] !== 'render') {
    console.error(USAGE);
    return 2;
  }
  const files: string[] = [];
  let baseUrl: string | undefined;
  let keyEnv = 'KHOUNTOUS_KEY';
  let budget: RenderBudget | undefined;
  for (let index = 1; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--base-url') baseUrl = args[++index];
    else if (arg === '--key-env') keyEnv = args[++index] ?? keyEnv;
    else if (arg === '--budget') {
      const text = args[++index];
      budget = budgetOf(text);
      if (!budget) {
        console.error(
          `--budget ${JSON.stringify(text ?? '')} is not the most requests per hour or per day (e.g. 20000/day)\n${USAGE}`,
        );
        return 2;
      }
    } else if (arg.startsWith('--')) {
      console.error(`unknown option ${arg}\n${USAGE}`);
      return 2;
    } else files.push(arg);
  }
  if (files.length === 0) {
    console.error(USAGE);
    return 2;
  }
  const key = process.env[keyEnv] || undefined;
  const results = await renderFiles(files, {
    ...(baseUrl ? { baseUrl } : {}),
    ...(key ? { key } : {}),
    ...(budget ? { budget } : {}),
  });
  let failed = 0;
  for (const result of results) {
    if (result.error) {
      failed++;
      console.error(`${result.file}: left untouched: ${result.error}`);
    } else
      process.stdout.write(
        `${result.file}: ${result.rendered} widget${result.rendered === 1 ? '' : 's'} rendered\n`,
      );
  }
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
