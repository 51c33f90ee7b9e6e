/**
 * The loader before later.ts arrives (the channel between tabs, the recovery):
 * a page imports that module after its first data, and nothing done meanwhile
 * is lost. The module's arrival is held by the test (the `later` option), on
 * the fake clock and a fake fetch over the reference API.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isKhountousError } from '../../../src/core/errors.js';
import { later, type Later } from '../../../src/core/loader/later.js';
import type { Loaded } from '../../../src/core/loader/loader.js';
import { BASE_URL, jsonResponse } from '../../helpers/fake-fetch.js';
import { loaderEnv } from '../../helpers/loader-env.js';

/** later.ts as the test hands it over: `asked` counts the imports, `arrive()` ends the wait. */
function heldModule() {
  let arrive!: () => void;
  const gate = new Promise<Later>((resolve) => (arrive = () => resolve(later)));
  const held = { asked: 0, arrive, bring: () => (held.asked++, gate) };
  return held;
}

const regionsKey = `${BASE_URL}/regions?lang=fr`;
const entriesPosted = (posted: unknown[]) =>
  posted.filter((message) => (message as { type?: string }).type === 'entry') as { key: string }[];

describe('the loader before later.ts arrives', () => {
  test('nothing is asked for before the first data; the entry stored meanwhile reaches the other tabs when it arrives', async () => {
    const held = heldModule();
    const env = loaderEnv({ crossTab: true, loader: { later: held.bring } });
    assert.equal(held.asked, 0, 'not at creation');
    const loaded = await env.load({ kind: 'regions' });
    assert.equal(held.asked, 1, 'asked for once the first data is there');
    assert.deepEqual(entriesPosted(env.hub!.posted), [], 'the entry waits for the channel');

    // Another tab whose loader opened its channel (it has the module).
    const other = env.tab({ later });
    const heard: Loaded<unknown>[] = [];
    other.loader.subscribe({ kind: 'regions' }, BASE_URL, (told) => heard.push(told));

    held.arrive();
    await env.clock.settle();
    assert.deepEqual(
      entriesPosted(env.hub!.posted).map((message) => message.key),
      [regionsKey],
      'posted once the module arrived',
    );
    assert.equal(heard.length, 1, 'the other tab heard it');
    assert.deepEqual(heard[0]!.data, loaded.data);
    assert.equal(env.api.count, 1, 'no request from the other tab');
    await env.load({ kind: 'regions' });
    assert.equal(held.asked, 1, 'asked for once');
  });

  test('a failure before the module arrives plans its recovery when it does', async () => {
    const held = heldModule();
    const env = loaderEnv({ loader: { later: held.bring, maxRetries: 0 } });
    const expected = await env.api.direct('/regions?lang=fr');
    const stop = env.api.intercept(() => jsonResponse({ error: { code: 'internal', message: 'down' } }, 503));
    const heard: Loaded<unknown>[] = [];
    env.loader.subscribe({ kind: 'regions' }, BASE_URL, (told) => heard.push(told));
    const failed = await env.load({ kind: 'regions' }).catch((error: unknown) => error);
    assert.ok(isKhountousError(failed, 'server'), String(failed));
    assert.equal(held.asked, 1, 'asked for at the first failure');
    stop();
    await env.clock.advance(60_000);
    assert.equal(env.api.count, 1, 'no attempt without the module');

    held.arrive();
    await env.clock.settle();
    await env.clock.advance(30_000);
    assert.equal(env.api.count, 2, 'the recovery came 30 s after the module');
    assert.equal(heard.length, 1);
    assert.deepEqual(heard[0]!.data, expected);
  });

  test('a loader given the module itself opens its channel at once', async () => {
    const env = loaderEnv({ crossTab: true, loader: { later } });
    const other = env.tab({ later });
    const heard: Loaded<unknown>[] = [];
    other.loader.subscribe({ kind: 'regions' }, BASE_URL, (told) => heard.push(told));
    await env.load({ kind: 'regions' });
    await env.clock.settle();
    assert.equal(heard.length, 1);
  });
});
