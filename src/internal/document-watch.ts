type Listener = () => void;

/**
 * A subscription to attribute changes of the page's root elements, shared by
 * every element of the kit: one MutationObserver while anyone listens, none
 * after the last unsubscribes. `targets` names the observed elements (read when
 * the observer starts), `attributeFilter` the attributes (all when absent).
 * Listeners run once per batch of mutations.
 */
export function documentWatch(
  targets: () => (Element | null | undefined)[],
  attributeFilter?: string[],
): (listener: Listener) => () => void {
  const listeners = new Set<Listener>();
  let observer: MutationObserver | undefined;
  return (listener) => {
    listeners.add(listener);
    if (!observer && typeof MutationObserver !== 'undefined' && typeof document !== 'undefined') {
      observer = new MutationObserver(() => listeners.forEach((fn) => fn()));
      for (const target of targets()) {
        if (target) observer.observe(target, attributeFilter ? { attributeFilter } : { attributes: true });
      }
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        observer?.disconnect();
        observer = undefined;
      }
    };
  };
}
