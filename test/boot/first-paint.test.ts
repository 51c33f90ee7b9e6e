/**
 * The script tag's first-paint start (src/boot/first-paint.ts) sends only what
 * the element will ask the loader for: for any attributes, the request it
 * computes, when it computes one, has the URL and the cache key of the
 * element's own load (widget/load.ts planLoad, then the endpoint table), so
 * that the loader takes it over. It declines what it cannot be sure of (a
 * spelling the rules would read otherwise, a value they refuse), and computes
 * one for every widget written as its sample is. The routes (core/routes.ts)
 * and the endpoint table name the same parameters.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { firstRequest } from '../../src/boot/first-paint.js';
import { catalog } from '../../src/catalog.js';
import { describe as describeResource, ENDPOINTS, urlOf } from '../../src/core/endpoints.js';
import { isKhountousError } from '../../src/core/errors.js';
import { ROUTES } from '../../src/core/routes.js';
import type { AttributeRule } from '../../src/attributes/rules.js';
import { attributeReader, planLoad } from '../../src/widget/load.js';
import { widgets } from '../../src/registry.js';
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BASE_URL = 'https://api.example.org/v1';

/** A tag not upgraded yet: its attributes, no ancestor. */
function tag(name: string, attributes: Record<string, string | undefined>, { inline = false } = {}) {
  return {
    localName: name,
    tagName: name.toUpperCase(),
    parentElement: null,
    getRootNode: () => ({}),
    getAttribute: (attribute: string) => attributes[attribute] ?? null,
    // Its inline data, a <script type="application/json"> child (src/core/inline.ts).
    querySelector: (selector: string) => (inline && /script/.test(selector) ? {} : null),
  } as unknown as Element;
}

/** Values a page may write for an attribute of `rule`: right, spelt otherwise, wrong. */
function valuesOf(rule: AttributeRule | undefined): fc.Arbitrary<string | undefined> {
  const common = ['', ' ', 'zzz', 'not a slug!', '0', '-3', '1.5', '7 ', ' 12', '1e2', '999999', 'NaN'];
  const specific: string[] = [];
  if (rule?.type === 'choice')
    for (const value of rule.values)
      specific.push(value, value.toUpperCase(), ` ${value} `, value.replace(/-/g, ' '));
  if (rule?.type === 'id')
    specific.push(
      rule.example,
      `${rule.example}-`,
      rule.example.toUpperCase(),
      'a'.repeat(250),
      '2026',
      '2026-03',
      '2026-13',
    );
  if (rule?.type === 'integer')
    specific.push(String(rule.min), String(rule.max), String(rule.max + 1), '3', '10', '20');
  return fc.option(fc.constantFrom(...common, ...specific), { nil: undefined });
}

const LANGS = fc.option(fc.constantFrom('', 'fr', 'en', 'EN-gb', 'wo', ' en '), { nil: undefined });
const BASES = fc.constantFrom(
  BASE_URL,
  `${BASE_URL}/`,
  ' https://api.example.org/v1 ',
  'https://API.example.org:443/v1',
  'http://127.0.0.1:8080/v1',
  'ftp://api.example.org/v1',
  'https://user:secret@api.example.org/v1',
  'https://api.example.org/v1?x=1',
  '/v1',
);

