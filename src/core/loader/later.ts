/**
 * What the loader does that a first paint does not need: the channel between
 * tabs (channel.ts) and the recovery after a failed load (recovery.ts). The
 * widgets' loader imports this module with `import()` once its first data is
 * served or its first request fails (resources.ts), and works without it
 * meanwhile: messages for the other tabs wait in a queue, a failure plans its
 * recovery when the module arrives. A loader given the module itself (the
 * `later` option) uses it from the start.
 */
import type { ResourceKind, Target } from '../endpoints.js';
import { isKhountousError, PASSING } from '../errors.js';
import { openChannel } from './channel.js';
import { join, type Entries, type Entry } from './entry.js';
import type { Lookup } from './lookup.js';
import { nextAttempt, onlineListener } from './recovery.js';
import type { Clock, Requests } from './request.js';
import { covers } from './windows.js';

export interface RecoveryContext {
  clock: Clock;
  settings: { revalidationReserve: number; recoveryDelay: number };
  /** Freshness per kind, ms. */
  freshness: Record<ResourceKind, number>;
  entries: Entries;
  lookup: Lookup;
  requests: Requests;
  /** Starts a request (resources.ts). */
  start(target: Target, reserve: number, retries: boolean): Entry;
}

export interface Recovery {
  /** After a failed request: plans the next automatic attempt, when the cause may pass and someone waits. */
  plan(entry: Entry, error: unknown): void;
  cancel(entry: Entry): void;
}

export function createRecovery(context: RecoveryContext): Recovery {
  const { clock, settings, freshness, entries, lookup, requests } = context;

  /** True when a subscriber is told of what a request for the entry brings. */
  const watched = ({ target }: Entry) =>
    entries
      .family(target.family)
      .some((entry) =>
        [...entry.subscribers].some(
          ({ target: want }) =>
            want.key === target.key ||
            (!!target.window && !!want.window && covers(target.window, want.window)),
        ),
      );

  const online = onlineListener(() => {
    for (const entry of entries.all()) {
      if (entry.recovery?.kind !== 'network' || entry.recovery.timer === undefined) continue;
      clock.clearTimeout(entry.recovery.timer);
      recover(entry);
    }
    updateOnline();
  });

  /** Listens to `online` only while a network failure waits for its recovery. */
  const updateOnline = () =>
    online(
      [...entries.all()].some(({ recovery }) => recovery?.kind === 'network' && recovery.timer !== undefined),
    );

  function plan(entry: Entry, error: unknown): void {
    const previous = entry.recovery;
    if (!isKhountousError(error, ...PASSING) || !watched(entry)) {
      // Cancelled callers leave a planned attempt as it was.
      if (!isKhountousError(error, 'aborted') || previous?.timer === undefined) cancel(entry);
      return;
    }
    const now = clock.now();
    const budget = requests.budget(entry.target.base);
    const shown = lookup.find(entry.target) !== undefined;
    const failures = (previous?.failures ?? 0) + 1;
    const { at: when, spend } = nextAttempt({
      kind: error.kind,
      resetAt: error.resetAt,
      failures,
      shown,
      spent: previous?.spend === true,
      now,
      fresh: freshness[entry.target.kind],
      delay: settings.recoveryDelay,
      reserve: settings.revalidationReserve,
      remaining: budget.remaining(now),
      budgetResetAt: budget.resetAt(now),
    });
    if (shown) entry.quietUntil = when;
    if (previous?.timer !== undefined) clock.clearTimeout(previous.timer);
    entry.recovery = {
      failures,
      kind: error.kind,
      spend,
      timer: clock.setTimeout(() => recover(entry), Math.max(0, when - now)),
    };
    updateOnline();
  }

  /** The planned attempt: one request, no retries, within the reserve, if still needed. */
  function recover(entry: Entry): void {
    const recovery = entry.recovery;
    if (!recovery) return;
    recovery.timer = undefined;
    const found = lookup.find(entry.target);
    if (!watched(entry) || (found && lookup.isFresh(found.target.kind, found.entry))) return cancel(entry);
    // A request under way plans again if it fails.
    if (!entry.flight) {
      join(
        context.start(entry.target, recovery.spend ? 0 : settings.revalidationReserve, false).flight!,
      ).catch(() => {});
    }
    updateOnline();
  }

  function cancel(entry: Entry): void {
    const recovery = entry.recovery;
    if (!recovery) return;
    if (recovery.timer !== undefined) clock.clearTimeout(recovery.timer);
    entry.recovery = undefined;
    updateOnline();
  }

  return { plan, cancel };
}

export const later = { openChannel, createRecovery };
export type Later = typeof later;
