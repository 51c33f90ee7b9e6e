/**
 * Fresh apps that install the package as its users do: `npm pack` of this
 * repository (after `npm run build`; scripts/test/test.mjs builds first), then
 * `npm install` of that tarball with the tools an app would have (Vite, webpack,
 * esbuild, @lit-labs/ssr, TypeScript, React's and Vue's types), in a temporary folder.
 * The tools come at the versions of this repository's lockfile, from the npm
 * registry through npm's cache (which `npm ci` filled): no download at each run when
 * the cache holds them. The apps share that one installation (node_modules in the
 * folder above theirs), each with its own sources and build.
 *
 * Also here: a server for a built app (its files, and the reference API under /v1 on
 * the same origin), which counts the API requests and the files it could not find, and
 * Debian's Chromium (playwright-core, never a downloaded browser).
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createApi } from '../../demo/api/handler.js';
import { toNodeMiddleware } from '../../demo/api/node.js';
import { freePort } from '../../scripts/tier/tier.js';
// @ts-expect-error: a plain .mjs script without declarations
import { CHROMIUM_FLAGS, resolveEngines } from '../../scripts/test/browsers.mjs';

export const root = join(import.meta.dirname, '../..');
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string }>;
};

/** The version of `name` this repository's lockfile installs. */
export function locked(name: string): string {
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`${name} is not in package-lock.json`);
  return version;
}

/** What an app of the tests has installed beside the package. */
const TOOLS = [
  'vite',
  'webpack',
  'esbuild',
  '@lit-labs/ssr',
  '@lit-labs/ssr-client',
  'typescript',
  'react',
  'react-dom',
  '@types/react',
  'vue',
  'vue-tsc',
  '@vue/tsconfig',
];

export interface Apps {
  /** The folder of the installation; apps go in folders below it. */
  dir: string;
  /** The tarball `npm pack` wrote. */
  tarball: string;
  /** Where the package was installed (node_modules/khountous-widgets). */
  installed: string;
  /** A new app folder `<dir>/<name>` with `files` written into it (paths relative to it). */
  app(name: string, files: Record<string, string>): string;
  /** Runs a command of the installation's node_modules/.bin in `cwd`; returns its output, or fails with it. */
  run(cwd: string, command: string, args: string[], options?: { expectFailure?: boolean }): string;
  /** The same without blocking this process (for a command that calls a server this process runs). */
  runAsync(cwd: string, command: string, args: string[]): Promise<string>;
  remove(): void;
}

/** Why the fresh apps cannot be installed here (not under CI, where it fails), or false. */
let reason: string | false | undefined;

/**
 * Packs the package and installs it with the tools (all of TOOLS, or those named) in a new
 * folder. Throws when npm cannot install them under CI; elsewhere returns why in `skip`.
 */
