/**
 * The versioned names that copies of the kit share: on one page (the loader
 * on globalThis), across the tabs of an origin (storage, locks, channel).
 * A change of what they carry bumps the version here, once for all of them.
 */
export const NAMES = {
  /** globalThis key of the page-wide loader. */
  global: Symbol.for('khountous.loader.v1'),
  /** globalThis key of the elements whose loads the early start began (boot/early-start.ts). */
  earlyStart: Symbol.for('khountous.early-start.v1'),
  /** localStorage prefix; keys of older versions are removed. */
  storage: 'khountous:v1:',
  /** Web Locks prefix: one lock per cache key, one for the budget. */
  lock: 'khountous:v1:',
  /** BroadcastChannel name. */
  channel: 'khountous-v1',
} as const;
