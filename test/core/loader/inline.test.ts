/**
 * Inline data (src/core/inline.ts): what a server wrote into the page for a
 * widget is adopted by the loader as an answer of its age. Fresh for the rest
 * of its freshness period (no request, nothing of the budget), then revalidated
 * as any entry; stored and told to the other tabs; refused, with the reason,
 * when it is for another selection, not the API's shape, a second copy, or
 * malformed (then the widget loads as if it had none). On the fake clock and a
 * fake fetch over the reference API.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { inlineMatches, inlinePath, readInline } from '../../../src/core/inline.js';
import type { ListEnvelope, RegionStats } from '../../../src/core/types.js';
import { BASE_URL } from '../../helpers/fake-fetch.js';
import { loaderEnv, MINUTE } from '../../helpers/loader-env.js';

const REGIONS = { kind: 'regions' } as const;
const RANKING = { kind: 'administrations', query: { limit: 3 } } as const;
type Regions = ListEnvelope<RegionStats>;

/** The inline data a server would write for `path`, read from the API at `fetchedAt`. */
async function inlineFor(env: ReturnType<typeof loaderEnv>, path: string, fetchedAt: number) {
  const data = await env.api.direct(path);
  return { path, fetchedAt, data };
}

describe('inline data', () => {
  test('fresh inline data is served without a request and counts nothing of the budget', async () => {
    const env = loaderEnv();
    const inline = await inlineFor(env, '/regions?lang=fr', env.clock.now() - 10 * MINUTE);
    const before = env.loader.stats(BASE_URL).remaining;
    assert.equal(env.loader.seed(REGIONS, BASE_URL, inline), undefined);
    const loaded = await env.load<Regions>(REGIONS);
    assert.deepEqual(loaded.data, inline.data);
    assert.equal(loaded.stale, false);
    assert.equal(loaded.fetchedAt, inline.fetchedAt, 'its age is the server’s');
    assert.equal(env.api.count, 0, 'no request');
    assert.equal(env.loader.stats(BASE_URL).remaining, before, 'the budget untouched');
  });

  test('past its freshness it is stale: shown, then revalidated by one request', async () => {
    const env = loaderEnv();
    // Regions are fresh 30 minutes: fetched 40 minutes ago, the server's copy is stale.
    const inline = await inlineFor(env, '/regions?lang=fr', env.clock.now() - 40 * MINUTE);
    assert.equal(env.loader.seed(REGIONS, BASE_URL, inline), undefined);
    const loaded = await env.load<Regions>(REGIONS);
    assert.equal(loaded.stale, true);
    await env.clock.advance(0);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(env.api.countOf('/regions'), 1, 'one revalidation');
  });

  test('it is stored: a reload (another loader over the same storage) serves it without a request', async () => {
    const env = loaderEnv();
    const inline = await inlineFor(env, '/regions?lang=fr', env.clock.now() - MINUTE);
    assert.equal(env.loader.seed(REGIONS, BASE_URL, inline), undefined);
    const reload = env.tab();
    const loaded = await reload.load<Regions>(REGIONS);
    assert.deepEqual(loaded.data, inline.data);
    assert.equal(env.api.count, 0);
  });

  test('the other tabs are told, as of any answer', async () => {
    const env = loaderEnv({ crossTab: true });
    const other = env.tab();
    const told: unknown[] = [];
    other.loader.subscribe(REGIONS, BASE_URL, (loaded) => told.push(loaded.data));
    const inline = await inlineFor(env, '/regions?lang=fr', env.clock.now() - MINUTE);
    assert.equal(env.loader.seed(REGIONS, BASE_URL, inline), undefined);
    await env.clock.advance(10);
    for (let i = 0; i < 5 && told.length === 0; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(told, [inline.data]);
  });

  test('a newer copy in the cache stays', async () => {
    const env = loaderEnv();
    const fresh = await env.load<Regions>(REGIONS);
    const old = await inlineFor(env, '/regions?lang=fr', env.clock.now() - 20 * MINUTE);
    assert.equal(env.loader.seed(REGIONS, BASE_URL, old), undefined);
    assert.equal(env.loader.peek(REGIONS, BASE_URL)?.fetchedAt, fresh.fetchedAt);
  });

  test('data for another selection is refused and says which', async () => {
    const env = loaderEnv();
    const inline = await inlineFor(env, '/regions?lang=en', env.clock.now() - MINUTE);
    const reason = env.loader.seed(REGIONS, BASE_URL, inline);
    assert.match(reason ?? '', /\/regions\?lang=en, not of \/regions\?lang=fr/);
    assert.equal(env.loader.peek(REGIONS, BASE_URL), undefined);
    // A list window: the page and limit are part of the selection.
    const ranking = await inlineFor(env, '/administrations?lang=fr&limit=3&page=2', env.clock.now());
    assert.match(
      env.loader.seed(RANKING, BASE_URL, ranking) ?? '',
      /not of \/administrations\?lang=fr&limit=3&page=1/,
    );
  });

  test('data of another shape is refused', async () => {
    const env = loaderEnv();
    const reason = env.loader.seed(REGIONS, BASE_URL, {
      path: '/regions?lang=fr',
      fetchedAt: env.clock.now(),
      data: { data: [{ code: 'dakar', name: '<img src=x onerror=alert(1)>' }] },
    });
    assert.match(reason ?? '', /not what the API answers/);
    assert.equal(env.loader.peek(REGIONS, BASE_URL), undefined);
    await env.load(REGIONS);
    assert.equal(env.api.count, 1, 'loaded as if there had been none');
  });

  test('a second copy of the same resource is refused', async () => {
    const env = loaderEnv();
    const inline = await inlineFor(env, '/regions?lang=fr', env.clock.now() - MINUTE);
    assert.equal(env.loader.seed(REGIONS, BASE_URL, inline), undefined);
    assert.match(env.loader.seed(REGIONS, BASE_URL, inline) ?? '', /already gave/);
  });

  test('a time ahead of the clock counts as now, never later', async () => {
    const env = loaderEnv();
    const inline = await inlineFor(env, '/regions?lang=fr', env.clock.now() + 60_000);
    assert.equal(env.loader.seed(REGIONS, BASE_URL, inline), undefined);
    assert.equal(env.loader.peek(REGIONS, BASE_URL)?.fetchedAt, env.clock.now());
  });
});

describe('readInline', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const good = {
    khountous: 1,
    path: '/regions?lang=fr',
    fetchedAt: '2026-11-26T11:50:00.000Z',
    data: { data: [] },
  };

  test('reads the JSON text a server writes, or the object a script sets', () => {
    const expected = { path: good.path, fetchedAt: Date.parse(good.fetchedAt), data: good.data };
    assert.deepEqual(readInline(JSON.stringify(good), now), expected);
    assert.deepEqual(readInline(good, now), expected);
    assert.deepEqual(readInline({ ...good, fetchedAt: now - 1 }, now), { ...expected, fetchedAt: now - 1 });
  });

  test('says what is wrong with anything else', () => {
    const cases: [unknown, RegExp][] = [
      ['{"khountous":1,', /not JSON/],
      ['[1]', /not an object/],
      [{ ...good, khountous: 2 }, /"khountous" is not 1/],
      [{ ...good, path: 'https://evil.example/x' }, /"path"/],
      [{ ...good, fetchedAt: 'yesterday' }, /"fetchedAt" is not a time/],
      [{ ...good, fetchedAt: '2026-11-27T12:00:00Z' }, /in the future/],
      [{ khountous: 1, path: '/regions', fetchedAt: now }, /no "data"/],
    ];
    for (const [source, reason] of cases)
      assert.match(String(readInline(source, now)), reason, JSON.stringify(source));
  });

  test('anything but an object is refused as such, null and numbers included', () => {
    for (const source of [null, 'null', 42, '42', true, '"text"', [good], undefined])
      assert.equal(readInline(source, now), 'it is not an object', String(source));
  });

  test('a server clock up to five minutes ahead is accepted, not one millisecond more', () => {
    const ahead = (ms: number) => readInline({ ...good, fetchedAt: now + ms }, now);
    assert.deepEqual(ahead(60_000), { path: good.path, fetchedAt: now + 60_000, data: good.data });
    assert.equal((ahead(5 * 60_000) as { fetchedAt: number }).fetchedAt, now + 5 * 60_000);
    assert.equal(ahead(5 * 60_000 + 1), 'its "fetchedAt" is in the future');
  });
});

