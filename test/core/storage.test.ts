/**
 * The safe storage wrapper: versioned prefix, JSON with corrupted values
 * dropped, disabled storage turned into a no-op, quota errors handled.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createSafeStorage, isQuotaExceeded, type StorageLike } from '../../src/core/storage.js';
import { createDisabledStorage, createMemoryStorage } from '../helpers/fake-browser.js';

describe('safe storage', () => {
  test('keys carry the versioned prefix; the host page’s keys are left alone', () => {
    const backend = createMemoryStorage();
    backend.setItem('host', 'x');
    const storage = createSafeStorage({ backend });
    assert.equal(storage.persistent, true);
    assert.equal(storage.set('a', '1'), true);
    assert.equal(storage.setJSON('b', { n: 2 }), true);
    assert.equal(backend.getItem('khountous:v1:a'), '1');
    assert.deepEqual([...backend.items.keys()].sort(), ['host', 'khountous:v1:a', 'khountous:v1:b']);
    assert.deepEqual(storage.getJSON('b'), { n: 2 });
    storage.remove('a');
    assert.equal(storage.get('a'), undefined);
    assert.equal(backend.getItem('host'), 'x');
  });

  test('a corrupted JSON value is removed and read as absent', () => {
    const backend = createMemoryStorage();
    backend.setItem('khountous:v1:broken', '{"unterminated');
    const storage = createSafeStorage({ backend });
    assert.equal(storage.getJSON('broken'), undefined);
    assert.equal(backend.getItem('khountous:v1:broken'), null);
  });

  test('older versions are purged; newer versions and other keys are left alone', () => {
    const backend = createMemoryStorage();
    for (const key of ['khountous:v0:x', 'khountous:v1:y', 'khountous:v2:z', 'khountousish', 'other']) {
      backend.setItem(key, '1');
    }
    createSafeStorage({ backend });
    assert.deepEqual([...backend.items.keys()].sort(), [
      'khountous:v1:y',
      'khountous:v2:z',
      'khountousish',
      'other',
    ]);
  });

  test('a storage that refuses access (SecurityError) becomes memory-only and never throws', () => {
    const storage = createSafeStorage({ backend: createDisabledStorage() });
    assert.equal(storage.persistent, false);
    assert.equal(storage.set('a', '1'), false);
    assert.equal(storage.get('a'), undefined);
    assert.equal(storage.setJSON('b', { n: 2 }), false);
    assert.equal(storage.getJSON('b'), undefined);
    assert.doesNotThrow(() => storage.remove('a'));
  });

  test('no storage at all (Node, or backend null) is memory-only', () => {
    assert.equal(createSafeStorage({ backend: null }).persistent, false);
    assert.equal(createSafeStorage().persistent, false, 'Node has no localStorage');
  });

  test('a storage that starts failing later switches to memory-only', () => {
    const backend = createMemoryStorage();
    const storage = createSafeStorage({ backend });
    storage.set('a', '1');
    backend.getItem = () => {
      throw new DOMException('gone', 'InvalidStateError');
    };
    assert.equal(storage.get('a'), undefined);
    assert.equal(storage.persistent, false);
  });

  test('QuotaExceededError: the evictor frees room and the write is retried', () => {
    const backend = createMemoryStorage(100);
    const storage = createSafeStorage({ backend });
    storage.set('old', 'x'.repeat(60));
    let evictions = 0;
    storage.evictor = () => {
      evictions++;
      if (storage.get('old') === undefined) return false;
      storage.remove('old');
      return true;
    };
    assert.equal(storage.set('new', 'y'.repeat(60)), true);
    assert.equal(evictions, 1);
    assert.equal(storage.get('old'), undefined);
  });

  test('QuotaExceededError with nothing left to evict: gives up quietly, stays persistent', () => {
    const storage = createSafeStorage({ backend: createMemoryStorage(50) });
    storage.evictor = () => false;
    assert.equal(storage.set('big', 'z'.repeat(100)), false);
    assert.equal(storage.persistent, true);
    assert.equal(storage.set('small', '1'), true);
  });

  test('a zero-quota storage (old private modes) stays readable, writes fail quietly', () => {
    const backend: StorageLike = createMemoryStorage(0);
    const storage = createSafeStorage({ backend });
    assert.equal(storage.set('a', '1'), false);
    assert.equal(storage.get('a'), undefined);
  });

  test('recognizes the quota errors of every engine', () => {
    assert.ok(
      isQuotaExceeded(new DOMException('x', 'QuotaExceededError')),
      "isQuotaExceeded(new DOMException('x', 'QuotaExceededError'))",
    );
    assert.ok(
      isQuotaExceeded({ name: 'NS_ERROR_DOM_QUOTA_REACHED' }),
      "isQuotaExceeded({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })",
    );
    assert.ok(isQuotaExceeded({ code: 22 }), 'isQuotaExceeded({ code: 22 })');
    // Firefox's legacy code, and an error that only carries the standard name (a polyfill, a proxy).
    assert.ok(isQuotaExceeded({ code: 1014 }), 'isQuotaExceeded({ code: 1014 })');
    assert.ok(
      isQuotaExceeded({ name: 'QuotaExceededError' }),
      "isQuotaExceeded({ name: 'QuotaExceededError' })",
    );
    assert.ok(
      !isQuotaExceeded(new DOMException('x', 'SecurityError')),
      "!isQuotaExceeded(new DOMException('x', 'SecurityError'))",
    );
    assert.ok(!isQuotaExceeded(undefined), '!isQuotaExceeded(undefined)');
    assert.ok(!isQuotaExceeded(null), '!isQuotaExceeded(null)');
  });

  test('a full storage stays on: values stored earlier are read, new writes fail quietly', () => {
    const backend = createMemoryStorage(20);
    backend.setItem('khountous:v1:a', '1');
    const storage = createSafeStorage({ backend });
    assert.equal(storage.persistent, true);
    assert.equal(storage.get('a'), '1');
    assert.equal(storage.set('b', '2'), false);
    assert.equal(storage.persistent, true);
    assert.equal(storage.get('a'), '1');
  });

  test('a storage that can be read but refuses writes is off from the start', () => {
    const backend = createMemoryStorage();
    backend.setItem('khountous:v1:a', '1');
    backend.setItem = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const storage = createSafeStorage({ backend });
    assert.equal(storage.persistent, false);
    assert.equal(storage.get('a'), undefined);
  });

  test('a storage that starts refusing writes later switches to memory-only; the write reports false', () => {
    const backend = createMemoryStorage();
    const storage = createSafeStorage({ backend });
    assert.equal(storage.set('a', '1'), true);
    backend.setItem = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    let evictions = 0;
    storage.evictor = () => {
      evictions++;
      return true;
    };
    assert.equal(storage.set('b', '2'), false);
    assert.equal(storage.persistent, false);
    assert.equal(evictions, 0, 'only a full quota asks for room');
  });

  test('creating the wrapper touches only keys under its prefix', () => {
    const backend = createMemoryStorage();
    const touched: string[] = [];
    const { setItem, removeItem } = backend;
    backend.setItem = (key, value) => {
      touched.push(key);
      setItem(key, value);
    };
    backend.removeItem = (key) => {
      touched.push(key);
      removeItem(key);
    };
    backend.setItem('', 'the host page’s');
    touched.length = 0;
    createSafeStorage({ backend });
    assert.ok(touched.length > 0, 'storage is tried');
    for (const key of touched) assert.ok(key.startsWith('khountous:v1:'), key);
    assert.equal(backend.getItem(''), 'the host page’s');
  });

  test('an evictor that never frees enough: the write is given up, each eviction followed by one retry', () => {
    const backend = createMemoryStorage(50);
    const storage = createSafeStorage({ backend });
    let writes = 0;
    const { setItem } = backend;
    backend.setItem = (key, value) => {
      writes++;
      setItem(key, value);
    };
    let evictions = 0;
    storage.evictor = () => {
      // claims room it does not free (another tab filling the storage meanwhile)
      if (++evictions > 1000) throw new Error('the write never gives up');
      return true;
    };
    assert.equal(storage.set('big', 'z'.repeat(100)), false);
    assert.ok(evictions > 0, 'the evictor was asked');
    assert.equal(writes, evictions + 1);
    assert.equal(storage.persistent, true);
  });

  test('older versions of a custom prefix: any number of digits, the name taken literally', () => {
    const backend = createMemoryStorage();
    const keys = [
      'my.app:v9:a',
      'my.app:v1:b',
      'my.app:v10:c',
      'my.app:v11:d',
      'myxapp:v1:e',
      'x-my.app:v1:f',
    ];
    for (const key of keys) backend.setItem(key, '1');
    createSafeStorage({ backend, prefix: 'my.app:v10:' });
    assert.deepEqual([...backend.items.keys()].sort(), [
      'my.app:v10:c',
      'my.app:v11:d',
      'myxapp:v1:e',
      'x-my.app:v1:f',
    ]);
  });

  test('a prefix that does not end with its version purges nothing', () => {
    const backend = createMemoryStorage();
    for (const key of ['app:v1:a', 'app:v2:b']) backend.setItem(key, '1');
    createSafeStorage({ backend, prefix: 'app:v2:cache:' });
    assert.deepEqual([...backend.items.keys()].sort(), ['app:v1:a', 'app:v2:b']);
  });
});

describe('the page’s own localStorage, and values that are not JSON', () => {
  test('a value that cannot be written as JSON is refused; storage stays on', () => {
    const backend = createMemoryStorage();
    const storage = createSafeStorage({ backend });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    assert.equal(storage.setJSON('loop', circular), false);
    assert.equal(storage.setJSON('big', { n: 1n }), false);
    assert.equal(backend.getItem('khountous:v1:loop'), null);
    assert.equal(storage.persistent, true);
    assert.equal(storage.setJSON('fine', [1]), true);
  });

  test('without a backend given: the page’s localStorage, or memory where reading it throws', () => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    try {
      const page = createMemoryStorage();
      Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: () => page });
      const storage = createSafeStorage();
      assert.equal(storage.persistent, true);
      storage.set('a', '1');
      assert.equal(page.getItem('khountous:v1:a'), '1');
      Object.defineProperty(globalThis, 'localStorage', {
        configurable: true,
        get: () => {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
      const refused = createSafeStorage();
      assert.equal(refused.persistent, false);
      assert.equal(refused.set('a', '1'), false);
      assert.equal(refused.get('a'), undefined);
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor);
      else delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });
});
