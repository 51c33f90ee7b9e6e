/**
 * Namespaces (src/core/names.ts): a loader of a namespace keeps its cache, its
 * request log, its locks and its channel apart from the default ones and from
 * other namespaces' on the same origin; loaders of one namespace share them.
 * On the fake clock, over one localStorage, one set of locks and one channel hub.
 */
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isNamespace, NAMES, namesOf, NAMESPACE_META, pageNamespace } from '../../../src/core/names.js';
import { getLoader } from '../../../src/core/loader/loader.js';
import { createMemoryStorage } from '../../helpers/fake-browser.js';
import { BASE_URL } from '../../helpers/fake-fetch.js';
import { loaderEnv, run, type LoaderEnv } from '../../helpers/loader-env.js';

describe('namesOf', () => {
  test('the default namespace is NAMES; another has five names of its own', () => {
    assert.equal(namesOf(), NAMES);
    assert.equal(namesOf(''), NAMES);
    const a = namesOf('a');
    const b = namesOf('b');
    for (const key of Object.keys(NAMES) as (keyof typeof NAMES)[]) {
      assert.notEqual(a[key], NAMES[key], key);
      assert.notEqual(a[key], b[key], key);
      assert.equal(namesOf('a')[key], a[key], `${key}: the same names for the same namespace`);
    }
    // The storage prefix keeps the `name:vN:` form, so each namespace drops its own older versions.
    assert.match(a.storage, /^[a-z-]+:v1:$/);
    assert.ok(!a.storage.startsWith(NAMES.storage), 'the default prefix is no prefix of a namespace’s');
  });

  test('refuses a namespace that is not lower-case letters, digits and hyphens (1 to 40)', () => {
    for (const bad of ['A', 'a b', 'a:b', '-a', 'a'.repeat(41), 'é', '../x']) {
      assert.equal(isNamespace(bad), false, bad);
      assert.throws(() => namesOf(bad), /is not valid/, bad);
    }
    for (const good of ['a', 'staging', 'test-42', 'a'.repeat(40)])
      assert.equal(isNamespace(good), true, good);
    assert.equal(isNamespace(''), true, 'the default namespace');
  });
});

describe('pageNamespace', () => {
  const original = Object.getOwnPropertyDescriptor(globalThis, 'document');
  const warnings: unknown[][] = [];
  const warn = console.warn;
  const page = (content: string | null) =>
    Object.defineProperty(globalThis, 'document', {
      configurable: true,
      value: {
        querySelector: (selector: string) =>
          selector === `meta[name="${NAMESPACE_META}"]` && content !== null ? { content } : null,
      },
    });
  beforeEach(() => {
    warnings.length = 0;
    console.warn = (...args: unknown[]) => warnings.push(args);
  });
  afterEach(() => {
    console.warn = warn;
    if (original) Object.defineProperty(globalThis, 'document', original);
    else delete (globalThis as { document?: unknown }).document;
  });

  test('reads <meta name="khountous:namespace">; none or an empty one is the default', () => {
    page(' staging ');
    assert.equal(pageNamespace(), 'staging');
    page(null);
    assert.equal(pageNamespace(), '');
    page('');
    assert.equal(pageNamespace(), '');
    assert.deepEqual(warnings, []);
  });

  test('a document without querySelector declares nothing', () => {
    Object.defineProperty(globalThis, 'document', { configurable: true, value: {} });
    assert.equal(pageNamespace(), '');
    assert.deepEqual(warnings, []);
  });

  test('getLoader under a declared namespace keeps its loader and its storage apart', async () => {
    const storage = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    const local = createMemoryStorage();
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: local });
    const holder = globalThis as unknown as Record<symbol, unknown>;
    const key = namesOf('staging').global;
    try {
      page('staging');
      const loader = getLoader();
      assert.equal(holder[key], loader);
      assert.notEqual(holder[NAMES.global], loader);
      loader.recordDownload(BASE_URL);
      const keys = Array.from({ length: local.length }, (_, i) => local.key(i)!);
      assert.ok(keys.length > 0);
      assert.ok(
        keys.every((name) => name.startsWith('khountous-staging:v1:')),
        keys.join(' '),
      );
      // What the download set going (the later module, the channel's message) ends before the page is put back.
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    } finally {
      delete holder[key];
      if (storage) Object.defineProperty(globalThis, 'localStorage', storage);
      else delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });

  test('one that is not valid is said on the console, and the default used', () => {
    page('Not Valid');
    assert.equal(pageNamespace(), '');
    assert.equal(warnings.length, 1);
    assert.match(String(warnings[0]![0]), /khountous:namespace.*Not Valid.*is not valid/);
  });
});

describe('loaders of two namespaces on one origin', () => {
  let env: LoaderEnv;
  const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  beforeEach(() => {
    env = loaderEnv({ crossTab: true });
    // The loaders below take the page's localStorage, as getLoader's do.
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: env.storage });
  });
  afterEach(() => {
    if (original) Object.defineProperty(globalThis, 'localStorage', original);
    else delete (globalThis as { localStorage?: unknown }).localStorage;
  });
  const tab = (namespace?: string) => env.tab({ storage: undefined, ...(namespace ? { namespace } : {}) });

  test('share nothing: each sends its own request, stores under its own prefix, locks its own names', async () => {
    const staging = tab('staging');
    await run(staging, { kind: 'regions' });
    assert.equal(env.api.count, 1);
    const keys = () => Array.from({ length: env.storage.length }, (_, i) => env.storage.key(i)!);
    assert.ok(keys().length > 0);
    assert.ok(
      keys().every((key) => key.startsWith('khountous-staging:v1:')),
      keys().join(' '),
    );

    const plain = tab();
    await run(plain, { kind: 'regions' });
    assert.equal(env.api.count, 2, 'the default namespace does not see the staging cache');
    assert.ok(keys().some((key) => key.startsWith(NAMES.storage)));
    assert.equal(plain.loader.stats().requests, 1, 'nor its request log');

    const locks = env.locks!.requested;
    assert.ok(
      locks.some((name) => name.startsWith('khountous-staging:v1:')),
      locks.join(' '),
    );
    assert.ok(
      locks.some((name) => name.startsWith(NAMES.lock)),
      locks.join(' '),
    );
  });

  test('share everything within one namespace: another tab of it is served from its storage', async () => {
    await run(tab('staging'), { kind: 'regions' });
    const other = tab('staging');
    const loaded = await run(other, { kind: 'regions' });
    assert.equal(env.api.count, 1);
    assert.equal(loaded.stale, false);
    assert.equal(other.loader.stats().cacheHits, 1);
  });

  test('hear only their own namespace on the channel', async () => {
    const heard: string[] = [];
    const listen = (label: string, loaderOf: LoaderEnv) =>
      loaderOf.loader.subscribe({ kind: 'regions' }, BASE_URL, () => heard.push(label));
    listen('default', tab());
    listen('staging', tab('staging'));
    await run(tab('staging'), { kind: 'regions' });
    await env.clock.settle();
    assert.deepEqual(heard, ['staging'], 'the other staging tab heard the answer; the default one did not');
  });
});
