/**
 * The entry cache: memory plus a persisted copy bounded in size (least
 * recently used out), with a maximum age and corrupted items dropped.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createEntryCache,
  DEFAULT_MAX_STORED_SIZE,
  type DataCheck,
  type EntryCacheOptions,
} from '../../src/core/cache.js';
import { readCacheIndex } from '../../src/core/cache-index.js';
import { createSafeStorage } from '../../src/core/storage.js';
import { createMemoryStorage, type MemoryStorage } from '../helpers/fake-browser.js';

const DAY = 24 * 3_600_000;

function setup(backend: MemoryStorage = createMemoryStorage(), options: Partial<EntryCacheOptions> = {}) {
  let time = Date.UTC(2026, 10, 1);
  const clock = { now: () => time, advance: (ms: number) => (time += ms) };
  const make = (extra: Partial<EntryCacheOptions> = {}) =>
    createEntryCache({ storage: createSafeStorage({ backend }), now: clock.now, ...options, ...extra });
  return { backend, clock, cache: make(), make };
}

/** Characters persisted in entry items (the index and the storage prefix aside). */
function storedChars(backend: MemoryStorage): number {
  let sum = 0;
  for (const [key, value] of backend.items) {
    if (key.startsWith('khountous:v1:e:')) sum += key.length - 'khountous:v1:'.length + value.length;
  }
  return sum;
}

/** Serialized size of the persisted entries, as the stored index counts it. */
function indexedSize(backend: MemoryStorage): number {
  const index = readCacheIndex(createSafeStorage({ backend }));
  return Object.values(index).reduce((sum, [size]) => sum + size, 0);
}

const blob = (chars: number) => ({ text: 'x'.repeat(chars) });

