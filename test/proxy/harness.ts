/**
 * A real nginx with the shared cache tier (deploy/nginx/) in front of the
 * reference API, both on 127.0.0.1, for the tests of test/proxy/. The API
 * runs in this process, so the tests count what reaches it, stop it and start
 * it again on the same port.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi, type ApiOptions } from '../../demo/api/handler.js';
import { createKhountousServer } from '../../demo/api/server.js';
// @ts-expect-error: a plain .mjs script without declarations
import { resolveNginx, startNginx, writeConfig } from '../../scripts/nginx.mjs';

const HOST = '127.0.0.1';

interface NginxFound {
  available: boolean;
  path?: string;
  reason?: string;
}

let found: NginxFound | undefined;

/**
 * Why the tests of the tier cannot run here (nginx missing and not
 * installable), or false. Under CI a missing nginx throws: it must fail.
 */
export function skipReason(): string | false {
  found ??= resolveNginx((message: string) => console.warn(`  ${message}`)) as NginxFound;
  if (found.available) return false;
  if (process.env.CI) throw new Error(`nginx is required under CI: ${found.reason}`);
  return `nginx unavailable: ${found.reason}`;
}

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

export interface TierOptions {
  /** The site's key (none: the tier calls the API anonymously). */
  key?: string;
  /** Options of the reference API (its quotas stay the defaults unless given). */
  api?: ApiOptions;
  /** Settings of deploy/nginx/khountous.conf.template. */
  settings?: Record<string, string>;
  /** The API adds a Set-Cookie to every answer (to check that none is cached or passed on). */
  setCookie?: boolean;
}

export interface Tier {
  /** The tier's base URL: http://127.0.0.1:<port>/v1 */
  base: string;
  /** When the API received each request (ms, performance.now()), per path and query. */
  upstream: Map<string, number[]>;
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

export async function startTier(options: TierOptions = {}): Promise<Tier> {
  if (!found?.path) throw new Error('call skipReason() first');
  const api = createApi({ env: {}, ...options.api });
  const upstream = new Map<string, number[]>();
  const authorizations = new Set<string>();
  const cookies = new Set<string>();
  const counting = {
    reset: () => api.reset(),
    handle: async (request: Request, peer: string) => {
      const url = new URL(request.url);
      const key = `${url.pathname}${url.search}`;
      upstream.set(key, [...(upstream.get(key) ?? []), performance.now()]);
      const authorization = request.headers.get('Authorization');
      if (authorization) authorizations.add(authorization);
      const cookie = request.headers.get('Cookie');
      if (cookie) cookies.add(cookie);
      const response = await api.handle(request, peer);
      if (options.setCookie) response.headers.append('Set-Cookie', 'session=api-cookie-7d1c; Path=/');
      return response;
    },
  };
  let server = createKhountousServer(counting);
  const apiPort = await freePort();
  await listen(server, apiPort);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'khountous-tier-'));
  const paths = writeConfig(dir, {
    key: options.key,
    settings: {
      KHOUNTOUS_LISTEN: `${HOST}:${port}`,
      KHOUNTOUS_API_UPSTREAM: `http://${HOST}:${apiPort}`,
      KHOUNTOUS_API_HOST: `${HOST}:${apiPort}`,
      ...options.settings,
    },
  }) as { accessLog: string; errorLog: string };
  let nginx: { stop(): Promise<void> };
  try {
    nginx = (await startNginx(found.path, dir, { host: HOST, port })) as { stop(): Promise<void> };
  } catch (error) {
    await close(server);
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
    upstream,
    authorizations,
    cookies,
    dir,
    stopApi: () => close(server),
    startApi: async () => {
      server = createKhountousServer(counting);
      await listen(server, apiPort);
    },
    logs: () => read(paths.accessLog) + read(paths.errorLog),
    stop: async () => {
      await nginx.stop();
      await close(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
