/**
 * renderWidget's one total (src/ssr/render.ts `budget`): every request the
 * process sends to an API with a key, or without one (new resources and
 * refreshes of the data it holds alike), is counted against one total per API
 * and key, which no answer raises (the API's X-RateLimit-Limit, a shared
 * cache's mark); beyond it the data the process holds is served with its real
 * age, else a RenderError that says the budget is spent and when it refills.
 * Over the reference API (its own quotas set far above, so that only the
 * process's total can stop a request), its requests counted at the fetch; the
 * property runs on Node's mocked Date, which the loader and the API read.
 */
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import fc from 'fast-check';
import { createApi } from '../../demo/api/handler.js';
import { DATA_EPOCH } from '../../demo/api/data.js';
import { DEFAULT_QUOTAS, QUOTA_WINDOWS } from '../../demo/api/quota.js';
import { SHARED_CACHE_HEADER } from '../../src/core/headers.js';

register('../helpers/vite-glob-hook.mjs', import.meta.url);
const { renderWidget, resetRenderCache, RenderError } = await import('../../src/ssr/render.js');

const BASE_URL = 'https://api.khountous.sn/v1';
const DAY = 86_400_000;
const FAR = 10_000_000;

/** The reference API, its quotas far above any total, each request's time (Date.now) noted; `shared` marks its answers as a shared cache does. */
function upstream({ shared = false } = {}) {
  const api = createApi({
    now: () => Date.now(),
    env: {},
    quotas: { anonymous: FAR, free: FAR, partner: FAR },
  });
  const sent: { at: number; url: string }[] = [];
  const fetch = async (input: string, init?: RequestInit) => {
    sent.push({ at: Date.now(), url: input });
    const answer = await api.handle(new Request(input, init), '198.51.100.40');
    if (!shared) return answer;
    const headers = new Headers(answer.headers);
    headers.set(SHARED_CACHE_HEADER, 'shared');
    return new Response(answer.body, { status: answer.status, headers });
  };
  return { fetch, sent };
}

/** The render's outcome: its HTML, or its RenderError (anything else is thrown). */
async function attempt(
  ...args: Parameters<typeof renderWidget>
): Promise<string | InstanceType<typeof RenderError>> {
  try {
    return await renderWidget(...args);
  } catch (error) {
    if (error instanceof RenderError) return error;
    throw error;
  }
}

const SPENT =
  /no data to render: the server's request budget for the API is spent \((\d+) requests per ([^,]+), or fewer as the API says\); it refills at (\d{4}-\d\d-\d\dT[\d:.]+Z); it loads in the browser$/;

const inlineOf = (html: string) =>
  JSON.parse(/<script type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
    path: string;
    fetchedAt: string;
  };

/** Lets the background refreshes a render started send their requests. */
const settle = async () => {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
};

