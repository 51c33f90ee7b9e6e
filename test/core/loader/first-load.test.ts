/**
 * The loader before its first data: the channel between tabs is open and a
 * failure plans its recovery from the loader's creation, so that nothing a
 * page does before its first data waits. On the fake clock and a fake fetch
 * over the reference API.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isKhountousError } from '../../../src/core/errors.js';
import type { Loaded } from '../../../src/core/loader/loader.js';
import { BASE_URL, jsonResponse } from '../../helpers/fake-fetch.js';
import { loaderEnv } from '../../helpers/loader-env.js';

const regionsKey = `${BASE_URL}/regions?lang=fr`;
const entriesPosted = (posted: unknown[]) =>
  posted.filter((message) => (message as { type?: string }).type === 'entry') as { key: string }[];

describe('the loader before its first data', () => {
  test('a tab that has loaded nothing hears the entry another tab stores, as it is stored', async () => {
    const env = loaderEnv({ crossTab: true });
    const other = env.tab();
    const heard: Loaded<unknown>[] = [];
    other.loader.subscribe({ kind: 'regions' }, BASE_URL, (told) => heard.push(told));
    const loaded = await env.load({ kind: 'regions' });
    await env.clock.settle();
    assert.deepEqual(
      entriesPosted(env.hub!.posted).map((message) => message.key),
      [regionsKey],
      'posted with the first data',
    );
    assert.equal(heard.length, 1, 'the other tab heard it');
    assert.deepEqual(heard[0]!.data, loaded.data);
    assert.equal(env.api.count, 1, 'no request from the other tab');
  });

  test('a tab that has loaded nothing hears the budget another tab spends', async () => {
    const env = loaderEnv({ crossTab: true });
    const other = env.tab();
    await env.clock.settle();
    const before = other.events.length;
    await env.load({ kind: 'regions' });
    await env.clock.settle();
    assert.ok(other.events.length > before, 'a khountous-quota event in the other tab');
    assert.equal(other.loader.stats(BASE_URL).remaining, 59, 'the request counted there too');
  });

  test('the first failure plans its recovery: one attempt 30 s after it', async () => {
    const env = loaderEnv({ loader: { maxRetries: 0 } });
    const expected = await env.api.direct('/regions?lang=fr');
    const stop = env.api.intercept(() => jsonResponse({ error: { code: 'internal', message: 'down' } }, 503));
    const heard: Loaded<unknown>[] = [];
    env.loader.subscribe({ kind: 'regions' }, BASE_URL, (told) => heard.push(told));
    const failed = await env.load({ kind: 'regions' }).catch((error: unknown) => error);
    assert.ok(isKhountousError(failed, 'server'), String(failed));
    stop();
    await env.clock.advance(30_000 - 1);
    assert.equal(env.api.count, 1, 'nothing before 30 s');
    await env.clock.advance(1);
    assert.equal(env.api.count, 2, 'the recovery came 30 s after the failure');
    assert.equal(heard.length, 1);
    assert.deepEqual(heard[0]!.data, expected);
  });
});