describe('inlinePath, inlineMatches', () => {
  const fetchedAt = Date.UTC(2026, 10, 26);

  test('the path below the base URL at which the loader asks, as a server writes it', () => {
    assert.equal(inlinePath(REGIONS, BASE_URL), '/regions?lang=fr');
    assert.equal(inlinePath(RANKING, BASE_URL), '/administrations?lang=fr&limit=3&page=1');
    assert.equal(
      inlinePath({ kind: 'administration', slug: 'mairie-de-bakel', lang: 'en' }, `${BASE_URL}/`),
      '/administrations/mairie-de-bakel?lang=en',
      'a base URL with its trailing slash gives the same path',
    );
  });

  test('inline data matches its own resource only; an invalid resource matches nothing', () => {
    const inline = { path: '/regions?lang=fr', fetchedAt, data: {} };
    assert.equal(inlineMatches(REGIONS, BASE_URL, inline), true);
    assert.equal(inlineMatches({ kind: 'regions', lang: 'en' }, BASE_URL, inline), false);
    assert.equal(inlineMatches(RANKING, BASE_URL, inline), false);
    const card = { kind: 'administration', slug: 'Not A Slug' } as const;
    assert.throws(() => inlinePath(card, BASE_URL));
    assert.equal(
      inlineMatches(card, BASE_URL, { ...inline, path: '/administrations/Not A Slug?lang=fr' }),
      false,
    );
  });
});
