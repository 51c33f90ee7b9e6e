/**
 * The checks of the example sites (examples/astro, examples/eleventy), each installed
 * from the packed tarball in a folder of its own (harness.ts installExample) and built
 * against the reference API with an API key in the environment:
 *
 * - the build asks the API once per resource, however many widgets and pages show it,
 *   and sends the key;
 * - each widget of the built pages holds its declarative shadow DOM with its data, and
 *   its inline data; the key is in no file of the site;
 * - the readers' scripts are minified;
 * - in Chromium, without JavaScript and with the API unreachable, the pages show the data;
 * - with JavaScript, the API up and the kit's files loaded, every element is defined,
 *   hydrates the server's markup (no error, no warning) and is `ready`, and the reader's
 *   browser sends the API no request.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { installExample, launchChromium, serveApp, type Example } from './harness.js';

/** One of the reference API's demo keys (demo/api/callers.ts DEMO_KEYS): the API accepts it. */
const KEY = 'demo-partner-key';

/** The widgets of the examples' pages, the request each one's data comes from, and its page. */
const WIDGETS = [
  {
    tag: 'khountous-ranking',
    path: '/administrations?lang=en&limit=5&page=1',
    page: '/',
    text: (body: { data: { name: string }[] }) => body.data[0]!.name,
  },
  {
    tag: 'khountous-admin-card',
    path: '/administrations/hopital-regional-de-tambacounda?lang=en',
    page: '/',
    text: (body: { description: string }) => body.description.slice(0, 60),
  },
  {
    tag: 'khountous-region-stats',
    path: '/regions?lang=en',
    // In the layout: on both pages.
    page: '/method/',
    text: (body: { data: { code: string; name: string }[] }) =>
      body.data.find((region) => region.code === 'kolda')!.name,
  },
] as const;

const TAGS = WIDGETS.map((widget) => widget.tag);

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
async function shadowTexts(tab: Page): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const tag of TAGS) {
    const element = tab.locator(tag).first();
    if ((await element.count()) === 0) continue;
    texts[tag] = (await element.evaluate((host) => host.shadowRoot?.textContent ?? '')).replace(/\s+/g, ' ');
  }
  return texts;
}

/**
 * The suite of examples/<name>: `build` is its build command (a binary of its
 * node_modules/.bin and its arguments), `out` the folder the build writes.
 */
