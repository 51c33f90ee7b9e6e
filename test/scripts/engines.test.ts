/**
 * `npm ci` installs only packages that support every Node version package.json's
 * `engines` states: no EBADENGINE warning on any of them. Read from
 * package-lock.json, which records each package's `engines`. Optional packages are
 * left out: npm skips one whose engines exclude the running Node, silently.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { describe, it } from 'node:test';
import semver from 'semver';

const root = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; optional?: boolean; engines?: unknown }>;
};

/** The lockfile's installed packages that name the Node versions they support. */
const withEngines = Object.entries(lock.packages).flatMap(([path, entry]) => {
  const engines = entry.engines as { node?: unknown } | undefined;
  return typeof engines?.node === 'string' && path !== '' && !entry.optional
    ? [{ name: `${path.replace(/^.*node_modules\//, '')}@${entry.version}`, node: engines.node }]
    : [];
});

/** Packages whose `engines.node` leaves out some version that `stated` allows. */
export const excluding = (stated: string, packages: readonly { name: string; node: string }[]) =>
  packages.filter((entry) => !semver.validRange(entry.node) || !semver.subset(stated, entry.node));

describe('engines', () => {
  const stated = pkg.engines.node;

  it('package.json states a valid Node range, and this Node is in it', () => {
    assert.ok(semver.validRange(stated), stated);
    assert.ok(semver.satisfies(process.version, stated), `${process.version} is not in ${stated}`);
  });

  it('no package of the lockfile excludes a Node version package.json states', () => {
    assert.ok(
      withEngines.length > 100,
      `only ${withEngines.length} packages with engines: is the lockfile read?`,
    );
    const bad = excluding(stated, withEngines);
    assert.deepEqual(
      bad.map((entry) => `${entry.name} requires node ${entry.node}`),
      [],
      `these packages print EBADENGINE on some Node that engines (${stated}) allows`,
    );
  });

  it('the check finds a package that requires a later Node', () => {
    const sample = [
      { name: 'a@1.0.0', node: '>=18' },
      { name: 'b@1.0.0', node: '>=22.0.0' },
      { name: 'c@1.0.0', node: '^20.19.0 || >=22.12.0' },
    ];
    assert.deepEqual(
      excluding('>=20.19', sample).map((entry) => entry.name),
      ['b@1.0.0', 'c@1.0.0'],
    );
    assert.deepEqual(
      excluding('^20.20.2 || >=22.12', sample).map((entry) => entry.name),
      ['b@1.0.0'],
    );
  });
});
