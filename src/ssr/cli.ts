#!/usr/bin/env node
/**
 * npx khountous-widgets render [--base-url URL] [--key-env NAME] [--budget N/hour|N/day] <files…>
 *
 * Fills the kit's tags in built HTML files with their rendered markup and inline
 * data (src/ssr/files.ts). The API key, if any, is read from the environment
 * variable named by --key-env (KHOUNTOUS_KEY by default), never from the command
 * line. --budget is the most requests the run sends to the API (renderWidget's
 * `budget`; by default the free key's 1000/day with a key, 60/hour without).
 * Exits with 1 when a file was left untouched, 2 on a usage error.
 */
import process from 'node:process';
import { renderFiles } from './files.js';
import { budgetOf, type RenderBudget } from './total.js';

const USAGE =
  'usage: khountous-widgets render [--base-url URL] [--key-env NAME] [--budget N/hour|N/day] <files.html...>';

async function main(args: string[]): Promise<number> {
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