describe('the first-paint start’s requests', () => {
  it('are, whenever it sends one, the URL and the cache key of the element’s own load', () => {
    // The element's checks warn about what they read otherwise: not this test's matter.
    const quiet = { ...console };
    Object.assign(console, { warn: () => undefined, info: () => undefined });
    try {
      for (const descriptor of widgets) {
        const inputs = Object.fromEntries(
          Object.entries(descriptor.inputs).map(([name, input]) => [name, valuesOf(input.rule)]),
        );
        let sent = 0;
        fc.assert(
          fc.property(fc.record(inputs), LANGS, BASES, (attributes, lang, base) => {
            const element = tag(descriptor.tag, { ...attributes, lang, 'base-url': base });
            const request = firstRequest(descriptor, element);
            if (!request) return;
            sent++;
            const planned = planLoad(descriptor, element, attributeReader(descriptor, element));
            assert.ok(
              !isKhountousError(planned),
              `${descriptor.tag}: the element refuses what the start sent`,
            );
            const target = describeResource(planned.resource, planned.options.baseUrl);
            assert.equal(request.url, urlOf(target));
            assert.equal(request.key, target.key);
          }),
          { numRuns: 400, seed: 26 },
        );
        assert.ok(sent > 20, `${descriptor.tag}: the start sent ${sent} requests in 400 pages`);
      }
    } finally {
      Object.assign(console, quiet);
    }
  });

  it('are sent for every widget written as its sample is', () => {
    for (const { widget, about } of catalog) {
      const request = firstRequest(widget, tag(widget.tag, { ...about.sample, 'base-url': BASE_URL }));
      assert.ok(request, widget.tag);
      assert.ok(request.url.startsWith(`${BASE_URL}/`), request.url);
    }
  });

  it('are declined for what the rules would read as another spelling or refuse', () => {
    const ranking = widgets.find((widget) => widget.tag === 'khountous-ranking')!;
    for (const region of ['Saint Louis', 'DAKAR', 'atlantis'])
      assert.equal(
        firstRequest(ranking, tag(ranking.tag, { 'base-url': BASE_URL, region })),
        undefined,
        region,
      );
    const card = widgets.find((widget) => widget.tag === 'khountous-admin-card')!;
    assert.equal(firstRequest(card, tag(card.tag, { 'base-url': BASE_URL })), undefined, 'no slug');
    // Data the page gave it: the element adopts it and sends nothing while it is fresh.
    assert.ok(firstRequest(ranking, tag(ranking.tag, { 'base-url': BASE_URL })));
    assert.equal(
      firstRequest(ranking, tag(ranking.tag, { 'base-url': BASE_URL }, { inline: true })),
      undefined,
    );
    assert.equal(
      firstRequest(card, tag(card.tag, { 'base-url': BASE_URL, slug: 'Mairie de Dakar' })),
      undefined,
    );
  });

  // 4 kB until its requests served the windows of one list with one covering request, as the
  // loader's batcher does (core/loader/windows.ts, the one rule): 4,499 B measured. Then the
  // loader's own budget (core/budget.ts spendOne: its reading of the stored log, where the start
  // had a lighter copy), the cache's index (core/cache.ts) and the viewport's margin
  // (core/loader/viewport.ts isNear): 5,097 B measured. Then the dataset's `series` attribute
  // (its rule in attributes/rules.ts and its place in the dataset's descriptor, which the start
  // reads whole): 5,206 B measured.
  it('come from a core of at most 5.25 kB gzip: no Lit, no validation library, no message', async () => {
    // What the script tag needs to send the first requests (its discovery of tags and its
    // modulepreload links aside), bundled and minified as the build does.
    const root = join(import.meta.dirname, '../..');
    const result = await build({
      stdin: {
        contents:
          "export { sendFirstRequests } from './src/boot/first-paint.ts';\nexport { widgets } from './src/registry.ts';",
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      minify: true,
      write: false,
      metafile: true,
    });
    const code = result.outputFiles[0]!.text;
    const size = gzipSync(code, { level: 9 }).length;
    assert.ok(size <= 5250, `the first-paint core: ${size} B gzip`);
    // The modules that put code in it (imported ones whose code is shaken off do not).
    const inputs = Object.entries(Object.values(result.metafile.outputs)[0]!.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path);
    assert.deepEqual(
      inputs.filter((input) =>
        /node_modules|src\/(element|i18n)\/|core\/(loader\/(?!windows\.ts|viewport\.ts)|schemas|http|errors)/.test(
          input,
        ),
      ),
      [],
    );
  });

  it('follow routes that name the parameters the endpoint table checks', () => {
    for (const [kind, endpoint] of Object.entries(ENDPOINTS)) {
      const route = ROUTES[kind as keyof typeof ROUTES];
      assert.equal(endpoint.route, route, kind);
      assert.deepEqual(Object.keys(endpoint.query).sort(), [...route.query].sort(), `${kind}: query`);
      assert.deepEqual(Object.keys(endpoint.ids ?? {}), 'id' in route ? [route.id] : [], `${kind}: path`);
      assert.equal(endpoint.seed?.from, 'seed' in route ? route.seed : undefined, `${kind}: seed`);
    }
  });
});
