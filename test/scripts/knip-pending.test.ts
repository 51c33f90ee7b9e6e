import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script without declarations
import knipPendingModule from '../../scripts/knip-pending.mjs';

interface Issue {
  symbol: string;
}
type Records = Record<string, Record<string, Issue>>;
interface Options {
  report: Record<string, boolean>;
  issues: Record<string, Records>;
  counters: Record<string, number>;
  preprocessorOptions: string;
}
const knipPending = knipPendingModule as (options: Options) => Options;

const issue = (symbol: string): Issue => ({ symbol });

function options(pending: unknown, report = { exports: true, types: true }): Options {
  return {
    report,
    issues: {
      exports: {
        'src/core/a.ts': { kept: issue('kept'), listed: issue('listed') },
        'src/core/b.ts': { alone: issue('alone') },
      },
      types: { 'src/x.ts': { T: issue('T') } },
    },
    counters: { exports: 3, types: 1, total: 4 },
    preprocessorOptions: JSON.stringify({ pending }),
  };
}

describe('scripts/knip-pending.mjs', () => {
  it('drops exactly the listed names, and files left with none', () => {
    const result = knipPending(
      options({ exports: { 'src/core/a.ts': ['listed'], 'src/core/b.ts': ['alone'] } }),
    );
    assert.deepEqual(Object.keys(result.issues.exports!), ['src/core/a.ts']);
    assert.deepEqual(Object.keys(result.issues.exports!['src/core/a.ts']!), ['kept']);
    assert.deepEqual(Object.keys(result.issues.types!['src/x.ts']!), ['T']);
    assert.deepEqual(result.counters, { exports: 1, types: 1, total: 2 });
  });

  it('counts a listed name that knip no longer reports as an issue, so that the run fails', (t) => {
    const errors: string[] = [];
    t.mock.method(console, 'error', (message: string) => errors.push(message));
    const result = knipPending(options({ exports: { 'src/core/a.ts': ['gone'] } }));
    assert.equal(result.counters.exports, 4);
    assert.equal(result.counters.total, 5);
    assert.match(errors.join('\n'), /exports: src\/core\/a\.ts gone/);
  });

  it('leaves alone the issue types a run does not report', () => {
    const result = knipPending(
      options({ types: { 'src/x.ts': ['T', 'gone'] } }, { exports: true, types: false }),
    );
    assert.deepEqual(result.counters, { exports: 3, types: 1, total: 4 });
  });

  it('changes nothing without a list', () => {
    const result = knipPending({ ...options({}), preprocessorOptions: '' });
    assert.deepEqual(result.counters, { exports: 3, types: 1, total: 4 });
  });
});
