/**
 * The news demo page in Debian's Chromium (playwright-core, never a
 * downloaded browser), with the kit's base-url pointed at a tier: the page is
 * served by Vite on one origin, the API answers through the tier on another, so
 * CORS is exercised as on a real site.
 */
import { readdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_WARMUP } from '../server/demo-site.js';
import { createServer, type ViteDevServer } from 'vite';
import { ownViteCache } from '../helpers/vite-cache.js';
// @ts-expect-error: a plain .mjs script without declarations
import { CHROMIUM_FLAGS, resolveEngines } from '../../scripts/test/browsers.mjs';
import { freePort } from './harness.js';

export interface NewsPage {
  browser: Browser;
  /** Opens the news page in a fresh context (no cache, no storage); returns the page and the API URLs it asked for. */
  open(base: string): Promise<{ page: Page; asked: string[] }>;
  close(): Promise<void>;
}

/** Why the browser part cannot run here, or false. */
export function browserSkipReason(): string | false {
  const [engine] = resolveEngines(['chromium'], (message: string) => console.warn(`  ${message}`)) as {
    available: boolean;
    reason?: string;
  }[];
  if (engine?.available) return false;
  if (process.env.CI) throw new Error(`Chromium is required under CI: ${engine?.reason}`);
  return `Chromium unavailable: ${engine?.reason}`;
}

export async function startNewsPage(): Promise<NewsPage> {
  const [engine] = resolveEngines(['chromium'], () => {}) as { path: string }[];
  const port = await freePort();
  const vite: ViteDevServer = await createServer({
    configFile: 'vite.config.ts',
    cacheDir: ownViteCache('proxy'),
    logLevel: 'silent',
    // Every module a page may load transformed before the first page (test/server/demo-site.ts
    // DEMO_WARMUP): a cold server transformed the page's modules and optimized its dependencies
    // while the test waited for the widgets, which took more than the test's 20 s on a loaded machine.
    server: {
      host: '127.0.0.1',
      port,
      strictPort: true,
      warmup: { clientFiles: [...DEMO_WARMUP] },
    },
  });
  await vite.listen();
  await Promise.all(
    readdirSync('demo')
      .filter((file) => file.endsWith('.ts'))
      .map((file) => vite.warmupRequest(`/${file}`)),
  );
  await vite.waitForRequestsIdle();
  const browser = await chromium.launch({
    executablePath: engine!.path,
    // The page and the tier are two loopback origins; Chromium's Local Network
    // Access would ask the reader's permission for that, which a test cannot give.
    args: [...(CHROMIUM_FLAGS as string[]), '--disable-features=LocalNetworkAccessChecks'],
  });
  return {
    browser,
    async open(base) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 4000 } });
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(base)) asked.push(request.url());
      });
      await page.route('**/news.html', async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          '<meta name="khountous:base-url" content="/v1" />',
          `<meta name="khountous:base-url" content="${base}" />`,
        );
        await route.fulfill({ response, body });
      });
      await page.goto(`http://127.0.0.1:${port}/news.html`);
      return { page, asked };
    },
    async close() {
      await browser.close();
      await vite.close();
    },
  };
}

/** The state attribute of every khountous-* element of the page, by tag and position. */
export function widgetStates(page: Page): Promise<{ tag: string; state: string | null; stale: boolean }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((element) => element.localName.startsWith('khountous-'))
      .map((element) => ({
        tag: element.localName,
        state: element.getAttribute('state'),
        stale: element.hasAttribute('stale'),
      })),
  );
}
