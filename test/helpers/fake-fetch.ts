/**
 * A fake `fetch` that answers like the reference API (demo/api/handler.ts,
 * driven by the test's clock, with the document's quotas unless told
 * otherwise) and counts every call. Tests can script answers (`intercept`),
 * hold answers back to make loads overlap (`hold`), and read the API directly
 * from another client address (`direct`) to compute expectations
 * independently of the code under test.
 */
import { createApi, type KhountousApi } from '../../demo/api/handler.js';
import type { AccessLevel } from '../../src/core/headers.js';
import type { FetchLike } from '../../src/core/http.js';

export const BASE_URL = 'http://api.test/v1';
/** The address the fake fetch calls from; `direct` reads use other ones, each with its own quota. */
export const CLIENT_ADDRESS = '198.51.100.1';

export interface RecordedCall {
  url: URL;
  /** The path after /v1 with the query, e.g. `/administrations?limit=10`. */
  path: string;
  method: string;
  headers: Headers;
  init: RequestInit;
}

/** Answers instead of the API when it returns a Response; `undefined` passes the request on. */
export type Responder = (call: RecordedCall) => Response | undefined | Promise<Response | undefined>;

export interface FakeFetch {
  fetch: FetchLike;
  api: KhountousApi;
  calls: RecordedCall[];
  /** Number of calls so far. */
  readonly count: number;
  /** Calls whose path (after /v1, without the query) is `pathname`. */
  countOf(pathname: string): number;
  /** Answers that responses reached the caller with, by status. */
  statuses: number[];
  /** Puts `responder` in front of the API; returns a function that removes it. */
  intercept(responder: Responder): () => void;
  /** Holds every answer until `release()`; a held call still rejects when its signal aborts. */
  hold(): { release(): void };
  /** GET `${BASE_URL}${path}` straight from the API, from a fresh address (outside any quota). */
  direct<T = unknown>(path: string): Promise<T>;
}

export interface FakeFetchOptions {
  now: () => number;
  quotas?: Partial<Record<AccessLevel, number>>;
  address?: string;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export function createFakeFetch(options: FakeFetchOptions): FakeFetch {
  const api = createApi({ now: options.now, env: {}, ...(options.quotas ? { quotas: options.quotas } : {}) });
  const address = options.address ?? CLIENT_ADDRESS;
  const calls: RecordedCall[] = [];
  const statuses: number[] = [];
  const responders: Responder[] = [];
  let gate: Promise<void> | undefined;
  let directReads = 0;

  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    const call: RecordedCall = {
      url,
      path: url.pathname.replace(/^\/v1/, '') + url.search,
      method: init.method ?? 'GET',
      headers,
      init,
    };
    calls.push(call);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) throw abortReason(signal);
    if (gate) {
      const waitFor = gate;
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => reject(abortReason(signal!));
        signal?.addEventListener('abort', onAbort, { once: true });
        void waitFor.then(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        });
      });
    }
    for (const responder of [...responders]) {
      const scripted = await responder(call);
      if (scripted) {
        statuses.push(scripted.status);
        return scripted;
      }
    }
    const request = new Request(url, {
      method: call.method,
      headers,
      ...(init.body === undefined || init.body === null ? {} : { body: init.body }),
    });
    const response = await api.handle(request, address);
    if (signal?.aborted) throw abortReason(signal);
    statuses.push(response.status);
    return response;
  };

  return {
    fetch,
    api,
    calls,
    statuses,
    get count() {
      return calls.length;
    },
    countOf: (pathname) => calls.filter((call) => call.url.pathname === `/v1${pathname}`).length,
    intercept(responder) {
      responders.push(responder);
      return () => {
        const index = responders.indexOf(responder);
        if (index >= 0) responders.splice(index, 1);
      };
    },
    hold() {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return {
        release: () => {
          gate = undefined;
          release();
        },
      };
    },
    async direct<T>(path: string) {
      const response = await api.handle(new Request(`${BASE_URL}${path}`), `direct-${++directReads}`);
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return (await response.json()) as T;
    },
  };
}

/** A JSON response as the API would send it, for scripted answers. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}
