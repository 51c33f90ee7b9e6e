/**
 * What a 304 may confirm: an ETag, not the data kept under it. An entry's ETag
 * is sent only within CONFIRM_FOR (an hour) of its last full download, which a
 * 304 never renews, in memory, in storage and across tabs: data planted in
 * storage with the real ETag is downloaded in full at its first request past
 * that hour. Stored data is dropped 7 days after its download (its maximum
 * age). On the fake clock and a fake fetch over the reference API; expected
 * data is read from the API directly.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CONFIRM_FOR } from '../../../src/core/cache.js';
import type { Loaded } from '../../../src/core/loader/loader.js';
import type { ListEnvelope, RegionStats } from '../../../src/core/types.js';
import { createSafeStorage } from '../../../src/core/storage.js';
import { createDisabledStorage } from '../../helpers/fake-browser.js';
import { BASE_URL } from '../../helpers/fake-fetch.js';
import { loaderEnv, run, MINUTE, type LoaderEnv } from '../../helpers/loader-env.js';

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MAX_AGE = 7 * DAY;
/** The regions' freshness (src/core/endpoints.ts). */
const FRESH = 30 * MINUTE;
const REGIONS = { kind: 'regions' } as const;
const KEY = `${BASE_URL}/regions?lang=fr`;
const ITEM = `khountous:v1:e:${KEY}`;
type Regions = ListEnvelope<RegionStats>;

/** The API's ETag of the regions, read directly (it is public). */
async function realEtag(env: LoaderEnv): Promise<string> {
  const answer = await env.api.api.handle(new Request(KEY), '192.0.2.9');
  const etag = answer.headers.get('ETag');
  assert.ok(etag, 'the API sends an ETag');
  return etag;
}

/** The last request the API received: whether it named an ETag, and its answer's status. */
const lastCall = (env: LoaderEnv) => ({
  ifNoneMatch: env.api.calls.at(-1)!.headers.get('If-None-Match'),
  status: env.api.statuses.at(-1),
});

