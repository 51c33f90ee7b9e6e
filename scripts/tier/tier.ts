/**
 * The reference API in this process and, in front of it, the shared cache tier
 * on a real nginx (deploy/nginx/) or Varnish (deploy/varnish/), both on
 * 127.0.0.1: for the tests of test/proxy/ (through test/proxy/harness.ts) and
 * the bench (bench/tier.mjs). The API counts what reaches it, and can be
 * stopped and started again on the same port. startEngineTier puts the tier in
 * front of any other upstream (the tests' recording and TLS servers). Run
 * through tsx (it imports the reference API's TypeScript).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi, type ApiOptions } from '../../demo/api/handler.js';
import { createKhountousServer } from '../../demo/api/server.js';
// @ts-expect-error: a plain .mjs script without declarations
import { resolveNginx, startNginx, writeConfig } from './nginx.mjs';
// @ts-expect-error: a plain .mjs script without declarations
import * as varnish from './varnish.mjs';

const HOST = '127.0.0.1';

/** @internal the proxy and WordPress tests start the tier and its servers through it */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve());
  });
}

const close = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

export interface ApiRunOptions {
  /** Options of the reference API (its quotas stay the defaults unless given: `env` is empty unless given). */
  api?: ApiOptions;
  /** The API adds a Set-Cookie to every answer (to check that none is cached or passed on). */
  setCookie?: boolean;
}

/** The reference API on a port of 127.0.0.1, counting what reaches it. */
export interface CountedApi {
  /** The API's base URL: http://127.0.0.1:<port>/v1 */
  base: string;
  port: number;
  /** When the API received each request (ms, performance.now()), per path and query. */
  upstream: Map<string, number[]>;
  /** The API's answers by status. */
  statuses: Map<number, number>;
  /** The Authorization and Cookie headers the API received. */
  authorizations: Set<string>;
  cookies: Set<string>;
  /** Stops it (counts kept). */
  stop(): Promise<void>;
  /** Starts it again on its port, counts kept. */
  start(): Promise<void>;
}

export async function startApi(options: ApiRunOptions = {}): Promise<CountedApi> {
  const api = createApi({ env: {}, ...options.api });
  const upstream = new Map<string, number[]>();
  const statuses = new Map<number, number>();
  const authorizations = new Set<string>();
  const cookies = new Set<string>();
  const counting = {
    reset: () => api.reset(),
    handle: async (request: Request, peer: string) => {
      const url = new URL(request.url);
      const key = `${url.pathname}${url.search}`;
      const times = upstream.get(key);
      if (times) times.push(performance.now());
      else upstream.set(key, [performance.now()]);
      const authorization = request.headers.get('Authorization');
      if (authorization) authorizations.add(authorization);
      const cookie = request.headers.get('Cookie');
      if (cookie) cookies.add(cookie);
      const response = await api.handle(request, peer);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (options.setCookie) response.headers.append('Set-Cookie', 'session=api-cookie-7d1c; Path=/');
      return response;
    },
  };
  let server = createKhountousServer(counting);
  const port = await freePort();
  await listen(server, port);
  return {
    base: `http://${HOST}:${port}/v1`,
    port,
    upstream,
    statuses,
    authorizations,
    cookies,
    stop: () => close(server),
    start: async () => {
      server = createKhountousServer(counting);
      await listen(server, port);
    },
  };
}

/** The engines the tier is shipped for. */
export const ENGINES = ['nginx', 'varnish'] as const;
export type Engine = (typeof ENGINES)[number];

/** An engine's programs on this machine, or why it cannot run. */
export interface EngineFound {
  engine: Engine;
  available: boolean;
  reason?: string;
  /** nginx (the nginx tier, or the Varnish tier's origin hop). */
  nginx?: string;
  /** varnishd (the Varnish tier). */
  varnishd?: string;
}

/**
 * Finds `engine`'s programs, installing Debian's packages when missing and
 * allowed (scripts/tier/nginx.mjs, scripts/tier/varnish.mjs).
 */
export function resolveEngine(engine: Engine, log: (message: string) => void = console.log): EngineFound {
  if (engine === 'nginx') {
    const found = resolveNginx(log) as { available: boolean; path?: string; reason?: string };
    return { engine, available: found.available, reason: found.reason, nginx: found.path };
  }
  const found = varnish.resolveVarnish(log) as {
    available: boolean;
    varnishd?: string;
    nginx?: string;
    reason?: string;
  };
  return { engine, ...found };
}

