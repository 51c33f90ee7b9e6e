/**
 * Stand-ins for the browser features the loader uses, for Node tests:
 * localStorage (with a quota, or disabled), Web Locks, BroadcastChannel and
 * IntersectionObserver. Two loaders given the same storage, locks and channel
 * hub behave like two tabs of one origin.
 */
import type { StorageLike } from '../../src/core/storage.js';
import type { ChannelLike, LocksLike } from '../../src/core/loader/cross-tab.js';
import type { ObserverConstructor, ObserverLike } from '../../src/core/loader/viewport.js';

export interface MemoryStorage extends StorageLike {
  readonly items: Map<string, string>;
  /** Characters held (keys and values), as browsers count the quota. */
  used(): number;
}

/** A localStorage stand-in; writes beyond `quota` characters throw QuotaExceededError. */
export function createMemoryStorage(quota = 5_000_000): MemoryStorage {
  const items = new Map<string, string>();
  const used = () => {
    let sum = 0;
    for (const [key, value] of items) sum += key.length + value.length;
    return sum;
  };
  return {
    items,
    used,
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      const before = items.get(key);
      const grow = key.length + value.length - (before === undefined ? 0 : key.length + before.length);
      if (used() + grow > quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
  };
}

/** A storage that refuses every access, as in a sandboxed iframe or with storage blocked. */
export function createDisabledStorage(): StorageLike {
  const refuse = (): never => {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  };
  return {
    get length(): number {
      return refuse();
    },
    key: refuse,
    getItem: refuse,
    setItem: refuse,
    removeItem: refuse,
  };
}

export interface FakeLocks extends LocksLike {
  /** Names requested so far, in order. */
  readonly requested: string[];
}

/** Exclusive locks by name, granted in request order, as navigator.locks does. */
export function createLocks(): FakeLocks {
  const tails = new Map<string, Promise<void>>();
  const requested: string[] = [];
  return {
    requested,
    async request(name, options, callback) {
      requested.push(name);
      const previous = tails.get(name) ?? Promise.resolve();
      let release!: () => void;
      const mine = new Promise<void>((resolve) => (release = resolve));
      const tail = previous.then(() => mine);
      tails.set(name, tail);
      try {
        await new Promise<void>((resolve, reject) => {
          const signal = options.signal;
          if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
          const onAbort = () => reject(new DOMException('Aborted', 'AbortError'));
          signal?.addEventListener('abort', onAbort, { once: true });
          void previous.then(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          });
        });
        return await callback();
      } finally {
        release();
        if (tails.get(name) === tail) tails.delete(name);
      }
    },
  };
}

export interface ChannelHub {
  /** Give to a loader as `broadcastChannel`. */
  factory: (name: string) => ChannelLike;
  /** Messages posted so far. */
  readonly posted: unknown[];
}

/** BroadcastChannel stand-ins: a message reaches the other channels of the same name, never the sender. */
export function createChannelHub(): ChannelHub {
  const open = new Map<string, Set<FakeChannel>>();
  const posted: unknown[] = [];
  class FakeChannel implements ChannelLike {
    private readonly listeners = new Set<(event: { data: unknown }) => void>();
    constructor(private readonly name: string) {
      let set = open.get(name);
      if (!set) open.set(name, (set = new Set()));
      set.add(this);
    }
    postMessage(message: unknown): void {
      posted.push(message);
      const data = structuredClone(message);
      for (const channel of open.get(this.name) ?? []) {
        if (channel !== this) setImmediate(() => channel.deliver(structuredClone(data)));
      }
    }
    addEventListener(_type: 'message', listener: (event: { data: unknown }) => void): void {
      this.listeners.add(listener);
    }
    close(): void {
      open.get(this.name)?.delete(this);
    }
    deliver(data: unknown): void {
      for (const listener of this.listeners) listener({ data });
    }
  }
  return { factory: (name) => new FakeChannel(name), posted };
}

export interface FakeViewport {
  Observer: ObserverConstructor;
  /** Elements observed now. */
  observed(): Element[];
  /** Reports `element` as near the viewport. */
  show(element: Element): void;
}

/** An IntersectionObserver stand-in whose intersections the test reports by hand. */
export function createFakeViewport(): FakeViewport {
  const observers = new Set<{
    callback: ConstructorParameters<ObserverConstructor>[0];
    targets: Set<Element>;
  }>();
  class FakeObserver implements ObserverLike {
    private readonly state: {
      callback: ConstructorParameters<ObserverConstructor>[0];
      targets: Set<Element>;
    };
    constructor(callback: ConstructorParameters<ObserverConstructor>[0]) {
      this.state = { callback, targets: new Set() };
      observers.add(this.state);
    }
    observe(target: Element): void {
      this.state.targets.add(target);
    }
    unobserve(target: Element): void {
      this.state.targets.delete(target);
    }
  }
  return {
    Observer: FakeObserver,
    observed: () => [...observers].flatMap((observer) => [...observer.targets]),
    show(element) {
      for (const observer of observers) {
        if (observer.targets.has(element)) observer.callback([{ target: element, isIntersecting: true }]);
      }
    },
  };
}

/** A stand-in element: the loader uses it as an IntersectionObserver target and reads `isConnected`. */
export function fakeElement(name = 'element'): Element {
  return { name, isConnected: true } as unknown as Element;
}

/** Takes a stand-in element out of the document (`isConnected` false). */
export function removeElement(element: Element): void {
  (element as unknown as { isConnected: boolean }).isConnected = false;
}

/** Sets properties of globalThis for the duration of `body`, and puts back exactly what was there. */
export async function withGlobals(values: Record<string, unknown>, body: () => Promise<void>): Promise<void> {
  const saved = Object.keys(values).map(
    (name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const,
  );
  for (const [name, value] of Object.entries(values))
    Object.defineProperty(globalThis, name, { configurable: true, writable: true, value });
  try {
    await body();
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
  }
}
