/**
 * A loader wired to fakes: the fake clock, a fake fetch on the reference API,
 * an in-memory localStorage, and optionally fake locks, channels and
 * viewport. `tab()` makes a second loader sharing what two tabs of one origin
 * share (storage, locks, channels, the API and its quota).
 */
import {
  createLoader,
  type KhountousLoader,
  type LoaderOptions,
  type LoaderStats,
  type Loaded,
  type Resource,
} from '../../src/core/loader/loader.js';
import type { AdministrationListItem, ListEnvelope } from '../../src/core/types.js';
import { createSafeStorage } from '../../src/core/storage.js';
import { createFakeClock, type FakeClock } from './fake-clock.js';
import { BASE_URL, createFakeFetch, type FakeFetch } from './fake-fetch.js';
import {
  createChannelHub,
  createLocks,
  createMemoryStorage,
  type ChannelHub,
  type FakeLocks,
  type MemoryStorage,
} from './fake-browser.js';

export interface LoaderEnv {
  clock: FakeClock;
  api: FakeFetch;
  storage: MemoryStorage;
  locks: FakeLocks | undefined;
  hub: ChannelHub | undefined;
  loader: KhountousLoader;
  /** The `detail` of every `khountous-quota` event, in order. */
  events: LoaderStats[];
  /** `loader.load(resource, { baseUrl: BASE_URL, ...extra })`. */
  load<T = unknown>(
    resource: Resource,
    extra?: Partial<Parameters<KhountousLoader['load']>[1]>,
  ): Promise<{ data: T; stale: boolean; fetchedAt: number }>;
  /** Another loader over the same storage, locks, channels and API: another tab, or the same tab after a reload. */
  tab(options?: Partial<LoaderOptions>): LoaderEnv;
}

export interface LoaderEnvOptions {
  /** Give fake Web Locks and BroadcastChannel (two tabs). */
  crossTab?: boolean;
  loader?: Partial<LoaderOptions>;
  quotas?: Parameters<typeof createFakeFetch>[0]['quotas'];
  /** The clock of the API and of the loader (a new one by default). */
  clock?: FakeClock;
}

export function loaderEnv(options: LoaderEnvOptions = {}): LoaderEnv {
  const clock = options.clock ?? createFakeClock();
  const api = createFakeFetch({ now: clock.now, ...(options.quotas ? { quotas: options.quotas } : {}) });
  const storage = createMemoryStorage();
  const locks = options.crossTab ? createLocks() : undefined;
  const hub = options.crossTab ? createChannelHub() : undefined;
  return build({ clock, api, storage, locks, hub }, options.loader ?? {});
}

function build(
  shared: Pick<LoaderEnv, 'clock' | 'api' | 'storage' | 'locks' | 'hub'>,
  overrides: Partial<LoaderOptions>,
): LoaderEnv {
  const { clock, api, storage, locks, hub } = shared;
  const loader = createLoader({
    fetch: api.fetch,
    now: clock.now,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    random: () => 0.5,
    storage: createSafeStorage({ backend: storage }),
    locks: locks ?? null,
    broadcastChannel: hub ? hub.factory : null,
    intersectionObserver: null,
    ...overrides,
  });
  const events: LoaderStats[] = [];
  loader.addEventListener('khountous-quota', (event) =>
    events.push((event as CustomEvent<LoaderStats>).detail),
  );
  return {
    ...shared,
    loader,
    events,
    load: (resource, extra = {}) =>
      loader.load(resource, { baseUrl: BASE_URL, ...extra }) as Promise<{
        data: never;
        stale: boolean;
        fetchedAt: number;
      }>,
    tab: (options = {}) => build(shared, { ...overrides, ...options }),
  };
}

/** Starts `count` loads produced by `make` and lets them all settle. */
export async function settleAll<T>(
  env: LoaderEnv,
  promises: Promise<T>[],
): Promise<PromiseSettledResult<T>[]> {
  const all = Promise.allSettled(promises);
  await env.clock.settle();
  return all;
}

export const MINUTE = 60_000;
export type Ranking = ListEnvelope<AdministrationListItem>;

/** The administrations list (the ranking) with `query`. */
export const ranking = (query: Record<string, unknown> = {}): Resource =>
  ({ kind: 'administrations', query }) as Resource;

/** Loads, lets the batching timer and the fake network run, and returns the outcome. */
export async function run<T = unknown>(env: LoaderEnv, resource: Resource, extra = {}): Promise<Loaded<T>> {
  const [outcome] = await settleAll(env, [env.load<T>(resource, extra)]);
  if (outcome!.status === 'rejected') throw outcome!.reason;
  return outcome!.value;
}

/** The slugs of the first `count` administrations of the ranking, read from the API directly. */
export async function slugs(env: LoaderEnv, count: number): Promise<string[]> {
  const page = await env.api.direct<Ranking>(`/administrations?limit=${Math.min(count, 100)}`);
  return page.data.map((item) => item.slug).slice(0, count);
}