describe('renderWidget: one total per API and key', () => {
  beforeEach(() => {
    mock.timers.enable({ apis: ['Date'], now: DATA_EPOCH + DAY });
    resetRenderCache();
  });
  afterEach(() => mock.timers.reset());

  it('300 renders of new report pages send at most the total; the others: the budget spent, when it refills, the plain element', async () => {
    const api = upstream();
    const options = {
      baseUrl: BASE_URL,
      fetch: api.fetch,
      key: 'demo-free-key',
      budget: { requests: 40, per: DAY },
    };
    const refused: InstanceType<typeof RenderError>[] = [];
    for (let page = 1; page <= 300; page++) {
      const outcome = await attempt('khountous-reports', { page }, options);
      if (typeof outcome !== 'string') refused.push(outcome);
    }
    assert.equal(api.sent.length, 40, 'the total, and no more');
    assert.ok(refused.length > 0);
    const [first] = refused;
    const said = SPENT.exec(first!.message);
    assert.ok(said, first!.message);
    assert.deepEqual([said[1], said[2]], ['40', '24 h']);
    // The first request leaves the window a day after it was sent.
    assert.equal(said[3], new Date(api.sent[0]!.at + DAY).toISOString());
    assert.match(first!.html, /^<khountous-reports page="\d+"><\/khountous-reports>$/);
    // With `fallback`: that plain element, and the error told.
    const told: unknown[] = [];
    const html = await renderWidget(
      'khountous-reports',
      { page: 299 },
      { ...options, fallback: (error) => told.push(error) },
    );
    assert.equal(html, '<khountous-reports page="299"></khountous-reports>');
    assert.match((told[0] as Error).message, SPENT);
    assert.equal(api.sent.length, 40);
  });

  it('by default: with a key, the free key’s quota of the API document; without, the anonymous level’s', async () => {
    assert.deepEqual([DEFAULT_QUOTAS.free, QUOTA_WINDOWS.free], [1_000, DAY]);
    assert.deepEqual([DEFAULT_QUOTAS.anonymous, QUOTA_WINDOWS.anonymous], [60, 3_600_000]);
    // Made-up slugs: each a new resource, each a request the API answers 404.
    const keyed = upstream();
    for (let index = 0; index < 1_050; index++)
      await attempt(
        'khountous-admin-card',
        { slug: `made-up-${index}` },
        { baseUrl: BASE_URL, fetch: keyed.fetch, key: 'demo-free-key' },
      );
    assert.equal(keyed.sent.length, 1_000);
    const anonymous = upstream();
    let last: unknown;
    for (let index = 0; index < 80; index++)
      last = await attempt(
        'khountous-admin-card',
        { slug: `made-up-${index}` },
        { baseUrl: BASE_URL, fetch: anonymous.fetch },
      );
    assert.equal(anonymous.sent.length, 60);
    assert.match((last as Error).message, /\(60 requests per 1 h, /);
  });

  it('no answer raises the total: neither the API’s X-RateLimit-Limit (a partner key’s 20,000) nor a shared cache’s mark', async () => {
    const partner = upstream();
    const options = {
      baseUrl: BASE_URL,
      fetch: partner.fetch,
      key: 'demo-partner-key',
      budget: { requests: 5, per: DAY },
    };
    for (let page = 1; page <= 12; page++) await attempt('khountous-ranking', { limit: 1, page }, options);
    assert.equal(partner.sent.length, 5);

    resetRenderCache();
    const tier = upstream({ shared: true });
    for (let page = 1; page <= 80; page++)
      await attempt('khountous-ranking', { limit: 1, page }, { baseUrl: BASE_URL, fetch: tier.fetch });
    assert.equal(tier.sent.length, 60, 'the anonymous default, behind a shared cache too');
  });

  it('one total per API and key, whatever the timeout; the same key at another API counts apart', async () => {
    const api = upstream();
    const budget = { requests: 4, per: DAY };
    for (let page = 1; page <= 8; page++)
      await attempt(
        'khountous-ranking',
        { limit: 1, page },
        { baseUrl: BASE_URL, fetch: api.fetch, key: 'demo-free-key', budget, timeout: 1_000 + page },
      );
    assert.equal(api.sent.length, 4);
    for (let page = 1; page <= 3; page++)
      await attempt(
        'khountous-ranking',
        { limit: 1, page },
        { baseUrl: 'https://tier.example.sn/v1', fetch: api.fetch, key: 'demo-free-key', budget },
      );
    assert.equal(api.sent.length, 7);
  });

  it('beyond the total, the data held is served with its real age, and the total refills as its window passes', async () => {
    const api = upstream();
    const options = {
      baseUrl: BASE_URL,
      fetch: api.fetch,
      key: 'demo-free-key',
      budget: { requests: 3, per: 3_600_000 },
    };
    const first = inlineOf(await renderWidget('khountous-ranking', { limit: 2 }, options));
    for (const page of [2, 3]) await renderWidget('khountous-ranking', { limit: 2, page }, options);
    assert.equal(api.sent.length, 3);
    assert.match(
      ((await attempt('khountous-ranking', { limit: 2, page: 4 }, options)) as Error).message,
      SPENT,
    );
    // Stale now (the list's freshness is 10 minutes): served as it is, no refresh sent.
    mock.timers.tick(30 * 60_000);
    const held = inlineOf(await renderWidget('khountous-ranking', { limit: 2 }, options));
    assert.equal(held.fetchedAt, first.fetchedAt, 'its real age');
    await settle();
    assert.equal(api.sent.length, 3);
    // An hour after the first requests: the new page is asked for, no back-off held it.
    mock.timers.tick(31 * 60_000);
    const fourth = inlineOf(await renderWidget('khountous-ranking', { limit: 2, page: 4 }, options));
    assert.equal(fourth.path, '/administrations?lang=fr&limit=2&page=4');
    assert.equal(Date.parse(fourth.fetchedAt), Date.now());
    assert.equal(api.sent.length, 4);
  });

  it('a refusal by the total is no failure of the API: the resource is asked for as soon as the total refills', async () => {
    const api = upstream();
    const options = { baseUrl: BASE_URL, fetch: api.fetch, budget: { requests: 1, per: 10_000 } };
    await renderWidget('khountous-fact-checks', { limit: 1 }, options);
    const refused = (await attempt('khountous-fact-checks', { limit: 2 }, options)) as Error;
    assert.match(refused.message, SPENT);
    assert.equal(SPENT.exec(refused.message)![3], new Date(api.sent[0]!.at + 10_000).toISOString());
    mock.timers.tick(10_000);
    assert.equal(
      inlineOf(await renderWidget('khountous-fact-checks', { limit: 2 }, options)).path,
      '/verifications?lang=fr&limit=2&page=1',
    );
    assert.equal(api.sent.length, 2);
  });

  it('refreshes of the data held spend the same total, and only above the reserve kept for new resources', async () => {
    const api = upstream();
    // A reserve of 2 (the browser loader's 10 of 60).
    const options = {
      baseUrl: BASE_URL,
      fetch: api.fetch,
      key: 'demo-free-key',
      budget: { requests: 12, per: DAY },
    };
    const pages = [1, 2, 3, 4, 5, 6, 7, 8];
    for (const page of pages) await renderWidget('khountous-ranking', { limit: 1, page }, options);
    assert.equal(api.sent.length, 8);
    // Stale (the list's freshness is 10 minutes): each render serves what is held, and refreshes it while it may.
    mock.timers.tick(11 * 60_000);
    for (const page of pages) {
      const held = inlineOf(await renderWidget('khountous-ranking', { limit: 1, page }, options));
      assert.equal(Date.parse(held.fetchedAt), Date.now() - 11 * 60_000, 'served with its real age');
      await settle();
    }
    assert.deepEqual(
      api.sent.slice(8).map(({ url }) => new URL(url).searchParams.get('page')),
      ['1', '2'],
      'two refreshes, down to the reserve',
    );
    // The reserve: two new resources, then none.
    for (const page of [9, 10, 11]) await attempt('khountous-ranking', { limit: 1, page }, options);
    assert.equal(api.sent.length, 12);
    assert.match(
      ((await attempt('khountous-ranking', { limit: 1, page: 12 }, options)) as Error).message,
      SPENT,
    );
  });

  it('a budget that is not one is a clear error, and nothing is sent; so is a second total for the same API and key', async () => {
    const api = upstream();
    for (const budget of [
      { requests: 0, per: DAY },
      { requests: 1.5, per: DAY },
      { requests: 10, per: -1 },
      { requests: 10 },
      7,
    ])
      await assert.rejects(
        renderWidget(
          'khountous-ranking',
          { limit: 1 },
          { baseUrl: BASE_URL, fetch: api.fetch, budget: budget as never },
        ),
        (error: unknown) => {
          assert.ok(error instanceof RenderError);
          assert.match(
            error.message,
            /^budget .* is not \{ requests, per \}: two whole numbers above 0 \(per in ms\)$/,
          );
          assert.equal(error.html, '<khountous-ranking limit="1"></khountous-ranking>');
          return true;
        },
      );
    assert.equal(api.sent.length, 0);
    const options = { baseUrl: BASE_URL, fetch: api.fetch, key: 'demo-free-key' };
    await renderWidget('khountous-ranking', { limit: 1 }, options);
    await assert.rejects(
      renderWidget('khountous-ranking', { limit: 2 }, { ...options, budget: { requests: 20_000, per: DAY } }),
      /^RenderError: budget 20000 requests per 24 h is not the total the process already counts for https:\/\/api\.khountous\.sn\/v1 and this key \(1000 requests per 24 h\): one total per API and key$/,
    );
    assert.equal(api.sent.length, 1);
  });

  it('property: whatever the renders (new pages, repeats, made-up ones) and the time between them (refreshes), no window of `per` holds more than the total, and data once rendered is always served', async () => {
    const RESOURCES: [string, Record<string, string | number>][] = [
      ...[1, 2, 3, 4].map((page): [string, Record<string, number>] => [
        'khountous-ranking',
        { limit: 3, page },
      ]),
      ...[1, 2, 3].map((page): [string, Record<string, number>] => ['khountous-reports', { page }]),
      ['khountous-fact-checks', { limit: 2 }],
      ['khountous-region-stats', { region: 'kolda' }],
      ['khountous-admin-card', { slug: 'made-up-one' }],
      ['khountous-admin-card', { slug: 'made-up-two' }],
    ];
    const step = fc.oneof(
      {
        arbitrary: fc.integer({ min: 0, max: RESOURCES.length - 1 }).map((index) => ({ render: index })),
        weight: 3,
      },
      { arbitrary: fc.integer({ min: 0, max: 45 * 60_000 }).map((ms) => ({ wait: ms })), weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(10 * 60_000, 60 * 60_000),
        fc.array(step, { maxLength: 30 }),
        async (requests, per, steps) => {
          resetRenderCache();
          const api = upstream();
          const options = {
            baseUrl: BASE_URL,
            fetch: api.fetch,
            key: 'demo-free-key',
            budget: { requests, per },
          };
          const rendered = new Set<number>();
          for (const taken of steps) {
            if ('wait' in taken) {
              mock.timers.tick(taken.wait);
              continue;
            }
            const [tag, attributes] = RESOURCES[taken.render]!;
            const outcome = await attempt(tag, attributes, options);
            await settle();
            if (typeof outcome === 'string') rendered.add(taken.render);
            else
              assert.ok(
                !rendered.has(taken.render),
                `${tag} was rendered before, then refused: ${outcome.message}`,
              );
          }
          for (const { at } of api.sent) {
            const within = api.sent.filter((other) => other.at >= at && other.at < at + per).length;
            assert.ok(
              within <= requests,
              `${within} requests in the ${per} ms from ${at}, for a total of ${requests}`,
            );
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