describe('entry cache', () => {
  test('a hit returns the very object stored: no serialisation on the hot path', () => {
    const { cache, clock } = setup();
    const data = { items: [1, 2, 3] };
    cache.set('k', data, { etag: '"1"', fetchedAt: clock.now() });
    const entry = cache.get<typeof data>('k');
    assert.equal(entry?.data, data);
    assert.equal(entry?.etag, '"1"');
  });

  test('another instance over the same storage (a reload, another tab) reads the persisted copy', () => {
    const { cache, clock, make } = setup();
    cache.set('k', { n: 1 }, { fetchedAt: clock.now() - 1000 });
    const reloaded = make();
    assert.deepEqual(reloaded.get('k')?.data, { n: 1 });
    assert.equal(reloaded.get('k')?.fetchedAt, clock.now() - 1000);
    assert.deepEqual(reloaded.keys(), ['k']);
  });

  test('readStored picks up a newer copy written by another tab, keeps the newer one', () => {
    const { cache, clock, make } = setup();
    cache.set('k', { v: 'old' }, { fetchedAt: clock.now() });
    const otherTab = make();
    clock.advance(1000);
    otherTab.set('k', { v: 'new' }, { fetchedAt: clock.now() });
    assert.deepEqual(cache.get('k')?.data, { v: 'old' }, 'memory first');
    assert.deepEqual(cache.readStored('k')?.data, { v: 'new' });
    assert.deepEqual(cache.get('k')?.data, { v: 'new' });
  });

  test('the persisted copy stays within 1 MB by default, least recently used out', () => {
    const { cache, clock, backend, make } = setup();
    for (let i = 0; i < 30; i++) {
      cache.set(`k${i}`, blob(50_000), { fetchedAt: clock.now() });
      clock.advance(1000);
      if (i === 15) {
        // a later page load reads k0: it becomes recently used
        make().get('k0');
      }
    }
    assert.ok(storedChars(backend) <= DEFAULT_MAX_STORED_SIZE, `${storedChars(backend)} chars`);
    assert.ok(storedChars(backend) > DEFAULT_MAX_STORED_SIZE - 60_000, 'the room is used');
    const persisted = make().keys();
    assert.ok(persisted.includes('k29'), "persisted.includes('k29')");
    assert.ok(persisted.includes('k0'), 'read recently, kept');
    assert.ok(!persisted.includes('k1'), 'least recently used, dropped');
    assert.equal(indexedSize(backend), storedChars(backend));
  });

  test('an entry larger than the bound stays in memory only', () => {
    const { cache, clock, backend, make } = setup(createMemoryStorage(), { maxStoredSize: 10_000 });
    cache.set('small', blob(100), { fetchedAt: clock.now() });
    cache.set('huge', blob(20_000), { fetchedAt: clock.now() });
    assert.ok(cache.get('huge'), "cache.get('huge')");
    assert.equal(make().get('huge'), undefined);
    assert.ok(make().get('small'), 'the others are kept');
    assert.ok(storedChars(backend) < 10_000, 'storedChars(backend) < 10_000');
  });

  test('entries older than the maximum age (7 days) are dropped, in memory and in storage', () => {
    const { cache, clock, backend, make } = setup();
    cache.set('old', { n: 1 }, { fetchedAt: clock.now() });
    clock.advance(7 * DAY + 1);
    assert.equal(cache.get('old'), undefined);
    assert.equal(make().get('old'), undefined);
    assert.equal(backend.getItem('khountous:v1:e:old'), null);
  });

  test('corrupted items and items failing validation are dropped', () => {
    const { clock, backend, make } = setup();
    backend.setItem('khountous:v1:e:bad-json', '{"d":');
    backend.setItem('khountous:v1:e:bad-shape', JSON.stringify({ data: 1 }));
    backend.setItem('khountous:v1:e:invalid', JSON.stringify({ d: { wrong: true }, f: clock.now() }));
    backend.setItem('khountous:v1:e:valid', JSON.stringify({ d: { ok: true }, f: clock.now() }));
    const ok = { d: { ok: true }, f: clock.now() };
    const broken = {
      'no-time': { d: { ok: true } },
      'text-time': { ...ok, f: String(clock.now()) },
      'text-download': { ...ok, b: 'yesterday' },
      'number-etag': { ...ok, e: 42 },
      'null-asked': { ...ok, a: null },
      'text-asked': { ...ok, a: 'page=1' },
      'null-item': null,
      'number-item': 42,
    };
    for (const [key, item] of Object.entries(broken))
      backend.setItem(`khountous:v1:e:${key}`, JSON.stringify(item));
    backend.setItem('khountous:v1:e:complete', JSON.stringify({ ...ok, b: ok.f, e: '"1"', a: { page: 1 } }));
    const cache = make();
    const check: DataCheck = (_key, data) => (data as { ok?: boolean }).ok === true;
    assert.equal(cache.get('complete', check)?.etag, '"1"', 'every optional field sound');
    for (const key of ['bad-json', 'bad-shape', 'invalid', ...Object.keys(broken)]) {
      assert.equal(cache.get(key, check), undefined, key);
      assert.equal(backend.getItem(`khountous:v1:e:${key}`), null, key);
    }
    assert.deepEqual(cache.get('valid', check)?.data, { ok: true });
  });

  test('QuotaExceededError: older entries are evicted to make room, then it gives up quietly', () => {
    const backend = createMemoryStorage(30_000);
    const { cache, clock, make } = setup(backend);
    for (let i = 0; i < 5; i++) {
      cache.set(`k${i}`, blob(8_000), { fetchedAt: clock.now() });
      clock.advance(1000);
    }
    const persisted = make().keys();
    assert.ok(persisted.includes('k4'), 'the newest is stored');
    assert.ok(!persisted.includes('k0'), 'the oldest made room');
    assert.ok(backend.used() <= 30_000, 'backend.used() <= 30_000');
    cache.set('too-big-for-the-origin', blob(40_000), { fetchedAt: clock.now() });
    assert.ok(cache.get('too-big-for-the-origin'), 'still served from memory');
  });

  test('the memory map is bounded; evicted entries come back from storage', () => {
    const { cache, clock } = setup(createMemoryStorage(), { maxMemoryEntries: 3 });
    for (let i = 0; i < 5; i++) cache.set(`k${i}`, { i }, { fetchedAt: clock.now() });
    assert.deepEqual(cache.get('k0')?.data, { i: 0 });
  });

  test('entries past the memory bound leave memory: a later read is a copy from storage', () => {
    const { cache, clock } = setup(createMemoryStorage(), { maxMemoryEntries: 3 });
    const stored = Array.from({ length: 5 }, (_, i) => ({ i }));
    stored.forEach((data, i) => cache.set(`k${i}`, data, { fetchedAt: clock.now() }));
    for (const i of [2, 3, 4]) assert.equal(cache.get(`k${i}`)?.data, stored[i], `k${i} is still in memory`);
    for (const i of [0, 1]) {
      const data = cache.get(`k${i}`)?.data;
      assert.deepEqual(data, stored[i], `k${i} comes back from storage`);
      assert.notEqual(data, stored[i], `k${i} had left memory`);
    }
  });

  test('a read from memory touches no storage item; one past the memory bound reads storage once', () => {
    const backend = createMemoryStorage();
    let entryReads = 0;
    const counting: MemoryStorage = Object.assign(Object.create(backend) as MemoryStorage, {
      getItem(key: string) {
        if (key.startsWith('khountous:v1:e:')) entryReads++;
        return backend.getItem(key);
      },
    });
    const { cache, clock } = setup(counting, { maxMemoryEntries: 3 });
    for (let i = 0; i < 5; i++) cache.set(`k${i}`, { i }, { fetchedAt: clock.now() });
    entryReads = 0;
    for (const key of ['k2', 'k3', 'k4']) cache.get(key);
    assert.equal(entryReads, 0, 'the three newest are served from memory');
    cache.get('k0');
    assert.equal(entryReads, 1, 'the oldest was evicted: read from storage');
    cache.get('k0');
    assert.equal(entryReads, 1, 'and now it is in memory again');
  });

  test('without persistent storage, entries past the memory bound are gone (200 by default)', () => {
    const make = (maxMemoryEntries?: number) =>
      createEntryCache({
        storage: createSafeStorage({ backend: null }),
        now: () => 1,
        ...(maxMemoryEntries === undefined ? {} : { maxMemoryEntries }),
      });
    const small = make(3);
    for (let i = 0; i < 5; i++) small.set(`k${i}`, { i }, { fetchedAt: 1 });
    assert.deepEqual(small.keys().sort(), ['k2', 'k3', 'k4']);
    assert.equal(small.get('k0'), undefined);
    const byDefault = make();
    for (let i = 0; i <= 200; i++) byDefault.set(`k${i}`, { i }, { fetchedAt: 1 });
    assert.equal(byDefault.keys().length, 200);
    assert.equal(byDefault.get('k0'), undefined, 'the least recently used left');
    assert.deepEqual(byDefault.get('k200')?.data, { i: 200 });
  });

  test('adopt keeps only newer data (an announcement from another tab)', () => {
    const { cache, clock } = setup();
    cache.set('k', { v: 1 }, { fetchedAt: clock.now() });
    assert.equal(cache.adopt('k', { v: 0 }, { fetchedAt: clock.now() - 1 }), undefined);
    assert.equal(cache.adopt('k', { v: 0 }, { fetchedAt: clock.now() }), undefined, 'as old: not newer');
    assert.deepEqual(cache.get('k')?.data, { v: 1 });
    assert.ok(
      cache.adopt('k', { v: 2 }, { fetchedAt: clock.now() + 1 }),
      "cache.adopt('k', { v: 2 }, { fetchedAt: clock.now() + 1 })",
    );
    assert.deepEqual(cache.get('k')?.data, { v: 2 });
  });

  test('without persistent storage the cache works in memory', () => {
    let time = 0;
    const cache = createEntryCache({ storage: createSafeStorage({ backend: null }), now: () => time });
    time = 1;
    cache.set('k', 1, { fetchedAt: time });
    assert.equal(cache.get('k')?.data, 1);
    assert.deepEqual(cache.keys(), ['k']);
  });
});

