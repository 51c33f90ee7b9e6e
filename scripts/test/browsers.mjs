// Finds the three browser engines the tests run in, installing Debian's packages
// when they are missing and we are allowed to (root on a Debian machine).
//
// Each engine resolves to { name, available, reason, ... } so the caller can say
// exactly which engine it skipped and why. Nothing here downloads a browser build:
// only the system's package manager is used.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import process from 'node:process';
import { aptInstall, canInstall, missingPackages } from './debian.mjs';

const WEBKIT_MINIBROWSER_CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser',
];

/**
 * The flags every headless Chromium of the project runs with (tests, bench,
 * screenshots): no sandbox (root in a container), no GPU, and none of the
 * background traffic a first run would start.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The engines, how to find each, and the Debian packages that provide it. */
export const ENGINES = {
  chromium: {
    env: 'CHROME_PATH',
    candidates: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'],
    packages: ['chromium'],
  },
  firefox: {
    env: 'FIREFOX_PATH',
    candidates: ['/usr/bin/firefox-esr', '/usr/bin/firefox'],
    packages: ['firefox-esr'],
  },
  webkit: {
    env: 'WEBKIT_DRIVER_PATH',
    candidates: ['/usr/bin/WebKitWebDriver'],
    packages: ['webkit2gtk-driver', 'xvfb', 'xauth'],
  },
};

function which(command) {
  const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function firstExisting(paths) {
  return paths.find((path) => path && existsSync(path));
}

function locate(name) {
  const engine = ENGINES[name];
  const fromEnv = process.env[engine.env];
  if (fromEnv) {
    return existsSync(fromEnv) ? { path: fromEnv } : { reason: `${engine.env}=${fromEnv} does not exist` };
  }
  const path = firstExisting(engine.candidates);
  if (!path) return { reason: `no binary found (looked at ${engine.candidates.join(', ')})` };
  if (name !== 'webkit') return { path };
  const miniBrowser = firstExisting([process.env.WEBKIT_BROWSER_PATH, ...WEBKIT_MINIBROWSER_CANDIDATES]);
  if (!miniBrowser) return { reason: 'WebKitWebDriver found but no MiniBrowser' };
  const xvfbRun = which('xvfb-run');
  if (!xvfbRun && !process.env.DISPLAY)
    return { reason: 'WebKit needs a display: no xvfb-run and no DISPLAY' };
  return { path, miniBrowser, xvfbRun };
}

/**
 * Resolves the wanted engines. Installs what is missing when run as root on
 * Debian (unless KHOUNTOUS_NO_INSTALL is set); otherwise reports why an engine
 * is unavailable.
 */
export function resolveEngines(names, log = console.log) {
  let found = Object.fromEntries(names.map((name) => [name, locate(name)]));
  const missing = names.filter((name) => !found[name].path);
  if (missing.length > 0 && canInstall()) {
    const packages = missingPackages(missing.flatMap((name) => ENGINES[name].packages));
    if (packages.length > 0 && !aptInstall(packages, log)) {
      log(`apt-get could not install ${packages.join(' ')}`);
    }
    found = Object.fromEntries(names.map((name) => [name, locate(name)]));
  }
  return names.map((name) => ({ name, ...found[name], available: Boolean(found[name].path) }));
}
