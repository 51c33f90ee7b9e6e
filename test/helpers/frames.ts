/** Browser-test helpers for pages loaded in an iframe of the test page. */

/** Adds an iframe showing `src` and resolves once its page has loaded. */
export async function openFrame(src: string, width = 800): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.width = String(width);
  frame.height = '400';
  const loaded = new Promise<void>((resolve) =>
    frame.addEventListener('load', () => resolve(), { once: true }),
  );
  frame.src = src;
  document.body.append(frame);
  await loaded;
  return frame;
}

/** Removes the test page's iframes: their pages stop (timers, messages, requests) before the next test. */
export function removeFrames(): void {
  for (const frame of document.querySelectorAll('iframe')) frame.remove();
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeout` ms. */
export async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string | (() => string),
  timeout = 8000,
): Promise<T> {
  const deadline = performance.now() + timeout;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (performance.now() > deadline)
      throw new Error(`timed out waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Resolves once `win` has been through a rendering step after this call: its next
 * animation frame's callbacks ran, then the frame after it, so what was changed
 * before the call has been styled, laid out and painted. What a reader acts on is
 * on screen; a key pressed sooner meets a page in the middle of its update.
 */
export const rendered = (win: Window = window) =>
  new Promise<void>((resolve) => win.requestAnimationFrame(() => win.requestAnimationFrame(() => resolve())));

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The paths of the files announced with `<link rel="modulepreload">` in `win`'s page. */
export const announcedFiles = (win: Window): string[] =>
  [...win.document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => new URL(link.href).pathname,
  );

/**
 * Waits until every file announced in `win`'s page has been fetched (its resource timing
 * is written when the fetch ends). The text paint's files are asked for with the first
 * load, beside the element's, and may arrive after the element is ready (on a loaded
 * machine they did), which the paint does not need: it paints only what arrives before
 * the element. A test that counts the fetched files counts them after this.
 */
export function allAnnouncedFetched(win: Window = window): Promise<true> {
  return until(
    () => {
      const fetched = new Set(
        win.performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      );
      return announcedFiles(win).every((path) => fetched.has(path));
    },
    () => `every announced file fetched (announced ${announcedFiles(win).join(', ')})`,
  );
}

/** A unique id for this run (report ids, cache-busting queries). */
export const uniqueId = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
