/**
 * A real WordPress for the tests of test/wordpress/: Debian's wordpress package
 * copied into a temporary directory with a wp-config.php of its own (WP_DEBUG
 * on, everything logged), its own MariaDB (a private data directory and
 * socket, no network) and PHP's built-in server on a port of 127.0.0.1. The
 * plugin is installed the way a new user does: as an administrator, through
 * Plugins > Add New > Upload (wp-admin/update.php?action=upload-plugin) with
 * the zip the build wrote, then activated from the link WordPress answers with.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
// @ts-expect-error: a plain .mjs script without declarations
import { CHROMIUM_FLAGS, resolveEngines } from '../../scripts/test/browsers.mjs';
// @ts-expect-error: a plain .mjs script without declarations
import { PATHS, resolveWordPress } from '../../scripts/test/wordpress-env.mjs';
import { freePort, startApi, type CountedApi } from '../../scripts/tier/tier.js';
import type { AttributeRule } from '../../src/attributes/rules.js';
import { problemOf } from '../../src/attributes/messages.js';
import type { Lang } from '../../src/core/types.js';
import { ATTRIBUTE_RULES, checkValue } from '../helpers/attribute-checks.js';

export { freePort, PATHS };

let found: { available: boolean; reason?: string } | undefined;

/** Why WordPress cannot run here, or false. Under CI a missing WordPress throws: it must fail. */
export function skipReason(): string | false {
  found ??= resolveWordPress((message: string) => console.warn(`  ${message}`)) as {
    available: boolean;
    reason?: string;
  };
  if (found.available) return false;
  if (process.env.CI) throw new Error(`WordPress is required under CI: ${found.reason}`);
  return `WordPress unavailable: ${found.reason}`;
}

export const PASSWORD = 'correct horse battery staple';

/** The plugin's zip as `npm run build` writes it, installed by the tests as a new user would. */
export const ZIP = 'build/khountous-widgets-wordpress.zip';

/** The plugin's widgets, one per element of the kit: `ranking` for `<khountous-ranking>`. */
export const WIDGETS = Object.keys(ATTRIBUTE_RULES).map((tag) => tag.replace(/^khountous-/, ''));

/**
 * What the plugin's PHP makes of `value` for `attribute` under the kit's
 * `rule`: the kit's own verdict and sentence (test/helpers/attribute-checks.ts `checkValue`), less
 * what only the kit's reading in the browser finds. No closest value ("Did you
 * mean"); a number written otherwise than in digits (`7.9`, `1e2`) takes the
 * rule's default, with the kit's out-of-range sentence; an empty value is not
 * set (null: the widget's default applies).
 */
export function pluginCheck(
  attribute: string,
  rule: AttributeRule,
  value: string,
): { ok: boolean; value: string | number | null; message: Record<Lang, string> | null } {
  const given = value.trim();
  if (rule.type === 'integer' && given && !/^[+-]?\d+$/.test(given)) {
    const range = { min: rule.min, max: rule.max };
    const problem = problemOf({ attribute, given, reason: 'out-of-range', range, used: rule.fallback });
    return { ok: true, value: rule.fallback, message: { ...problem.message } };
  }
  const kit = checkValue(attribute, rule, value);
  const message = kit.problem ? { ...problemOf({ ...kit.problem, closest: undefined }).message } : null;
  if (!kit.ok) return { ok: false, value: null, message };
  return { ok: true, value: given ? (kit.value ?? null) : null, message };
}

