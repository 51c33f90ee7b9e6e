/**
 * Property-based tests of the parsing (fast-check): arbitrary JSON, arbitrary
 * text, arbitrary statuses and headers fed to every endpoint as the loader
 * requests and checks it (http.ts `get`, answers.ts `checkedAnswer`) through a fake fetch, and arbitrary garbage under the kit's storage keys fed
 * to the loader. Nothing escapes but a typed KhountousError, what is accepted
 * matches its schema, and every value of the documented shapes is accepted.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as v from '../../src/core/check.js';
import { describe as target } from '../../src/core/endpoints.js';
import { get, type ApiResponse } from '../../src/core/http.js';
import { ANSWERS, checkedAnswer } from '../../src/core/answers.js';
import { ERROR_KINDS, isKhountousError } from '../../src/core/errors.js';
import { createLoader, type Resource } from '../../src/core/loader/loader.js';
import {
  administrationListSchema,
  administrationSchema,
  datasetJsonSchema,
  factCheckListSchema,
  regionListSchema,
  reportListSchema,
  reportSchema,
} from '../../src/core/schemas.js';
import { createSafeStorage, STORAGE_PREFIX } from '../../src/core/storage.js';
import { createMemoryStorage } from '../helpers/fake-browser.js';
import { createFakeClock } from '../helpers/fake-clock.js';
import { BASE_URL, createFakeFetch } from '../helpers/fake-fetch.js';
import { SHAPES, anyJson, nearlyValid, text } from './arbitraries.js';

const RUNS = 150;

type Kind = keyof typeof SHAPES;

const ENDPOINTS: Record<Kind, { resource: Resource; schema: v.Schema }> = {
  administrations: { resource: { kind: 'administrations' }, schema: administrationListSchema },
  administration: { resource: { kind: 'administration', slug: 'some-slug' }, schema: administrationSchema },
  reports: { resource: { kind: 'reports' }, schema: reportListSchema },
  report: { resource: { kind: 'report', slug: 'some-slug' }, schema: reportSchema },
  verifications: { resource: { kind: 'verifications' }, schema: factCheckListSchema },
  regions: { resource: { kind: 'regions' }, schema: regionListSchema },
  dataset: { resource: { kind: 'dataset', id: 'some-id' }, schema: datasetJsonSchema },
};
const KINDS = Object.keys(ENDPOINTS) as Kind[];

/** The request of `kind` as the loader sends and checks it, to a fetch that answers `respond()`. */
const request = (kind: Kind, respond: () => Response): Promise<ApiResponse<unknown>> =>
  get(
    { fetch: async () => respond(), now: () => Date.UTC(2026, 0, 1) },
    target(ENDPOINTS[kind].resource, BASE_URL),
  ).then((response) => checkedAnswer(ANSWERS[kind], response));

const json = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });

/** Calls the endpoint; returns 'data' (checked against its schema) or the error's kind. Anything else throws. */
async function outcome(kind: Kind, respond: () => Response): Promise<string> {
  const { schema } = ENDPOINTS[kind];
  try {
    const response = await request(kind, respond);
    assert.ok(v.is(schema, response.data), 'accepted data matches its schema');
    return 'data';
  } catch (error) {
    assert.ok(isKhountousError(error), `only KhountousError escapes, not ${String(error)}`);
    assert.ok((ERROR_KINDS as readonly string[]).includes(error.kind));
    return error.kind;
  }
}

/** Runs a property over `runs` generated inputs. */
async function property<T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<void>, runs = RUNS) {
  await fc.assert(fc.asyncProperty(arbitrary, check), { numRuns: runs });
}

