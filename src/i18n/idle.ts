/**
 * Work made ahead of its first use, in the page's idle moments: outside the tasks that show
 * something, while the answers travel.
 */

/** Runs `step` in an idle moment, or soon where the browser has no idle callbacks. */
export function whenIdle(step: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(step, { timeout: 2000 });
  else setTimeout(step, 1);
}

let intlLoaded = false;

/**
 * Has the engine load its Intl data, one formatter per idle moment. A page's first number
 * formatter costs far more than the next, whatever its locale (about 100 ms with Chromium's
 * CPU four times slower, where the next costs 1 or 2 ms), and its first date formatter some
 * 30 ms more: made while the answers travel, each is a short task of its own, not part of
 * the task that shows the data. Once per copy of the kit; i18n/format.ts `warmFormats` then
 * makes the language's own formatters.
 */
export function loadIntl(): void {
  if (intlLoaded) return;
  intlLoaded = true;
  whenIdle(() => {
    new Intl.NumberFormat().format(0);
    whenIdle(() => new Intl.DateTimeFormat().format(0));
  });
}
