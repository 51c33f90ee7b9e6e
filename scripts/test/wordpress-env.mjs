// A real WordPress on this machine, for the tests of test/wordpress/: Debian's
// `wordpress` package, PHP's command-line interpreter (its built-in server is
// enough to serve WordPress) and MariaDB, installed with apt-get when missing
// and allowed (root on Debian, as scripts/test/browsers.mjs does for the browsers).
// php-mbstring gives PHP the character counts of messages; php-codesniffer
// (phpcs) checks the plugin's PHP against wordpress/khountous-widgets/phpcs.xml.dist.
// Nothing here runs a service of the system: the tests start their own MariaDB
// and PHP server in a directory of their own.
import { existsSync } from 'node:fs';
import process from 'node:process';
import { spawnSync } from 'node:child_process';
import { aptInstall, canInstall } from './debian.mjs';

export const WORDPRESS_PACKAGES = [
  'wordpress',
  'wordpress-theme-twentytwentythree',
  'php-cli',
  'php-mysql',
  'php-mbstring',
  'mariadb-server',
  'php-codesniffer',
];

export const PATHS = {
  wordpress: '/usr/share/wordpress/wp-settings.php',
  theme: '/usr/share/wordpress/wp-content/themes/twentytwentythree/theme.json',
  php: '/usr/bin/php',
  mariadbd: '/usr/sbin/mariadbd',
  installDb: '/usr/bin/mariadb-install-db',
  client: '/usr/bin/mariadb',
  phpcs: '/usr/bin/phpcs',
};

function missing() {
  const absent = Object.entries(PATHS)
    .filter(([, path]) => !existsSync(path))
    .map(([name]) => name);
  if (existsSync(PATHS.php)) {
    const modules = spawnSync(PATHS.php, ['-m'], { encoding: 'utf8' }).stdout ?? '';
    for (const module of ['mysqli', 'mbstring']) if (!modules.includes(module)) absent.push(`php-${module}`);
  }
  return absent;
}

/**
 * `{ available: true }` when WordPress, PHP and MariaDB are here, installing
 * Debian's packages first when they are not and this run may (root on Debian,
 * KHOUNTOUS_NO_INSTALL unset); else `{ available: false, reason }`.
 */
export function resolveWordPress(log = console.log) {
  let absent = missing();
  if (absent.length > 0 && canInstall()) {
    if (!aptInstall(WORDPRESS_PACKAGES, log)) log('apt-get could not install WordPress, PHP and MariaDB');
    absent = missing();
  }
  if (absent.length === 0) return { available: true };
  return {
    available: false,
    reason:
      `missing: ${absent.join(', ')}; install Debian's packages (apt-get install ${WORDPRESS_PACKAGES.join(' ')})` +
      (canInstall() ? '' : ' (not installed automatically: that needs root on Debian)'),
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const result = resolveWordPress();
  console.log(result.available ? 'WordPress, PHP and MariaDB: available' : result.reason);
}