describe('times in the future', () => {
  test('a stored entry dated years ahead is taken as fetched now, and stored so, once', () => {
    const { backend, clock, make } = setup();
    const future = clock.now() + 5 * 365 * DAY;
    backend.setItem('khountous:v1:e:k', JSON.stringify({ d: { v: 1 }, f: future }));
    const seenAt = clock.now();
    assert.equal(make().get('k')?.fetchedAt, seenAt);
    assert.equal((JSON.parse(backend.getItem('khountous:v1:e:k')!) as { f: number }).f, seenAt);
    clock.advance(60_000);
    assert.equal(make().get('k')?.fetchedAt, seenAt, 'later reads keep the time it was first seen');
  });

  test('an entry adopted from another tab with a time ahead is taken as now', () => {
    const { clock, cache } = setup();
    const adopted = cache.adopt('k', { v: 1 }, { fetchedAt: clock.now() + 10 * 365 * DAY });
    assert.equal(adopted?.fetchedAt, clock.now());
  });
});

describe('the maximum age counts from the last full download', () => {
  const HOUR = 3_600_000;
  const ITEM = 'khountous:v1:e:k';

  test('a 304 renews freshness, not the maximum age: the entry goes 7 days after its download', () => {
    const { cache, clock, backend, make } = setup();
    const downloadedAt = clock.now();
    cache.set('k', { n: 1 }, { etag: '"1"', fetchedAt: downloadedAt });
    for (let day = 1; day <= 6; day++) {
      clock.advance(DAY);
      const confirmed = cache.set('k', { n: 1 }, { etag: '"1"', fetchedAt: clock.now(), downloadedAt });
      assert.equal(confirmed.fetchedAt, clock.now(), 'fresh from the confirmation');
      assert.equal(confirmed.downloadedAt, downloadedAt);
      assert.equal(make().get('k')?.downloadedAt, downloadedAt, 'persisted with its download time');
    }
    const reloaded = make();
    clock.advance(downloadedAt + 7 * DAY + 1 - clock.now());
    assert.equal(reloaded.get('k'), undefined, 'the stored copy is dropped');
    assert.equal(backend.getItem(ITEM), null);
    assert.equal(cache.get('k'), undefined, 'the copy in memory is dropped');
    assert.equal(cache.readStored('k'), undefined, 'and no copy is left for If-None-Match');
  });

  test('an entry at its maximum age is still there one millisecond before', () => {
    const { cache, clock, make } = setup();
    const downloadedAt = clock.now();
    cache.set('k', { n: 1 }, { fetchedAt: downloadedAt });
    clock.advance(6 * DAY);
    cache.set('k', { n: 1 }, { fetchedAt: clock.now(), downloadedAt });
    clock.advance(DAY);
    assert.equal(make().get('k')?.downloadedAt, downloadedAt);
    assert.equal(cache.get('k')?.downloadedAt, downloadedAt);
  });

  test('the index drops stored entries by their download time, without reading them', () => {
    const { cache, clock, backend, make } = setup();
    const downloadedAt = clock.now();
    cache.set('k', { n: 1 }, { fetchedAt: downloadedAt });
    clock.advance(6 * DAY);
    cache.set('k', { n: 1 }, { fetchedAt: clock.now(), downloadedAt });
    clock.advance(DAY + 1);
    cache.set('other', { n: 2 }, { fetchedAt: clock.now() });
    assert.equal(backend.getItem(ITEM), null);
    assert.deepEqual(make().keys(), ['other'], 'and the index forgets it');
    assert.equal(indexedSize(backend), storedChars(backend));
  });

  test('an item without a download time (an older version of the kit) counts it from its stored time', () => {
    const { backend, clock, make } = setup();
    const storedAt = clock.now() - 2 * HOUR;
    backend.setItem(ITEM, JSON.stringify({ d: { n: 1 }, e: '"1"', f: storedAt }));
    const read = make().get('k');
    assert.equal(read?.fetchedAt, storedAt);
    assert.equal(read?.downloadedAt, storedAt);
    clock.advance(7 * DAY - 2 * HOUR);
    assert.deepEqual(make().get('k')?.data, { n: 1 }, 'kept up to its maximum age');
    clock.advance(1);
    assert.equal(make().get('k'), undefined, 'and dropped after it');
  });

  test('a download time later than the last confirmation is taken as that confirmation', () => {
    const { backend, clock, cache, make } = setup();
    const confirmedAt = clock.now() - 7 * DAY + HOUR;
    backend.setItem(ITEM, JSON.stringify({ d: { n: 1 }, f: confirmedAt, b: clock.now() }));
    assert.equal(make().get('k')?.downloadedAt, confirmedAt);
    const set = cache.set('m', 1, { fetchedAt: confirmedAt, downloadedAt: clock.now() + DAY });
    assert.equal(set.downloadedAt, confirmedAt);
    clock.advance(HOUR + 1);
    assert.equal(make().get('k'), undefined);
    assert.equal(cache.get('m'), undefined);
  });

  test('an item whose download time is not a finite number is dropped', () => {
    for (const b of ['1', null, 'Infinity', {}]) {
      const { backend, clock, make } = setup();
      backend.setItem(ITEM, JSON.stringify({ d: { n: 1 }, f: clock.now(), b }));
      assert.equal(make().get('k'), undefined, `b: ${JSON.stringify(b)}`);
      assert.equal(backend.getItem(ITEM), null);
    }
  });

  test('adopt refuses data downloaded past the maximum age, however recently confirmed', () => {
    const { cache, clock } = setup();
    const downloadedAt = clock.now() - 7 * DAY - 1;
    assert.equal(cache.adopt('k', { n: 1 }, { fetchedAt: clock.now(), downloadedAt }), undefined);
    assert.equal(cache.get('k'), undefined);
    const adopted = cache.adopt('k', { n: 1 }, { fetchedAt: clock.now(), downloadedAt: downloadedAt + 2 });
    assert.equal(adopted?.downloadedAt, downloadedAt + 2);
    clock.advance(2);
    assert.equal(cache.get('k'), undefined, 'and drops adopted data at its maximum age');
  });

  test('past its maximum age, a copy in memory gives way to a newer download another tab stored', () => {
    const { cache, clock, make } = setup();
    const downloadedAt = clock.now();
    cache.set('k', { v: 'old' }, { fetchedAt: downloadedAt });
    clock.advance(6 * DAY);
    cache.set('k', { v: 'old' }, { fetchedAt: clock.now(), downloadedAt });
    clock.advance(DAY + 1);
    make().set('k', { v: 'new' }, { fetchedAt: clock.now() });
    assert.deepEqual(cache.get('k')?.data, { v: 'new' });
    assert.equal(cache.get('k')?.downloadedAt, clock.now());
  });
});

