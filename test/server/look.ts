/**
 * For the test runner's server: what the tests of how the installed kit looks need
 * (test/installed/*.browser.test.ts).
 *
 * - `GET /installed/vite/<file>`: the kit as an npm user's app bundles it (the packed
 *   tarball in a fresh Vite app, test/installed/vite-app.ts), served byte for byte from the
 *   folder in KHOUNTOUS_INSTALLED_DIR (scripts/test/test.mjs builds it once before the browser
 *   tests); without it, built at the first request in a child process (the server goes on
 *   answering meanwhile). A build that failed answers 500 with its reason.
 * - Commands (`executeServerCommand`), Chromium only (CDP through puppeteer):
 *   `look-media` `{ colorScheme?, forcedColors?, pointer?, media? }` emulates those media features
 *   for the test page and its frames (`null` ends an emulation); `look-screenshot`
 *   `{ x, y, width, height }` answers a PNG of that part of the page, base64.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, statSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';

interface Context {
  path: string;
  method: string;
}

interface Session {
  id: string;
  browser: { type: string; getPage(id: string): PuppeteerPage };
}

interface PuppeteerPage {
  createCDPSession(): Promise<{ send(method: string, params: unknown): Promise<unknown> }>;
  screenshot(options: { clip: Clip; encoding: 'base64' }): Promise<string>;
}

interface Clip {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Media {
  colorScheme?: 'light' | 'dark' | null;
  forcedColors?: 'active' | 'none' | null;
  /** `coarse`: a touch screen's (Chromium's touch emulation); `null`, the machine's own. */
  pointer?: 'coarse' | null;
  media?: 'print' | 'screen' | null;
}

const TYPES: Record<string, string> = { '.js': 'js', '.html': 'html', '.css': 'css', '.map': 'json' };

export function lookPlugin() {
  /** A DevTools session per page, kept: an emulation lasts as long as the session that set it. */
  const sessions = new WeakMap<PuppeteerPage, ReturnType<PuppeteerPage['createCDPSession']>>();
  const given = process.env.KHOUNTOUS_INSTALLED_DIR;
  /** A folder this plugin made (and removes), when none was given. */
  let made: string | undefined;
  let built: Promise<{ dir?: string; error?: string }> | undefined;
  const build = () =>
    (built ??= given
      ? Promise.resolve(
          existsSync(join(given, 'kit.js')) ? { dir: given } : { error: `no kit.js in ${given}` },
        )
      : new Promise((resolve) => {
          made = mkdtempSync(join(tmpdir(), 'khountous-installed-'));
          const dir = made;
          execFile(
            process.execPath,
            ['--import', 'tsx', 'test/installed/vite-app.ts', dir],
            { timeout: 300_000 },
            (error, _stdout, stderr) => resolve(error ? { error: `${error.message}\n${stderr}` } : { dir }),
          );
        }));
  return {
    name: 'khountous-look',
    async serve(context: Context) {
      const match = /^\/installed\/vite\/(.+)$/.exec(context.path);
      if (!match || context.method !== 'GET') return undefined;
      const { dir, error } = await build();
      if (!dir) throw new Error(`the installed app could not be built: ${error}`);
      const file = normalize(join(dir, match[1]!));
      if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) return undefined;
      return { body: readFileSync(file, 'utf8'), type: TYPES[extname(file)] ?? 'text' };
    },
    async executeCommand({
      command,
      payload,
      session,
    }: {
      command: string;
      payload: unknown;
      session: Session;
    }) {
      if (command !== 'look-media' && command !== 'look-screenshot') return undefined;
      if (session.browser.type !== 'puppeteer') throw new Error(`${command}: Chromium only`);
      const page = session.browser.getPage(session.id);
      if (command === 'look-media') {
        const { colorScheme = null, forcedColors = null, pointer = null, media = null } = payload as Media;
        if (!sessions.has(page)) sessions.set(page, page.createCDPSession());
        // puppeteer's emulateMediaFeatures knows no forced-colors: the protocol's own command does.
        await (
          await sessions.get(page)!
        ).send('Emulation.setEmulatedMedia', {
          media: media ?? '',
          features: [
            { name: 'prefers-color-scheme', value: colorScheme ?? '' },
            { name: 'forced-colors', value: forcedColors ?? '' },
          ],
        });
        // A touch screen: Chromium's touch emulation makes the primary pointer coarse (no media feature does).
        await (
          await sessions.get(page)!
        ).send('Emulation.setTouchEmulationEnabled', { enabled: pointer === 'coarse', maxTouchPoints: 1 });
        return true;
      }
      const clip = payload as Clip;
      return page.screenshot({ clip, encoding: 'base64' });
    },
    async serverStop() {
      if (built) await built;
      if (made) rmSync(made, { recursive: true, force: true });
    },
  };
}
