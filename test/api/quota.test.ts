import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_QUOTAS, RateLimiter, maxCallersFromEnv, quotasFromEnv } from '../../demo/api/quota.js';
import { FakeClock } from './helpers.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function limiter(quotas = {}) {
  const clock = new FakeClock(Date.UTC(2026, 10, 2, 10, 0, 0));
  return { clock, limiter: new RateLimiter({ now: clock.now, quotas }) };
}

/** Consumes `count` requests and returns the decisions. */
const consumeMany = (
  rl: RateLimiter,
  count: number,
  level: 'anonymous' | 'free' | 'partner',
  caller: string,
) => Array.from({ length: count }, () => rl.consume(level, caller));

describe('quota: the document’s defaults', () => {
  it('allows 60 anonymous requests per hour, 1,000 and 20,000 per day for free and partner keys', () => {
    assert.deepEqual(DEFAULT_QUOTAS, { anonymous: 60, free: 1_000, partner: 20_000 });
    const { limiter: rl } = limiter();
    assert.ok(consumeMany(rl, 60, 'anonymous', 'a').every((d) => d.allowed));
    assert.equal(rl.consume('anonymous', 'a').allowed, false);
    assert.ok(consumeMany(rl, 1_000, 'free', 'k').every((d) => d.allowed));
    assert.equal(rl.consume('free', 'k').allowed, false);
    assert.ok(consumeMany(rl, 20_000, 'partner', 'p').every((d) => d.allowed));
    assert.equal(rl.consume('partner', 'p').allowed, false);
  });

  it('counts down Remaining and reports the limit', () => {
    const { limiter: rl } = limiter();
    const remaining = consumeMany(rl, 5, 'anonymous', 'a').map((d) => d.remaining);
    assert.deepEqual(remaining, [59, 58, 57, 56, 55]);
    assert.equal(rl.consume('anonymous', 'a').limit, 60);
  });
});

describe('quota: rolling window', () => {
  it('frees one request when the oldest leaves the window, not all at a fixed boundary', () => {
    const { clock, limiter: rl } = limiter({ anonymous: 3 });
    const first = clock.time;
    rl.consume('anonymous', 'a');
    clock.advance(20 * MINUTE);
    rl.consume('anonymous', 'a');
    clock.advance(20 * MINUTE);
    rl.consume('anonymous', 'a');
    const refused = rl.consume('anonymous', 'a');
    assert.equal(refused.allowed, false);
    assert.equal(refused.remaining, 0);
    // The oldest request leaves the window one hour after it was made.
    assert.equal(refused.resetSeconds, Math.ceil((first + HOUR) / 1000));
    assert.equal(refused.retryAfterSeconds, 20 * 60);
    clock.time = first + HOUR - 1;
    assert.equal(rl.consume('anonymous', 'a').allowed, false);
    clock.time = first + HOUR;
    const again = rl.consume('anonymous', 'a');
    assert.equal(again.allowed, true);
    assert.equal(again.remaining, 0, 'only one request was freed');
    assert.equal(rl.consume('anonymous', 'a').allowed, false);
  });

  it('reports Reset as the time the oldest counted request leaves the window', () => {
    const { clock, limiter: rl } = limiter();
    const first = clock.time;
    rl.consume('anonymous', 'a');
    clock.advance(5 * MINUTE);
    const second = rl.consume('anonymous', 'a');
    assert.equal(second.resetSeconds, Math.ceil((first + HOUR) / 1000));
    const free = rl.consume('free', 'k');
    assert.equal(free.resetSeconds, Math.ceil((clock.time + DAY) / 1000));
  });

  it('does not count refused requests', () => {
    const { clock, limiter: rl } = limiter({ anonymous: 2 });
    const start = clock.time;
    consumeMany(rl, 2, 'anonymous', 'a');
    for (let i = 0; i < 10; i += 1) {
      clock.advance(MINUTE);
      assert.equal(rl.consume('anonymous', 'a').allowed, false);
    }
    clock.time = start + HOUR;
    assert.equal(consumeMany(rl, 2, 'anonymous', 'a').filter((d) => d.allowed).length, 2);
  });

  it('keeps one log per caller and per level', () => {
    const { limiter: rl } = limiter({ anonymous: 1, free: 1 });
    assert.equal(rl.consume('anonymous', 'a').allowed, true);
    assert.equal(rl.consume('anonymous', 'a').allowed, false);
    assert.equal(rl.consume('anonymous', 'b').allowed, true);
    assert.equal(rl.consume('free', 'a').allowed, true);
  });

  it('peeks without counting, and reset() forgets everything', () => {
    const { limiter: rl } = limiter({ anonymous: 2 });
    rl.consume('anonymous', 'a');
    assert.equal(rl.peek('anonymous', 'a').remaining, 1);
    assert.equal(rl.peek('anonymous', 'a').remaining, 1);
    rl.consume('anonymous', 'a');
    assert.equal(rl.peek('anonymous', 'a').allowed, false);
    rl.reset();
    assert.equal(rl.peek('anonymous', 'a').remaining, 2);
  });

  it('stays correct over many windows and callers (memory is swept)', () => {
    const { clock, limiter: rl } = limiter({ anonymous: 5 });
    for (let i = 0; i < 3_000; i += 1) {
      rl.consume('anonymous', `caller-${i % 300}`);
      clock.advance(2 * MINUTE);
    }
    // caller-299 made its last request 2 minutes ago, caller-0 ten hours ago.
    assert.equal(rl.peek('anonymous', 'caller-299').remaining, 4);
    assert.equal(rl.peek('anonymous', 'caller-0').remaining, 5);
  });
});

