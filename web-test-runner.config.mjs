// Browser tests, one engine per run: scripts/test/test.mjs picks the engine through
// KHOUNTOUS_ENGINE and the binaries through CHROME_PATH, FIREFOX_PATH and
// WEBKIT_DRIVER_PORT / WEBKIT_BROWSER_PATH (see scripts/test/browsers.mjs).
// This file is loaded with tsx, so it can import the reference API's TypeScript.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, normalize, relative } from 'node:path';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { puppeteerLauncher } from '@web/test-runner-puppeteer';
import { webdriverLauncher } from '@web/test-runner-webdriver';
import { referenceApiMiddleware } from './test/server/api.ts';
import { cspMiddleware } from './test/server/csp-middleware.ts';
import { demoSitePlugin } from './test/server/demo-site.ts';
import { namespacePlugin } from './test/server/namespace.ts';
import { ssrPlugin } from './test/server/ssr.ts';
import { lookPlugin } from './test/server/look.ts';
import { CHROMIUM_FLAGS } from './scripts/test/browsers.mjs';
import { expandGlobs } from './test/helpers/vite-glob.mjs';
import { apiOriginsOf, withApiOrigins } from './scripts/build/embed-origins.mjs';
import { otherLoopback } from './test/helpers/loopback.ts';

const engine = process.env.KHOUNTOUS_ENGINE || 'chromium';
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/**
 * Test files run side by side, each in a page of its own: in a window of its own, so
 * that every page is shown, renders and observes intersections (a background tab
 * does not, and the widgets wait for the viewport).
 */
const inWindow = ({ context }) => context.newPage({ type: 'window' });

function launcher() {
  switch (engine) {
    case 'chromium':
      return chromeLauncher({
        launchOptions: {
          executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
          args: CHROMIUM_FLAGS,
        },
        createPage: inWindow,
      });
    case 'firefox':
      return puppeteerLauncher({
        launchOptions: {
          browser: 'firefox',
          executablePath: process.env.FIREFOX_PATH || '/usr/bin/firefox-esr',
          headless: true,
        },
        createPage: inWindow,
      });
    case 'webkit':
      return webdriverLauncher({
        automationProtocol: 'webdriver',
        hostname: 'localhost',
        port: Number(process.env.WEBKIT_DRIVER_PORT || 4444),
        path: '/',
        logLevel: 'error',
        capabilities: {
          // The runner's own navigations (to a test file, then to about:blank when the file is
          // done) return once the navigation has started: the runner waits for the page to report
          // its results, not for WebKit's load bookkeeping, which once left the about:blank step
          // unanswered past the client's 120 s (UND_ERR_HEADERS_TIMEOUT) after every test passed.
          pageLoadStrategy: 'none',
          'webkitgtk:browserOptions': {
            binary: process.env.WEBKIT_BROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
            args: ['--automation'],
          },
        },
      });
    default:
      throw new Error(`Unknown KHOUNTOUS_ENGINE "${engine}" (chromium, firefox or webkit)`);
  }
}

/**
 * A failure as the summary gives it: its first line, up to 1,200 characters. The summary is
 * often all a CI log keeps: room for a timeout's account of what it saw.
 */
const firstLine = (message) => message.split('\n')[0].slice(0, 1200);

/** Writes the per-engine counts that scripts/test/test.mjs checks: a run that tests nothing fails. */
function countingReporter(countsFile) {
  return {
    onTestRunFinished({ sessions }) {
      const counts = {
        engine,
        files: sessions.length,
        passed: 0,
        failed: 0,
        skipped: 0,
        fileErrors: 0,
        failures: [],
        failedFiles: [],
        byFile: {},
      };
      // Failing tests are named here so that the summary at the end of a long log says which.
      let ms = 0;
      const walk = (suite, file, path) => {
        if (!suite) return;
        for (const test of suite.tests) {
          ms += test.duration ?? 0;
          if (test.skipped) counts.skipped += 1;
          else if (test.passed) counts.passed += 1;
          else {
            counts.failed += 1;
            const message = firstLine(test.error?.message ?? '');
            counts.failures.push(`${file}: ${[...path, test.name].join(' > ')}: ${message}`);
          }
        }
        for (const child of suite.suites) walk(child, file, [...path, child.name]);
      };
      for (const session of sessions) {
        const file = relative(process.cwd(), session.testFile);
        const before = counts.failures.length;
        const [passedBefore, failedBefore, skippedBefore] = [counts.passed, counts.failed, counts.skipped];
        ms = 0;
        walk(session.testResults, file, []);
        counts.byFile[file] = {
          passed: counts.passed - passedBefore,
          failed: counts.failed - failedBefore,
          skipped: counts.skipped - skippedBefore,
          // Its tests' time (what the slowest files of the summary rank by).
          seconds: ms / 1000,
        };
        if (session.errors.length > 0 || session.passed === false) {
          counts.fileErrors += session.errors.length;
          for (const error of session.errors)
            counts.failures.push(`${file}: ${firstLine(error.message ?? String(error))}`);
        }
        if (counts.failures.length > before || session.passed === false) counts.failedFiles.push(file);
      }
      writeFileSync(countsFile, JSON.stringify(counts));
    },
  };
}

