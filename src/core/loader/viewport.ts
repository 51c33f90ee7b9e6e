/**
 * The near-viewport wait: a widget more than about one screen away from the
 * visible area fetches nothing until the reader scrolls near it. A widget
 * near it now does not wait; for the others, one IntersectionObserver for the
 * page; a wait ends when its element comes
 * near, when its signal fires, or (aborted) when the element left the page
 * before it came near.
 */
import { abortable } from '../abort.js';
import { KhountousError } from '../errors.js';
import { MARGIN, nearNow } from './near.js';

/** @internal the fake IntersectionObserver of the tests implements it */
export interface ObserverLike {
  observe(target: Element): void;
  unobserve(target: Element): void;
}

export type ObserverConstructor = new (
  callback: (entries: readonly { target: Element; isIntersecting: boolean }[]) => void,
  options?: { rootMargin?: string },
) => ObserverLike;

export interface Viewport {
  /** Resolves once `element` is within about one viewport of the visible area. */
  whenNear(element: Element, signal: AbortSignal | undefined): Promise<void>;
  /** Ends every wait at once (lazy loading turned off). */
  releaseAll(): void;
}

interface Waiter {
  done(): void;
  drop(error: unknown): void;
}

/** The page's viewport; without an observer (Node, old browsers) nothing waits. */
export function createViewport(Observer: ObserverConstructor | undefined): Viewport {
  const waiting = new Map<Element, Set<Waiter>>();
  let observer: ObserverLike | undefined;

  const near = (element: Element) => {
    const waiters = waiting.get(element);
    waiting.delete(element);
    observer?.unobserve(element);
    for (const waiter of waiters ?? []) waiter.done();
  };

  // Elements removed before they came near never will: their waits end (checked on each
  // new wait and when the observer reports, not on a timer).
  const dropDisconnected = () => {
    for (const [element, waiters] of [...waiting]) {
      if ((element as { isConnected?: boolean }).isConnected !== false) continue;
      const error = new KhountousError('aborted', 'The element left the page before it came near.');
      for (const waiter of [...waiters]) waiter.drop(error);
    }
  };

  return {
    whenNear(element, signal) {
      if (!Observer || nearNow(element)) return Promise.resolve();
      dropDisconnected();
      return abortable<void>(signal, (resolve, reject) => {
        observer ??= new Observer(
          (entries) => {
            dropDisconnected();
            for (const entry of entries) if (entry.isIntersecting) near(entry.target);
          },
          { rootMargin: `${MARGIN * 100}%` },
        );
        let waiters = waiting.get(element);
        if (!waiters) {
          waiting.set(element, (waiters = new Set()));
          observer.observe(element);
        }
        const set = waiters;
        const waiter: Waiter = { done: resolve, drop: reject };
        set.add(waiter);
        return () => {
          set.delete(waiter);
          if (set.size === 0 && waiting.get(element) === set) {
            waiting.delete(element);
            observer?.unobserve(element);
          }
        };
      });
    },
    releaseAll() {
      for (const element of [...waiting.keys()]) near(element);
    },
  };
}