describe('what the persisted copy cannot hold', () => {
  test('data that cannot be written as JSON is kept in memory only, and the rest still stored', () => {
    const { cache, clock, make } = setup();
    cache.set('big', { n: 10n }, { fetchedAt: clock.now() });
    cache.set('plain', { n: 1 }, { fetchedAt: clock.now() });
    assert.deepEqual(cache.get('big')?.data, { n: 10n }, 'served from memory');
    const reloaded = make();
    assert.equal(reloaded.get('big'), undefined, 'not stored');
    assert.deepEqual(reloaded.get('plain')?.data, { n: 1 });
  });

  test('delete removes an entry from memory and from storage', () => {
    const { cache, clock, make, backend } = setup();
    cache.set('k', { n: 1 }, { fetchedAt: clock.now() });
    cache.set('other', { n: 2 }, { fetchedAt: clock.now() });
    cache.delete('k');
    assert.equal(cache.get('k'), undefined);
    assert.equal(make().get('k'), undefined);
    assert.ok(![...backend.items.keys()].some((key) => key.endsWith(':e:k')), 'no item left');
    assert.deepEqual(make().keys(), ['other']);
  });
});

describe('the persisted index', () => {
  test('sound rows of a stored index count; malformed rows are ignored', () => {
    const { backend, clock, make } = setup();
    const t = clock.now();
    backend.setItem(
      'khountous:v1:cache-index',
      JSON.stringify({
        sound: [100, t, t],
        short: [100, t],
        long: [100, t, t, t],
        'text-size': ['100', t, t],
        words: ['a', 'b', 'c'],
        object: { size: 100 },
      }),
    );
    const cache = make();
    assert.deepEqual(cache.keys(), ['sound']);
    assert.equal(indexedSize(backend), 100);
  });

  test('keys(startsWith) lists the keys that start with it, from memory and from storage', () => {
    const { cache, clock, make } = setup();
    for (const key of ['reports?page=1', 'latest-reports', 'regions'])
      cache.set(key, 1, { fetchedAt: clock.now() });
    assert.deepEqual(cache.keys('reports'), ['reports?page=1']);
    assert.deepEqual(make().keys('reports'), ['reports?page=1']);
  });

  test('storing an entry again counts its new size only: the others stay', () => {
    const { cache, clock, make } = setup(createMemoryStorage(), { maxStoredSize: 10_000 });
    cache.set('a', blob(4_000), { fetchedAt: clock.now() });
    cache.set('b', blob(4_000), { fetchedAt: clock.now() });
    clock.advance(1000);
    cache.set('b', blob(4_000), { fetchedAt: clock.now() });
    assert.deepEqual(make().keys().sort(), ['a', 'b']);
  });

  test('a large entry evicts as many of the least recently used as it needs, no more', () => {
    const { cache, clock, backend, make } = setup(createMemoryStorage(), { maxStoredSize: 10_000 });
    for (let i = 0; i < 5; i++) {
      cache.set(`k${i}`, blob(1_500), { fetchedAt: clock.now() });
      clock.advance(1000);
    }
    cache.set('big', blob(6_000), { fetchedAt: clock.now() });
    assert.ok(storedChars(backend) <= 10_000, `${storedChars(backend)} chars`);
    assert.equal(indexedSize(backend), storedChars(backend));
    assert.deepEqual(make().keys().sort(), ['big', 'k3', 'k4']);
  });

  test('the bound is inclusive: entries that fill it exactly are kept', () => {
    const sizeOf = (key: string, data: unknown) => {
      const { cache, clock, backend } = setup();
      cache.set(key, data, { fetchedAt: clock.now() });
      return indexedSize(backend);
    };
    const a = sizeOf('a', blob(1_000));
    const b = sizeOf('b', blob(2_000));
    const one = setup(createMemoryStorage(), { maxStoredSize: a });
    one.cache.set('a', blob(1_000), { fetchedAt: one.clock.now() });
    assert.deepEqual(one.make().keys(), ['a'], 'one entry the size of the bound');
    const two = setup(createMemoryStorage(), { maxStoredSize: a + b });
    two.cache.set('a', blob(1_000), { fetchedAt: two.clock.now() });
    two.cache.set('b', blob(2_000), { fetchedAt: two.clock.now() });
    assert.deepEqual(two.make().keys().sort(), ['a', 'b'], 'two entries that fill it together');
  });

  test('an entry larger than the bound, or the deletion of an absent one, leaves the storage untouched', () => {
    const backend = createMemoryStorage();
    const { cache, clock } = setup(backend, { maxStoredSize: 1_000 });
    cache.set('huge', blob(2_000), { fetchedAt: clock.now() });
    cache.delete('never-stored');
    assert.deepEqual([...backend.items.keys()], []);
    assert.ok(cache.get('huge'), 'served from memory');
  });
});