/** The engine's version, for reports. */
export function engineVersion(found: EngineFound): string {
  if (found.engine === 'varnish') return `Varnish ${varnish.varnishVersion(found.varnishd) as string}`;
  const result = spawnSync(found.nginx as string, ['-v'], { encoding: 'utf8' });
  return `nginx ${/nginx\/(\S+)/.exec(result.stderr ?? '')?.[1] ?? 'unknown'}`;
}

/** The per-reader limit on what passes the cache: `burst` requests at once beyond the first, then `perMinute`. */
interface MissLimit {
  burst: number;
  perMinute: number;
}

/**
 * The settings of `engine` for a per-reader limit: nginx's limit_req (rate,
 * burst) or Varnish's vsthrottle token bucket (burst + 1 tokens, refilled at
 * the same rate), with the Retry-After of the tier's 429 (one token's time).
 */
function limitSettings(engine: Engine, { burst, perMinute }: MissLimit): Record<string, string> {
  const retryAfter = String(Math.ceil(60 / perMinute));
  if (engine === 'nginx')
    return {
      KHOUNTOUS_MISS_RATE: `${perMinute}r/m`,
      KHOUNTOUS_MISS_BURST: String(burst),
      KHOUNTOUS_MISS_RETRY_AFTER: retryAfter,
    };
  return {
    KHOUNTOUS_MISS_LIMIT: String(burst + 1),
    KHOUNTOUS_MISS_PERIOD: `${Math.round(((burst + 1) * 60) / perMinute)}s`,
    KHOUNTOUS_MISS_RETRY_AFTER: retryAfter,
  };
}

/**
 * The site key's total (deploy/nginx/key-budget.conf.template, the same on both engines):
 * `quota` requests per `period` seconds, counted in `windows` windows of the period, with
 * `reserve` percent of each window kept for new resources and `share` percent of it at most
 * for one reader's new resources.
 *
 * @internal the proxy and WordPress tests start the tier and its servers through it
 */
export interface KeyBudget {
  quota: number;
  period: number;
  windows: number;
  reserve: number;
  share: number;
}

/**
 * The key's total of a tier whose test is about something else: far above anything a test
 * sends, so that only the tests of the total (test/proxy/key.test.ts, budget.test.ts) meet it.
 */
const UNBOUNDED_KEY: KeyBudget = { quota: 10_000_000, period: 86_400, windows: 24, reserve: 0, share: 100 };

const keySettings = ({ quota, period, windows, reserve, share }: KeyBudget): Record<string, string> => ({
  KHOUNTOUS_KEY_QUOTA: String(quota),
  KHOUNTOUS_KEY_PERIOD: String(period),
  KHOUNTOUS_KEY_WINDOWS: String(windows),
  KHOUNTOUS_KEY_RESERVE: String(reserve),
  KHOUNTOUS_READER_SHARE: String(share),
});

/** @internal the proxy and WordPress tests start the tier and its servers through it */
export interface EngineTierOptions {
  /** The site's key (none: the tier calls the API anonymously). */
  key?: string;
  /** Settings of the engine's templates (deploy/nginx/ or deploy/varnish/), over the limit's. */
  settings?: Record<string, string>;
  /** The per-reader limit (default: the templates' own, 40 at once then 10 per minute). */
  limit?: MissLimit;
  /** The site key's total (default: unbounded for a test; `'shipped'`: the templates' own defaults, a free key's quota). */
  budget?: KeyBudget | 'shipped';
  /** nginx: the text of realip.conf (none: no such file). */
  realIp?: string;
  /** Varnish: VCL placed before the tier's subroutines (tests only). */
  vclBefore?: string;
  /** Varnish: also listen on another port with the PROXY protocol (as behind a load balancer). */
  proxyProtocol?: boolean;
}

/**
 * The tier on one engine, in front of whatever upstream its settings name.
 *
 * @internal the proxy and WordPress tests start the tier and its servers through it
 */
export interface EngineTier {
  engine: Engine;
  /** The tier's base URL: http://127.0.0.1:<port>/v1 */
  base: string;
  port: number;
  /** Varnish with proxyProtocol: the port that takes the PROXY protocol. */
  proxyPort?: number;
  /** The directory of the configuration, logs and cache. */
  dir: string;
  /** The unix socket of the hop behind the cache (nginx: the inner hop; Varnish: the origin hop). */
  socket: string;
  /** Everything the tier logged: nginx's access and error logs (and Varnish's shared-memory log: every header it handled). */
  logs(): string;
  /** How many answers the cache holds. */
  cached(): Promise<number>;
  /** The cache's storage, as text (nginx: one per cached answer; Varnish: its storage file). */
  stored(): string[];
  stop(): Promise<void>;
}