describe('quota: environment variables', () => {
  it('reads KHOUNTOUS_QUOTA_* as positive integers and ignores unset ones', () => {
    assert.deepEqual(
      quotasFromEnv({ KHOUNTOUS_QUOTA_ANONYMOUS: '5000', KHOUNTOUS_QUOTA_PARTNER: '100000' }),
      { anonymous: 5000, partner: 100_000 },
    );
    assert.deepEqual(quotasFromEnv({}), {});
  });

  it('refuses values that are not positive integers', () => {
    for (const value of ['0', '-1', '1.5', 'lots', '1e3']) {
      assert.throws(() => quotasFromEnv({ KHOUNTOUS_QUOTA_FREE: value }), /KHOUNTOUS_QUOTA_FREE/);
    }
  });
});

describe('quota: memory bounded', () => {
  it('forgets callers whose requests all left the window, a few per decision, without a full sweep', () => {
    const { clock, limiter: rl } = limiter();
    for (let i = 0; i < 5_000; i += 1) rl.consume('anonymous', `caller-${i}`);
    assert.equal(rl.callers('anonymous'), 5_000);
    clock.advance(HOUR);
    rl.consume('anonymous', 'late');
    assert.equal(rl.callers('anonymous'), 5_000 - 64 + 1, 'at most 64 dropped by one decision');
    for (let i = 0; i < 100; i += 1) rl.peek('anonymous', 'late');
    assert.equal(rl.callers('anonymous'), 1, 'then the rest, over the next decisions');
    assert.equal(rl.peek('anonymous', 'caller-1').remaining, 60);
  });

  it('never remembers more than maxCallers per level: the least recently counted goes first', () => {
    const { clock } = limiter();
    const rl = new RateLimiter({ now: clock.now, maxCallers: 1_000, quotas: { anonymous: 20 } });
    rl.consume('anonymous', 'regular');
    for (let i = 0; i < 5_000; i += 1) {
      if (i % 500 === 0) rl.consume('anonymous', 'regular');
      rl.consume('anonymous', `flood-${i}`);
    }
    assert.equal(rl.callers('anonymous'), 1_000);
    assert.equal(rl.peek('anonymous', 'regular').remaining, 9, 'a caller still counting is kept');
    assert.equal(rl.peek('anonymous', 'flood-0').remaining, 20, 'the oldest was forgotten');
    assert.equal(rl.peek('anonymous', 'flood-4999').remaining, 19);
  });

  it('reads KHOUNTOUS_QUOTA_MAX_CALLERS', () => {
    assert.equal(maxCallersFromEnv({ KHOUNTOUS_QUOTA_MAX_CALLERS: '5000' }), 5_000);
    assert.equal(maxCallersFromEnv({}), undefined);
    assert.throws(
      () => maxCallersFromEnv({ KHOUNTOUS_QUOTA_MAX_CALLERS: '0' }),
      /KHOUNTOUS_QUOTA_MAX_CALLERS/,
    );
  });
});
