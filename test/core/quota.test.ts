/**
 * The loader against the reference API with the document's anonymous quota
 * (60 requests per hour), on a simulated clock: more distinct resources than
 * the quota allows never cause a 429, and each one gets data or a quota error
 * that says when data will be available.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isKhountousError } from '../../src/core/errors.js';
import type { Loaded, Resource } from '../../src/core/loader/loader.js';
import type { AdministrationListItem, ListEnvelope, ReportListItem } from '../../src/core/types.js';
import { REGION_CODES } from '../../src/core/types.js';
import { loaderEnv, settleAll, type LoaderEnv } from '../helpers/loader-env.js';

const HOUR = 3_600_000;

/** 80 distinct resources of every kind, none covering another. */
async function eightyResources(env: LoaderEnv): Promise<Resource[]> {
  const admins = await env.api.direct<ListEnvelope<AdministrationListItem>>('/administrations?limit=40');
  const reports = await env.api.direct<ListEnvelope<ReportListItem>>('/khountous?limit=14');
  const resources: Resource[] = [
    ...admins.data.map((item): Resource => ({ kind: 'administration', slug: item.slug })),
    ...reports.data.map((item): Resource => ({ kind: 'report', slug: item.slug })),
    ...REGION_CODES.map((region): Resource => ({ kind: 'administrations', query: { region, limit: 5 } })),
    ...[1, 2, 3, 4, 5, 6].map((page): Resource => ({
      kind: 'reports',
      query: { limit: 5, page, lang: 'en' },
    })),
    { kind: 'regions', lang: 'fr' },
    { kind: 'regions', lang: 'en' },
    { kind: 'dataset', id: 'fact-checks' },
    { kind: 'dataset', id: 'response-times' },
    { kind: 'verifications', query: { limit: 10 } },
    { kind: 'verifications', query: { limit: 10, lang: 'en' } },
  ];
  assert.equal(resources.length, 80);
  return resources;
}

type Outcome = PromiseSettledResult<Loaded<unknown>>;

/** Loads at the current time; each outcome keeps the time it was met. */
async function loadNow(env: LoaderEnv, resources: Resource[]): Promise<{ outcome: Outcome; at: number }[]> {
  const outcomes = await settleAll(
    env,
    resources.map((resource) => env.load(resource)),
  );
  return outcomes.map((outcome) => ({ outcome, at: env.clock.now() }));
}

/** Every outcome is data or a quota error saying when data will be available. */
function check(outcomes: { outcome: Outcome; at: number }[]): { data: number; quota: number } {
  let data = 0;
  let quota = 0;
  for (const { outcome, at } of outcomes) {
    if (outcome.status === 'fulfilled') {
      assert.ok(outcome.value.data !== undefined, 'outcome.value.data !== undefined');
      data++;
    } else {
      assert.ok(isKhountousError(outcome.reason, 'quota'), String(outcome.reason));
      assert.ok(outcome.reason.resetAt! > at, 'the quota error says when data will be available');
      assert.ok(outcome.reason.resetAt! <= at + HOUR, 'outcome.reason.resetAt! <= at + HOUR');
      quota++;
    }
  }
  return { data, quota };
}

describe('80 distinct resources within one hour (quota 60)', () => {
  test('one every 45 seconds: 60 requests, not one 429, the rest a quota error', async () => {
    const env = loaderEnv();
    const resources = await eightyResources(env);
    const outcomes: { outcome: Outcome; at: number }[] = [];
    for (const resource of resources) {
      outcomes.push(...(await loadNow(env, [resource])));
      await env.clock.advance(45_000);
    }
    assert.ok(env.api.count <= 60, `${env.api.count} requests`);
    assert.equal(env.api.count, 60, 'the whole budget is used');
    assert.deepEqual(
      env.api.statuses.filter((status) => status === 429),
      [],
    );
    assert.deepEqual(check(outcomes), { data: 60, quota: 20 });
  });

  test('all at once (a page with 80 widgets): at most 60 requests, not one 429', async () => {
    const env = loaderEnv();
    const resources = await eightyResources(env);
    const outcomes = await loadNow(env, resources);
    assert.ok(env.api.count <= 60, `${env.api.count} requests`);
    assert.deepEqual(
      env.api.statuses.filter((status) => status === 429),
      [],
    );
    const { data, quota } = check(outcomes);
    assert.equal(data + quota, 80);
    assert.equal(data, env.api.count);
  });

  test('two tabs of one site share the 60: not one 429', async () => {
    const env = loaderEnv({ crossTab: true });
    const other = env.tab();
    const resources = await eightyResources(env);
    const outcomes: { outcome: Outcome; at: number }[] = [];
    for (let i = 0; i < resources.length; i += 2) {
      const pair = await settleAll(env, [env.load(resources[i]!), other.load(resources[i + 1]!)]);
      outcomes.push(...pair.map((outcome) => ({ outcome, at: env.clock.now() })));
      await env.clock.advance(40_000);
    }
    assert.equal(env.api.count, 60);
    assert.deepEqual(
      env.api.statuses.filter((status) => status === 429),
      [],
    );
    assert.deepEqual(check(outcomes), { data: 60, quota: 20 });
  });

  test('once the oldest requests leave the window, the refused resources load', async () => {
    const env = loaderEnv();
    const resources = await eightyResources(env);
    const first = await settleAll(
      env,
      resources.map((resource) => env.load(resource)),
    );
    const refused = resources.filter((_, index) => first[index]!.status === 'rejected');
    assert.ok(refused.length >= 20, 'refused.length >= 20');
    const sent = env.api.count;
    await env.clock.advance(HOUR);
    const later = await settleAll(
      env,
      refused.map((resource) => env.load(resource)),
    );
    assert.deepEqual(
      later.map((outcome) => outcome.status),
      refused.map(() => 'fulfilled'),
    );
    assert.ok(env.api.count > sent, 'env.api.count > sent');
    assert.deepEqual(
      env.api.statuses.filter((status) => status === 429),
      [],
    );
  });
});