const reporters = [defaultReporter({ reportTestResults: true, reportTestProgress: false })];
if (process.env.KHOUNTOUS_COUNTS_FILE) reporters.push(countingReporter(process.env.KHOUNTOUS_COUNTS_FILE));

/**
 * The built files (dist/*.js; under /fresh/<id>/, embed.html and embed.css too)
 * as a static server sends them: byte for byte, not
 * through the dev server's import rewriting, so that the integrity hashes the
 * build wrote into them hold. With the cookie `khountous-slow-elements=<ms>`,
 * the files of the element code (elements/*.js) arrive that
 * much later: the element code of a slow network, for the early start's tests.
 * After POST /scoped/<scope>/__hold?count=<n> (until DELETE), those under
 * /fresh/<scope>/dist/ (with `&files=all`, every file but khountous.js and the embed page's:
 * what the script loads after itself) arrive once the scoped reference API `<scope>` has
 * received `n` requests, or the hold is deleted (at most 10 s after the POST;
 * each scope's hold its own, so that test files run side by side): armed by a
 * request the page awaits, not by a cookie, which
 * a browser may apply after the requests that follow it:
 * a test of what leaves before the element code then depends on no timing
 * (GET /scoped/<scope>/__faults says when each held file went, and why).
 * The embed page under /fresh/ accepts the API on the server's other loopback name too
 * (`withOtherOrigin`).
 * /other/<version>/dist/… is another version of the kit: the built files with
 * that version number in place of the package's, the script tag's integrity
 * hashes left out (the files changed).
 */
function distAsBuilt(api) {
  const dist = new URL('./dist/', import.meta.url).pathname;
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
  return async (context, next) => {
    // /fresh/<id>/dist/… is /dist/… under a URL no other page used: a page that must fetch the
    // built files itself (not take them from the browser's cache of an earlier test file's).
    const other = /^\/other\/([0-9A-Za-z.-]{1,32})\/dist\//.exec(context.path)?.[1];
    const fresh = /^\/fresh\/([0-9A-Za-z._-]{1,64})\/dist\//.exec(context.path)?.[1];
    const path = context.path.replace(/^\/(fresh|other)\/[0-9A-Za-z._-]{1,64}\/dist\//, '/dist/');
    // Under /fresh/<id>/, the embed page and its style too (its files then come from there).
    const type = path.endsWith('.js') ? 'text/javascript' : fresh && /\.(html|css)$/.exec(path)?.[1];
    if (context.method !== 'GET' || !path.startsWith('/dist/') || !type) return next();
    const file = normalize(join(dist, path.slice('/dist/'.length)));
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) return next();
    const slow = Number(context.cookies.get('khountous-slow-elements') ?? 0);
    const elementCode = /^\/dist\/elements\//.test(path);
    if (slow > 0 && elementCode) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(slow, 5000)));
    }
    const hold = fresh ? api.hold(fresh) : undefined;
    const afterScript = !/^\/dist\/(khountous\.js|embed\.(js|html|css))$/.test(path);
    if (hold && (hold.all ? afterScript : elementCode)) {
      while (api.hold(fresh) === hold && api.received(fresh) < hold.count && Date.now() < hold.until) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      api.release(
        fresh,
        path,
        api.received(fresh) >= hold.count ? 'requests' : api.hold(fresh) === hold ? 'timeout' : 'deleted',
      );
    }
    context.type = type;
    context.set('Cache-Control', 'no-store');
    if (fresh && path === '/dist/embed.html') {
      context.body = withOtherOrigin(readFileSync(file, 'utf8'), context.host);
      return;
    }
    context.body = other
      ? readFileSync(file, 'utf8')
          .replaceAll(`"${version}"`, `"${other}"`)
          .replaceAll(`\`${version}\``, `\`${other}\``)
          // The key its files read the script's namespace under (scripts/build/core-link.mjs).
          .replaceAll(`"khountous@${version}"`, `"khountous@${other}"`)
          .replace(/sha(256|384)-[\w+/=]+/g, '')
      : readFileSync(file);
  };
}

