// Engines: all three (HTML parsing, bidi, storage and a host page's CSS differ between engines).
/**
 * Broken storage under the real elements and the page's own loader: a
 * localStorage that refuses access, one that is full (QuotaExceededError on
 * every write), one whose reads throw, and one holding garbage under the
 * kit's keys. Every widget still shows its data, the page's cache still
 * works in memory (a second widget of the same data sends no request), and
 * nothing reaches the page as an uncaught error.
 */
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import '../helpers/every-element.js';
import { countFetches, freshKit, kitNames } from '../helpers/kit.js';
import { catalog } from '../../src/registry.js';
import { ELEMENTS, FaultyApi, allSettled, create, pageGuard } from './browser-kit.js';

type Restore = () => void;

const denied = () => new DOMException('The operation is insecure.', 'SecurityError');
const full = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

/** Replaces methods of Storage.prototype for the time of a test. */
function stubStorage(
  methods: Partial<Record<'getItem' | 'setItem' | 'removeItem' | 'key', () => never>>,
): Restore {
  const saved = new Map<string, PropertyDescriptor>();
  for (const [name, replacement] of Object.entries(methods)) {
    saved.set(name, Object.getOwnPropertyDescriptor(Storage.prototype, name)!);
    Object.defineProperty(Storage.prototype, name, {
      value: replacement,
      configurable: true,
      writable: true,
    });
  }
  return () => {
    for (const [name, descriptor] of saved) Object.defineProperty(Storage.prototype, name, descriptor);
  };
}

/** window.localStorage throws on access (storage blocked, sandboxed frame); Storage methods throw where the getter cannot be replaced. */
function refuseStorage(): Restore {
  let restoreGetter: Restore | undefined;
  const own = Object.getOwnPropertyDescriptor(window, 'localStorage');
  try {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw denied();
      },
    });
    restoreGetter = () => {
      if (own) Object.defineProperty(window, 'localStorage', own);
      else delete (window as { localStorage?: unknown }).localStorage;
    };
  } catch {
    restoreGetter = undefined;
  }
  let refused = false;
  try {
    void window.localStorage.length;
  } catch {
    refused = true;
  }
  const restoreMethods = stubStorage({
    getItem: () => {
      throw denied();
    },
    setItem: () => {
      throw denied();
    },
    removeItem: () => {
      throw denied();
    },
    key: () => {
      throw denied();
    },
  });
  expect(refused || restoreGetter === undefined).to.equal(true);
  return () => {
    restoreMethods();
    restoreGetter?.();
  };
}

/** The dataset the dataset widget shows in these tests: its folder's sample. */
const DATASET = catalog.find(({ widget }) => widget.tag === 'khountous-dataset')!.about.sample['dataset-id'];

/** The kit's keys for the data of `base`, in the loader's canonical form. */
const keysFor = (base: string) => [
  `e:${base}/regions?lang=fr`,
  `e:${base}/administrations?lang=fr#1,5`,
  `e:${base}/datasets/${DATASET}?format=json`,
];

const GARBAGE: [string, (base: string) => Record<string, string>][] = [
  [
    'bad JSON everywhere',
    (base) => ({
      'cache-index': '{not json',
      [`budget:${location.origin}`]: '[1,2',
      ...Object.fromEntries(keysFor(base).map((key) => [key, '{"d":'])),
    }),
  ],
  [
    'wrong shapes',
    (base) => ({
      'cache-index': JSON.stringify({ x: 'y', [keysFor(base)[0]!.slice(2)]: [1, 'a', null] }),
      [`budget:${location.origin}`]: JSON.stringify({ log: 'many', floor: [], limit: { a: 1 } }),
      ...Object.fromEntries(keysFor(base).map((key) => [key, JSON.stringify({ d: 5, f: 'yesterday' })])),
    }),
  ],
  [
    'entries that fail their schema',
    (base) => ({
      ...Object.fromEntries(
        keysFor(base).map((key) => [
          key,
          JSON.stringify({ d: { data: [{ name: 1 }], meta: {} }, f: Date.now() }),
        ]),
      ),
    }),
  ],
  [
    'a budget spent until the year 3000',
    () => ({
      [`budget:${location.origin}`]: JSON.stringify({
        log: Array.from({ length: 100 }, (_, i) => [32_503_680_000_000, `x.${i}`, i]),
        floor: { remaining: 0, seq: 1, until: 32_503_680_000_000, at: 32_503_680_000_000 },
        limit: [60, 32_503_680_000_000],
      }),
    }),
  ],
  [
    'keys of another version of the kit',
    (base) => ({
      [`../${kitNames.storage.replace(':v1:', ':v0:')}e:${base}/regions?lang=fr`]: 'old',
      [`../${kitNames.storage.replace(':v1:', ':v0:')}cache-index`]: '{}',
    }),
  ],
];

