/**
 * Shared helpers of the reference API tests: a settable clock and a way to
 * call `createApi().handle` with plain paths.
 */
import { createApi, type ApiOptions, type KhountousApi } from '../../demo/api/handler.js';
import { DATA_EPOCH } from '../../demo/api/data.js';

export const ORIGIN = 'http://api.test';
export const CLIENT = '203.0.113.7';
export const FREE_KEY = 'demo-free-key';
export const PARTNER_KEY = 'demo-partner-key';

/** A clock the test moves by hand; starts one day after the data epoch. */
export class FakeClock {
  constructor(public time = DATA_EPOCH + 24 * 3_600_000) {}

  readonly now = (): number => this.time;

  advance(ms: number): void {
    this.time += ms;
  }
}

export interface TestApi {
  api: KhountousApi;
  clock: FakeClock;
  /** Sends a request to `/v1${path}` from CLIENT (or `address`). */
  call(path: string, init?: RequestInit, address?: string): Promise<Response>;
  /** GET `/v1${path}`, asserting nothing; returns the parsed JSON body. */
  json<T = unknown>(path: string, init?: RequestInit): Promise<{ response: Response; body: T }>;
}

/** An API with a fake clock and quotas high enough not to get in the way (unless given). */
export function testApi(options: ApiOptions = {}): TestApi {
  const clock = new FakeClock();
  const api = createApi({
    now: clock.now,
    env: {},
    quotas: { anonymous: 100_000, free: 100_000, partner: 100_000 },
    ...options,
  });
  const call = (path: string, init?: RequestInit, address = CLIENT): Promise<Response> =>
    api.handle(new Request(`${ORIGIN}/v1${path}`, init), address);
  const json = async <T>(path: string, init?: RequestInit) => {
    const response = await call(path, init);
    return { response, body: (await response.json()) as T };
  };
  return { api, clock, call, json };
}

export const bearer = (key: string): Record<string, string> => ({ Authorization: `Bearer ${key}` });

/** A valid ReportSubmission body for POST /khountous. */
export function submission(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Robinet public à sec depuis une semaine au marché central',
    description: "Le robinet public du marché central ne donne plus d'eau depuis lundi.",
    category: 'service-outage',
    region: 'kolda',
    administration: 'mairie-de-kolda',
    lang: 'fr',
    ...overrides,
  };
}

export function postReport(
  test: TestApi,
  body: unknown,
  headers: Record<string, string> = bearer(PARTNER_KEY),
): Promise<Response> {
  return test.call('/khountous', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
