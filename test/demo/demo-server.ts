/**
 * The demo as `npm start` serves it (Vite's dev server on the reference API), opened in
 * Debian's Chromium, for the tests of its pages; with what they compare the pages' code
 * to: the kit's version and the integrity of the built dist/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { ownViteCache } from '../helpers/vite-cache.js';
// @ts-expect-error: a plain .mjs script without declarations
import { CHROMIUM_FLAGS, resolveEngines } from '../../scripts/test/browsers.mjs';

const [engine] = resolveEngines(['chromium'], () => {}) as {
  available: boolean;
  path?: string;
  reason?: string;
}[];
const integrityFile = new URL('../../dist/integrity.json', import.meta.url);

/** Why the demo's tests cannot run here, or false. */
export const skip = !engine?.available
  ? `Chromium unavailable: ${engine?.reason}`
  : !existsSync(integrityFile)
    ? 'dist/ is not built (npm run build)'
    : false;

export const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

/** dist/integrity.json: each built file's hash. */
export const integrity: Record<string, string> = existsSync(integrityFile)
  ? (JSON.parse(readFileSync(integrityFile, 'utf8')) as Record<string, string>)
  : {};

export interface Demo {
  /** The demo's address, ending with '/'. */
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

/** Starts the demo's server on a free port and a Chromium to look at it. */
export async function startDemo(): Promise<Demo> {
  const vite: ViteDevServer = await createServer({
    configFile: 'vite.config.ts',
    cacheDir: ownViteCache('demo'),
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 0 },
  });
  await vite.listen();
  const browser = await chromium
    .launch({ executablePath: engine!.path, args: CHROMIUM_FLAGS as string[] })
    .catch(async (error: unknown) => {
      await vite.close();
      throw error;
    });
  return {
    url: vite.resolvedUrls!.local[0]!,
    browser,
    async close() {
      await browser.close();
      await vite.close();
    },
  };
}
