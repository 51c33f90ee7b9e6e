// Debian packages the tests need (the browsers, nginx, Varnish, WordPress): installed with
// apt-get when the run may (root on Debian, unless KHOUNTOUS_NO_INSTALL is set).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import process from 'node:process';

/** True when this run may install Debian packages: root, apt-get there, KHOUNTOUS_NO_INSTALL unset. */
export function canInstall() {
  return (
    process.platform === 'linux' &&
    typeof process.getuid === 'function' &&
    process.getuid() === 0 &&
    existsSync('/usr/bin/apt-get') &&
    !process.env.KHOUNTOUS_NO_INSTALL
  );
}

/** The packages of `names` that dpkg does not list as installed (all of them where dpkg-query is missing). */
export function missingPackages(names) {
  return [...new Set(names)].filter((name) => {
    const query = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return query.status !== 0 || !query.stdout.includes('install ok installed');
  });
}

/** `apt-get update` then `apt-get install` of `packages`; false when either failed. */
export function aptInstall(packages, log = console.log) {
  log(`installing Debian packages: ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env };
  if (spawnSync('apt-get', ['update', '-q'], quiet).status !== 0) return false;
  return (
    spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...packages], quiet).status === 0
  );
}
