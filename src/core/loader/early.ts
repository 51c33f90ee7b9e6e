/**
 * The loader's early flights: the first request of a resource, sent before
 * the page's loader exists (boot/early-start.ts, while the element code and
 * the rest of the loader travel), with the loader's own parts and rules:
 * under its key's cross-tab lock, one request taken from the budget of its
 * API origin under the budget lock (as the fetcher takes one), one attempt
 * cut after the request timeout (`attempt`, the fetcher's too). A flight
 * stores and shows nothing by itself: the page's loader (loader.ts
 * `getLoader`) adopts each one.
 *
 * - Its budgets are the flights' own objects (fetcher.ts `budget`): one log
 *   for the page, with or without storage, so nothing is spent twice.
 * - The query of a flight's key runs inside the lock the flight holds
 *   (cross-tab.ts `lockWith`): no other tab sends it meanwhile.
 * - The fetcher takes the flight as its first attempt (`claim`): no second
 *   take from the budget; the answer is checked, stored, heard by the budget
 *   and retried as any other.
 *
 * Once the loader has started the loads of one discovery (`settle`), a
 * flight of theirs it did not claim frees its lock and its answer is let go
 * (its request was counted when it left: the budget is never overdrawn); one
 * the loader never comes for frees it after the request timeout.
 */
import { follow } from '../abort.js';
import { budgetKey, createBudget, originOf, type Budget } from '../budget.js';
import { readCacheIndex } from '../cache-index.js';
import { seedPrefix, type Target } from '../endpoints.js';
import { windowsOf } from '../routes.js';
import { KhountousError } from '../errors.js';
import { get, type ApiResponse, type CallOptions, type Transport } from '../http.js';
import { namesOf, pageNamespace } from '../names.js';
import { createSafeStorage, type SafeStorage } from '../storage.js';
import { defaultLocks, lockWith, type WithLock } from './cross-tab.js';
import { DEFAULTS, type Clock, type Settings } from './options.js';

/** A request sent early: its id in the budget's log and its answer. */
export interface EarlyFlight {
  sentId: string;
  answer: Promise<ApiResponse<unknown>>;
}

/** Runs a task inside a lock already asked for, then frees it. */
export type HeldLock = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * One attempt of a request, cut after `timeout` ms (a network error) or when `signal` fires.
 * The fetcher's attempts and the early flights' are this one.
 */
export async function attempt(
  transport: Transport,
  target: Target,
  call: CallOptions<unknown>,
  signal: AbortSignal,
  timeout: number,
  timers: Pick<Clock, 'setTimeout' | 'clearTimeout'>,
): Promise<ApiResponse<unknown>> {
  const { controller, dispose } = follow(signal);
  const timer = timers.setTimeout(
    () => controller.abort(new KhountousError('network', 'The API did not answer in time.')),
    timeout,
  );
  try {
    return await get(transport, target, { ...call, signal: controller.signal });
  } finally {
    timers.clearTimeout(timer);
    dispose();
  }
}

/**
 * The budget of `base`'s API origin, of `settings`' quota, shared with the other tabs through
 * `storage`: how the fetcher and the early flights make one.
 */
export const newBudget = (
  base: string,
  settings: Pick<Settings, 'quotaLimit' | 'quotaWindow'>,
  storage: SafeStorage | undefined,
): Budget =>
  createBudget({
    limit: settings.quotaLimit,
    windowMs: settings.quotaWindow,
    storageKey: budgetKey(base),
    storage,
  });

const TIMERS = {
  setTimeout: (callback: () => void, ms: number): unknown => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => globalThis.clearTimeout(handle as number),
};

/** A key's lock a flight asked for: the hand that gives it the loader's task, and its list. */
interface Held {
  family: string;
  hand: (task: (() => Promise<void>) | undefined) => void;
}

export class Early {
  /** The budget of each API origin, the loader's too once it adopts them. */
  readonly #budgets = new Map<string, Budget>();
  /** The flights sent, by cache key, until the fetcher claims them. */
  readonly #flights = new Map<string, EarlyFlight>();
  /** The keys whose lock a flight asked for and the loader has not taken yet. */
  readonly #held = new Map<string, Held>();
  /** The sends under way: each resolves once its request has left, or will not. */
  readonly #sending = new Set<Promise<void>>();
  /** The page's storage (the loader made with these flights keeps its cache there too). */
  readonly storage: SafeStorage;
  readonly #lock: WithLock;

  /** The early flights of the namespace `namespace` (the page loader's: its storage, locks, defaults). */
  constructor(namespace: string) {
    const names = namesOf(namespace);
    this.storage = createSafeStorage({ prefix: names.storage });
    this.#lock = lockWith(defaultLocks(), names.lock);
  }

  /** The budget of `base`'s API origin, made when first asked. */
  budget(base: string): Budget {
    const origin = originOf(base);
    let found = this.#budgets.get(origin);
    if (!found) this.#budgets.set(origin, (found = newBudget(base, DEFAULTS, this.storage)));
    return found;
  }

