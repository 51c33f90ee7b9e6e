#!/usr/bin/env node
// `npm run proxy`: the reference API and, in front of it, the shared cache tier
// (deploy/nginx/) on loopback. Prints the URL to give the widgets as base-url;
// Ctrl-C stops both.
//
//   KHOUNTOUS_SITE_KEY=demo-free-key npm run proxy     (or KHOUNTOUS_SITE_KEY_FILE=/path)
//   PORT (8788): the tier's port; API_PORT (8787): the reference API's
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { resolveNginx, startNginx, writeConfig } from './nginx.mjs';

const HOST = '127.0.0.1';
const port = Number(process.env.PORT || 8788);
const apiPort = Number(process.env.API_PORT || 8787);

const nginx = resolveNginx((message) => console.log(message));
if (!nginx.available) {
  console.error(`npm run proxy needs nginx: ${nginx.reason}.`);
  process.exit(1);
}

const keyFile = process.env.KHOUNTOUS_SITE_KEY_FILE;
const key = keyFile ? readFileSync(keyFile, 'utf8').trim() : process.env.KHOUNTOUS_SITE_KEY || '';

const api = spawn(process.execPath, ['--import', 'tsx', 'demo/api/server.ts'], {
  env: { ...process.env, PORT: String(apiPort) },
  stdio: ['ignore', 'inherit', 'inherit'],
});

const dir = mkdtempSync(join(tmpdir(), 'khountous-proxy-'));
writeConfig(dir, {
  key,
  settings: {
    KHOUNTOUS_LISTEN: `${HOST}:${port}`,
    KHOUNTOUS_API_UPSTREAM: `http://${HOST}:${apiPort}`,
    KHOUNTOUS_API_HOST: `${HOST}:${apiPort}`,
  },
});

let tier;
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await tier?.stop();
  if (api.exitCode === null) api.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
  console.log('\nStopped the shared cache tier and the reference API.');
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
api.once('exit', (code) => {
  if (!stopping) {
    console.error(`the reference API stopped (exit ${code})`);
    void stop(1);
  }
});

try {
  tier = await startNginx(nginx.path, dir, { host: HOST, port, stdio: ['ignore', 'inherit', 'inherit'] });
} catch (error) {
  console.error(String(error));
  await stop(1);
}
console.log(`Shared cache tier (nginx ${nginx.path}, ${key ? 'with the site key' : 'anonymous: no site key'}) in front of http://${HOST}:${apiPort}/v1
Set as base-url:  http://${HOST}:${port}/v1
Logs and cache:   ${dir}
Ctrl-C stops both.`);