let guard: ReturnType<typeof pageGuard>;
let restore: Restore | undefined;

beforeEach(() => {
  freshKit();
  guard = pageGuard();
});

afterEach(() => {
  fixtureCleanup();
  restore?.();
  restore = undefined;
  guard.stop();
  freshKit();
});

/** The seven elements on an API of their own; all show data, and a second ranking costs no request. */
async function everyWidgetWorks(api: FaultyApi): Promise<void> {
  const page = await fixture<HTMLDivElement>(document.createElement('div'));
  // Not lazy: each widget now holds its box while it loads, and the page's lower ones would wait
  // for the viewport (what this file tests is storage, not the viewport wait).
  const widgets = ELEMENTS.map((spec) =>
    create(page, spec.tag, { ...spec.attrs(), 'base-url': api.base, lazy: 'false' }),
  );
  await allSettled(widgets, ['ready']);
  const fetches = countFetches();
  try {
    const again = create(page, 'khountous-ranking', { limit: '5', 'base-url': api.base, lazy: 'false' });
    await allSettled([again], ['ready']);
    expect(fetches.urls, 'served from the memory cache').to.deep.equal([]);
  } finally {
    fetches.restore();
  }
  expect(guard.problems).to.deep.equal([]);
}

describe('storage that fails', () => {
  it('localStorage that refuses access (SecurityError): memory only', async () => {
    restore = refuseStorage();
    await everyWidgetWorks(new FaultyApi('storage-refused'));
  });

  it('a full localStorage (QuotaExceededError on every write): memory only', async () => {
    restore = stubStorage({
      setItem: () => {
        throw full();
      },
    });
    await everyWidgetWorks(new FaultyApi('storage-full'));
  });

  it('a localStorage whose reads throw: memory only', async () => {
    restore = stubStorage({
      getItem: () => {
        throw denied();
      },
    });
    await everyWidgetWorks(new FaultyApi('storage-reads'));
  });

  it('a localStorage that fills up halfway: what was stored stays readable, the rest stays in memory', async () => {
    let writes = 0;
    const original = Storage.prototype.setItem;
    const limited = function (this: Storage, key: string, value: string) {
      if (key.startsWith(kitNames.storage) && ++writes > 6) throw full();
      original.call(this, key, value);
    };
    Object.defineProperty(Storage.prototype, 'setItem', {
      value: limited,
      configurable: true,
      writable: true,
    });
    restore = () =>
      Object.defineProperty(Storage.prototype, 'setItem', {
        value: original,
        configurable: true,
        writable: true,
      });
    await everyWidgetWorks(new FaultyApi('storage-halfway'));
  });

  for (const [label, make] of GARBAGE) {
    it(`garbage under the kit's keys (${label}): dropped or ignored, fresh data shown`, async () => {
      const api = new FaultyApi('storage-garbage');
      const garbage = make(api.base);
      for (const [key, value] of Object.entries(garbage)) {
        localStorage.setItem(key.startsWith('../') ? key.slice(3) : kitNames.storage + key, value);
      }
      await everyWidgetWorks(api);
      // Nothing of the garbage is kept in a form the kit would read again.
      for (const key of Object.keys(garbage)) {
        const stored = localStorage.getItem(key.startsWith('../') ? key.slice(3) : kitNames.storage + key);
        if (key.startsWith('../')) expect(stored, key).to.equal(null);
        else if (key.startsWith('e:')) expect(stored === null || stored !== garbage[key], key).to.equal(true);
      }
    });
  }
});
