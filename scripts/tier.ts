/**
 * The reference API in this process and, in front of it, the shared cache tier
 * (deploy/nginx/ on a real nginx), both on 127.0.0.1: for the tests of
 * test/proxy/ (through test/proxy/harness.ts) and the bench (bench/tier.mjs).
 * The API counts what reaches it, and can be stopped and started again on the
 * same port. Run through tsx (it imports the reference API's TypeScript).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi, type ApiOptions } from '../demo/api/handler.js';
import { createKhountousServer } from '../demo/api/server.js';
// @ts-expect-error: a plain .mjs script without declarations
import { startNginx, writeConfig } from './nginx.mjs';

const HOST = '127.0.0.1';

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

export interface TierOptions extends ApiRunOptions {
  /** The site's key (none: the tier calls the API anonymously). */
  key?: string;
  /** Settings of deploy/nginx/khountous.conf.template. */
  settings?: Record<string, string>;
}

export interface Tier {
  /** The tier's base URL: http://127.0.0.1:<port>/v1 */
  base: string;
  /** When the API received each request (ms, performance.now()), per path and query. */
  upstream: Map<string, number[]>;
  /** The API's answers (to the tier) by status. */
  upstreamStatuses: Map<number, number>;
  /** The Authorization and Cookie headers the API received. */
  authorizations: Set<string>;
  cookies: Set<string>;
  /** The directory of nginx's configuration, logs and cache. */
  dir: string;
  /** Stops the API (the tier keeps running). */
  stopApi(): Promise<void>;
  /** Starts the API again on its port, with fresh counts kept. */
  startApi(): Promise<void>;
  /** Everything nginx logged (access and error logs). */
  logs(): string;
  stop(): Promise<void>;
}

/** Starts the reference API and nginx (the binary at `nginxPath`) with the tier in front of it. */
export async function startTier(nginxPath: string, options: TierOptions = {}): Promise<Tier> {
  const api = await startApi(options);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'khountous-tier-'));
  let nginx: { stop(): Promise<void> };
  let paths: { accessLog: string; errorLog: string };
  try {
    paths = writeConfig(dir, {
      key: options.key,
      settings: {
        KHOUNTOUS_LISTEN: `${HOST}:${port}`,
        KHOUNTOUS_API_UPSTREAM: `http://${HOST}:${api.port}`,
        KHOUNTOUS_API_HOST: `${HOST}:${api.port}`,
        ...options.settings,
      },
    }) as { accessLog: string; errorLog: string };
    nginx = (await startNginx(nginxPath, dir, { host: HOST, port })) as { stop(): Promise<void> };
  } catch (error) {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const read = (path: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return '';
    }
  };
  return {
    base: `http://${HOST}:${port}/v1`,
    upstream: api.upstream,
    upstreamStatuses: api.statuses,
    authorizations: api.authorizations,
    cookies: api.cookies,
    dir,
    stopApi: () => api.stop(),
    startApi: () => api.start(),
    logs: () => read(paths.accessLog) + read(paths.errorLog),
    stop: async () => {
      await nginx.stop();
      await api.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
