/**
 * Batching of list loads: the loads of one list (same filters) issued in the
 * same turn of the event loop are served by as few covering requests as
 * possible (`limit=5` and `limit=10`: one request with `limit=10`, each
 * caller its own slice). A load that leaves before the batch is sent is
 * taken out of it.
 */
import { abortable } from '../abort.js';
import { at, type Target } from '../endpoints.js';
import type { Entry } from './entry.js';
import type { Loaded } from './lookup.js';
import { group } from './windows.js';

export interface BatchDeps {
  /** Runs `flush` on the next turn of the event loop. */
  schedule(flush: () => void): void;
  /** The entry whose flight already covers `target` (dedupe, coalescing), if any. */
  inFlight(target: Target): Entry | undefined;
  /** The entry of `target` with a flight: the one under way, or a new one. */
  flying(target: Target): Entry;
  /** Waits for the flight of `entry` on behalf of one caller of `want`. */
  wait(entry: Entry, want: Target, signal: AbortSignal | undefined): Promise<Loaded<unknown>>;
  /** A load was served by a request for a larger window. */
  coalesced(): void;
}

interface Want {
  target: Target;
  signal: AbortSignal | undefined;
  resolve(loaded: Loaded<unknown>): void;
  reject(error: unknown): void;
}

export function createBatcher(
  deps: BatchDeps,
): (target: Target, signal: AbortSignal | undefined) => Promise<Loaded<unknown>> {
  const batches = new Map<string, Want[]>();

  const flush = (family: string) => {
    const wants = batches.get(family) ?? [];
    batches.delete(family);
    const pending: Want[] = [];
    for (const want of wants) {
      const entry = deps.inFlight(want.target);
      if (entry) deps.wait(entry, want.target, want.signal).then(want.resolve, want.reject);
      else pending.push(want);
    }
    for (const { cover, members } of group(pending, (want) => want.target.window!)) {
      const first = members[0]!.target;
      const entry = deps.flying(members.length === 1 ? first : at(first, cover));
      for (const want of members) {
        if (want.target.key !== entry.target.key) deps.coalesced();
        deps.wait(entry, want.target, want.signal).then(want.resolve, want.reject);
      }
    }
  };

  return (target, signal) =>
    abortable(signal, (resolve, reject) => {
      let wants = batches.get(target.family);
      if (!wants) {
        batches.set(target.family, (wants = []));
        deps.schedule(() => flush(target.family));
      }
      const want: Want = { target, signal, resolve, reject };
      const queued = wants;
      queued.push(want);
      return (aborted) => {
        const index = queued.indexOf(want);
        if (aborted && index >= 0) queued.splice(index, 1);
      };
    });
}
