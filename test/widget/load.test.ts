/**
 * The one load path (src/widget/load.ts): each widget's descriptor, under its
 * tag, turns inputs into what the widget loads. The early start reads a tag's
 * attributes (attributeReader), the element its properties; both call
 * planLoad. Here, attributes as a page writes them; the elements' browser
 * tests cover the properties.
 */
import assert from 'node:assert/strict';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { isKhountousError, type KhountousError } from '../../src/core/errors.js';
import { attributeReader, planLoad, type Planned } from '../../src/widget/load.js';
import { widgets } from '../../src/registry.js';

const root = join(import.meta.dirname, '../..');
const BASE_URL = 'https://api.example.org/v1';

/** A tag not upgraded yet, as the early start sees it: its attributes, no ancestor. */
function tag(name: string, attributes: Record<string, string>) {
  return {
    localName: name,
    tagName: name.toUpperCase(),
    parentElement: null,
    getRootNode: () => ({}),
    getAttribute: (attribute: string) => attributes[attribute] ?? null,
  } as unknown as Element;
}

function plan(name: string, attributes: Record<string, string> = {}): Planned | KhountousError {
  const descriptor = widgets.find((widget) => widget.tag === name)!;
  const element = tag(name, { 'base-url': BASE_URL, ...attributes });
  return planLoad(descriptor, element, attributeReader(descriptor, element));
}

function planned(name: string, attributes: Record<string, string> = {}): Planned {
  const result = plan(name, attributes);
  if (isKhountousError(result)) throw result;
  return result;
}

describe('planLoad (the early start and the element)', () => {
  it('has one descriptor for every element of the kit, under its tag', () => {
    const components = readdirSync(join(root, 'src/components')).filter((name) =>
      existsSync(join(root, 'src/components', name, 'define.ts')),
    );
    assert.deepEqual(
      widgets.map((widget) => widget.tag).sort(),
      components.map((name) => `khountous-${name}`).sort(),
    );
  });

  it('reads list attributes as the element does: limit and page clamped, filters matched', (t) => {
    t.mock.method(console, 'warn', () => undefined);
    t.mock.method(console, 'info', () => undefined);
    assert.deepEqual(planned('khountous-ranking', { limit: '5', region: 'Saint Louis' }).resource, {
      kind: 'administrations',
      query: { lang: 'fr', region: 'saint-louis', sector: undefined, level: undefined, limit: 5, page: 1 },
    });
    const clamped = planned('khountous-fact-checks', { limit: '500', page: '0' }).resource;
    assert.deepEqual(clamped, { kind: 'verifications', query: { lang: 'fr', limit: 100, page: 1 } });
    assert.deepEqual(planned('khountous-reports').resource, {
      kind: 'reports',
      query: {
        lang: 'fr',
        region: undefined,
        category: undefined,
        status: undefined,
        period: undefined,
        limit: 10,
        page: 1,
      },
    });
  });

  it('reads identifiers and variants: a compact card takes a summary', () => {
    const slug = 'hopital-regional-de-tambacounda';
    const card = planned('khountous-admin-card', { slug, variant: 'compact' });
    assert.deepEqual(card.resource, { kind: 'administration', slug, lang: 'fr' });
    assert.equal(card.options.partial, true);
    assert.equal(planned('khountous-admin-card', { slug }).options.partial, undefined);
    assert.deepEqual(planned('khountous-dataset', { 'dataset-id': 'budget-2024' }).resource, {
      kind: 'dataset',
      id: 'budget-2024',
    });
    assert.deepEqual(planned('khountous-region-stats', { region: 'kolda', variant: 'single' }).resource, {
      kind: 'regions',
      lang: 'fr',
    });
  });

  it('gives every load the base URL, the language and the lazy flag, read as the element reads them', () => {
    const ranking = planned('khountous-ranking', {
      lang: 'EN-gb',
      lazy: 'false',
      'base-url': `${BASE_URL}/`,
    });
    assert.deepEqual(ranking.options, { baseUrl: BASE_URL, element: ranking.options.element, lazy: false });
    assert.equal(ranking.selection.lang, 'en');
    assert.equal(planned('khountous-ranking', { lazy: '' }).options.lazy, true);
    assert.equal(planned('khountous-ranking', { lang: 'wo' }).selection.lang, 'fr');
  });

  it('returns the attribute error the element shows for an input it cannot use', (t) => {
    // The warning each one logs is the element's (its own tests check it).
    t.mock.method(console, 'warn', () => undefined);
    for (const [name, attributes] of [
      ['khountous-report', { slug: 'not a slug!' }],
      ['khountous-admin-card', {}],
      ['khountous-ranking', { region: 'atlantis' }],
      ['khountous-ranking', { 'base-url': 'ftp://example.org/v1' }],
    ] as const) {
      const result = plan(name, attributes);
      assert.ok(isKhountousError(result, 'invalid-parameter'), `${name} ${JSON.stringify(attributes)}`);
    }
  });
});