  /**
   * Sends the request of `target` now, unless the loader might need none: something of its
   * list (any window), or a list that may seed it, is stored (the loader serves or revalidates
   * it), or a flight of its list is out (the loader covers one window with another). The
   * budget refusing, nothing is sent: the loader says why. True when a flight was begun
   * (`whenSent` tells when its request has left).
   */
  send(target: Target): boolean {
    const { key, family } = target;
    if ([...this.#held.values()].some((held) => held.family === family) || this.#stored(target)) return false;
    let hand!: Held['hand'];
    const task = new Promise<(() => Promise<void>) | undefined>((resolve) => (hand = resolve));
    let left!: () => void;
    const sent = new Promise<void>((resolve) => (left = resolve));
    const held: Held = { family, hand };
    this.#held.set(key, held);
    const run = async () => {
      // Under the key's lock: let go meanwhile (settle, the time limit), or stored by another
      // tab while this one waited, it sends nothing.
      if (this.#held.get(key) === held && !this.#stored(target)) await this.#start(target);
      left();
      const given = await task;
      await given?.();
      // Claimed, or let go: the loader found its data stored meanwhile.
      this.#flights.delete(key);
    };
    this.#lock(key, undefined, run).catch(() => {
      // A lock the browser refused: the loader, which asks again, says what went wrong.
      this.#free(key, held);
      left();
    });
    // A loader that never comes (its file lost) does not keep the other tabs waiting.
    globalThis.setTimeout(() => this.#free(key, held), DEFAULTS.requestTimeout);
    this.#sending.add(sent);
    void sent.then(() => this.#sending.delete(sent));
    return true;
  }

  /** Resolves once every request sent so far, from any discovery of the page, has left. */
  whenSent(): Promise<void> {
    return Promise.all(this.#sending).then(() => undefined);
  }

  /** Takes the request from the budget (under the budget lock) and sends it. */
  async #start(target: Target): Promise<void> {
    const budget = this.budget(target.base);
    const sentId = await this.#lock('budget', undefined, async () => {
      const now = Date.now();
      return budget.canSend(now) ? budget.record(now) : undefined;
    });
    if (sentId === undefined) return;
    const answer = attempt(
      {},
      target,
      // What the page's first paint waits for.
      { urgent: true },
      new AbortController().signal,
      DEFAULTS.requestTimeout,
      TIMERS,
    );
    // The fetcher that claims it hears how it ended.
    answer.catch(() => undefined);
    this.#flights.set(target.key, { sentId, answer });
  }

  /** Whether storage holds anything the loader could answer `target` with (data.ts `find`). */
  #stored(target: Target): boolean {
    const windows = windowsOf(target.family);
    const seeds = seedPrefix(target);
    return Object.keys(readCacheIndex(this.storage)).some(
      (key) =>
        key === target.family || key.startsWith(windows) || (seeds !== undefined && key.startsWith(seeds)),
    );
  }

  /** The lock a flight of `key` holds, given to the loader's task (cross-tab.ts): once. */
  lockOf(key: string): HeldLock | undefined {
    const held = this.#held.get(key);
    if (!held) return undefined;
    this.#held.delete(key);
    return <T>(task: () => Promise<T>) =>
      new Promise<T>((resolve, reject) => held.hand(() => task().then(resolve, reject)));
  }

  /** The flight of `key`, once: the fetcher's first attempt. */
  claim(key: string): EarlyFlight | undefined {
    const flight = this.#flights.get(key);
    this.#flights.delete(key);
    return flight;
  }

  /** Lets the flight of `key` go, if the loader has not taken its lock: its lock is freed, its answer dropped. */
  #free(key: string, held: Held): void {
    if (this.#held.get(key) !== held) return;
    this.#held.delete(key);
    this.#flights.delete(key);
    held.hand(undefined);
  }

  /**
   * The loader has started the loads of `keys` (the flights one discovery sent): once they have
   * asked for their locks, those it did not claim free theirs. The loads of one list wait for a
   * timer the loader sets in the microtasks after they begin (queries.ts `#batch`), and ask for
   * their lock when it fires: a timer set from the next task fires after it.
   */
  settle(keys: readonly string[]): void {
    const free = () => {
      for (const key of keys) {
        const held = this.#held.get(key);
        if (held) this.#free(key, held);
      }
    };
    globalThis.setTimeout(() => globalThis.setTimeout(free, 0), 0);
  }
}

/**
 * The early flights of `namespace`'s page loader, kept on globalThis until the loader is made
 * and takes them (`takeEarly`).
 */
function earlyOf(namespace: string): Early {
  const holder = globalThis as unknown as Record<symbol, Early | undefined>;
  return (holder[namesOf(namespace).early] ??= new Early(namespace));
}

/** The early flights of `namespace`'s page loader, if any, for the loader being made (loader.ts `getLoader`). */
export function takeEarly(namespace: string): Early | undefined {
  const holder = globalThis as unknown as Record<symbol, Early | undefined>;
  const key = namesOf(namespace).early;
  const early = holder[key];
  delete holder[key];
  return early;
}

/**
 * The early flights of the page's loader while it is not made yet (boot/early-start.ts), none
 * once it is: a loader already there sends for itself, and knows what it holds in memory.
 */
export function pageEarly(): Early | undefined {
  const namespace = pageNamespace(true);
  const holder = globalThis as unknown as Record<symbol, unknown>;
  return holder[namesOf(namespace).global] === undefined ? earlyOf(namespace) : undefined;
}
