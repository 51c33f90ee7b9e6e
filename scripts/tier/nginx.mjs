// The shared cache tier (deploy/nginx/) on this machine: finds Debian's nginx,
// installing it with apt-get when missing and allowed (root on Debian, as
// scripts/test/browsers.mjs does for the browsers), renders the configuration into a
// directory of its own, and runs nginx there in the foreground.
//
// Used by `npm run proxy` (scripts/tier/proxy.mjs) and the tests of test/proxy/.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { aptInstall, canInstall, missingPackages } from '../test/debian.mjs';

const DEPLOY = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'deploy', 'nginx');
const CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

function locate() {
  const fromEnv = process.env.NGINX_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((path) => existsSync(path));
}

/** Debian's packages of the nginx tier: nginx, and the Lua module that counts the site key's total (khountous-key.lua). */
export const NGINX_PACKAGES = ['nginx', 'libnginx-mod-http-lua'];
/** Where Debian's nginx keeps its dynamic modules (the standalone configuration loads the Lua module from there). */
const NGINX_MODULES = process.env.NGINX_MODULES_PATH ?? '/usr/lib/nginx/modules';

/**
 * Debian's nginx with its Lua module: `{ available: true, path }`, or `{ available: false, reason }`.
 * Installs the missing packages first when we run as root on Debian (unless
 * KHOUNTOUS_NO_INSTALL is set). NGINX_PATH names another binary (and NGINX_MODULES_PATH
 * the directory of its ndk_http_module.so and ngx_http_lua_module.so).
 */
export function resolveNginx(log = console.log) {
  let path = locate();
  let missing = process.env.NGINX_PATH ? [] : missingPackages(NGINX_PACKAGES);
  if (missing.length > 0 && canInstall()) {
    if (!aptInstall(missing, log)) log(`apt-get could not install ${missing.join(' ')}`);
    path = locate();
    missing = missingPackages(NGINX_PACKAGES);
  }
  if (path && missing.length === 0) return { available: true, path };
  const reason = process.env.NGINX_PATH
    ? `NGINX_PATH=${process.env.NGINX_PATH} does not exist`
    : `Debian's ${missing.join(' and ')} missing (looked for nginx at ${CANDIDATES.join(', ')}); install them (apt-get install ${NGINX_PACKAGES.join(' ')}) or set NGINX_PATH` +
      (canInstall() ? '' : ' (not installed automatically: that needs root on Debian)');
  return { available: false, reason };
}

/**
 * The site key's total (deploy/nginx/key-budget.conf.template), the same on both engines: a
 * free key's quota (the smallest a key has: 1,000 a day, docs/api-assumptions.md §7) until
 * the site says its own; 24 windows of an hour, each allowing 1,000 / 26 = 38 requests;
 * half of each window kept for new resources; a twentieth of it at most (at least 1) for
 * one reader's new resources (docs/scaling.md, "The site key's total").
 */
export const KEY_SETTINGS = {
  KHOUNTOUS_KEY_QUOTA: '1000',
  KHOUNTOUS_KEY_PERIOD: '86400',
  KHOUNTOUS_KEY_WINDOWS: '24',
  KHOUNTOUS_KEY_RESERVE: '50',
  KHOUNTOUS_READER_SHARE: '5',
};

/** The settings of deploy/nginx/khountous.conf.template, with the defaults of a local run. */
export const DEFAULT_SETTINGS = {
  KHOUNTOUS_LISTEN: '127.0.0.1:8788',
  KHOUNTOUS_SERVER_NAME: 'localhost',
  KHOUNTOUS_API_UPSTREAM: 'http://127.0.0.1:8787',
  KHOUNTOUS_API_HOST: '127.0.0.1:8787',
  KHOUNTOUS_API_CA: '/etc/ssl/certs/ca-certificates.crt',
  KHOUNTOUS_CACHE_DIR: '/var/cache/nginx/khountous',
  KHOUNTOUS_CONF_DIR: '/etc/nginx/khountous',
  KHOUNTOUS_RUN_DIR: '/run/nginx-khountous',
  KHOUNTOUS_ORIGINS: '^https?://(localhost|127\\.0\\.0\\.1)(:[0-9]+)?$',
  KHOUNTOUS_MISS_RATE: '10r/m',
  KHOUNTOUS_MISS_BURST: '40',
  KHOUNTOUS_MISS_RETRY_AFTER: '6',
  ...KEY_SETTINGS,
  KHOUNTOUS_UPSTREAM_CONNECTIONS: '32',
  KHOUNTOUS_UNKNOWN_TTL: '600',
};

