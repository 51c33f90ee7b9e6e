/**
 * The registry of entries (one per cache key) stays bounded: idle entries
 * (no flight, subscriber, recovery, near-viewport wait, nor quiet period
 * still running) are dropped when a new entry finds the registry large.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describe as describeResource } from '../../../src/core/endpoints.js';
import { createEntries, join, type Flight } from '../../../src/core/loader/entry.js';
import { isKhountousError } from '../../../src/core/errors.js';

const target = (slug: string) => describeResource({ kind: 'administration', slug }, 'https://api.test/v1');

describe('the entry registry', () => {
  test('one entry per key, found again', () => {
    const entries = createEntries(() => 0);
    const entry = entries.of(target('a'));
    assert.equal(entries.of(target('a')), entry);
    assert.equal(entries.find(target('a').key), entry);
    assert.notEqual(entries.of(target('b')), entry);
  });

  test('idle entries are dropped when the registry grows; busy ones and running quiet periods stay', () => {
    let now = 0;
    const entries = createEntries(() => now);
    const subscribed = entries.of(target('subscribed'));
    subscribed.subscribers.add({ target: subscribed.target, listener: () => {}, partial: false });
    entries.of(target('quiet')).quietUntil = 10_000;
    for (let i = 0; i < 31; i++) entries.of(target(`failed-${i}`)).quietUntil = 1_000;
    // The registry reached 33: nothing was idle (every quiet period runs), so all stay.
    assert.equal([...entries.all()].length, 33);
    now = 2_000; // the quiet periods of the failed revalidations ended
    for (let i = 0; i < 40; i++) entries.of(target(`later-${i}`));
    const keys = [...entries.all()].map((entry) => entry.target.key);
    assert.ok(keys.length < 40, `${keys.length} entries kept`);
    assert.ok(entries.find(subscribed.target.key), 'an entry with a subscriber stays');
    assert.ok(entries.find(target('quiet').key), 'a running quiet period stays');
    assert.ok(!keys.some((key) => key.includes('failed-')), 'ended quiet periods went');
  });
});

describe('join', () => {
  const flight = (): Flight & { resolve: (value: never) => void } => {
    let resolve!: (value: never) => void;
    const promise = new Promise<never>((done) => (resolve = done));
    return { controller: new AbortController(), promise, waiters: 0, settled: false, resolve };
  };

  test('the last caller to leave cancels the request; one who stays keeps it', async () => {
    const shared = flight();
    const a = new AbortController();
    const b = new AbortController();
    const first = join(shared, a.signal);
    const second = join(shared, b.signal);
    assert.equal(shared.waiters, 2);
    a.abort();
    await assert.rejects(first, (error) => isKhountousError(error, 'aborted'));
    assert.equal(shared.controller.signal.aborted, false);
    b.abort();
    await assert.rejects(second, (error) => isKhountousError(error, 'aborted'));
    assert.equal(shared.controller.signal.aborted, true);
    assert.equal(shared.waiters, 0);
  });

  test('a caller that waits to the end gets the entry and leaves the count balanced', async () => {
    const shared = flight();
    const waiting = join(shared);
    shared.resolve({ data: 1 } as never);
    assert.deepEqual(await waiting, { data: 1 });
    assert.equal(shared.waiters, 0);
    assert.equal(shared.controller.signal.aborted, false);
  });
});
