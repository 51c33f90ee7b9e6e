/**
 * A fake clock for deterministic tests: `now`, `setTimeout` and `clearTimeout`
 * to inject, and `advance(ms)` that moves time forward, firing due timers in
 * order and letting promises settle in between.
 */

export interface FakeClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: unknown): void;
  /** Moves time forward by `ms`, firing the timers that fall due, in order. */
  advance(ms: number): Promise<void>;
  /** Lets pending promises settle and fires the timers already due (zero-delay ones). */
  settle(): Promise<void>;
  /** Timers not fired yet. */
  pending(): number;
}

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

/** Lets every queued promise reaction (and the real I/O behind Response bodies) run. */
async function drain(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export function createFakeClock(start = Date.UTC(2026, 10, 1, 8, 0, 0)): FakeClock {
  let current = start;
  let nextId = 1;
  const timers: Timer[] = [];

  async function runDue(until: number): Promise<void> {
    for (;;) {
      await drain();
      timers.sort((a, b) => a.at - b.at || a.id - b.id);
      const timer = timers[0];
      if (!timer || timer.at > until) break;
      timers.shift();
      current = Math.max(current, timer.at);
      timer.callback();
    }
    current = Math.max(current, until);
    await drain();
  }

  return {
    now: () => current,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.push({ id, at: current + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(handle) {
      const index = timers.findIndex((timer) => timer.id === handle);
      if (index >= 0) timers.splice(index, 1);
    },
    advance: (ms) => runDue(current + ms),
    settle: () => runDue(current),
    pending: () => timers.length,
  };
}
