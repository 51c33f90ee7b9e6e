#!/usr/bin/env node
// `npm run setup`: the Debian packages the tests need, installed in one apt-get run:
// the browsers (Chromium, Firefox, WebKit under Xvfb), nginx and Varnish for the shared
// cache tier, WordPress with PHP and MariaDB for the plugin. Says what it installs and
// how long it took; installs nothing when everything is there. `.ci/run` runs it before
// `npm test`, and `npm test` runs it first when a package is missing.
//
//   node scripts/test/setup.mjs [--check]   (--check: list what is missing, install nothing, exit 1 if any)
import process from 'node:process';
import { ENGINES } from './browsers.mjs';
import { aptInstall, canInstall, missingPackages } from './debian.mjs';
import { NGINX_PACKAGES } from '../tier/nginx.mjs';
import { VARNISH_PACKAGES } from '../tier/varnish.mjs';
import { WORDPRESS_PACKAGES } from './wordpress-env.mjs';

/** Every Debian package a full `npm test` uses, by what it is for. */
export const SETUP_PACKAGES = {
  browsers: Object.values(ENGINES).flatMap((engine) => engine.packages),
  'shared cache tier': [...NGINX_PACKAGES, ...VARNISH_PACKAGES],
  WordPress: WORDPRESS_PACKAGES,
};

const allPackages = () => [...new Set(Object.values(SETUP_PACKAGES).flat())];

/**
 * Installs the missing packages when this run may (root on Debian). Returns
 * `{ ok, missing, seconds }`: `missing` is what is still missing afterwards.
 */
export function setup(log = console.log) {
  const started = Date.now();
  const wanted = allPackages();
  const before = missingPackages(wanted);
  if (before.length === 0) {
    log(`setup: all ${wanted.length} Debian packages are installed`);
    return { ok: true, missing: [], seconds: 0 };
  }
  if (!canInstall()) {
    log(
      `setup: missing Debian packages: ${before.join(' ')}; install them as root (apt-get install ${before.join(' ')})`,
    );
    return { ok: false, missing: before, seconds: 0 };
  }
  for (const [purpose, packages] of Object.entries(SETUP_PACKAGES)) {
    const missing = packages.filter((name) => before.includes(name));
    if (missing.length > 0) log(`setup: ${purpose}: ${missing.join(' ')}`);
  }
  aptInstall(before, log);
  const after = missingPackages(wanted);
  const seconds = (Date.now() - started) / 1000;
  log(
    after.length === 0
      ? `setup: installed ${before.length} packages (with their dependencies) in ${seconds.toFixed(0)} s`
      : `setup: still missing after ${seconds.toFixed(0)} s: ${after.join(' ')}`,
  );
  return { ok: after.length === 0, missing: after, seconds };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  if (process.argv.includes('--check')) {
    const missing = missingPackages(allPackages());
    console.log(missing.length === 0 ? 'setup: nothing missing' : `setup: missing: ${missing.join(' ')}`);
    process.exit(missing.length === 0 ? 0 : 1);
  }
  process.exit(setup().ok ? 0 : 1);
}
