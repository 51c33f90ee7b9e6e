/**
 * The plans the early start uses (src/plans.ts): one per element of the kit,
 * under its tag, and each turning attributes into the resource the element
 * loads. The elements call the same plans (their browser tests cover that they
 * load what these say); here, attributes as a page writes them.
 */
import assert from 'node:assert/strict';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { isKhountousError } from '../../src/core/errors.js';
import type { Selection } from '../../src/internal/plan.js';
import { plans } from '../../src/plans.js';

const root = join(import.meta.dirname, '../..');
const BASE: Selection = { lang: 'fr', baseUrl: 'https://api.example.org/v1' };

/** A tag not upgraded yet, as the early start sees it: its attributes. */
function tag(name: string, attributes: Record<string, string> = {}) {
  const owner = { localName: name, tagName: name.toUpperCase() } as unknown as Element;
  return { owner, read: (attribute: string) => attributes[attribute] ?? null };
}

function resourceOf(name: string, attributes: Record<string, string> = {}) {
  const plan = plans[name]!;
  const { owner, read } = tag(name, attributes);
  const selection = plan.select(owner, read, BASE);
  return { resource: plan.resource(selection), options: plan.options?.(selection) };
}

describe('plans (the early start)', () => {
  it('has one plan for every element of the kit, under its tag', () => {
    const components = readdirSync(join(root, 'src/components')).filter((name) =>
      existsSync(join(root, 'src/components', name, 'define.ts')),
    );
    assert.deepEqual(Object.keys(plans).sort(), components.map((name) => `khountous-${name}`).sort());
  });

  it('reads list attributes as the element does: limit and page clamped, filters matched', () => {
    assert.deepEqual(resourceOf('khountous-ranking', { limit: '5', region: 'Saint Louis' }).resource, {
      kind: 'administrations',
      query: { lang: 'fr', region: 'saint-louis', sector: undefined, level: undefined, limit: 5, page: 1 },
    });
    const clamped = resourceOf('khountous-fact-checks', { limit: '500', page: '0' }).resource;
    assert.deepEqual(clamped, { kind: 'verifications', query: { lang: 'fr', limit: 100, page: 1 } });
    assert.deepEqual(resourceOf('khountous-reports').resource, {
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
    assert.deepEqual(resourceOf('khountous-admin-card', { slug, variant: 'compact' }), {
      resource: { kind: 'administration', slug, lang: 'fr' },
      options: { partial: true },
    });
    assert.deepEqual(resourceOf('khountous-admin-card', { slug }).options, {});
    assert.deepEqual(resourceOf('khountous-dataset', { 'dataset-id': 'budget-2024' }).resource, {
      kind: 'dataset',
      id: 'budget-2024',
    });
    assert.deepEqual(resourceOf('khountous-region-stats', { region: 'kolda', variant: 'single' }).resource, {
      kind: 'regions',
      lang: 'fr',
    });
  });

  it('throws the attribute error the element shows for an input it cannot use', (t) => {
    // The warning each one logs is the element's (its own tests check it).
    t.mock.method(console, 'warn', () => undefined);
    for (const [name, attributes] of [
      ['khountous-report', { slug: 'not a slug!' }],
      ['khountous-admin-card', {}],
      ['khountous-ranking', { region: 'atlantis' }],
    ] as const) {
      const { owner, read } = tag(name, attributes);
      assert.throws(
        () => plans[name]!.select(owner, read, BASE),
        (error: unknown) => isKhountousError(error, 'invalid-parameter'),
        name,
      );
    }
  });
});