/**
 * Replaces each `${NAME}` of a template with `settings[NAME]` (what envsubst
 * does with the same names); an unknown name throws, so nothing is left unset.
 */
export function renderTemplate(text, settings) {
  return text.replace(/\$\{(KHOUNTOUS_[A-Z_]+)\}/g, (_, name) => {
    if (!(name in settings)) throw new Error(`no value for \${${name}}`);
    return settings[name];
  });
}

/** The `proxy_set_header Authorization` line of key.conf: the site's key, or none (anonymous). */
export function keyConf(key) {
  if (key && !/^[A-Za-z0-9\-._~+/]+=*$/.test(key))
    throw new Error('the site key has characters a key cannot have');
  const value = key ? `Bearer ${key}` : '';
  return `# Written by scripts/tier/nginx.mjs; never commit it. The site's key, sent to the API only.\nproxy_set_header Authorization "${value}"; # the key (empty: anonymous), replacing whatever the reader sent\n`;
}

/**
 * Writes a runnable nginx prefix in `dir`: nginx.conf (deploy/nginx/standalone.conf.template,
 * logs and pid in `dir`) around `site` (a file name in `dir`) holding `siteText`, key.conf,
 * and the logs' and temporary files' directories. `values` are the template's settings.
 * Returns the paths of nginx.conf and of the logs.
 */
export function writePrefix(dir, { values, site, siteText, key }) {
  // nginx creates the cache and temporary directories for its workers (who
  // run as nobody when it starts as root): they must be able to reach them.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'logs'), { recursive: true });
  mkdirSync(join(dir, 'tmp'), { recursive: true, mode: 0o755 });
  writeFileSync(join(dir, site), siteText);
  const standalone = readFileSync(join(DEPLOY, 'standalone.conf.template'), 'utf8');
  writeFileSync(
    join(dir, 'nginx.conf'),
    renderTemplate(standalone, {
      KHOUNTOUS_NGINX_MODULES: NGINX_MODULES,
      ...values,
      KHOUNTOUS_PREFIX: dir,
      KHOUNTOUS_SITE_CONF: join(dir, site),
    }),
  );
  writeFileSync(join(dir, 'key.conf'), keyConf(key), { mode: 0o600 });
  // The site key's total, beside key.conf: its settings and its code (read when nginx starts).
  const budget = readFileSync(join(DEPLOY, 'key-budget.conf.template'), 'utf8');
  writeFileSync(join(dir, 'key-budget.conf'), renderTemplate(budget, values));
  copyFileSync(join(DEPLOY, 'khountous-key.lua'), join(dir, 'khountous-key.lua'));
  return {
    conf: join(dir, 'nginx.conf'),
    accessLog: join(dir, 'logs', 'access.log'),
    errorLog: join(dir, 'logs', 'error.log'),
  };
}

/**
 * Writes a runnable nginx prefix in `dir` with the tier: nginx.conf, khountous.conf
 * (deploy/nginx/khountous.conf.template), key.conf and the cache directory;
 * realip.conf too when `realIp` is given (its text: the directives that tell the public
 * server where the reader's address is). `settings` overrides DEFAULT_SETTINGS; returns the paths.
 */
export function writeConfig(dir, { key, settings = {}, realIp } = {}) {
  const values = {
    ...DEFAULT_SETTINGS,
    KHOUNTOUS_CACHE_DIR: join(dir, 'cache'),
    KHOUNTOUS_CONF_DIR: dir,
    KHOUNTOUS_RUN_DIR: dir,
    ...settings,
  };
  const tier = renderTemplate(readFileSync(join(DEPLOY, 'khountous.conf.template'), 'utf8'), values);
  const paths = writePrefix(dir, { values, site: 'khountous.conf', siteText: tier, key });
  if (realIp !== undefined) writeFileSync(join(dir, 'realip.conf'), realIp);
  return paths;
}

/** True when something accepts connections at `address` ({ host, port }, or { path } of a unix socket). */
export function listening(address) {
  return new Promise((resolve) => {
    const socket = connect(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts nginx in the foreground on the prefix `dir` (see writeConfig) and
 * waits until `host:port` (or the unix socket `path`) accepts connections.
 * Returns `{ child, stop }`; `stop()` ends it (SIGQUIT: graceful) and resolves
 * when it has exited.
 */
export async function startNginx(nginxPath, dir, { host, port, path, timeoutMs = 10_000, stdio = 'pipe' }) {
  const test = spawnSync(nginxPath, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-t', '-q'], {
    encoding: 'utf8',
  });
  if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}`);
  const child = spawn(nginxPath, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  while (!(await listening(path ? { path } : { host, port }))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start on ${path ?? `${host}:${port}`}: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, stop };
}
