/**
 * The checks of the example sites (examples/astro, examples/eleventy, examples/next), each
 * installed from the packed tarball in a folder of its own (harness.ts installExample) and
 * built against the reference API with an API key in the environment, once per way it
 * builds (examples/next: with Cache Components and without):
 *
 * - the build asks the API once per resource, however many widgets and pages show it,
 *   and sends the key;
 * - each widget of the built pages holds its declarative shadow DOM with its data, and
 *   its inline data; the key is in no file of the build;
 * - the readers' scripts are minified;
 * - in Chromium, without JavaScript and with the API unreachable, the pages show the data;
 * - with JavaScript, the API up and the kit's files loaded, every element is defined,
 *   hydrates the server's markup (no error, no warning) and is `ready`, the page finds
 *   every file it asks for, and the reader's browser sends the API no request.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { register } from 'node:module';
import { installExample, launchChromium, serveApp, type Example, type StartedServer } from './harness.js';

/** The kit's renderImage, from its source (src/ssr/render.ts finds the widgets with import.meta.glob). */
async function kitRenderImage() {
  register('../helpers/vite-glob-hook.mjs', import.meta.url);
  return (await import('../../src/ssr/render.js')).renderImage;
}

/** A PNG's width and height, from its header; throws when the bytes are not a PNG. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  assert.deepEqual([...png.slice(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG signature');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The width of the pictures the examples serve as their pages' `og:image`. */
const IMAGE_WIDTH = 1200;

/** One of the reference API's demo keys (demo/api/callers.ts DEMO_KEYS): the API accepts it. */
const KEY = 'demo-partner-key';

/** The widgets of the examples' pages, and the request each one's data comes from. */
const WIDGETS = [
  {
    tag: 'khountous-ranking',
    attributes: { limit: 5, lang: 'en' },
    path: '/administrations?lang=en&limit=5&page=1',
    text: (body: { data: { name: string }[] }) => body.data[0]!.name,
  },
  {
    tag: 'khountous-admin-card',
    attributes: { slug: 'hopital-regional-de-tambacounda', lang: 'en' },
    path: '/administrations/hopital-regional-de-tambacounda?lang=en',
    text: (body: { description: string }) => body.description.slice(0, 60),
  },
  {
    tag: 'khountous-region-stats',
    attributes: { region: 'kolda', indicator: 'responseRate', lang: 'en' },
    path: '/regions?lang=en',
    text: (body: { data: { code: string; name: string }[] }) =>
      body.data.find((region) => region.code === 'kolda')!.name,
  },
] as const;

type Tag = (typeof WIDGETS)[number]['tag'];

/** One way an example builds. */
export interface Build {
  /** Its name in the suite's, when the example builds more than one way. */
  name?: string;
  /** The build command: a binary of the example's node_modules/.bin, and its arguments. */
  command: [string, ...string[]];
  /** The folder the build writes, in the example's: no file of it may hold the key. */
  out: string;
  /**
   * The built pages by URL path: each one's HTML file (in `out`), the widgets it shows, and the
   * widget whose picture its `og:image` is.
   */
  pages: Record<string, { file: string; tags: Tag[]; image: Tag }>;
  /** The folder (in `out`) of the scripts the readers' browsers load: all of `out` by default. */
  scripts?: string;
  /**
   * The server of the built site (a binary of the example's node_modules/.bin, and its
   * arguments), started on the port PORT names; without it, `out` is served as files.
   */
  start?: [string, ...string[]];
}

/** The pages of examples/astro and examples/eleventy: the region indicator is in their layout. */
export const STATIC_SITE_PAGES: Build['pages'] = {
  '/': {
    file: 'index.html',
    tags: ['khountous-ranking', 'khountous-admin-card', 'khountous-region-stats'],
    image: 'khountous-ranking',
  },
  '/method/': {
    file: 'method/index.html',
    tags: ['khountous-region-stats'],
    image: 'khountous-region-stats',
  },
};

/** Text of HTML markup: tags dropped, the entities Lit SSR writes decoded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The outer HTML of the first `<tag>` of `html`. */
function elementHtml(html: string, tag: string): string {
  const start = html.indexOf(`<${tag} `);
  const end = html.indexOf(`</${tag}>`, start);
  assert.ok(start >= 0 && end > start, `<${tag}> is not in the page`);
  return html.slice(start, end + tag.length + 3);
}

