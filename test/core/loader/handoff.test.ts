/**
 * A request the script tag's start sent before the loader came (core/handoff.ts,
 * boot/first-paint.ts): the loader takes it in place of its own, so the API
 * receives one request per resource, the budget counts it once, and its body
 * is checked as any answer's. On the fake clock and a fake fetch over the
 * reference API that counts calls.
 */
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spend } from '../../../src/boot/first-paint.js';
import { describe as describeResource, urlOf, type Resource } from '../../../src/core/endpoints.js';
import { isKhountousError } from '../../../src/core/errors.js';
import { handoffOf, takeHanded, type HandedRequest } from '../../../src/core/handoff.js';
import { NAMES } from '../../../src/core/names.js';
import { BASE_URL, jsonResponse } from '../../helpers/fake-fetch.js';
import { loaderEnv, run, settleAll, slugs, MINUTE, type LoaderEnv } from '../../helpers/loader-env.js';

const REGIONS: Resource = { kind: 'regions', lang: 'en' };

/** What the start does for `resource`: one row in the persisted budget, the fetch under way, handed over. */
function sendAsTheStart(env: LoaderEnv, resource: Resource): string {
  const url = urlOf(describeResource(resource, BASE_URL));
  const id = spend(env.storage, NAMES, BASE_URL, env.clock.now());
  assert.ok(id !== undefined, 'the start finds room in the budget');
  const response = env.api.fetch(url, { headers: { Accept: 'application/json' } });
  handoffOf(NAMES).set(url, { response, sentId: id, resource, baseUrl: BASE_URL });
  return url;
}

describe('requests handed over by the script tag’s start', () => {
  afterEach(() => handoffOf(NAMES).clear());

  test('the loader takes the request under way: no second request, counted once in the budget', async () => {
    const env = loaderEnv();
    const url = sendAsTheStart(env, REGIONS);
    assert.equal(env.api.count, 1);
    const loaded = await run<{ data: unknown[] }>(env, REGIONS);
    assert.ok(loaded.data.data.length > 0);
    assert.equal(env.api.count, 1, 'the API received one request');
    const stats = env.loader.stats(BASE_URL);
    assert.equal(stats.requests, 1);
    assert.equal(stats.remaining, 59, 'one request counted, once');
    assert.equal(handoffOf(NAMES).has(url), false, 'taken once');
    // Another tab over the same storage sees the same count.
    assert.equal(env.tab().loader.stats(BASE_URL).remaining, 59);
  });

  test('the answer is adopted once: after its freshness, the loader sends its own request', async () => {
    const env = loaderEnv();
    sendAsTheStart(env, REGIONS);
    await run(env, REGIONS);
    await env.clock.advance(31 * MINUTE);
    await run(env, REGIONS);
    await env.clock.settle();
    assert.equal(env.api.count, 2);
    assert.equal(env.loader.stats(BASE_URL).remaining, 58);
  });

  test('its body is checked against the schema as any answer', async () => {
    const env = loaderEnv();
    const url = urlOf(describeResource(REGIONS, BASE_URL));
    const sentId = spend(env.storage, NAMES, BASE_URL, env.clock.now());
    assert.ok(sentId !== undefined);
    handoffOf(NAMES).set(url, {
      response: Promise.resolve(jsonResponse({ data: [{ nonsense: true }] })),
      sentId,
      resource: REGIONS,
      baseUrl: BASE_URL,
    });
    const failed = await run(env, REGIONS).catch((error: unknown) => error);
    assert.ok(isKhountousError(failed, 'invalid-response'), String(failed));
    assert.equal(env.api.count, 0);
    assert.equal(env.loader.stats(BASE_URL).remaining, 59);
  });

  test('a network failure of the handed request is retried by the loader, each retry counted', async () => {
    const env = loaderEnv();
    const url = urlOf(describeResource(REGIONS, BASE_URL));
    const sentId = spend(env.storage, NAMES, BASE_URL, env.clock.now());
    assert.ok(sentId !== undefined);
    const lost = Promise.reject(new TypeError('Failed to fetch'));
    lost.catch(() => undefined);
    handoffOf(NAMES).set(url, { response: lost, sentId, resource: REGIONS, baseUrl: BASE_URL });
    const load = env.load<{ data: unknown[] }>(REGIONS);
    await env.clock.advance(10_000);
    const loaded = await load;
    assert.ok(loaded.data.data.length > 0);
    assert.equal(env.api.count, 1);
    assert.equal(env.loader.stats(BASE_URL).remaining, 58);
  });

  test('every request handed over is taken at the first load, also one no element asks for', async () => {
    const env = loaderEnv();
    const [slug] = await slugs(env, 1);
    const list: Resource = { kind: 'administrations', query: { limit: 10 } };
    const card: Resource = { kind: 'administration', slug: slug! };
    sendAsTheStart(env, list);
    const cardUrl = sendAsTheStart(env, card);
    await run(env, list);
    await env.clock.settle();
    // The card's answer is in the cache though nobody asked for it yet: a compact card served from
    // the ranking would have left it unused.
    assert.equal(handoffOf(NAMES).has(cardUrl), false);
    assert.ok(env.loader.peek(card, BASE_URL), 'the card’s answer is stored');
    const seeded = await run(env, card, { partial: true });
    assert.equal(seeded.partial, undefined, 'the full answer, not a seed');
    assert.equal(env.api.count, 2, 'the two requests of the start, and no other');
    assert.equal(env.loader.stats(BASE_URL).remaining, 58);
    assert.equal(env.loader.stats(BASE_URL).requests, 2);
  });

  test('a window of a list inside a larger one handed over: both taken, none sent again', async () => {
    const env = loaderEnv();
    sendAsTheStart(env, { kind: 'administrations', query: { limit: 10 } });
    sendAsTheStart(env, { kind: 'administrations', query: { limit: 5 } });
    const [five, ten] = await settleAll(env, [
      env.load<{ data: unknown[] }>({ kind: 'administrations', query: { limit: 5 } }),
      env.load<{ data: unknown[] }>({ kind: 'administrations', query: { limit: 10 } }),
    ]);
    assert.equal(five!.status, 'fulfilled');
    assert.equal(ten!.status, 'fulfilled');
    assert.equal(env.api.count, 2);
    assert.equal(env.loader.stats(BASE_URL).remaining, 58);
    assert.equal(handoffOf(NAMES).size, 0);
  });

  test('a handed request whose resource is not valid, or names another URL, is dropped: nothing is sent for it', async () => {
    const env = loaderEnv();
    const response = Promise.resolve(jsonResponse({ data: [] }));
    const handoff = handoffOf(NAMES);
    const invalid = { kind: 'administration', slug: 'Not a slug!' } as Resource;
    handoff.set(`${BASE_URL}/administrations/x`, {
      response,
      sentId: 'a',
      resource: invalid,
      baseUrl: BASE_URL,
    });
    // Under a URL that is not the one its resource names: not the start's, not to be trusted.
    const french: Resource = { kind: 'regions', lang: 'fr' };
    handoff.set(`${BASE_URL}/elsewhere`, { response, sentId: 'b', resource: french, baseUrl: BASE_URL });
    const loaded = await run<{ data: unknown[] }>(env, REGIONS);
    await env.clock.settle();
    assert.ok(loaded.data.data.length > 0);
    assert.equal(handoff.size, 0, 'both dropped');
    assert.deepEqual(
      env.api.calls.map((call) => call.url.searchParams.get('lang')),
      ['en'],
      'only the load asked for',
    );
  });

  test('a loader without storage counts the handed request itself', async () => {
    const env = loaderEnv({ loader: { storage: null } });
    sendAsTheStart(env, REGIONS);
    await run(env, REGIONS);
    assert.equal(env.api.count, 1);
    assert.equal(env.loader.stats(BASE_URL).remaining, 59);
  });
});

