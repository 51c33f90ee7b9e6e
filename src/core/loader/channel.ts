/**
 * The BroadcastChannel between the tabs of an origin (the lock per key is in
 * cross-tab.ts), opened with the loader.
 */
import { NAMES } from '../names.js';
import type { ChannelLike, EntryMessage, TabMessage } from './cross-tab.js';
import { isObject } from '../is-object.js';

export interface Channel {
  post(message: TabMessage): void;
}

/**
 * The channel between tabs (`null`: none), with the messages that arrive
 * checked: `receive` gets only well-formed messages of this version.
 */
export function openChannel(
  factory: ((name: string) => ChannelLike) | null | undefined,
  receive: (message: TabMessage) => void,
  name: string = NAMES.channel,
): Channel {
  let channel: ChannelLike | undefined;
  try {
    const Channel = (
      globalThis as { BroadcastChannel?: new (name: string) => ChannelLike & { unref?: () => void } }
    ).BroadcastChannel;
    const opened = factory === undefined ? Channel && new Channel(name) : factory?.(name);
    (opened as { unref?: () => void } | undefined)?.unref?.(); // Node: do not keep the process alive
    channel = opened;
  } catch {
    channel = undefined;
  }
  channel?.addEventListener('message', ({ data }) => {
    const message = readMessage(data);
    if (message) receive(message);
  });
  return {
    post(message) {
      try {
        channel?.postMessage({ v: 1, ...message });
      } catch {
        // a closed channel or data that cannot be cloned: the other tabs read storage
      }
    },
  };
}

const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;

function readMessage(raw: unknown): TabMessage | undefined {
  if (!isObject(raw)) return undefined;
  const message = raw as Record<string, unknown>;
  if (message['v'] !== 1) return undefined;
  if (message['type'] === 'budget') return { type: 'budget' };
  const { key, family = key, window, etag, fetchedAt, downloadedAt = 0, data } = message;
  if (
    message['type'] !== 'entry' ||
    typeof key !== 'string' ||
    typeof family !== 'string' ||
    !Number.isFinite(fetchedAt) ||
    !Number.isFinite(downloadedAt) ||
    data === undefined ||
    (etag !== undefined && typeof etag !== 'string') ||
    (window !== undefined && !(Array.isArray(window) && window.length === 2 && window.every(isCount)))
  ) {
    return undefined;
  }
  return message as unknown as EntryMessage;
}