const readText = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

const filesUnder = (dir: string): string[] => {
  try {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
  } catch {
    return [];
  }
};

/**
 * Starts the tier on `found`'s engine on a free port of 127.0.0.1, in front of
 * `upstream` (a URL: scheme, host, port) whose Host is `apiHost`;
 * `options.settings` override both.
 *
 * @internal the proxy and WordPress tests start the tier and its servers through it
 */
export async function startEngineTier(
  found: EngineFound,
  upstream: string,
  apiHost: string,
  options: EngineTierOptions = {},
): Promise<EngineTier> {
  if (!found.available) throw new Error(`${found.engine} unavailable: ${found.reason}`);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), `khountous-${found.engine}-`));
  const settings = {
    KHOUNTOUS_LISTEN: `${HOST}:${port}`,
    KHOUNTOUS_API_UPSTREAM: upstream,
    KHOUNTOUS_API_HOST: apiHost,
    ...(options.limit ? limitSettings(found.engine, options.limit) : {}),
    ...(options.budget === 'shipped' ? {} : keySettings(options.budget ?? UNBOUNDED_KEY)),
    ...options.settings,
  };
  let server: { stop(): Promise<void> };
  let proxyPort: number | undefined;
  let paths: { accessLog: string; errorLog: string };
  try {
    if (found.engine === 'nginx') {
      paths = writeConfig(dir, { key: options.key, realIp: options.realIp, settings }) as typeof paths;
      server = (await startNginx(found.nginx, dir, { host: HOST, port })) as typeof server;
    } else {
      paths = varnish.writeVarnishConfig(dir, {
        key: options.key,
        settings,
        vclBefore: options.vclBefore,
      }) as typeof paths;
      proxyPort = options.proxyProtocol ? await freePort() : undefined;
      server = (await varnish.startVarnish(found, dir, {
        listen: `${HOST}:${port}`,
        proxyListen: proxyPort ? `${HOST}:${proxyPort}` : undefined,
      })) as typeof server;
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const nginxLogs = () => readText(paths.accessLog) + readText(paths.errorLog);
  return {
    engine: found.engine,
    base: `http://${HOST}:${port}/v1`,
    port,
    proxyPort,
    dir,
    socket: join(dir, found.engine === 'nginx' ? 'khountous-miss.sock' : 'khountous-origin.sock'),
    logs: () => (found.engine === 'nginx' ? nginxLogs() : nginxLogs() + (varnish.varnishLog(dir) as string)),
    cached: async () =>
      found.engine === 'nginx'
        ? filesUnder(join(dir, 'cache')).length
        : ((await varnish.varnishCached(dir)) as number),
    stored: () =>
      found.engine === 'nginx'
        ? filesUnder(join(dir, 'cache')).map((file) => readFileSync(file, 'latin1'))
        : [readFileSync(join(dir, 'cache.bin'), 'latin1')],
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TierOptions extends ApiRunOptions, EngineTierOptions {}

export interface Tier extends EngineTier {
  /** When the API received each request (ms, performance.now()), per path and query. */
  upstream: Map<string, number[]>;
  /** The API's answers (to the tier) by status. */
  upstreamStatuses: Map<number, number>;
  /** The Authorization and Cookie headers the API received. */
  authorizations: Set<string>;
  cookies: Set<string>;
  /** Stops the API (the tier keeps running). */
  stopApi(): Promise<void>;
  /** Starts the API again on its port, with fresh counts kept. */
  startApi(): Promise<void>;
}

/** Starts the reference API and the tier on `found`'s engine in front of it. */
export async function startTier(found: EngineFound, options: TierOptions = {}): Promise<Tier> {
  const api = await startApi(options);
  let tier: EngineTier;
  try {
    tier = await startEngineTier(found, `http://${HOST}:${api.port}`, `${HOST}:${api.port}`, options);
  } catch (error) {
    await api.stop();
    throw error;
  }
  return {
    ...tier,
    upstream: api.upstream,
    upstreamStatuses: api.statuses,
    authorizations: api.authorizations,
    cookies: api.cookies,
    stopApi: () => api.stop(),
    startApi: () => api.start(),
    stop: async () => {
      await tier.stop();
      await api.stop();
    },
  };
}