describe('the start’s budget (boot/first-paint.ts spend: the loader’s budget, core/budget.ts)', () => {
  test('reads and writes the loader’s persisted log: never beyond the limit', async () => {
    const env = loaderEnv();
    const now = env.clock.now();
    let taken = 0;
    while (spend(env.storage, NAMES, BASE_URL, now) !== undefined) taken++;
    assert.equal(taken, 60);
    assert.equal(env.loader.stats(BASE_URL).remaining, 0);
    assert.equal(env.loader.canDownload(BASE_URL), false);
  });

  test('shares the log with the loader: what the loader spent leaves less for the start', async () => {
    const env = loaderEnv({ loader: { quotaLimit: 3 } });
    await run(env, REGIONS);
    // The start knows the default limit of 60 only; the server's word (a floor) is obeyed.
    const remove = env.api.intercept(() =>
      jsonResponse({ error: { code: 'rate_limited', message: 'slow down' } }, 429, { 'Retry-After': '120' }),
    );
    await run(env, { kind: 'regions', lang: 'fr' }).catch(() => undefined);
    remove();
    assert.equal(spend(env.storage, NAMES, BASE_URL, env.clock.now()), undefined, 'blocked by a 429');
    await env.clock.advance(121_000);
    assert.notEqual(spend(env.storage, NAMES, BASE_URL, env.clock.now()), undefined);
  });
});

describe('takeHanded', () => {
  test('gives a handed request once, and nothing on a page where nothing was handed', () => {
    const names = { handoff: Symbol('a page of its own') };
    assert.equal(takeHanded(names, `${BASE_URL}/regions?lang=fr`), undefined, 'nothing handed yet');
    const handed: HandedRequest = {
      response: Promise.resolve(jsonResponse({})),
      sentId: 'one',
      resource: { kind: 'regions' },
      baseUrl: BASE_URL,
    };
    handoffOf(names).set(`${BASE_URL}/regions?lang=fr`, handed);
    assert.equal(takeHanded(names, `${BASE_URL}/regions?lang=en`), undefined, 'another URL');
    assert.equal(takeHanded(names, `${BASE_URL}/regions?lang=fr`), handed);
    assert.equal(takeHanded(names, `${BASE_URL}/regions?lang=fr`), undefined, 'taken once');
  });
});