/** A logged-in browser session of WordPress, as cookies. */
export class Session {
  private readonly cookies = new Map<string, string>();
  constructor(readonly site: string) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    let url = new URL(path, this.site).href;
    let options: RequestInit = { ...init, redirect: 'manual' };
    for (let hop = 0; hop < 5; hop++) {
      const headers = new Headers(options.headers);
      if (this.cookies.size > 0)
        headers.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
      const response = await fetch(url, { ...options, headers });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const index = pair!.indexOf('=');
        const name = pair!.slice(0, index);
        const value = pair!.slice(index + 1);
        if (/expires=Thu, 01-Jan-1970|Max-Age=0/i.test(cookie) || value === 'deleted')
          this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url).href;
        options = { method: 'GET', redirect: 'manual' };
        continue;
      }
      return response;
    }
    throw new Error(`too many redirects from ${path}`);
  }

  async login(user: string, password = PASSWORD): Promise<void> {
    this.cookies.set('wordpress_test_cookie', 'WP%20Cookie%20check');
    const response = await this.fetch('/wp-login.php', {
      method: 'POST',
      body: new URLSearchParams({ log: user, pwd: password, testcookie: '1', 'wp-submit': 'Log In' }),
    });
    if (![...this.cookies.keys()].some((name) => name.startsWith('wordpress_logged_in_')))
      throw new Error(
        `${user} could not log in: ${response.status} ${(await response.text()).slice(0, 500)}`,
      );
  }

  /** The value of a hidden input of a page (`_wpnonce`...). */
  static field(html: string, name: string): string {
    const match = new RegExp(`name=["']${name}["'][^>]*value=["']([^"']*)["']`).exec(html);
    if (!match) throw new Error(`no field ${name} in the page`);
    return match[1]!;
  }
}

