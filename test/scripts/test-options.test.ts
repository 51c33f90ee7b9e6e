/**
 * `npm test`'s command line (scripts/test/options.mjs): what it cannot read is
 * refused in one line, before anything runs, rather than taken for a file name.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const root = join(import.meta.dirname, '../..');
const npmTest = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/test/test.mjs', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CI: '' },
  });

describe('npm test’s options', () => {
  it('refuses an unknown option, naming it and the options it takes', () => {
    const result = npmTest('--bogus', '--only', 'node');
    assert.equal(result.status, 2);
    assert.match(result.stderr, /unknown option --bogus \(options: --only, --engines/);
    assert.doesNotMatch(result.stdout, /Node tests/, 'nothing ran');
  });

  it('refuses an option without its value', () => {
    for (const name of ['only', 'engines', 'jobs']) {
      const result = npmTest(`--${name}`);
      assert.equal(result.status, 2, name);
      assert.match(result.stderr, new RegExp(`--${name} needs a value`));
    }
    assert.match(npmTest('--only', '--rerun').stderr, /--only needs a value/);
  });

  it('refuses a tier it does not have, naming the tiers', () => {
    const result = npmTest('--tier', 'fast', '--only', 'node');
    assert.equal(result.status, 2);
    assert.match(result.stderr, /--tier fast: the tiers are unit, browser and integration/);
  });
});