/** Each element's shadow text in `tab` (read by Playwright, which works with JavaScript off too). */
async function shadowTexts(tab: Page, tags: readonly Tag[]): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const tag of tags) {
    const element = tab.locator(tag).first();
    if ((await element.count()) === 0) continue;
    texts[tag] = (await element.evaluate((host) => host.shadowRoot?.textContent ?? '')).replace(/\s+/g, ' ');
  }
  return texts;
}

/** The suite of examples/<name>, built each way `builds` says (one installation). */
/**
 * The files a tab could not load, on every page it visits: refused (400 and above) or never
 * answered, but the browser's own /favicon.ico (a site without an icon answers it with a 404,
 * the test's file server with a 204) and what `allowed` says was meant to fail. With JavaScript
 * off (`scriptsOff`), the browser blocks the page's scripts itself (a `csp` failure): not missing.
 */
function watchMissing(
  tab: Page,
  {
    allowed = () => false,
    scriptsOff = false,
  }: { allowed?: (url: URL) => boolean; scriptsOff?: boolean } = {},
): string[] {
  const missing: string[] = [];
  const counts = (address: string) => {
    const parsed = new URL(address);
    return parsed.pathname !== '/favicon.ico' && !allowed(parsed);
  };
  tab.on('response', (response) => {
    if (response.status() >= 400 && counts(response.url()))
      missing.push(`${response.status()} ${response.url()}`);
  });
  tab.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    if (scriptsOff && reason === 'csp' && request.resourceType() === 'script') return;
    if (counts(request.url())) missing.push(`${reason} ${request.url()}`);
  });
  return missing;
}