/**
 * The built embed page as a site serves it with one more API origin allowed (the page's own
 * comment says how): the test server under its other loopback name, for `host`
 * (localhost:<port> <-> 127.0.0.1:<port>), in the page's khountous:api-origins meta and in
 * connect-src. A test's API there sends its requests on connections of its own (the kit's API
 * is on another host than the sites that embed it), not behind the files the server holds back.
 */
function withOtherOrigin(html, host) {
  const other = otherLoopback(`http://${host}`);
  const policy = html.replace("connect-src 'self'", `connect-src 'self' ${other}`);
  if (policy === html) throw new Error("dist/embed.html: no connect-src 'self' in its policy");
  // Beside those the build wrote (KHOUNTOUS_EMBED_API_ORIGINS).
  return withApiOrigins(policy, [...apiOriginsOf(html), other]);
}

const referenceApi = referenceApiMiddleware();

/**
 * Vite's `import.meta.glob` for the test server, which has no such thing
 * (test/helpers/vite-glob.mjs): src/boot/bundled.ts finds each widget's
 * define.ts that way, and test/helpers/every-element.ts registers them all.
 */
function globs() {
  return {
    name: 'khountous-glob',
    transform(context) {
      if (!/^\/(src|test)\//.test(context.path) || typeof context.body !== 'string') return undefined;
      if (!context.body.includes('import.meta.glob')) return undefined;
      const dir = join(process.cwd(), context.path.slice(1), '..');
      return { body: expandGlobs(context.body, dir, (path) => path.replace(/\.ts$/, '.js')) };
    },
  };
}

export default {
  files: process.env.KHOUNTOUS_TEST_FILES
    ? process.env.KHOUNTOUS_TEST_FILES.split(',')
    : ['test/**/*.browser.test.ts'],
  nodeResolve: true,
  // A port scripts/test/test.mjs chose for this run: engines run side by side, and the runner's own
  // choice (the first free one from 8000) can give two runs started together the same port.
  ...(process.env.KHOUNTOUS_PORT ? { port: Number(process.env.KHOUNTOUS_PORT) } : {}),
  // Test files side by side in one browser (scripts/test/test.mjs chooses; each page has a kit namespace of its own).
  concurrency: Number(process.env.KHOUNTOUS_CONCURRENCY || 1),
  browsers: [launcher()],
  reporters,
  testFramework: { config: { timeout: 10000 } },
  // Lit's notice that it runs in development mode (the tests load Lit unbundled, on
  // purpose: its dev-mode warnings are asserted absent) would open every file's log.
  filterBrowserLogs: ({ args }) => !(typeof args[0] === 'string' && args[0].startsWith('Lit is in dev mode')),
  testsFinishTimeout: 20 * 60 * 1000,
  browserStartTimeout: 120000,
  middleware: [cspMiddleware(), referenceApi, distAsBuilt(referenceApi)],
  plugins: [
    // The demo as `npm start` serves it, on its own origin (test/demo/*.browser.test.ts).
    demoSitePlugin(),
    // A kit namespace for each test file's page and its frames (test files run side by side).
    namespacePlugin(),
    // Markup rendered by @lit-labs/ssr, for the hydration tests (test/ssr/*.browser.test.ts).
    ssrPlugin(),
    // The kit bundled by an npm user's Vite app, media emulation and screenshots (test/installed/).
    lookPlugin(),
    globs(),
    esbuildPlugin({
      ts: true,
      tsconfig: './tsconfig.json',
      target: 'es2022',
      define: { __KHOUNTOUS_VERSION__: JSON.stringify(version) },
    }),
  ],
};
