/**
 * Sharing between the tabs of an origin: one lock per cache key (Web Locks),
 * so that one tab fetches while the others wait and then read storage, and
 * a BroadcastChannel that hands stored entries and budget changes to the
 * other tabs (channel.ts). The names are versioned
 * (names.ts); messages carry `v: 1`, and anything else on the channel is ignored.
 */
import { abortError, isKhountousError } from '../errors.js';
import { NAMES } from '../names.js';
import type { Early } from './early.js';

/** The part of `navigator.locks` the loader uses. */
export interface LocksLike {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

/** The part of BroadcastChannel the loader uses. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

/** An entry another tab stored: its key, and for a list its family and window. */
export interface EntryMessage {
  type: 'entry';
  key: string;
  /** The key without the list window; the key itself for a resource that is not a list. */
  family?: string;
  window?: [page: number, limit: number];
  data: unknown;
  etag?: string;
  fetchedAt: number;
  /** The last full download; absent in messages of older versions (then `fetchedAt`). */
  downloadedAt?: number | undefined;
}

export type TabMessage = EntryMessage | { type: 'budget' };

export type WithLock = <T>(
  name: string,
  signal: AbortSignal | undefined,
  task: () => Promise<T>,
) => Promise<T>;

/** `navigator.locks`, when the browser has it. */
export function defaultLocks(): LocksLike | undefined {
  // Kept as it is: `lockWith` calls its `request` as a method of it.
  const locks = (globalThis as { navigator?: { locks?: LocksLike } }).navigator?.locks;
  return typeof locks?.request === 'function' ? locks : undefined;
}

/**
 * Runs a task holding the cross-tab lock `prefix + name` when Web Locks
 * are there, or inside the one an early flight of the page asked for (`early`). Where they refuse to work (an opaque origin), the loader goes on
 * without them from then on.
 */
export function lockWith(
  initial: LocksLike | undefined,
  prefix: string = NAMES.lock,
  early?: Pick<Early, 'lockOf'>,
): WithLock {
  let locks = initial;
  return async (name, signal, task) => {
    // A lock an early flight of the page holds (early.ts): the task runs inside it.
    const held = early?.lockOf(name);
    if (held) return held(task);
    if (!locks) return task();
    let started = false;
    try {
      return await locks.request(prefix + name, signal ? { signal } : {}, () => {
        started = true;
        return task();
      });
    } catch (error) {
      if (started || isKhountousError(error)) throw error;
      if (signal?.aborted) throw abortError(signal);
      locks = undefined;
      return task();
    }
  };
}