export function describeExample(name: string, builds: Build[]): void {
  let example: Example | undefined;
  let browser: Browser | undefined;
  let skip: string | undefined;

  before(async () => {
    ({ example, skip } = installExample(name));
    if (skip) return;
    ({ browser, skip } = await launchChromium());
  });
  after(async () => {
    await browser?.close();
    example?.remove();
  });

  for (const build of builds) describeBuild(build);

  function describeBuild(build: Build): void {
    const pages = Object.entries(build.pages);
    const widgets = [...new Set(pages.flatMap(([, page]) => page.tags))].map((tag) =>
      WIDGETS.find((widget) => widget.tag === tag)!,
    );
    const shown = pages.reduce((count, [, page]) => count + page.tags.length, 0);
    /** The reference API (with the built files, when no server of the site's serves them). */
    let server: Awaited<ReturnType<typeof serveApp>> | undefined;
    let site: StartedServer | undefined;
    /** The site's address: its own server's, or the API's. */
    let url = '';
    /** What each widget must show, from the API. */
    const expected: Record<string, string> = {};
    /** The height of each page's picture, as the kit draws it from the same data. */
    const pictureHeights: Record<string, number> = {};
    let buildRequests: string[] = [];
    let buildAuthorized: string[] = [];

    describe(`examples/${name}${build.name ? ` ${build.name}` : ''}, installed from the packed tarball`, () => {
      before(async () => {
        if (skip) return;
        server = await serveApp(join(example!.dir, build.out));
        for (const widget of widgets) {
          const response = await fetch(`${server.url}/v1${widget.path}`);
          expected[widget.tag] = (widget.text as (body: unknown) => string)(await response.json());
        }
        const renderImage = await kitRenderImage();
        for (const [, page] of pages) {
          const widget = WIDGETS.find((candidate) => candidate.tag === page.image)!;
          const svg = await renderImage(widget.tag, widget.attributes, {
            baseUrl: `${server.url}/v1`,
            width: IMAGE_WIDTH,
          });
          pictureHeights[page.image] = Number(/^<svg [^>]*height="(\d+)"/.exec(svg)![1]);
        }
        server.api.length = 0;
        const env = {
          // The site's address, which the pages' `og:image` is written on.
          SITE_URL: server.url,
          KHOUNTOUS_BASE_URL: `${server.url}/v1`,
          KHOUNTOUS_KEY: KEY,
          ASTRO_TELEMETRY_DISABLED: '1',
          NEXT_TELEMETRY_DISABLED: '1',
        };
        const [command, ...args] = build.command;
        await example!.run(command, args, env);
        buildRequests = [...server.api];
        buildAuthorized = [...server.authorized];
        server.api.length = 0;
        if (build.start) {
          const [serve, ...serveArgs] = build.start;
          site = await example!.start(serve, serveArgs, env);
        }
        url = site?.url ?? server.url;
      });
      after(async () => {
        await site?.close();
        await server?.close();
      });

      it(`the build asks the API once per resource, with the key, for ${shown} widgets on ${pages.length} page${pages.length > 1 ? 's' : ''}`, (t) => {
        if (skip) return t.skip(skip);
        assert.deepEqual(
          [...buildRequests].sort(),
          widgets.map((widget) => `GET /v1${widget.path}`).sort(),
          'one request per resource',
        );
        assert.deepEqual(buildAuthorized, buildRequests, 'every request of the build carried the key');
      });

      it('each widget of the built pages holds its data in its declarative shadow DOM, and its inline data; the key is in no file', (t) => {
        if (skip) return t.skip(skip);
        const dir = join(example!.dir, build.out);
        for (const [path, page] of pages) {
          const html = readFileSync(join(dir, page.file), 'utf8');
          for (const tag of page.tags) {
            const widget = WIDGETS.find((candidate) => candidate.tag === tag)!;
            const markup = elementHtml(html, tag);
            assert.match(markup, new RegExp(`^<${tag} [^>]*\\bstate="ready"`), `${path} ${tag}: ready`);
            const template = /<template shadowroot="open" shadowrootmode="open">([\s\S]*?)<\/template>/.exec(
              markup,
            );
            assert.ok(template, `${path} ${tag}: declarative shadow DOM`);
            assert.ok(
              textOf(template[1]!).includes(expected[tag]!),
              `${path} ${tag}: "${expected[tag]}" in its shadow DOM`,
            );
            const inline = /<script type="application\/json">([^<]*)<\/script>/.exec(markup);
            assert.ok(inline, `${path} ${tag}: its inline data`);
            const data = JSON.parse(inline[1]!) as { khountous: number; path: string; fetchedAt: string };
            assert.deepEqual(
              [data.khountous, data.path],
              [1, widget.path],
              `${path} ${tag}: its inline data`,
            );
          }
        }
        const leaking = filesUnder(dir).filter((file) => readFileSync(file, 'latin1').includes(KEY));
        assert.deepEqual(leaking, [], 'files that hold the API key');
      });

      it("each page's og:image is its widget's picture, served by the site: a PNG as the kit draws it", async (t) => {
        if (skip) return t.skip(skip);
        for (const [path, page] of pages) {
          const html = readFileSync(join(example!.dir, build.out, page.file), 'utf8');
          const meta =
            /<meta [^>]*property="og:image" [^>]*content="([^"]+)"|<meta [^>]*content="([^"]+)"[^>]* property="og:image"/.exec(
              html,
            );
          assert.ok(meta, `${path}: an og:image`);
          const address = new URL((meta[1] ?? meta[2]!).replaceAll('&amp;', '&'));
          assert.equal(address.origin, server!.url, `${path}: its og:image on the site's address (SITE_URL)`);
          const response = await fetch(url + address.pathname + address.search);
          assert.equal(response.status, 200, `${path}: ${address}`);
          assert.match(response.headers.get('content-type') ?? '', /^image\/png/, `${path}: ${address}`);
          const size = pngSize(new Uint8Array(await response.arrayBuffer()));
          assert.deepEqual(
            size,
            { width: IMAGE_WIDTH, height: pictureHeights[page.image] },
            `${path}: the picture of <${page.image}>`,
          );
        }
        assert.deepEqual(server!.api, [], 'the pictures asked the API nothing after the build');
      });

      it("the readers' scripts are minified", (t) => {
        if (skip) return t.skip(skip);
        const scripts = filesUnder(join(example!.dir, build.out, build.scripts ?? '')).filter((file) =>
          /\.m?js$/.test(file),
        );
        assert.ok(scripts.length > 0, 'the site has no script');
        for (const file of scripts) {
          const text = readFileSync(file, 'utf8');
          // Bundled as written, the same script is about 40 characters a line, most of them indented;
          // minified, thousands, none indented. A small chunk (the share button's, loaded on demand)
          // is minified in a few lines, which the bundler's wrapper around it takes: its lines are
          // fewer than 500 characters on average, but not one of them is indented code.
          const lines = text.split('\n');
          const perLine = text.length / lines.length;
          const indented = lines.filter((line) => /^\s{2,}\S/.test(line)).length;
          assert.ok(
            perLine > 500 || (lines.length <= 20 && indented === 0),
            `${file}: ${Math.round(perLine)} characters a line over ${lines.length} lines, ${indented} indented: not minified`,
          );
        }
      });

      it('in Chromium without JavaScript, the API unreachable, the pages show the data', async (t) => {
        if (skip) return t.skip(skip);
        const context = await browser!.newContext({ javaScriptEnabled: false });
        const blocked: string[] = [];
        await context.route(
          (address) => address.pathname.startsWith('/v1'),
          (route) => (blocked.push(route.request().url()), route.abort()),
        );
        try {
          const tab = await context.newPage();
          // Every file the pages ask for is there; the API is refused on purpose.
          const missing = watchMissing(tab, {
            allowed: (address) => address.pathname.startsWith('/v1'),
            scriptsOff: true,
          });
          for (const [path, page] of pages) {
            await tab.goto(url + path);
            const texts = await shadowTexts(tab, page.tags);
            for (const tag of page.tags)
              assert.ok(
                texts[tag]?.includes(expected[tag]!),
                `${path} ${tag} shows "${expected[tag]}": ${texts[tag]}`,
              );
          }
          assert.deepEqual(blocked, []);
          assert.deepEqual(server!.api, []);
          assert.deepEqual(missing, []);
        } finally {
          await context.close();
        }
      });

      it("with the kit's files, every element hydrates the server's markup and is ready, and the browser asks the API nothing", async (t) => {
        if (skip) return t.skip(skip);
        const tags = build.pages['/']!.tags;
        const context = await browser!.newContext();
        // Once the HTML is parsed, before any module script runs: each element's server-rendered frame.
        await context.addInitScript((tags) => {
          document.addEventListener('readystatechange', () => {
            if (document.readyState !== 'interactive') return;
            (window as unknown as { serverFrames: (Element | null)[] }).serverFrames = tags.map(
              (tag) => document.querySelector(tag)?.shadowRoot?.querySelector('[part~="base"]') ?? null,
            );
          });
        }, tags);
        try {
          const tab = await context.newPage();
          const problems: string[] = [];
          tab.on('console', (message) => {
            // Not the browser's own request for /favicon.ico, which a site's server without an icon
            // answers with a 404 (the test's file server with a 204).
            if (new URL(message.location().url || url).pathname === '/favicon.ico') return;
            if (message.type() === 'error' || message.type() === 'warning')
              problems.push(`${message.text()} (${message.location().url})`);
          });
          tab.on('pageerror', (error) => problems.push(String(error)));
          // Every file the page asks for is there (the site's server or the test's).
          const missing = watchMissing(tab);
          // Loaded, and the network quiet: any request of the elements' first updates would have left.
          await tab.goto(url, { waitUntil: 'networkidle' });
          const states = await tab.evaluate(async (tags) => {
            const result: Record<string, string | null> = {};
            for (const tag of tags) {
              await customElements.whenDefined(tag);
              const element = document.querySelector(tag) as HTMLElement & {
                updateComplete: Promise<boolean>;
              };
              await element.updateComplete;
              result[tag] = element.getAttribute('state');
            }
            return result;
          }, tags);
          assert.deepEqual(states, Object.fromEntries(tags.map((tag) => [tag, 'ready'])));
          const texts = await shadowTexts(tab, tags);
          for (const tag of tags) assert.ok(texts[tag]?.includes(expected[tag]!), `${tag}: ${texts[tag]}`);
          // Hydrated: the frames the server rendered are the ones shown, not redrawn.
          const kept = await tab.evaluate(
            (tags) =>
              (window as unknown as { serverFrames: (Element | null)[] }).serverFrames.map((frame, index) =>
                frame === null
                  ? 'no server frame'
                  : frame.isConnected &&
                      frame.getRootNode() === document.querySelector(tags[index]!)!.shadowRoot
                    ? 'kept'
                    : 'replaced',
              ),
            tags,
          );
          assert.deepEqual(
            kept,
            tags.map(() => 'kept'),
          );
          assert.deepEqual(server!.api, [], 'API requests from the browser');
          assert.deepEqual(missing, []);
          assert.deepEqual(problems, []);
        } finally {
          await context.close();
        }
      });
    });
  }
}
