/**
 * Persistence across page loads: storage under the versioned prefix, bounded, and full, disabled or corrupted storage.
 * On the fake clock and a fake fetch over the reference API that counts calls;
 * expected data is read from the API directly, independently of the loader.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Administration, ListEnvelope } from '../../../src/core/types.js';
import { createSafeStorage } from '../../../src/core/storage.js';
import { createDisabledStorage, createMemoryStorage } from '../../helpers/fake-browser.js';
import { loaderEnv, run, slugs, ranking, MINUTE, type Ranking } from '../../helpers/loader-env.js';
import { FRESHNESS_MINUTES } from '../../../src/core/loader/options.js';

describe('persistence across page loads', () => {
  test('a reload (new loader, same storage) is served from storage with no request', async () => {
    const env = loaderEnv();
    const [slug] = await slugs(env, 1);
    const first = await run<Administration>(env, { kind: 'administration', slug: slug! });
    const reloaded = env.tab();
    await env.clock.advance(5 * MINUTE);
    const again = await run<Administration>(reloaded, { kind: 'administration', slug: slug! });
    assert.equal(env.api.count, 1);
    assert.deepEqual(again.data, first.data);
    assert.equal(again.fetchedAt, first.fetchedAt);
    assert.equal(again.stale, false);
  });

  test('entries live under the versioned prefix, and older versions are cleared', async () => {
    const env = loaderEnv();
    env.storage.setItem('khountous:v0:e:old', '{"d":1,"f":1}');
    env.storage.setItem('host-page-key', 'kept');
    const reloaded = env.tab();
    await run(reloaded, { kind: 'regions' });
    const keys = [...env.storage.items.keys()];
    assert.ok(
      keys.some((key) => key.startsWith('khountous:v1:e:')),
      "keys.some((key) => key.startsWith('khountous:v1:e:'))",
    );
    assert.ok(!keys.includes('khountous:v0:e:old'), "!keys.includes('khountous:v0:e:old')");
    assert.ok(keys.includes('host-page-key'), "keys.includes('host-page-key')");
  });

  test('the persisted cache stays within its bound, least recently used out', async () => {
    const env = loaderEnv({ loader: { maxStoredSize: 60_000 } });
    for (const page of [1, 2, 3, 4, 5, 6]) await run(env, { kind: 'reports', query: { limit: 50, page } });
    let stored = 0;
    for (const [key, value] of env.storage.items) {
      if (key.startsWith('khountous:v1:e:')) stored += key.length + value.length;
    }
    assert.ok(stored <= 60_000, `stored ${stored}`);
    const keys = [...env.storage.items.keys()];
    assert.ok(
      keys.some((key) => key.endsWith('#6,50')),
      'the newest entry is kept',
    );
    assert.ok(!keys.some((key) => key.endsWith('#1,50')), 'the oldest entry went first');
  });

  test('a storage that throws QuotaExceededError: loads still work from memory', async () => {
    const env = loaderEnv();
    const storage = createMemoryStorage(2_000);
    const tab = env.tab({ storage: createSafeStorage({ backend: storage }) });
    const first = await run<Ranking>(tab, ranking({ limit: 50 }));
    const again = await run<Ranking>(tab, ranking({ limit: 50 }));
    assert.equal(env.api.count, 1);
    assert.deepEqual(again.data, first.data);
    assert.ok(storage.used() <= 2_000, 'storage.used() <= 2_000');
  });

  test('disabled storage (SecurityError on access): memory only, and a reload fetches again', async () => {
    const env = loaderEnv();
    const tab = env.tab({ storage: createSafeStorage({ backend: createDisabledStorage() }) });
    await run(tab, { kind: 'regions' });
    await run(tab, { kind: 'regions' });
    assert.equal(env.api.count, 1);
    const reloaded = env.tab({ storage: createSafeStorage({ backend: createDisabledStorage() }) });
    await run(reloaded, { kind: 'regions' });
    assert.equal(env.api.count, 2);
  });

  test('an entry stored with a time years ahead is fresh for one period from now, then revalidated', async () => {
    const env = loaderEnv();
    await run(env, { kind: 'regions' });
    const [key] = [...env.storage.items.keys()].filter((name) => name.includes('/regions?'));
    const item = JSON.parse(env.storage.getItem(key!)!) as { f: number };
    env.storage.setItem(key!, JSON.stringify({ ...item, f: env.clock.now() + 5 * 365 * 24 * 60 * MINUTE }));
    const reloaded = env.tab();
    const first = await run(reloaded, { kind: 'regions' });
    assert.equal(first.fetchedAt, env.clock.now());
    assert.equal(first.stale, false);
    await env.clock.advance(FRESHNESS_MINUTES.regions * MINUTE);
    const later = await run(reloaded, { kind: 'regions' });
    assert.equal(later.stale, true, 'not fresh for ever');
    await env.clock.settle();
    assert.equal(env.api.count, 2, 'and revalidated');
  });

  test('corrupted entries (bad JSON, wrong shape) are dropped and fetched again', async () => {
    const env = loaderEnv();
    await run(env, { kind: 'regions' });
    await run(env, { kind: 'regions', lang: 'en' });
    const [frKey, enKey] = [...env.storage.items.keys()]
      .filter((key) => key.includes('/regions?'))
      .sort((a, b) => (a.includes('lang=en') ? 1 : b.includes('lang=en') ? -1 : 0));
    env.storage.setItem(frKey!, '{"d": [truncated');
    env.storage.setItem(enKey!, JSON.stringify({ d: { data: 'not a list', meta: {} }, f: env.clock.now() }));
    const reloaded = env.tab();
    const fr = await run<ListEnvelope<unknown>>(reloaded, { kind: 'regions' });
    const en = await run<ListEnvelope<unknown>>(reloaded, { kind: 'regions', lang: 'en' });
    assert.equal(env.api.count, 4);
    assert.equal(fr.data.data.length, 14);
    assert.equal(en.data.data.length, 14);
  });
});
