// The shared cache tier on Varnish (deploy/varnish/) on this machine: finds
// Debian's varnish and varnish-modules (and nginx, which runs the origin hop),
// installing them with apt-get when missing and allowed (root on Debian, as
// scripts/tier/nginx.mjs does for nginx), renders the configuration into a directory
// of its own, and runs the origin hop (nginx) and varnishd there in the foreground.
//
// Used by `npm run proxy -- --engine varnish` (scripts/tier/proxy.mjs), the tests of
// test/proxy/ and the bench (through scripts/tier/tier.ts).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { aptInstall, canInstall, missingPackages } from '../test/debian.mjs';
import { KEY_SETTINGS, listening, renderTemplate, resolveNginx, startNginx, writePrefix } from './nginx.mjs';

const DEPLOY = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'deploy', 'varnish');
const CANDIDATES = ['/usr/sbin/varnishd', '/usr/bin/varnishd'];
/** The Debian packages of the tier: Varnish and the modules its VCL imports (vsthrottle, var). */
export const VARNISH_PACKAGES = ['varnish', 'varnish-modules'];

function locate() {
  const fromEnv = process.env.VARNISHD_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((path) => existsSync(path));
}

/**
 * Debian's varnishd with varnish-modules, and nginx for the origin hop:
 * `{ available: true, varnishd, nginx }`, or `{ available: false, reason }`.
 * Installs the missing packages first when we run as root on Debian (unless
 * KHOUNTOUS_NO_INSTALL is set). VARNISHD_PATH names another varnishd (whose
 * vmod_path must hold vsthrottle and var); NGINX_PATH another nginx.
 */
export function resolveVarnish(log = console.log) {
  const nginx = resolveNginx(log);
  if (!nginx.available) return { available: false, reason: `the origin hop needs nginx: ${nginx.reason}` };
  if (process.env.VARNISHD_PATH) {
    const path = locate();
    if (path) return { available: true, varnishd: path, nginx: nginx.path };
    return { available: false, reason: `VARNISHD_PATH=${process.env.VARNISHD_PATH} does not exist` };
  }
  let missing = missingPackages(VARNISH_PACKAGES);
  if (missing.length > 0 && canInstall()) {
    if (!aptInstall(missing, log)) log(`apt-get could not install ${missing.join(' ')}`);
    missing = missingPackages(VARNISH_PACKAGES);
  }
  const path = locate();
  if (path && missing.length === 0) return { available: true, varnishd: path, nginx: nginx.path };
  return {
    available: false,
    reason:
      `Debian's ${missing.join(' and ') || 'varnish'} package${missing.length > 1 ? 's are' : ' is'} missing; install ${VARNISH_PACKAGES.join(' and ')} (apt-get install ${VARNISH_PACKAGES.join(' ')}) or set VARNISHD_PATH` +
      (canInstall() ? '' : ' (not installed automatically: that needs root on Debian)'),
  };
}

/** The settings of deploy/varnish/ (the VCL and the origin hop), with the defaults of a local run. */
export const DEFAULT_SETTINGS = {
  KHOUNTOUS_LISTEN: '127.0.0.1:8788',
  KHOUNTOUS_API_UPSTREAM: 'http://127.0.0.1:8787',
  KHOUNTOUS_API_HOST: '127.0.0.1:8787',
  KHOUNTOUS_API_CA: '/etc/ssl/certs/ca-certificates.crt',
  KHOUNTOUS_CONF_DIR: '/etc/nginx/khountous',
  KHOUNTOUS_RUN_DIR: '/run/khountous-origin',
  KHOUNTOUS_ORIGINS: '^https?://(localhost|127\\.0\\.0\\.1)(:[0-9]+)?$',
  KHOUNTOUS_MISS_LIMIT: '41',
  KHOUNTOUS_MISS_PERIOD: '246s',
  KHOUNTOUS_MISS_RETRY_AFTER: '6',
  ...KEY_SETTINGS,
  KHOUNTOUS_UPSTREAM_CONNECTIONS: '32',
  KHOUNTOUS_UNKNOWN_TTL: '600',
};

/** The size of the local runs' cache (Debian's service: malloc, 256 MB). */
const STORAGE_SIZE = '64M';

/**
 * Writes a runnable tier in `dir`: khountous.vcl (deploy/varnish/khountous.vcl.template)
 * and the origin hop's nginx prefix (origin.conf.template in a whole nginx.conf, key.conf).
 * `vclBefore`, when given, is VCL placed before the tier's subroutines (Varnish runs a
 * subroutine's definitions in order: the tests read what the tier computed with it).
 * `settings` overrides DEFAULT_SETTINGS. Returns the paths.
 */
