#!/usr/bin/env node
// `npm run proxy`: the shared cache tier (deploy/nginx/, or deploy/varnish/ with
// --engine varnish) on loopback, in front of the reference API (started here)
// or of another API. Prints the URL to give the widgets as base-url; Ctrl-C
// stops everything.
//
//   npm run proxy -- --engine varnish             (Varnish and its nginx origin hop; default nginx)
//   KHOUNTOUS_SITE_KEY=<key> npm run proxy     (or KHOUNTOUS_SITE_KEY_FILE=/path)
//   PORT (8788): the tier's port; API_PORT (8787): the reference API's
//   KHOUNTOUS_API_UPSTREAM=https://api.example.org: another API instead of the
//     reference one (scheme, host, port); KHOUNTOUS_API_HOST its host name (by
//     default the upstream's host and port), which its certificate must carry
//   KHOUNTOUS_API_CA=/path/ca.pem: the authorities an https API's certificate
//     must chain to (a private CA; default /etc/ssl/certs/ca-certificates.crt)
//
// The reference API listens on 127.0.0.1 too, and accepts the site key as a free
// key, unless its own keys are configured (KHOUNTOUS_KEYS_FILE, KHOUNTOUS_KEY_FREE,
// KHOUNTOUS_KEY_PARTNER: demo/api/keys.ts); it never accepts the demo keys.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { parseArgs } from 'node:util';
import { resolveNginx, startNginx, writeConfig } from './nginx.mjs';
import { resolveVarnish, startVarnish, writeVarnishConfig } from './varnish.mjs';

const HOST = '127.0.0.1';
const port = Number(process.env.PORT || 8788);
const apiPort = Number(process.env.API_PORT || 8787);

let engine;
try {
  engine = parseArgs({ options: { engine: { type: 'string', default: 'nginx' } } }).values.engine;
} catch (error) {
  engine = String(error.message);
}
if (!['nginx', 'varnish'].includes(engine)) {
  console.error(`usage: npm run proxy [-- --engine nginx|varnish] (${engine})`);
  process.exit(1);
}
const found =
  engine === 'nginx'
    ? resolveNginx((message) => console.log(message))
    : resolveVarnish((message) => console.log(message));
if (!found.available) {
  console.error(`npm run proxy -- --engine ${engine} needs ${engine}: ${found.reason}.`);
  process.exit(1);
}

const keyFile = process.env.KHOUNTOUS_SITE_KEY_FILE;
const key = keyFile ? readFileSync(keyFile, 'utf8').trim() : process.env.KHOUNTOUS_SITE_KEY || '';

let upstream = `http://${HOST}:${apiPort}`;
if (process.env.KHOUNTOUS_API_UPSTREAM) {
  let url;
  try {
    url = new URL(process.env.KHOUNTOUS_API_UPSTREAM);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.username) {
    console.error(
      `KHOUNTOUS_API_UPSTREAM must be http(s)://host[:port], got ${process.env.KHOUNTOUS_API_UPSTREAM}`,
    );
    process.exit(1);
  }
  upstream = url.origin;
}
const apiHost = process.env.KHOUNTOUS_API_HOST || new URL(upstream).host;
const ca = process.env.KHOUNTOUS_API_CA;
if (ca && !existsSync(ca)) {
  console.error(`KHOUNTOUS_API_CA=${ca} does not exist`);
  process.exit(1);
}

const apiKeysSet = ['KHOUNTOUS_KEYS_FILE', 'KHOUNTOUS_KEY_FREE', 'KHOUNTOUS_KEY_PARTNER'].some(
  (name) => process.env[name],
);
// The reference API, unless the tier is put in front of another one.
const api = process.env.KHOUNTOUS_API_UPSTREAM
  ? undefined
  : spawn(process.execPath, ['--import', 'tsx', 'demo/api/server.ts'], {
      env: {
        ...process.env,
        PORT: String(apiPort),
        HOST,
        ...(key && !apiKeysSet ? { KHOUNTOUS_KEY_FREE: key } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });

const dir = mkdtempSync(join(tmpdir(), `khountous-proxy-${engine}-`));
const settings = {
  KHOUNTOUS_LISTEN: `${HOST}:${port}`,
  KHOUNTOUS_API_UPSTREAM: upstream,
  KHOUNTOUS_API_HOST: apiHost,
  ...(ca ? { KHOUNTOUS_API_CA: ca } : {}),
};
if (engine === 'nginx') writeConfig(dir, { key, settings });
else writeVarnishConfig(dir, { key, settings });

let tier;
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await tier?.stop();
  if (api && api.exitCode === null) api.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
  console.log(
    api ? '\nStopped the shared cache tier and the reference API.' : '\nStopped the shared cache tier.',
  );
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
api?.once('exit', (code) => {
  if (!stopping) {
    console.error(`the reference API stopped (exit ${code})`);
    void stop(1);
  }
});

const stdio = ['ignore', 'inherit', 'inherit'];
try {
  tier =
    engine === 'nginx'
      ? await startNginx(found.path, dir, { host: HOST, port, stdio })
      : await startVarnish(found, dir, { listen: `${HOST}:${port}`, stdio });
} catch (error) {
  console.error(String(error));
  await stop(1);
}
const programs =
  engine === 'nginx' ? `nginx ${found.path}` : `Varnish ${found.varnishd}, origin hop nginx ${found.nginx}`;
console.log(`Shared cache tier (${programs}, ${key ? 'with the site key' : 'anonymous: no site key'}) in front of ${upstream}/v1${upstream.startsWith('https:') ? ` (certificate for ${apiHost.replace(/:\d+$/, '')}, from ${ca || 'the system authorities'})` : ''}
Set as base-url:  http://${HOST}:${port}/v1
Logs and cache:   ${dir}
Ctrl-C stops ${api ? 'both' : 'it'}.`);
