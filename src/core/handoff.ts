/**
 * Requests handed from the script tag's first-paint start (boot/first-paint.ts)
 * to the loader. The start sends the first requests of a page before the
 * loader's code has arrived, each counted in the persisted budget (budget.ts)
 * under an id of its own, and leaves the response under way here, on
 * globalThis under the namespace's `handoff` key (names.ts), by request URL.
 * The loader, at its first load, starts a request of its own for each
 * (resources.ts), which takes the response instead of fetching (request.ts):
 * its body is read and checked as any answer's, stored, and counted once by the
 * budget row already there. Every request handed over is thus used, also when
 * no element asks for that very URL (a compact card served from a ranking that
 * arrived first, a list window inside a larger one).
 */
import type { Resource } from './endpoints.js';
import type { Names } from './names.js';

/** A request sent before the loader came. */
export interface HandedRequest {
  /** The fetch under way (or settled): the loader reads its body (the script tag's text paint, a copy). */
  readonly response: Promise<Response>;
  /** Its row in the budget's persisted log (`budget:<origin>`). */
  readonly sentId: string;
  /** What it asks for, and the checked base URL: the loader's target for the URL. */
  readonly resource: Resource;
  readonly baseUrl: string;
}

/** The requests handed over on this page, by URL; created on first use. */
export function handoffOf(names: Pick<Names, 'handoff'>): Map<string, HandedRequest> {
  const holder = globalThis as unknown as Record<symbol, Map<string, HandedRequest> | undefined>;
  return (holder[names.handoff] ??= new Map());
}

/** The request handed over for `url`, taken (once), or undefined. */
export function takeHanded(names: Pick<Names, 'handoff'>, url: string): HandedRequest | undefined {
  const holder = globalThis as unknown as Record<symbol, Map<string, HandedRequest> | undefined>;
  const handed = holder[names.handoff]?.get(url);
  if (handed) holder[names.handoff]!.delete(url);
  return handed;
}
