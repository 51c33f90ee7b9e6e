/**
 * A small, safe wrapper over localStorage.
 *
 * The widgets live on other people's pages, so storage is a guest's room:
 * - every key carries a versioned prefix (`khountous:v1:`), and keys of older
 *   versions are removed once when the wrapper is created;
 * - every access is wrapped in try/catch: storage disabled by the browser,
 *   a sandboxed iframe (SecurityError), private browsing or a storage that
 *   throws on access turns the wrapper into a no-op (`persistent` false), and
 *   the callers keep their state in memory;
 * - a QuotaExceededError asks the registered evictor to free room (the entry
 *   cache drops its least recently used entries) and then gives up quietly;
 * - a corrupted JSON value is removed and read as absent.
 */
import { NAMES } from './names.js';
import { isObject } from './is-object.js';

/**
 * The subset of the Web Storage interface the kit uses (injectable in tests).
 *
 * @internal the memory storage of the tests implements it
 */
export interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SafeStorage {
  /** False when storage is unavailable: reads give nothing, writes do nothing. */
  readonly persistent: boolean;
  /** The raw string under `key`, or undefined. */
  get(key: string): string | undefined;
  /** Stores a raw string; false when it could not be stored. */
  set(key: string, value: string): boolean;
  remove(key: string): void;
  /** The parsed JSON value under `key`; a value that does not parse is removed. */
  getJSON(key: string): unknown;
  setJSON(key: string, value: unknown): boolean;
  /**
   * Called when a write hits the storage quota: frees some room and returns
   * true, or returns false when there is nothing left to free.
   */
  evictor?: () => boolean;
}

/** @internal the tests write garbage under the kit's own keys */
export const STORAGE_PREFIX = NAMES.storage;

export interface SafeStorageOptions {
  /** Defaults to `localStorage` when reachable. `null` means memory only. */
  backend?: StorageLike | null;
  /** Must look like `name:vN:`. Defaults to STORAGE_PREFIX. */
  prefix?: string;
}

/** `globalThis.localStorage`, or undefined where reading it is refused or it is absent. */
function defaultStorageBackend(): StorageLike | undefined {
  try {
    const storage = (globalThis as { localStorage?: StorageLike }).localStorage;
    return storage ?? undefined;
  } catch {
    return undefined;
  }
}

/** @internal tested on its own with each browser's quota error */
export function isQuotaExceeded(error: unknown): boolean {
  if (!isObject(error)) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return (
    name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014
  );
}

/** Most evictions a single write may ask for before giving up. */
const MAX_EVICTIONS_PER_WRITE = 64;

export function createSafeStorage(options: SafeStorageOptions = {}): SafeStorage {
  const prefix = options.prefix ?? STORAGE_PREFIX;
  let backend: StorageLike | undefined =
    options.backend === undefined ? defaultStorageBackend() : (options.backend ?? undefined);

  /** Runs `action` on the backend; any error other than a full quota turns persistence off. */
  function attempt<T>(action: (storage: StorageLike) => T, fallback: T): T {
    if (!backend) return fallback;
    try {
      return action(backend);
    } catch (error) {
      if (!isQuotaExceeded(error)) backend = undefined;
      return fallback;
    }
  }

  if (backend) {
    // A storage that refuses access is off; a full one (or a zero-quota private
    // mode) stays readable, and its writes fail quietly.
    const probe = `${prefix}probe`;
    attempt((storage) => {
      storage.setItem(probe, '1');
      storage.removeItem(probe);
    }, undefined);
  }

  function allKeys(): string[] {
    return attempt((storage) => {
      const found: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key !== null) found.push(key);
      }
      return found;
    }, []);
  }

  purgeOlderVersions(prefix, allKeys, (key) => attempt((s) => s.removeItem(key), undefined));

  const safe: SafeStorage = {
    get persistent() {
      return backend !== undefined;
    },
    get(key) {
      return attempt((storage) => storage.getItem(prefix + key) ?? undefined, undefined);
    },
    set(key, value) {
      for (let evictions = 0; backend; evictions++) {
        try {
          backend.setItem(prefix + key, value);
          return true;
        } catch (error) {
          if (!isQuotaExceeded(error)) {
            backend = undefined;
            return false;
          }
          if (evictions >= MAX_EVICTIONS_PER_WRITE || !safe.evictor?.()) return false;
        }
      }
      return false;
    },
    remove(key) {
      attempt((storage) => storage.removeItem(prefix + key), undefined);
    },
    getJSON(key) {
      const text = safe.get(key);
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        safe.remove(key);
        return undefined;
      }
    },
    setJSON(key, value) {
      let text: string;
      try {
        text = JSON.stringify(value);
      } catch {
        return false;
      }
      return safe.set(key, text);
    },
  };
  return safe;
}

/** Removes the keys of older versions of the same prefix (`name:v0:` when the prefix is `name:v1:`). */
function purgeOlderVersions(prefix: string, allKeys: () => string[], remove: (key: string) => void): void {
  const match = /^(.*):v(\d+):$/.exec(prefix);
  if (!match) return;
  const [, name = '', version = '0'] = match;
  for (const key of allKeys()) {
    const older = key.startsWith(`${name}:`) && /^v(\d+):/.exec(key.slice(name.length + 1));
    if (older && Number(older[1]) < Number(version)) remove(key);
  }
}
