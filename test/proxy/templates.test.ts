/**
 * The shared cache tier's shipped files against what they copy: each filter's
 * values in the target checks of both engines are the API's lists
 * (src/core/types.ts), and every setting the templates take is in
 * docs/scaling.md's tables. No engine needed: the files are read as text.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script without declarations
import { KEY_SETTINGS } from '../../scripts/tier/nginx.mjs';
import { DEFAULT_QUOTAS, QUOTA_WINDOWS } from '../../src/core/headers.js';
import { LEVELS, REGION_CODES, REPORT_CATEGORIES, REPORT_STATUSES, SECTORS } from '../../src/core/types.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const TEMPLATES = [
  'deploy/nginx/khountous.conf.template',
  'deploy/nginx/key-budget.conf.template',
  'deploy/nginx/standalone.conf.template',
  'deploy/varnish/khountous.vcl.template',
  'deploy/varnish/origin.conf.template',
];
const LISTS: Record<string, readonly string[]> = {
  region: REGION_CODES,
  sector: SECTORS,
  level: LEVELS,
  category: REPORT_CATEGORIES,
  status: REPORT_STATUSES,
};

describe('the shared cache tier’s templates', () => {
  for (const path of ['deploy/nginx/khountous.conf.template', 'deploy/varnish/khountous.vcl.template'])
    it(`${path}: each filter passes exactly the API's values`, () => {
      const text = read(path);
      for (const [name, values] of Object.entries(LISTS)) {
        const found = [...text.matchAll(new RegExp(`[|(]${name}=\\(\\?:([a-z0-9|-]+)\\)`, 'g'))].map(
          (match) => match[1],
        );
        assert.ok(found.length >= 2, `${name}: ${found.length} lists`);
        for (const list of found) assert.deepEqual(list!.split('|'), [...values], name);
        // No other spelling of the filter: a value of any letters would let made-up ones spend the key.
        assert.doesNotMatch(text, new RegExp(`${name}\\)?=\\[`), name);
      }
    });

  it('sizes the key’s total, by default, from a free key’s quota and window (the smallest a key has)', () => {
    assert.equal(KEY_SETTINGS.KHOUNTOUS_KEY_QUOTA, String(DEFAULT_QUOTAS.free));
    assert.equal(KEY_SETTINGS.KHOUNTOUS_KEY_PERIOD, String(QUOTA_WINDOWS.free / 1000));
  });

  it('takes only settings that docs/scaling.md lists', () => {
    const documented = new Set(read('docs/scaling.md').match(/KHOUNTOUS_[A-Z_]+/g));
    const taken = new Set(
      TEMPLATES.flatMap((path) => [...read(path).matchAll(/\$\{(KHOUNTOUS_[A-Z_]+)\}/g)].map((m) => m[1]!)),
    );
    // Set by the local runs only (scripts/tier/nginx.mjs), not by a recipe.
    for (const own of ['KHOUNTOUS_PREFIX', 'KHOUNTOUS_SITE_CONF', 'KHOUNTOUS_NGINX_MODULES'])
      taken.delete(own);
    assert.deepEqual(
      [...taken].filter((name) => !documented.has(name)),
      [],
    );
  });
});