export function describeExample(name: string, build: [string, ...string[]], out: string): void {
  let example: Example | undefined;
  let browser: Browser | undefined;
  let skip: string | undefined;
  let server: Awaited<ReturnType<typeof serveApp>> | undefined;
  /** What each widget must show, from the API. */
  const expected: Record<string, string> = {};
  let buildRequests: string[] = [];
  let buildAuthorized: string[] = [];

  before(async () => {
    ({ example, skip } = installExample(name));
    if (skip) return;
    ({ browser, skip } = await launchChromium());
    if (skip) return;
    // The site's files (once built) and the reference API, on one origin.
    server = await serveApp(join(example!.dir, out));
    for (const widget of WIDGETS) {
      const response = await fetch(`${server.url}/v1${widget.path}`);
      expected[widget.tag] = (widget.text as (body: unknown) => string)(await response.json());
    }
    server.api.length = 0;
    const [command, ...args] = build;
    await example!.run(command, args, {
      KHOUNTOUS_BASE_URL: `${server.url}/v1`,
      KHOUNTOUS_KEY: KEY,
      ASTRO_TELEMETRY_DISABLED: '1',
    });
    buildRequests = [...server.api];
    buildAuthorized = [...server.authorized];
    server.api.length = 0;
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    example?.remove();
  });

  describe(`examples/${name}, installed from the packed tarball`, () => {
    it('the build asks the API once per resource, with the key, for four widgets on two pages', (t) => {
      if (skip) return t.skip(skip);
      assert.deepEqual(
        [...buildRequests].sort(),
        WIDGETS.map((widget) => `GET /v1${widget.path}`).sort(),
        'one request per resource',
      );
      assert.deepEqual(buildAuthorized, buildRequests, 'every request of the build carried the key');
    });

    it('each widget of the built pages holds its data in its declarative shadow DOM, and its inline data; the key is in no file', (t) => {
      if (skip) return t.skip(skip);
      const dir = join(example!.dir, out);
      const pages = {
        '/': readFileSync(join(dir, 'index.html'), 'utf8'),
        '/method/': readFileSync(join(dir, 'method/index.html'), 'utf8'),
      };
      for (const widget of WIDGETS) {
        const markup = elementHtml(pages[widget.page], widget.tag);
        assert.match(markup, new RegExp(`^<${widget.tag} [^>]*\\bstate="ready"`), `${widget.tag}: ready`);
        const template = /<template shadowroot="open" shadowrootmode="open">([\s\S]*?)<\/template>/.exec(
          markup,
        );
        assert.ok(template, `${widget.tag}: declarative shadow DOM`);
        assert.ok(
          textOf(template[1]!).includes(expected[widget.tag]!),
          `${widget.tag}: "${expected[widget.tag]}" in its shadow DOM`,
        );
        const inline = /<script type="application\/json">([^<]*)<\/script>/.exec(markup);
        assert.ok(inline, `${widget.tag}: its inline data`);
        const data = JSON.parse(inline[1]!) as { khountous: number; path: string; fetchedAt: string };
        assert.deepEqual([data.khountous, data.path], [1, widget.path], `${widget.tag}: its inline data`);
      }
      // The layout's widget on the other page too.
      assert.match(elementHtml(pages['/'], 'khountous-region-stats'), /state="ready"/);
      const leaking = filesUnder(dir).filter((file) => readFileSync(file, 'latin1').includes(KEY));
      assert.deepEqual(leaking, [], 'files that hold the API key');
    });

    it("the readers' scripts are minified", (t) => {
      if (skip) return t.skip(skip);
      const scripts = filesUnder(join(example!.dir, out)).filter((file) => /\.m?js$/.test(file));
      assert.ok(scripts.length > 0, 'the site has no script');
      for (const file of scripts) {
        const text = readFileSync(file, 'utf8');
        // Bundled as written, the same script is about 40 characters a line; minified, thousands.
        const perLine = text.length / text.split('\n').length;
        assert.ok(perLine > 500, `${file}: ${Math.round(perLine)} characters a line, not minified`);
      }
    });

    it('in Chromium without JavaScript, the API unreachable, the pages show the data', async (t) => {
      if (skip) return t.skip(skip);
      const context = await browser!.newContext({ javaScriptEnabled: false });
      const blocked: string[] = [];
      await context.route(
        (url) => url.pathname.startsWith('/v1'),
        (route) => (blocked.push(route.request().url()), route.abort()),
      );
      try {
        const tab = await context.newPage();
        const texts: Record<string, string> = {};
        for (const page of ['/', '/method/']) {
          await tab.goto(server!.url + page);
          for (const [tag, text] of Object.entries(await shadowTexts(tab))) texts[`${page} ${tag}`] = text;
        }
        for (const widget of WIDGETS)
          assert.ok(
            texts[`${widget.page} ${widget.tag}`]?.includes(expected[widget.tag]!),
            `${widget.page} ${widget.tag} shows "${expected[widget.tag]}": ${texts[`${widget.page} ${widget.tag}`]}`,
          );
        assert.deepEqual(blocked, []);
        assert.deepEqual(server!.api, []);
      } finally {
        await context.close();
      }
    });

    it("with the kit's files, every element hydrates the server's markup and is ready, and the browser asks the API nothing", async (t) => {
      if (skip) return t.skip(skip);
      const context = await browser!.newContext();
      // Once the HTML is parsed, before any module script runs: each element's server-rendered frame.
      await context.addInitScript((tags) => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          (window as unknown as { serverFrames: (Element | null)[] }).serverFrames = tags.map(
            (tag) => document.querySelector(tag)?.shadowRoot?.querySelector('[part~="base"]') ?? null,
          );
        });
      }, TAGS);
      try {
        const tab = await context.newPage();
        const problems: string[] = [];
        tab.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
        });
        tab.on('pageerror', (error) => problems.push(String(error)));
        // Loaded, and the network quiet: any request of the elements' first updates would have left.
        await tab.goto(server!.url, { waitUntil: 'networkidle' });
        const states = await tab.evaluate(async (tags) => {
          const result: Record<string, string | null> = {};
          for (const tag of tags) {
            await customElements.whenDefined(tag);
            const element = document.querySelector(tag) as HTMLElement & { updateComplete: Promise<boolean> };
            await element.updateComplete;
            result[tag] = element.getAttribute('state');
          }
          return result;
        }, TAGS);
        assert.deepEqual(states, Object.fromEntries(TAGS.map((tag) => [tag, 'ready'])));
        const texts = await shadowTexts(tab);
        for (const widget of WIDGETS)
          assert.ok(
            texts[widget.tag]?.includes(expected[widget.tag]!),
            `${widget.tag}: ${texts[widget.tag]}`,
          );
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
          TAGS,
        );
        assert.deepEqual(
          kept,
          TAGS.map(() => 'kept'),
        );
        assert.deepEqual(server!.api, [], 'API requests from the browser');
        assert.deepEqual(server!.missing, []);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  });
}
