import { isServer } from 'lit';

type Listener = () => void;

/**
 * A subscription to attribute changes of the page's root elements, shared by
 * every element of the kit: one MutationObserver while anyone listens, none
 * after the last unsubscribes. `targets` names the observed elements (read
 * again at each subscription, so that a <body> that came later is observed
 * too), `attributeFilter` the attributes (all when absent). Listeners run at
 * most once per animation frame, however often the page writes the attributes
 * (a class toggled on every scroll event costs one pass per frame).
 */
export function documentWatch(
  targets: () => (Element | null | undefined)[],
  attributeFilter?: string[],
): (listener: Listener) => () => void {
  const listeners = new Set<Listener>();
  let observer: MutationObserver | undefined;
  let observed = new WeakSet<Element>();
  let scheduled = false;
  const schedule = (callback: () => void) =>
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(callback) : queueMicrotask(callback);
  const notify = () => {
    if (scheduled) return;
    scheduled = true;
    schedule(() => {
      scheduled = false;
      listeners.forEach((fn) => fn());
    });
  };
  return (listener) => {
    listeners.add(listener);
    if (
      !observer &&
      !isServer &&
      typeof MutationObserver !== 'undefined' &&
      typeof document !== 'undefined'
    ) {
      observer = new MutationObserver(notify);
    }
    for (const target of observer ? targets() : []) {
      if (!target || observed.has(target)) continue;
      observed.add(target);
      observer!.observe(target, attributeFilter ? { attributeFilter } : { attributes: true });
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        observer?.disconnect();
        observer = undefined;
        observed = new WeakSet();
      }
    };
  };
}