export interface WordPress {
  site: string;
  dir: string;
  /** Users by role: `{ login, id, appPassword }`. */
  users: Record<'admin' | 'author' | 'contributor', { login: string; id: number; appPassword: string }>;
  /** Runs PHP with WordPress loaded (`wp-load.php`), as the CLI; returns stdout. */
  php(code: string): string;
  /** Runs PHP as `php` does, in a process of its own without waiting for it: many run at once. */
  phpAsync(code: string): Promise<string>;
  /** WP_DEBUG's log (notices, warnings, errors) and the PHP server's stderr. */
  logs(): string;
  /** Calls the REST API as a user (application password: what kses sees is that user). */
  rest(user: keyof WordPress['users'], route: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const tick = async () => {
      if (await check()) return resolve();
      if (Date.now() > deadline) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(tick, 100);
    };
    void tick();
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const signal = (name: NodeJS.Signals) => {
      try {
        // A detached child leads its own group (PHP's server and its workers).
        process.kill(-child.pid!, name);
      } catch {
        child.kill(name);
      }
    };
    const timer = setTimeout(() => signal('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    signal('SIGTERM');
  });
}

/** Starts MariaDB, copies WordPress, installs it and serves it. */
export async function startWordPress(): Promise<WordPress> {
  const dir = mkdtempSync(join(tmpdir(), 'khountous-wp-'));
  const children: ChildProcess[] = [];
  let serverLog = '';
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // MariaDB: a data directory, a socket and a temporary directory of its own, no TCP, no
    // grant tables. (With the system's /tmp, two test files starting MariaDB at once failed:
    // "Could not remove temporary table '/tmp/#sql-temptable-…'".)
    const data = join(dir, 'db');
    const socket = join(dir, 'mysql.sock');
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const init = spawnSync(
      PATHS.installDb,
      [
        '--no-defaults',
        `--datadir=${data}`,
        `--tmpdir=${tmp}`,
        '--user=root',
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
      ],
      { encoding: 'utf8' },
    );
    if (init.status !== 0) throw new Error(`mariadb-install-db failed: ${init.stderr}`);
    const mariadb = spawn(
      PATHS.mariadbd,
      [
        '--no-defaults',
        `--datadir=${data}`,
        `--tmpdir=${tmp}`,
        `--socket=${socket}`,
        `--pid-file=${join(dir, 'mariadb.pid')}`,
        `--log-error=${join(dir, 'mariadb.err')}`,
        '--skip-networking',
        '--skip-grant-tables',
        '--user=root',
      ],
      { stdio: 'ignore' },
    );
    children.push(mariadb);
    await waitFor(() => existsSync(socket), 'MariaDB');
    const create = spawnSync(
      PATHS.client,
      ['--no-defaults', `--socket=${socket}`, '-uroot', '-e', 'CREATE DATABASE wordpress'],
      {
        encoding: 'utf8',
      },
    );
    if (create.status !== 0) throw new Error(`CREATE DATABASE failed: ${create.stderr}`);

    // WordPress: Debian's files, our wp-config.php (Debian's reads /etc/wordpress/).
    const root = join(dir, 'wp');
    const copy = spawnSync('cp', ['-a', '--reflink=auto', '/usr/share/wordpress', root]);
    if (copy.status !== 0) throw new Error('could not copy /usr/share/wordpress');
    // Debian links some of WordPress's files to other packages' (underscore.js, getID3)
    // by relative paths, which the copy breaks: the copy gets the files themselves.
    const links = spawnSync('find', [root, '-type', 'l'], { encoding: 'utf8' }).stdout.split('\n');
    for (const link of links.filter(Boolean)) {
      const original = join('/usr/share/wordpress', relative(root, link));
      let target: string;
      try {
        target = realpathSync(original);
      } catch {
        continue; // a link Debian leaves dangling (.htaccess to /etc/wordpress/)
      }
      rmSync(link);
      copyFileSync(target, link);
    }
    rmSync(join(root, '.htaccess'), { force: true });
    const port = await freePort();
    const site = `http://127.0.0.1:${port}`;
    const salts = ['AUTH', 'SECURE_AUTH', 'LOGGED_IN', 'NONCE']
      .flatMap((name) => [`${name}_KEY`, `${name}_SALT`])
      .map((name) => `define( '${name}', '${name.toLowerCase()}-${Math.random().toString(36).slice(2)}' );`)
      .join('\n');
    writeFileSync(
      join(root, 'wp-config.php'),
      `<?php
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', 'localhost:${socket}' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'WP_HOME', '${site}' );
define( 'WP_SITEURL', '${site}' );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_LOG', '${join(dir, 'debug.log')}' );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_ENVIRONMENT_TYPE', 'local' );
define( 'FS_METHOD', 'direct' );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'DISABLE_WP_CRON', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
${salts}
$table_prefix = 'wp_';
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`,
    );

    /** A PHP script file for `code`, as if requested from the site's address. */
    const scriptOf = (code: string): string => {
      const script = join(dir, `run-${Math.random().toString(36).slice(2)}.php`);
      writeFileSync(
        script,
        `<?php
$_SERVER['HTTP_HOST'] = '127.0.0.1:${port}';
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['SERVER_PORT'] = '${port}';
${code.startsWith('<?php') ? code.slice(5) : code}
`,
      );
      return script;
    };
    const failed = (status: number | null, stdout: string, stderr: string) =>
      new Error(`PHP failed (${status}): ${stdout}\n${stderr}`);
    const php = (code: string): string => {
      const script = scriptOf(code);
      const result = spawnSync(PATHS.php, [script], { cwd: root, encoding: 'utf8' });
      rmSync(script, { force: true });
      if (result.status !== 0) throw failed(result.status, result.stdout, result.stderr);
      return result.stdout;
    };
    const phpAsync = (code: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const script = scriptOf(code);
        const child = spawn(PATHS.php, [script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.once('error', reject);
        child.once('close', (status) => {
          rmSync(script, { force: true });
          if (status === 0) resolve(stdout);
          else reject(failed(status, stdout, stderr));
        });
      });

    // Install, then an author and a contributor, each with an application password.
    const installed = JSON.parse(
      php(`
define( 'WP_INSTALLING', true );
require '${root}/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
$result = wp_install( 'Khountous test', 'admin', 'admin@example.org', false, '', '${PASSWORD}', 'en_US' );
$users = array( 'admin' => array( 'id' => $result['user_id'] ) );
foreach ( array( 'author', 'contributor' ) as $role ) {
	$users[ $role ] = array( 'id' => wp_insert_user( array( 'user_login' => $role, 'user_pass' => '${PASSWORD}', 'user_email' => $role . '@example.org', 'role' => $role ) ) );
}
foreach ( $users as $role => $user ) {
	list( $password ) = WP_Application_Passwords::create_new_application_password( $user['id'], array( 'name' => 'test' ) );
	$users[ $role ]['appPassword'] = $password;
	$users[ $role ]['login'] = $role;
}
switch_theme( 'twentytwentythree' );
// No avatars: the browser would ask gravatar.com, out of reach of the tests.
update_option( 'show_avatars', 0 );
echo wp_json_encode( $users );
`),
    ) as WordPress['users'];

    // PHP's built-in server, a few workers (the editor's preview and the page's requests overlap).
    const server = spawn(PATHS.php, ['-S', `127.0.0.1:${port}`, '-t', root], {
      cwd: root,
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
      stdio: ['ignore', 'ignore', 'pipe'],
      // Its own process group: the server and its workers stop together.
      detached: true,
    });
    children.push(server);
    server.stderr!.on('data', (chunk: Buffer) => {
      // Each request is logged as "[date] 127.0.0.1:port [200]: GET /..."; keep the rest.
      for (const line of chunk.toString().split('\n')) {
        if (line && !/ (Accepted|Closing|\[\d{3}\]: )/.test(line)) serverLog += `${line}\n`;
      }
    });
    await waitFor(async () => {
      try {
        return (await fetch(`${site}/wp-login.php`)).ok;
      } catch {
        return false;
      }
    }, 'PHP server');

    return {
      site,
      dir,
      users: installed,
      php: (code) => php(`require '${root}/wp-load.php';\n${code}`),
      phpAsync: (code) => phpAsync(`require '${root}/wp-load.php';\n${code}`),
      logs: () =>
        (existsSync(join(dir, 'debug.log')) ? readFileSync(join(dir, 'debug.log'), 'utf8') : '') + serverLog,
      rest(user, route, init = {}) {
        const { login, appPassword } = installed[user];
        const headers = new Headers(init.headers);
        headers.set('Authorization', `Basic ${Buffer.from(`${login}:${appPassword}`).toString('base64')}`);
        if (init.body && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
        const [path, query] = route.split('?');
        return fetch(`${site}/?rest_route=${encodeURIComponent(path!)}${query ? `&${query}` : ''}`, {
          ...init,
          headers,
        });
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The plugin's settings form (Settings > Khountous widgets), as an administrator sends it; the answer's HTML. */
export async function saveSettings(admin: Session, values: Record<string, string>): Promise<string> {
  const page = await (await admin.fetch('/wp-admin/options-general.php?page=khountous-widgets')).text();
  const body = new URLSearchParams({
    option_page: 'khountous_widgets',
    action: 'update',
    _wpnonce: Session.field(page, '_wpnonce'),
    _wp_http_referer: '/wp-admin/options-general.php?page=khountous-widgets',
  });
  for (const [key, value] of Object.entries(values)) body.set(`khountous_widgets_settings[${key}]`, value);
  return (await admin.fetch('/wp-admin/options.php', { method: 'POST', body })).text();
}

/** Installs a plugin zip as an administrator does: Plugins > Add New > Upload Plugin, then "Activate Plugin". */
export async function uploadPlugin(admin: Session, zip: Buffer, name: string): Promise<string> {
  const form = await (await admin.fetch('/wp-admin/plugin-install.php?tab=upload')).text();
  const nonce = Session.field(form, '_wpnonce');
  const body = new FormData();
  body.set('_wpnonce', nonce);
  body.set('_wp_http_referer', '/wp-admin/plugin-install.php?tab=upload');
  body.set('pluginzip', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), name);
  body.set('install-plugin-submit', 'Install Now');
  const answer = await (
    await admin.fetch('/wp-admin/update.php?action=upload-plugin', { method: 'POST', body })
  ).text();
  const activate = /href="([^"]*action=activate[^"]*)"/.exec(answer);
  if (!activate)
    throw new Error(
      `the upload gave no activation link:\n${answer
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .slice(0, 1500)}`,
    );
  const url = activate[1]!.replace(/&amp;/g, '&');
  const activated = await admin.fetch(new URL(url, `${admin.site}/wp-admin/`).href);
  return `${answer}\n${await activated.text()}`;
}

/**
 * The reference API, a WordPress with the built plugin (ZIP) uploaded and activated, and its
 * administrator's session: how every test of the plugin on a real WordPress begins.
 * `installed` is the page WordPress answered the upload with.
 */
export async function startPluginSite(): Promise<{
  api: CountedApi;
  wp: WordPress;
  admin: Session;
  installed: string;
}> {
  if (!existsSync(ZIP)) throw new Error(`${ZIP} is missing: run npm run build`);
  const api = await startApi();
  try {
    const wp = await startWordPress();
    const admin = new Session(wp.site);
    await admin.login('admin');
    const installed = await uploadPlugin(admin, readFileSync(ZIP), 'khountous-widgets-wordpress.zip');
    return { api, wp, admin, installed };
  } catch (error) {
    await api.stop();
    throw error;
  }
}

/**
 * Debian's Chromium for the plugin's pages (the site and the API on local ports: local network
 * access allowed), or undefined where it is missing, which fails the run under CI.
 */
export async function launchChromium(): Promise<Browser | undefined> {
  const [engine] = resolveEngines(['chromium'], () => {}) as { available: boolean; path: string }[];
  if (!engine?.available) {
    if (process.env.CI) throw new Error('Chromium is required under CI');
    return undefined;
  }
  return chromium.launch({
    executablePath: engine.path,
    args: [...(CHROMIUM_FLAGS as string[]), '--disable-features=LocalNetworkAccessChecks'],
  });
}

/**
 * PHP's notices, warnings and errors that come from the plugin's files, or that
 * name none (a fatal error in code the plugin runs). WordPress 6.1's own
 * deprecations under PHP 8.2, and its failed update checks (no internet), are
 * WordPress's.
 */
export function pluginProblems(log: string): string[] {
  return log
    .split('\n')
    .filter((line) => /PHP (Notice|Warning|Deprecated|Fatal error|Parse error)/.test(line))
    .filter((line) => line.includes('khountous-widgets') || !/ in \/\S+ on line \d+/.test(line))
    .filter((line) => !/Development Server/.test(line));
}

/** What the API was asked, in all: every path and query. */
export const totalAsked = (api: CountedApi) =>
  [...api.upstream.values()].reduce((sum, times) => sum + times.length, 0);

/** The inline data inside each element of a page: its tag, the JSON's text, what is inside besides. */
export function inlineOf(html: string): { tag: string; json: string; inner: string }[] {
  return [...html.matchAll(/<(khountous-[a-z-]+)[^>]*>(.*?)<\/\1>/gs)].map(([, tag, inner]) => ({
    tag: tag!,
    json: /^<script type="application\/json">(.*?)<\/script>/s.exec(inner!)?.[1] ?? '',
    inner: inner!,
  }));
}

/** Moves the plugin's cached answers back in time by `seconds`: as if that much time had passed since each was fetched. */
export const ageCache = (wp: WordPress, seconds: number) =>
  wp.php(`
global $wpdb;
foreach ( $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE '\\\\_transient\\\\_khountous\\\\_widgets\\\\_data\\\\_%'" ) as $option ) {
	$name  = substr( $option, strlen( '_transient_' ) );
	$entry = get_transient( $name );
	$entry['fetched'] -= ${seconds};
	set_transient( $name, $entry, DAY_IN_SECONDS );
}`);

/** Forgets the plugin's cached answers and the requests it counted. */
export const clearCache = (wp: WordPress) =>
  wp.php(`
global $wpdb;
$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '%\\\\_transient\\\\_%khountous\\\\_widgets\\\\_data\\\\_%'" );
delete_option( 'khountous_widgets_budget' );`);