describe('what a 304 may confirm', () => {
  test('the confirmation window is an hour, within the 7 days of the maximum age', () => {
    assert.equal(CONFIRM_FOR, HOUR);
  });

  for (const [shape, withDownload] of [
    ['as older versions of the kit stored it (no download time)', false],
    ['with a download time', true],
  ] as const) {
    test(`an entry planted ${shape} with the real ETag is confirmed within the hour after the time it claims, then downloaded in full`, async () => {
      const env = loaderEnv();
      const real = await env.api.direct<Regions>('/regions?lang=fr');
      const planted: Regions = {
        ...real,
        data: real.data.map((region, i) => (i === 0 ? { ...region, name: 'Planted' } : region)),
      };
      // Written by another script, which then goes: as recent as it may claim.
      const claimed = env.clock.now();
      env.storage.setItem(
        ITEM,
        JSON.stringify({
          d: planted,
          e: await realEtag(env),
          f: claimed,
          ...(withDownload ? { b: claimed } : {}),
          a: { lang: 'fr' },
        }),
      );
      assert.equal((await run<Regions>(env, REGIONS)).data.data[0]!.name, 'Planted');
      assert.equal(env.api.count, 0, 'fresh as claimed');
      // Within the hour: confirmed by a 304, as any entry.
      await env.clock.advance(FRESH + MINUTE);
      const stale = await run<Regions>(env, REGIONS);
      assert.equal(stale.stale, true);
      await env.clock.settle();
      assert.deepEqual(lastCall(env), { ifNoneMatch: await realEtag(env), status: 304 });
      assert.equal((await run<Regions>(env, REGIONS)).data.data[0]!.name, 'Planted');
      // Past the hour since the claimed download: the ETag is not sent, the data is downloaded.
      await env.clock.advance(FRESH + MINUTE);
      assert.ok(env.clock.now() > claimed + CONFIRM_FOR);
      await run<Regions>(env, REGIONS);
      await env.clock.settle();
      assert.deepEqual(lastCall(env), { ifNoneMatch: null, status: 200 });
      assert.equal(
        env.api.calls.at(-1)!.init.cache,
        'no-cache',
        'a refresh the browser’s HTTP cache does not answer alone',
      );
      assert.equal(env.api.count, 2);
      const downloaded = await run<Regions>(env, REGIONS);
      assert.deepEqual(downloaded.data, real);
      assert.equal(downloaded.stale, false);
      assert.deepEqual(
        (await run<Regions>(env.tab(), REGIONS)).data,
        real,
        'the download replaced the planted copy in storage',
      );
    });
  }

  test('a 304 keeps data fresh for its freshness period, and the next request past the hour downloads it (memory and reload)', async () => {
    const env = loaderEnv();
    const first = await run<Regions>(env, REGIONS);
    const etag = await realEtag(env);
    await env.clock.advance(CONFIRM_FOR - 20 * MINUTE);
    assert.equal((await run(env, REGIONS)).stale, true);
    await env.clock.settle();
    assert.deepEqual(lastCall(env), { ifNoneMatch: etag, status: 304 });
    const reloaded = env.tab();
    await env.clock.advance(20 * MINUTE);
    for (const tab of [env, reloaded]) {
      const confirmed = await run<Regions>(tab, REGIONS);
      assert.equal(confirmed.stale, false, 'fresh for 30 minutes after the 304');
      assert.deepEqual(confirmed.data, first.data);
    }
    assert.equal(env.api.count, 2);
    // Stale again past the hour: in either tab, a full download (the 304 kept the download time).
    await env.clock.advance(FRESH);
    await run<Regions>(reloaded, REGIONS);
    await env.clock.settle();
    assert.equal(env.api.count, 3);
    assert.deepEqual(lastCall(env), { ifNoneMatch: null, status: 200 });
    const downloaded = await run<Regions>(reloaded, REGIONS);
    assert.equal(downloaded.fetchedAt, env.clock.now());
    assert.equal(downloaded.stale, false);
  });

  test('stored data is dropped 7 days after its download, whatever it claims since', async () => {
    const env = loaderEnv();
    await run<Regions>(env, REGIONS);
    await env.clock.advance(MAX_AGE - MINUTE);
    const reloaded = env.tab();
    assert.equal(reloaded.loader.peek(REGIONS, BASE_URL)?.stale, true, 'shown stale for 7 days');
    await env.clock.advance(2 * MINUTE);
    assert.equal(env.tab().loader.peek(REGIONS, BASE_URL), undefined, 'gone after 7 days');
  });

  test('a 304 another tab announces keeps the download time: past the hour, every tab downloads', async () => {
    const env = loaderEnv({ crossTab: true });
    // This tab keeps nothing in storage: what it has came over the channel.
    const other = env.tab({ storage: createSafeStorage({ backend: createDisabledStorage() }) });
    const heard: Loaded<unknown>[] = [];
    other.loader.subscribe(REGIONS, BASE_URL, (loaded) => heard.push(loaded));
    await run(env, REGIONS);
    await env.clock.settle();
    assert.equal(heard.length, 1);
    await env.clock.advance(CONFIRM_FOR - 20 * MINUTE);
    await run(env, REGIONS);
    await env.clock.settle();
    assert.deepEqual(lastCall(env), { ifNoneMatch: await realEtag(env), status: 304 });
    assert.equal(heard.length, 2, 'the 304 is announced');
    assert.equal(heard[1]!.stale, false);
    assert.equal(other.loader.peek(REGIONS, BASE_URL)?.stale, false, 'fresh in the other tab too');
    await env.clock.advance(FRESH + 1);
    const downloaded = await run(other, REGIONS);
    await env.clock.settle();
    assert.equal(env.api.count, 3);
    assert.deepEqual(lastCall(env), { ifNoneMatch: null, status: 200 });
    assert.ok(downloaded.stale || downloaded.fetchedAt === env.clock.now());
  });

  test('entries another tab announces: a download time that is not a number, or a time that is not finite, is ignored', async () => {
    const env = loaderEnv({ crossTab: true });
    const expected = await env.api.direct<Regions>('/regions?lang=fr');
    const heard: Loaded<unknown>[] = [];
    env.loader.subscribe(REGIONS, BASE_URL, (loaded) => heard.push(loaded));
    const sender = env.hub!.factory('khountous-v1');
    const announce = async (times: Record<string, unknown>) => {
      sender.postMessage({ v: 1, type: 'entry', key: KEY, data: expected, ...times });
      await env.clock.settle();
    };
    const now = env.clock.now();
    for (const times of [
      { fetchedAt: now, downloadedAt: String(now) },
      { fetchedAt: now, downloadedAt: null },
      { fetchedAt: now, downloadedAt: Number.NaN },
      { fetchedAt: Number.NaN },
      { fetchedAt: Number.NaN, downloadedAt: now },
    ]) {
      await announce(times);
      assert.equal(heard.length, 0, JSON.stringify(times));
    }
    assert.equal(env.loader.peek(REGIONS, BASE_URL), undefined);
    // An announcement of an older version of the kit (no download time): downloaded when confirmed.
    await announce({ fetchedAt: now - MAX_AGE + HOUR });
    assert.equal(heard.length, 1);
    await env.clock.advance(HOUR + 1);
    assert.equal(env.loader.peek(REGIONS, BASE_URL), undefined, 'gone 7 days after that time');
    // One downloaded past the maximum age is not taken, however recently confirmed.
    await announce({ fetchedAt: env.clock.now(), downloadedAt: env.clock.now() - MAX_AGE - 1 });
    assert.equal(heard.length, 1);
    assert.equal(env.loader.peek(REGIONS, BASE_URL), undefined);
    assert.equal(env.api.count, 0);
  });
});
