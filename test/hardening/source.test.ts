/**
 * What the source and the built bundles may not hold:
 * - no way to turn data into markup (unsafeHTML, innerHTML, document.write,
 *   eval...) anywhere in src/, in addition to the ESLint rules;
 * - no API key in what a browser loads: the modules reachable from the
 *   browser entries hold no key and send none, import nothing from the
 *   reference API, and the built files of dist/ (when built) hold none of the
 *   reference API's keys; every request the loader makes is anonymous
 *   (credentials: 'omit', no Authorization, CORS mode).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { DEMO_KEYS } from '../../demo/api/callers.js';
import { createLoader, type Resource } from '../../src/core/loader/loader.js';
import { createFakeClock } from '../helpers/fake-clock.js';
import { BASE_URL, createFakeFetch } from '../helpers/fake-fetch.js';

const ROOT = resolve(import.meta.dirname, '../..');

function filesUnder(dir: string, predicate: (file: string) => boolean, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) filesUnder(path, predicate, out);
    else if (predicate(path)) out.push(path);
  }
  return out;
}

const sources = filesUnder(join(ROOT, 'src'), (file) => file.endsWith('.ts'));

/** Source text without comments (a comment may name what the code must not do). */
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('no markup from data, anywhere in src/', () => {
  const FORBIDDEN: [string, RegExp][] = [
    ['unsafeHTML', /\bunsafeHTML\b/],
    ['unsafeSVG', /\bunsafeSVG\b/],
    ['unsafeStatic', /\bunsafeStatic\b/],
    ['unsafe-html directive', /directives\/unsafe-(html|svg)/],
    ['innerHTML', /\binnerHTML\b/],
    ['outerHTML', /\bouterHTML\b/],
    ['insertAdjacentHTML', /\binsertAdjacentHTML\b/],
    ['document.write', /\bdocument\.write(ln)?\s*\(/],
    ['eval', /(^|[^.\w])eval\s*\(/],
    ['new Function', /\bnew\s+Function\s*\(/],
    ['createContextualFragment', /\bcreateContextualFragment\b/],
    ['DOMParser', /\bDOMParser\b/],
    ['srcdoc', /\bsrcdoc\b/],
    ['string timer (setTimeout with code)', /setTimeout\s*\(\s*['"`]/],
  ];
  /**
   * The one exception: renderWidget (Node) writes the element's own tag and the attributes the
   * site's code gives it, each value escaped (test/ssr/render-widget.test.ts: an attribute
   * that tries to close the tag stays a value; the data goes into a property and an escaped
   * JSON script, never into the static template).
   */
  const ALLOWED: Record<string, string[]> = { unsafeStatic: ['src/ssr/render.ts'] };
  for (const [name, pattern] of FORBIDDEN) {
    test(`no ${name}`, () => {
      const found = sources
        .filter((file) => pattern.test(code(file)))
        .map((file) => relative(ROOT, file))
        .filter((file) => !(ALLOWED[name] ?? []).includes(file));
      assert.deepEqual(found, []);
    });
  }
});

/** The modules a browser entry reaches through its static and dynamic imports. */
function moduleGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      visit(resolve(dirname(file), match[1]!.replace(/\.js$/, '.ts')));
    }
    for (const match of text.matchAll(/import\.meta\.glob\(\s*['"](\.[^'"*]+)\*\/([^'"]+)['"]/g)) {
      const base = resolve(dirname(file), match[1]!);
      for (const dir of readdirSync(base)) visit(join(base, dir, match[2]!.replace(/\.js$/, '.ts')));
    }
  };
  visit(entry);
  return [...seen];
}

describe('no API key in what a browser loads', () => {
  const ENTRIES = ['src/khountous.ts', 'src/boot/served.ts', 'src/index.ts', 'src/embed/main.ts'].filter(
    (entry) => existsSync(join(ROOT, entry)),
  );
  const graph = [...new Set(ENTRIES.flatMap((entry) => moduleGraph(join(ROOT, entry))))];
  const keys = Object.keys(DEMO_KEYS);

  test('the browser entries reach the kit, and nothing of the reference API', () => {
    assert.ok(graph.some((file) => file.endsWith(join('core', 'http.ts'))));
    assert.deepEqual(
      graph.filter((file) => !file.startsWith(join(ROOT, 'src'))).map((file) => relative(ROOT, file)),
      [],
    );
  });

  test('no module they reach sends a key, or holds one', () => {
    for (const file of graph) {
      const text = code(file);
      const name = relative(ROOT, file);
      assert.doesNotMatch(text, /['"]Authorization['"]/, `${name} names the Authorization header`);
      for (const key of keys) assert.ok(!text.includes(key), `${name} holds ${key}`);
      assert.doesNotMatch(text, /Bearer\s+[A-Za-z0-9._-]{8,}/, `${name} holds a bearer token`);
    }
  });

  test('the built bundles hold no key (checked on dist/ when it is built)', (t: {
    diagnostic?: (message: string) => void;
  }) => {
    const dist = join(ROOT, 'dist');
    if (!existsSync(join(dist, 'khountous.js'))) {
      t.diagnostic?.('dist/ is not built: the source graph above stands for it');
      return;
    }
    const built = filesUnder(
      dist,
      (file) => /\.(js|html|css|json)$/.test(file) && !file.includes(`${join('dist', 'types')}`),
    );
    assert.ok(built.length > 0);
    for (const file of built) {
      const text = readFileSync(file, 'utf8');
      for (const key of keys) assert.ok(!text.includes(key), `${relative(ROOT, file)} holds ${key}`);
      assert.doesNotMatch(
        text,
        /Bearer\s+[A-Za-z0-9._-]{8,}/,
        `${relative(ROOT, file)} holds a bearer token`,
      );
    }
  });

  test('every read the loader makes is anonymous: credentials omit, no Authorization, CORS mode', async () => {
    const clock = createFakeClock();
    const api = createFakeFetch({ now: clock.now });
    const loader = createLoader({
      fetch: api.fetch,
      now: clock.now,
      setTimeout: clock.setTimeout,
      clearTimeout: clock.clearTimeout,
      storage: null,
      locks: null,
      broadcastChannel: null,
      intersectionObserver: null,
    });
    const load = async <R extends Resource>(resource: R) => {
      const loading = loader.load(resource, { baseUrl: BASE_URL });
      await clock.advance(5000);
      return (await loading).data;
    };
    const administrations = await load({ kind: 'administrations' });
    const reports = await load({ kind: 'reports' });
    await load({ kind: 'administration', slug: administrations.data[0]!.slug });
    await load({ kind: 'report', slug: reports.data[0]!.slug });
    await load({ kind: 'verifications' });
    await load({ kind: 'regions' });
    await load({ kind: 'dataset', id: 'fact-checks' });
    assert.deepEqual([...new Set(api.calls.map((call) => call.url.pathname.split('/')[2]))].sort(), [
      'administrations',
      'datasets',
      'khountous',
      'regions',
      'verifications',
    ]);
    assert.ok(api.calls.length >= 7, String(api.calls.length));
    for (const call of api.calls) {
      assert.equal(call.init.credentials, 'omit');
      assert.equal(call.init.mode, 'cors');
      assert.equal(call.headers.has('Authorization'), false);
    }
  });
});