export function installApps(tools: readonly string[] = TOOLS): { apps?: Apps; skip?: string } {
  const dir = mkdtempSync(join(tmpdir(), 'khountous-apps-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  assert.ok(existsSync(join(root, 'lib/index.js')), 'lib/ is missing: run `npm run build` first');
  const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(pack.status, 0, `npm pack failed:\n${pack.stderr}`);
  const tarball = join(dir, pack.stdout.trim().split('\n').pop()!);
  const manifest = {
    name: 'khountous-fresh-apps',
    private: true,
    type: 'module',
    dependencies: {
      'khountous-widgets': `file:./${tarball.slice(dir.length + 1)}`,
      ...Object.fromEntries(tools.map((name) => [name, locked(name)])),
    },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const install = spawnSync(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
    { cwd: dir, encoding: 'utf8', env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' }, timeout: 300_000 },
  );
  if (install.status !== 0) {
    remove();
    reason = `npm could not install the fresh apps' packages: ${install.stderr || install.error?.message}`;
    if (process.env.CI) throw new Error(reason);
    return { skip: reason };
  }
  reason = false;
  const installed = join(dir, 'node_modules/khountous-widgets');
  const app = (name: string, files: Record<string, string>) => {
    const folder = join(dir, name);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(folder, path, '..'), { recursive: true });
      writeFileSync(join(folder, path), text);
    }
    return folder;
  };
  const run = (cwd: string, command: string, args: string[], { expectFailure = false } = {}) => {
    const binary = command === 'node' ? process.execPath : join(dir, 'node_modules/.bin', command);
    const result = spawnSync(binary, args, { cwd, encoding: 'utf8', timeout: 240_000 });
    const output = `${result.stdout}${result.stderr}`;
    if (expectFailure) assert.notEqual(result.status, 0, `${command} ${args.join(' ')} passed:\n${output}`);
    else assert.equal(result.status, 0, `${command} ${args.join(' ')} failed in ${cwd}:\n${output}`);
    return output;
  };
  const runAsync = (cwd: string, command: string, args: string[]) => spawnIn(dir, cwd, command, args);
  return { apps: { dir, tarball, installed, app, run, runAsync, remove } };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface AppServer {
  url: string;
  /** API requests received (method and path with query). */
  api: string[];
  /** Those of them that carried an Authorization header. */
  authorized: string[];
  /** Paths asked for that do not exist. */
  missing: string[];
  close(): Promise<void>;
}

/**
 * Serves the files of `folder` and the reference API under /v1, on 127.0.0.1; with
 * `apiDelay`, each API answer leaves that many milliseconds late (a slow network).
 */
export async function serveApp(folder: string, { apiDelay = 0 } = {}): Promise<AppServer> {
  const middleware = toNodeMiddleware(
    createApi({ env: {}, quotas: { anonymous: 100_000, free: 100_000, partner: 100_000 } }),
  );
  const api: string[] = [];
  const authorized: string[] = [];
  const missing: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    const isApi = url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
    if (isApi) api.push(`${req.method} ${url}`);
    if (isApi && req.headers.authorization) authorized.push(`${req.method} ${url}`);
    const serve = () =>
      middleware(req, res, () => {
        const path = decodeURIComponent(new URL(url, 'http://app').pathname);
        let file = normalize(join(folder, path));
        if (!file.startsWith(folder)) file = folder;
        if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
        if (path === '/favicon.ico') {
          res.writeHead(204).end();
          return;
        }
        if (!existsSync(file)) {
          missing.push(path);
          res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
          return;
        }
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(readFileSync(file));
      });
    if (isApi && apiDelay > 0) setTimeout(serve, apiDelay);
    else serve();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    api,
    authorized,
    missing,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Debian's Chromium, or why it cannot run here (fails under CI). */
export async function launchChromium(): Promise<{ browser?: Browser; skip?: string }> {
  const [engine] = resolveEngines(['chromium'], () => {}) as {
    available: boolean;
    path: string;
    reason?: string;
  }[];
  if (!engine?.available) {
    const why = `Chromium unavailable: ${engine?.reason}`;
    if (process.env.CI) throw new Error(why);
    return { skip: why };
  }
  const browser = await chromium.launch({ executablePath: engine.path, args: CHROMIUM_FLAGS });
  return { browser };
}

export const installFailure = (): string | false | undefined => reason;

export interface Example {
  /** The copy of the example, installed. */
  dir: string;
  /** Runs a command of its node_modules/.bin (or `node`) in it, with `env` added; resolves to its output. */
  run(command: string, args: string[], env?: Record<string, string>): Promise<string>;
  /**
   * Starts a server of its node_modules/.bin (`next start`) in it, on 127.0.0.1 and the port
   * the environment's PORT names; resolves once the server answers.
   */
  start(command: string, args: string[], env?: Record<string, string>): Promise<StartedServer>;
  remove(): void;
}

export interface StartedServer {
  url: string;
  close(): Promise<void>;
}

/** Node itself, or the binary `command` of `<modules>/node_modules/.bin`. */
const binaryIn = (modules: string, command: string) =>
  command === 'node' ? process.execPath : join(modules, 'node_modules/.bin', command);

/**
 * Starts the server `command` (a binary of `<modules>/node_modules/.bin`) in `cwd` with PORT set
 * to a free port of 127.0.0.1; resolves once it answers there (any status), rejects with its
 * output when it ends or does not answer within a minute. `close` ends it and what it started
 * (its process group).
 */
async function startIn(
  modules: string,
  cwd: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<StartedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(binaryIn(modules, command), args, {
    cwd,
    detached: true,
    env: { ...process.env, ...env, PORT: String(port) },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
  let exited = false;
  const ended = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const close = async () => {
    if (!exited) process.kill(-child.pid!, 'SIGTERM');
    await ended;
  };
  for (const deadline = Date.now() + 60_000; Date.now() < deadline && !exited;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(5_000) });
      return { url, close };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await close();
  throw new Error(`${command} ${args.join(' ')} did not answer at ${url}:\n${output}`);
}

/**
 * Runs `command` (Node itself, or a binary of `<modules>/node_modules/.bin`) in `cwd`, without
 * blocking the test's servers: resolves with its output, rejects with it when it fails.
 */
function spawnIn(
  modules: string,
  cwd: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(binaryIn(modules, command), args, {
      cwd,
      timeout: 240_000,
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} failed in ${cwd} (${code}):\n${output}`)),
    );
  });
}

/**
 * A copy of examples/<name> in a new folder, installed as its package.json says, but with
 * the packed tarball for khountous-widgets and this repository's lockfile's version of
 * each other dependency, devDependencies too (from npm's cache, as installApps does). Throws when npm cannot
 * install them under CI; elsewhere returns why in `skip`.
 */
export function installExample(name: string): { example?: Example; skip?: string } {
  const dir = mkdtempSync(join(tmpdir(), `khountous-example-${name}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  assert.ok(existsSync(join(root, 'lib/index.js')), 'lib/ is missing: run `npm run build` first');
  cpSync(join(root, 'examples', name), dir, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|dist|_site|\.astro|\.next|next-env\.d\.ts)$/.test(source),
  });
  const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(pack.status, 0, `npm pack failed:\n${pack.stderr}`);
  const tarball = pack.stdout.trim().split('\n').pop()!;
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies?: Record<string, string>;
    overrides?: Record<string, string>;
  };
  // The repository's overrides too, so that the packages below the tools are those its lockfile
  // holds (Astro's font package at the version that runs on Node 20, say), already in npm's cache.
  manifest.overrides = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { overrides?: Record<string, string> }
  ).overrides;
  const pinned = (dependencies: Record<string, string>) =>
    Object.fromEntries(
      Object.keys(dependencies).map((dependency) => [
        dependency,
        dependency === 'khountous-widgets' ? `file:./${tarball}` : locked(dependency),
      ]),
    );
  manifest.dependencies = pinned(manifest.dependencies);
  if (manifest.devDependencies) manifest.devDependencies = pinned(manifest.devDependencies);
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const install = spawnSync(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
    { cwd: dir, encoding: 'utf8', timeout: 300_000 },
  );
  if (install.status !== 0) {
    remove();
    const why = `npm could not install examples/${name}: ${install.stderr || install.error?.message}`;
    if (process.env.CI) throw new Error(why);
    return { skip: why };
  }
  const run = (command: string, args: string[], env: Record<string, string> = {}) =>
    spawnIn(dir, dir, command, args, env);
  const start = (command: string, args: string[], env: Record<string, string> = {}) =>
    startIn(dir, dir, command, args, env);
  return { example: { dir, run, start, remove } };
}