describe('a storage that refuses writes', () => {
  /** Records the keys of every write the backend is asked for. */
  function recordWrites(backend: MemoryStorage): string[] {
    const written: string[] = [];
    const { setItem } = backend;
    backend.setItem = (key, value) => {
      written.push(key);
      setItem(key, value);
    };
    return written;
  }

  test('a newer copy the storage cannot take replaces the stored one: a reload does not read stale data', () => {
    const { cache, clock, make, backend } = setup(createMemoryStorage(30_000));
    cache.set('k', { v: 'old' }, { fetchedAt: clock.now() });
    clock.advance(1000);
    cache.set('k', blob(40_000), { fetchedAt: clock.now() });
    assert.deepEqual(cache.get('k')?.data, blob(40_000), 'the new copy is served from memory');
    const reloaded = make();
    assert.equal(reloaded.get('k'), undefined);
    assert.deepEqual(reloaded.keys(), []);
    assert.equal(indexedSize(backend), 0);
  });

  test('with nothing of the cache’s own left to evict, a write the quota refuses is tried once', () => {
    const backend = createMemoryStorage(1_000);
    const { cache, clock } = setup(backend);
    const written = recordWrites(backend);
    cache.set('k', blob(2_000), { fetchedAt: clock.now() });
    assert.deepEqual(
      written.filter((key) => key === 'khountous:v1:e:k'),
      ['khountous:v1:e:k'],
    );
    assert.ok(cache.get('k'), 'served from memory');
  });

  test('a full disk (every write refused): set serves from memory, after a bounded number of tries', () => {
    const backend = createMemoryStorage();
    const { cache, clock, make } = setup(backend);
    cache.set('k0', { n: 0 }, { fetchedAt: clock.now() });
    cache.set('k1', { n: 1 }, { fetchedAt: clock.now() });
    let writes = 0;
    backend.setItem = () => {
      writes++;
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const entry = cache.set('k2', { n: 2 }, { fetchedAt: clock.now() });
    assert.equal(cache.get('k2'), entry);
    assert.equal(make().get('k2'), undefined, 'not stored');
    // Each refused write asks for room a bounded number of times; the index
    // writes made while freeing room do not start evictions of their own.
    assert.ok(writes < 1_000, `${writes} writes`);
  });

  test('reading a stored entry does not rewrite its item', () => {
    const backend = createMemoryStorage();
    const { cache, clock, make } = setup(backend);
    cache.set('k', { n: 1 }, { etag: '"1"', fetchedAt: clock.now() - 1000 });
    const written = recordWrites(backend);
    clock.advance(1000);
    assert.deepEqual(make().get('k')?.data, { n: 1 });
    assert.deepEqual(
      written.filter((key) => key.startsWith('khountous:v1:e:')),
      [],
    );
  });
});

describe('what an entry holds', () => {
  test('a reload reads back the ETag and what was asked; a plain download is stored without a separate download time', () => {
    const { cache, clock, backend, make } = setup();
    const t = clock.now();
    cache.set('k', { n: 1 }, { etag: '"7"', fetchedAt: t, asked: { page: 2 } });
    const reloaded = make().get('k');
    assert.equal(reloaded?.etag, '"7"');
    assert.deepEqual(reloaded?.asked, { page: 2 });
    assert.equal(reloaded?.downloadedAt, t);
    // the item as older versions of the kit wrote it: no `b` when the download is the last fetch
    assert.deepEqual(JSON.parse(backend.getItem('khountous:v1:e:k')!), {
      d: { n: 1 },
      f: t,
      e: '"7"',
      a: { page: 2 },
    });
  });

  test('an entry has an ETag or a request only when it was given one', () => {
    const { cache, clock, make } = setup();
    const t = clock.now();
    const data = { n: 1 };
    assert.deepEqual(cache.set('k', data, { fetchedAt: t }), {
      data,
      fetchedAt: t,
      downloadedAt: t,
      lastUsed: t,
    });
    assert.deepEqual(make().get('k'), { data, fetchedAt: t, downloadedAt: t, lastUsed: t });
    assert.deepEqual(cache.set('m', data, { etag: '"1"', fetchedAt: t, asked: { page: 1 } }), {
      data,
      etag: '"1"',
      asked: { page: 1 },
      fetchedAt: t,
      downloadedAt: t,
      lastUsed: t,
    });
  });

  test('readStored keeps the copy in memory when it is as new as the stored one or newer', () => {
    const { cache, clock } = setup();
    const data = { v: 1 };
    cache.set('k', data, { fetchedAt: clock.now() });
    assert.equal(cache.readStored('k')?.data, data, 'as new as the stored one: the very object in memory');
    clock.advance(1000);
    const adopted = { v: 2 };
    assert.ok(cache.adopt('k', adopted, { fetchedAt: clock.now() }), 'newer, in memory only');
    assert.equal(cache.readStored('k')?.data, adopted, 'newer than the stored one');
  });

  test('without persistent storage, the data is never serialised', () => {
    let serialised = 0;
    const data = {
      toJSON() {
        serialised++;
        return {};
      },
    };
    const cache = createEntryCache({ storage: createSafeStorage({ backend: null }), now: () => 1 });
    cache.set('k', data, { fetchedAt: 1 });
    assert.equal(cache.get('k')?.data, data);
    assert.equal(serialised, 0);
  });
});
