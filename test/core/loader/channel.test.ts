/**
 * The channel between tabs (src/core/loader/channel.ts) on its own: what it sends, which
 * messages of other tabs it passes on (well-formed ones of this version only), and that a
 * channel that cannot be opened or refuses a message breaks nothing.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openChannel } from '../../../src/core/loader/channel.js';
import type { ChannelLike, TabMessage } from '../../../src/core/loader/cross-tab.js';

/** A channel that keeps what is posted and lets the test deliver messages of "other tabs". */
function fakeChannel() {
  const posted: unknown[] = [];
  const names: string[] = [];
  let listener: ((event: { data: unknown }) => void) | undefined;
  const factory = (name: string): ChannelLike => {
    names.push(name);
    return {
      postMessage: (message) => posted.push(message),
      addEventListener: (_type, added) => (listener = added),
      close: () => undefined,
    };
  };
  return { factory, posted, names, deliver: (data: unknown) => listener?.({ data }) };
}

const ENTRY = { v: 1, type: 'entry', key: 'k', data: { n: 1 }, fetchedAt: 1000 } as const;

describe('the channel between tabs', () => {
  test('opens the channel of its name and posts each message with the version', () => {
    const channel = fakeChannel();
    const open = openChannel(channel.factory, () => undefined, 'khountous-v1-test');
    open.post({ type: 'budget' });
    assert.deepEqual(channel.names, ['khountous-v1-test']);
    assert.deepEqual(channel.posted, [{ v: 1, type: 'budget' }]);
  });

  test('passes on well-formed messages of this version, and nothing else', () => {
    const channel = fakeChannel();
    const received: TabMessage[] = [];
    openChannel(channel.factory, (message) => received.push(message));
    const good = [
      ENTRY,
      { ...ENTRY, family: 'f', window: [2, 10], etag: '"e"', downloadedAt: 900 },
      { ...ENTRY, window: [1, 1] },
      { v: 1, type: 'budget', extra: true },
    ];
    const bad = [
      null,
      'entry',
      42,
      { ...ENTRY, v: 2 },
      { ...ENTRY, v: '1' },
      { ...ENTRY, type: 'other' },
      { ...ENTRY, key: 7 },
      { ...ENTRY, family: 7 },
      { ...ENTRY, fetchedAt: Number.NaN },
      { ...ENTRY, fetchedAt: '1000' },
      { ...ENTRY, downloadedAt: Number.POSITIVE_INFINITY },
      { ...ENTRY, data: undefined },
      { ...ENTRY, etag: 5 },
      { ...ENTRY, window: [1] },
      { ...ENTRY, window: [1, 2, 3] },
      { ...ENTRY, window: [0, 10] },
      { ...ENTRY, window: [1, 0.5] },
      { ...ENTRY, window: '1,10' },
    ];
    for (const message of [...bad, ...good]) channel.deliver(message);
    assert.equal(received.length, good.length, JSON.stringify(received));
    assert.deepEqual(received.at(-1), { type: 'budget' }, 'a budget message carries nothing else');
    assert.equal((received[0] as { key: string }).key, 'k');
  });

  test('an entry’s window is exactly a page and a limit; its key is a string even when a family is given', () => {
    const channel = fakeChannel();
    const received: TabMessage[] = [];
    openChannel(channel.factory, (message) => received.push(message));
    for (const window of [[1], [1, 2, 3], [2, 10], []]) channel.deliver({ ...ENTRY, family: 'f', window });
    channel.deliver({ ...ENTRY, key: 7, family: 'f' });
    channel.deliver({ ...ENTRY, key: ['k'], family: 'f' });
    assert.deepEqual(
      received.map((message) => (message as { window?: unknown }).window),
      [[2, 10]],
    );
  });

  test('no channel (null), one that cannot be opened, one that refuses a message: posting throws nothing', () => {
    assert.doesNotThrow(() => openChannel(null, () => undefined).post({ type: 'budget' }));
    const failing = openChannel(
      () => {
        throw new Error('BroadcastChannel is not allowed here');
      },
      () => undefined,
    );
    assert.doesNotThrow(() => failing.post({ type: 'budget' }));
    const refusing = openChannel(
      () => ({
        postMessage: () => {
          throw new DOMException('could not be cloned', 'DataCloneError');
        },
        addEventListener: () => undefined,
        close: () => undefined,
      }),
      () => undefined,
    );
    assert.doesNotThrow(() => refusing.post({ type: 'entry', key: 'k', data: () => 1, fetchedAt: 1 }));
  });
});