describe('parsing arbitrary answers', () => {
  for (const kind of KINDS) {
    test(`${kind}: arbitrary JSON gives data that matches the schema or "invalid-response"`, () =>
      property(anyJson, async (body) => {
        const result = await outcome(kind, () => json(JSON.stringify(body)));
        assert.ok(['data', 'invalid-response'].includes(result), result);
      }));

    test(`${kind}: arbitrary text as the body gives "invalid-response" or data`, () =>
      property(text, async (body) => {
        const result = await outcome(kind, () => json(body));
        assert.ok(['data', 'invalid-response'].includes(result), result);
      }));

    test(`${kind}: every value of the documented shape is accepted, whatever its texts`, () =>
      property(SHAPES[kind] as fc.Arbitrary<unknown>, async (body) => {
        assert.equal(await outcome(kind, () => json(JSON.stringify(body))), 'data');
      }));

    test(`${kind}: one field missing, retyped or added gives data or "invalid-response"`, () =>
      property(nearlyValid(kind), async (body) => {
        const result = await outcome(kind, () => json(JSON.stringify(body)));
        assert.ok(['data', 'invalid-response'].includes(result), result);
      }));
  }

  test('arbitrary statuses, content types, bodies and rate-limit headers give a typed error with the right kind', () =>
    property(
      fc.record({
        kind: fc.constantFrom(...KINDS),
        status: fc.integer({ min: 200, max: 599 }),
        type: fc.oneof(
          fc.constantFrom('application/json', 'application/problem+json', 'text/html', 'text/plain', ''),
          text,
        ),
        body: fc.oneof(
          text,
          anyJson.map((value) => JSON.stringify(value)),
        ),
        headers: fc.dictionary(
          fc.constantFrom(
            'Retry-After',
            'X-RateLimit-Limit',
            'X-RateLimit-Remaining',
            'X-RateLimit-Reset',
            'ETag',
          ),
          fc.oneof(fc.stringMatching(/^[\x20-\x7e]{0,20}$/), fc.integer().map(String)),
        ),
      }),
      async ({ kind, status, type, body, headers }) => {
        const safeType = /^[\x20-\x7e]*$/.test(type) ? type : 'text/plain';
        const nullBody = [204, 205, 304].includes(status);
        const result = await outcome(
          kind,
          () =>
            new Response(nullBody ? null : body, {
              status,
              headers: { ...headers, ...(safeType ? { 'Content-Type': safeType } : {}) },
            }),
        );
        if (status === 429) assert.equal(result, 'quota');
        else if (status >= 500) assert.equal(result, 'server');
        else if (status === 404) assert.equal(result, 'not-found');
        else if (status >= 300) assert.notEqual(result, 'data');
      },
    ));

  test('a 429 always says when to come back, as a finite time not before now', () =>
    property(fc.option(fc.string(), { nil: undefined }), async (retryAfter) => {
      const now = Date.UTC(2026, 0, 1);
      const headers: Record<string, string> = {};
      if (retryAfter !== undefined && /^[\x20-\x7e]*$/.test(retryAfter)) headers['Retry-After'] = retryAfter;
      try {
        await request('regions', () => json('{}', 429, headers));
        assert.fail('a 429 is an error');
      } catch (error) {
        assert.ok(isKhountousError(error, 'quota'));
        assert.ok(Number.isFinite(error.resetAt) && error.resetAt! >= now, String(error.resetAt));
      }
    }));
});

describe('the loader over corrupted storage', () => {
  const KIT_KEYS = [
    'cache-index',
    `budget:${new URL(BASE_URL).origin}`,
    `e:${BASE_URL}/regions?lang=fr`,
    'budget:same-origin',
  ];

  test('garbage under the kit keys: loads still answer with valid data', () =>
    property(
      fc.dictionary(
        fc.oneof(fc.constantFrom(...KIT_KEYS), text),
        fc.oneof(
          text,
          anyJson.map((value) => JSON.stringify(value)),
          fc
            .record({ d: anyJson, f: fc.oneof(fc.integer(), fc.double()), e: fc.option(text) })
            .map((item) => JSON.stringify(item)),
          fc
            .record({
              log: fc.array(fc.tuple(fc.oneof(fc.double(), fc.integer()), text, fc.integer()), {
                maxLength: 80,
              }),
              floor: fc.record({
                remaining: fc.integer(),
                seq: fc.integer(),
                until: fc.double(),
                at: fc.double(),
              }),
              limit: fc.tuple(fc.integer(), fc.double()),
            })
            .map((state) => JSON.stringify(state)),
        ),
        { maxKeys: 6 },
      ),
      async (garbage) => {
        const clock = createFakeClock();
        const api = createFakeFetch({ now: clock.now });
        const backend = createMemoryStorage();
        for (const [key, value] of Object.entries(garbage)) backend.setItem(STORAGE_PREFIX + key, value);
        const loader = createLoader({
          fetch: api.fetch,
          now: clock.now,
          setTimeout: clock.setTimeout,
          clearTimeout: clock.clearTimeout,
          storage: createSafeStorage({ backend }),
          locks: null,
          broadcastChannel: null,
          intersectionObserver: null,
        });
        const resource: Resource = { kind: 'regions' };
        const loading = loader.load(resource, { baseUrl: BASE_URL });
        await clock.advance(5000);
        const loaded = await loading;
        assert.ok(v.is(regionListSchema, loaded.data));
      },
      100,
    ));
});
