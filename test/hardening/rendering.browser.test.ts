// Engines: all three (HTML parsing, bidi, storage and a host page's CSS differ between engines).
/**
 * Property-based tests of the rendering (fast-check), for every element: the
 * API answers arbitrary JSON, values of the element's documented shape whose
 * texts are hostile, or such values with one field broken. Whatever comes, the
 * element settles in a state (ready, empty or error), nothing reaches the page
 * as an uncaught error, nothing runs as script (window.__pwned stays unset),
 * the shadow DOM holds only the kit's own kinds of elements with no event-
 * handler attribute, and every link is http(s), off-site ones with
 * rel="noopener noreferrer".
 */
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import fc from 'fast-check';
import '../helpers/every-element.js';
import type { ResourceKind } from '../../src/core/endpoints.js';
import { freshKit } from '../helpers/kit.js';
import { SHAPES, anyJson, nearlyValid } from './arbitraries.js';
import { allSettled, assertSafe, create, installLoader, pageGuard } from './browser-kit.js';

const RUNS = 20;
const API = 'https://api.example.test/v1';

interface Target {
  tag: string;
  kind: ResourceKind;
  /** Attribute sets to alternate between runs (each exercises another template). */
  variants: Record<string, string>[];
}

const TARGETS: Target[] = [
  {
    tag: 'khountous-ranking',
    kind: 'administrations',
    variants: [{}, { 'href-template': 'https://elsewhere.example/a/{slug}', paginate: '' }],
  },
  {
    tag: 'khountous-admin-card',
    kind: 'administration',
    variants: [{ slug: 'a' }, { slug: 'a', variant: 'compact' }],
  },
  { tag: 'khountous-report', kind: 'report', variants: [{ slug: 'a' }] },
  {
    tag: 'khountous-region-stats',
    kind: 'regions',
    variants: [{}, { region: 'dakar' }, { indicator: 'reportsPer100k' }],
  },
  {
    tag: 'khountous-region-map',
    kind: 'regions',
    variants: [{}, { region: 'dakar' }, { indicator: 'avgDelayDays' }],
  },
  {
    tag: 'khountous-reports',
    kind: 'reports',
    variants: [{}, { 'href-template': '/r/{slug}', paginate: '' }],
  },
  { tag: 'khountous-fact-checks', kind: 'verifications', variants: [{}, { paginate: '' }] },
  {
    tag: 'khountous-dataset',
    kind: 'dataset',
    variants: [{ 'dataset-id': 'a' }, { 'dataset-id': 'a', preview: '5' }],
  },
];

let guard: ReturnType<typeof pageGuard>;

beforeEach(() => {
  freshKit();
  delete window.__pwned;
  guard = pageGuard();
});

afterEach(() => {
  fixtureCleanup();
  guard.stop();
  freshKit();
});

/** Renders `target` once per generated answer and checks it. */
async function renderEach(
  target: Target,
  answers: fc.Arbitrary<unknown>,
  expectStates: string[],
): Promise<void> {
  const page = await fixture<HTMLDivElement>(document.createElement('div'));
  let run = 0;
  await fc.assert(
    fc.asyncProperty(answers, async (answer) => {
      const body = JSON.stringify(answer);
      installLoader({
        fetch: async () =>
          new Response(body, { headers: { 'Content-Type': 'application/json; charset=utf-8' } }),
      });
      const attrs = target.variants[run % target.variants.length]!;
      const element = create(page, target.tag, { ...attrs, 'base-url': API, lang: run % 2 ? 'en' : 'fr' });
      run += 1;
      try {
        await allSettled([element], ['ready', 'empty', 'error'], { timeout: 5000 });
        expect(expectStates, `state of <${target.tag}>`).to.include(element.getAttribute('state'));
        assertSafe(element);
      } finally {
        element.remove();
      }
    }),
    { numRuns: RUNS },
  );
  // Event handlers of injected markup would run by now.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(window.__pwned, 'window.__pwned').to.equal(undefined);
  expect(guard.problems).to.deep.equal([]);
}

for (const target of TARGETS) {
  describe(`<${target.tag}> renders whatever the API answers`, function () {
    this.timeout(60_000);

    it(`arbitrary JSON: settles, runs no script, adds no markup (${RUNS} runs)`, () =>
      renderEach(target, anyJson, ['ready', 'empty', 'error']));

    it(`values of its shape with hostile texts: shows them, runs no script (${RUNS} runs)`, () =>
      renderEach(target, SHAPES[target.kind] as fc.Arbitrary<unknown>, ['ready', 'empty']));

    it(`one field missing, retyped or added: settles safely (${RUNS} runs)`, () =>
      renderEach(target, nearlyValid(target.kind as keyof typeof SHAPES), ['ready', 'empty', 'error']));
  });
}