export function writeVarnishConfig(dir, { key, settings = {}, vclBefore } = {}) {
  const values = { ...DEFAULT_SETTINGS, KHOUNTOUS_CONF_DIR: dir, KHOUNTOUS_RUN_DIR: dir, ...settings };
  // varnishd compiles the VCL and its workers connect to the origin hop as
  // Debian's varnish and vcache users: they must be able to reach the directory.
  chmodSync(dir, 0o755);
  const origin = renderTemplate(readFileSync(join(DEPLOY, 'origin.conf.template'), 'utf8'), values);
  const paths = writePrefix(dir, { values, site: 'khountous-origin.conf', siteText: origin, key });
  let vcl = renderTemplate(readFileSync(join(DEPLOY, 'khountous.vcl.template'), 'utf8'), values);
  if (vclBefore) vcl = vcl.replace(/^(import vsthrottle;.*)$/m, `$1\n\n${vclBefore}\n`);
  writeFileSync(join(dir, 'khountous.vcl'), vcl);
  return {
    ...paths,
    vcl: join(dir, 'khountous.vcl'),
    socket: join(dir, 'khountous-origin.sock'),
    workdir: join(dir, 'varnish'),
    storage: join(dir, 'cache.bin'),
  };
}

/** The address and port of KHOUNTOUS_LISTEN (host:port). */
function splitListen(listen) {
  const match = /^(.*):(\d+)$/.exec(listen);
  if (!match) throw new Error(`KHOUNTOUS_LISTEN must be host:port, got ${listen}`);
  return { host: match[1].replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}

/**
 * Starts the tier written by writeVarnishConfig in `dir`: the origin hop (nginx,
 * waited for on its socket), then varnishd in the foreground listening on
 * `listen` (host:port) and, when given, on `proxyListen` with the PROXY protocol
 * (a load balancer's way of giving the reader's address), with the cache in a
 * file of `dir`. Waits until `listen` accepts connections. Returns `{ stop }`,
 * which ends both and resolves when they have exited.
 */
export async function startVarnish(
  { varnishd, nginx },
  dir,
  { listen, proxyListen, timeoutMs = 20_000, stdio = 'pipe' },
) {
  const paths = {
    vcl: join(dir, 'khountous.vcl'),
    socket: join(dir, 'khountous-origin.sock'),
    workdir: join(dir, 'varnish'),
    storage: join(dir, 'cache.bin'),
  };
  const origin = await startNginx(nginx, dir, { path: paths.socket, stdio });
  const args = [
    '-F', // in the foreground
    '-n',
    paths.workdir, // its working directory (and the name varnishlog and varnishstat take)
    '-a',
    listen,
    ...(proxyListen ? ['-a', `${proxyListen},PROXY`] : []),
    '-f',
    paths.vcl,
    '-s',
    `file,${paths.storage},${STORAGE_SIZE}`, // the cache, in a file of the directory
    '-T',
    'none', // no management port (varnishlog and varnishstat read the shared memory)
    '-p',
    'vsl_space=32M', // the shared-memory log: enough for a test run, read by logs()
  ];
  const child = spawn(varnishd, args, { stdio });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    await origin.stop();
  };
  const deadline = Date.now() + timeoutMs;
  const address = splitListen(listen);
  while (!(await listening(address))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`varnishd did not start on ${listen}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, stop };
}

/** Everything in varnishd's shared-memory log (varnishlog -d): every header of every request and answer it handled. */
export function varnishLog(dir) {
  const result = spawnSync('varnishlog', ['-d', '-n', join(dir, 'varnish')], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return result.stdout ?? '';
}

/** The counters of varnishstat whose names match `pattern`, by name. */
function varnishCounters(dir, pattern) {
  const result = spawnSync('varnishstat', ['-1', '-n', join(dir, 'varnish')], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`varnishstat failed: ${result.stderr}`);
  return Object.fromEntries(
    [...(result.stdout ?? '').matchAll(/^(\S+)\s+(\d+)/gm)]
      .filter(([, name]) => pattern.test(name))
      .map(([, name, value]) => [name, Number(value)]),
  );
}

/**
 * How many answers the cache holds: varnishstat's MAIN.n_object once Varnish
 * has settled (an answer passed on uncached lives in its Transient storage
 * until delivered; an answer cached for 0 s until the expiry thread has taken
 * it: every object sent to that thread received, the count the same twice),
 * waited for up to `timeoutMs`.
 */
export async function varnishCached(dir, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    const counters = varnishCounters(
      dir,
      /^(MAIN\.(n_object|exp_mailed|exp_received)|SMA\.Transient\.g_alloc)$/,
    );
    const settled =
      counters['SMA.Transient.g_alloc'] === 0 &&
      counters['MAIN.exp_mailed'] === counters['MAIN.exp_received'];
    if ((settled && last === counters['MAIN.n_object']) || Date.now() > deadline)
      return counters['MAIN.n_object'];
    last = settled ? counters['MAIN.n_object'] : undefined;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** varnishd's version (7.1.1). */
export function varnishVersion(varnishd) {
  const result = spawnSync(varnishd, ['-V'], { encoding: 'utf8' });
  return /varnish-([0-9.]+)/.exec(`${result.stdout}${result.stderr}`)?.[1] ?? 'unknown';
}
