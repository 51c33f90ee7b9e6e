/**
 * The maximum age of stored data (7 days) counts from its last full download:
 * a 304 confirms an ETag, not the data kept under it, so it renews freshness
 * but never the maximum age, in memory, in storage and across tabs. Data
 * planted in storage with the real ETag is downloaded in full once that age
 * has passed. On the fake clock and a fake fetch over the reference API;
 * expected data is read from the API directly.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Loaded } from '../../../src/core/loader/loader.js';
import type { ListEnvelope, RegionStats } from '../../../src/core/types.js';
import { createSafeStorage } from '../../../src/core/storage.js';
import { createDisabledStorage } from '../../helpers/fake-browser.js';
import { BASE_URL } from '../../helpers/fake-fetch.js';
import { loaderEnv, run, MINUTE, type LoaderEnv } from '../../helpers/loader-env.js';

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MAX_AGE = 7 * DAY;
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

describe('the maximum age counts from the last full download', () => {
  for (const [shape, withDownload] of [
    ['as older versions of the kit stored it (no download time)', false],
    ['with a download time', true],
  ] as const) {
    test(`an entry planted ${shape} and confirmed by 304 day after day is downloaded in full 7 days after the time it claims`, async () => {
      const env = loaderEnv();
      const real = await env.api.direct<Regions>('/regions?lang=fr');
      const planted: Regions = {
        ...real,
        data: real.data.map((region, i) => (i === 0 ? { ...region, name: 'Planted' } : region)),
      };
      const claimed = env.clock.now() - 2 * HOUR;
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
      let requests = 0;
      for (; env.clock.now() <= claimed + MAX_AGE; await env.clock.advance(DAY)) {
        const shown = await run<Regions>(env, REGIONS);
        assert.equal(shown.stale, true);
        assert.equal(shown.data.data[0]!.name, 'Planted');
        await env.clock.settle();
        assert.equal(env.api.count, ++requests, 'revalidated');
        assert.deepEqual(lastCall(env), { ifNoneMatch: await realEtag(env), status: 304 });
        const confirmed = await run<Regions>(env, REGIONS);
        assert.equal(confirmed.stale, false, 'a 304 renews freshness');
        assert.equal(confirmed.data.data[0]!.name, 'Planted');
        assert.equal(env.api.count, requests);
      }
      assert.equal(requests, 7, 'confirmed every day of its maximum age');
      const downloaded = await run<Regions>(env, REGIONS);
      assert.equal(env.api.count, requests + 1);
      assert.deepEqual(lastCall(env), { ifNoneMatch: null, status: 200 });
      assert.deepEqual(downloaded.data, real);
      assert.equal(downloaded.stale, false);
      assert.deepEqual(
        (await run<Regions>(env.tab(), REGIONS)).data,
        real,
        'the download replaced the planted copy in storage',
      );
    });
  }

  test('a 304 keeps data fresh for its freshness period, but not past 7 days after its download (memory and reload)', async () => {
    const env = loaderEnv();
    const first = await run<Regions>(env, REGIONS);
    const etag = await realEtag(env);
    await env.clock.advance(MAX_AGE - 20 * MINUTE);
    assert.equal((await run(env, REGIONS)).stale, true);
    await env.clock.settle();
    assert.deepEqual(lastCall(env), { ifNoneMatch: etag, status: 304 });
    const reloaded = env.tab();
    await env.clock.advance(20 * MINUTE);
    for (const tab of [env, reloaded]) {
      const confirmed = await run<Regions>(tab, REGIONS);
      assert.equal(confirmed.stale, false, 'fresh for 30 minutes after the 304, up to its maximum age');
      assert.deepEqual(confirmed.data, first.data);
    }
    assert.equal(env.api.count, 2);
    await env.clock.advance(1);
    // The reloaded tab reads storage: the 304 kept the download time there.
    const downloaded = await run<Regions>(reloaded, REGIONS);
    assert.equal(env.api.count, 3, 'downloaded again, though fresh for 10 more minutes');
    assert.deepEqual(lastCall(env), { ifNoneMatch: null, status: 200 });
    assert.equal(downloaded.fetchedAt, env.clock.now());
    // The first tab's copy in memory is past its age too, and gives way to that download.
    const inMemory = await run<Regions>(env, REGIONS);
    assert.equal(inMemory.fetchedAt, env.clock.now());
    assert.equal(env.api.count, 3);
  });

  test('a 304 another tab announces keeps the download time: the entry goes at 7 days in every tab', async () => {
    const env = loaderEnv({ crossTab: true });
    // This tab keeps nothing in storage: what it has came over the channel.
    const other = env.tab({ storage: createSafeStorage({ backend: createDisabledStorage() }) });
    const heard: Loaded<unknown>[] = [];
    other.loader.subscribe(REGIONS, BASE_URL, (loaded) => heard.push(loaded));
    await run(env, REGIONS);
    await env.clock.settle();
    assert.equal(heard.length, 1);
    await env.clock.advance(MAX_AGE - 20 * MINUTE);
    await run(env, REGIONS);
    await env.clock.settle();
    assert.deepEqual(lastCall(env), { ifNoneMatch: await realEtag(env), status: 304 });
    assert.equal(heard.length, 2, 'the 304 is announced');
    assert.equal(heard[1]!.stale, false);
    assert.equal(other.loader.peek(REGIONS, BASE_URL)?.stale, false, 'fresh in the other tab too');
    await env.clock.advance(20 * MINUTE + 1);
    assert.equal(other.loader.peek(REGIONS, BASE_URL), undefined, 'gone at 7 days after its download');
    const downloaded = await run(other, REGIONS);
    assert.equal(env.api.count, 3);
    assert.deepEqual(lastCall(env), { ifNoneMatch: null, status: 200 });
    assert.equal(downloaded.fetchedAt, env.clock.now());
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
