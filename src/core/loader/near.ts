/**
 * Whether a widget is near the visible area: the near-viewport wait's rule (viewport.ts), on
 * its own for the early start (boot/early-start.ts), which reads it before the rest of the
 * loader has arrived.
 */

/** How far beyond the visible area an element counts as near: one viewport on each side. */
export const MARGIN = 1;

/**
 * Whether `element` is near the visible area now, read from its layout with the
 * observer's margin: such a wait ends at once, without waiting for the
 * observer's first report, which comes only with the next rendering update
 * (after whatever else the page is doing then). Not rendered (display: none,
 * in a closed <details>): not near, as for the observer.
 */
export function nearNow(element: Element): boolean {
  if (typeof element.getBoundingClientRect !== 'function' || typeof innerHeight !== 'number') return false;
  const { top, bottom, left, right } = element.getBoundingClientRect();
  return (
    element.getClientRects().length > 0 &&
    bottom >= -MARGIN * innerHeight &&
    top <= (1 + MARGIN) * innerHeight &&
    right >= -MARGIN * innerWidth &&
    left <= (1 + MARGIN) * innerWidth
  );
}
