/**
 * The size of a server's total of requests per API and key: how it is written
 * (`20000/day`), its defaults from the API document's quotas, and the share of
 * it that refreshes of data already held leave to new resources.
 *
 * The one owner of these rules for every server that spends a site's key: the
 * server render (./render.ts `budget`), its CLI (./cli.ts `--budget`), and the
 * WordPress plugin, whose PHP reads them from includes/definitions.php, written
 * from here by scripts/generate/wordpress/data.ts.
 */
import { DEFAULT_QUOTAS, QUOTA_WINDOWS } from '../core/headers.js';
import { DEFAULTS } from '../core/loader/options.js';

/** At most `requests` requests in any window of `per` ms. */
export interface RenderBudget {
  requests: number;
  per: number;
}

/** The periods a total is written per, in ms: `1000/day`. */
export const BUDGET_PERIODS: Readonly<Record<'hour' | 'day', number>> = {
  hour: 3_600_000,
  day: 86_400_000,
};

/**
 * The default total, from the API document's quotas: without a key, the anonymous level's
 * (the browser loader's own default, 60 an hour); with one, the free key's (1,000 a day), the
 * lowest a key has, since a free key and a partner key look alike to their caller.
 */
export const DEFAULT_BUDGET: Readonly<Record<'anonymous' | 'key', RenderBudget>> = {
  anonymous: { requests: DEFAULTS.quotaLimit, per: DEFAULTS.quotaWindow },
  key: { requests: DEFAULT_QUOTAS.free, per: QUOTA_WINDOWS.free },
};

/** `20000/day` (or `N/hour`) as a total; undefined when it is not one. */
export function budgetOf(text: string | undefined): RenderBudget | undefined {
  const [, requests, period] = /^([1-9]\d{0,14})\/(hour|day)$/.exec(text ?? '') ?? [];
  return requests && period
    ? { requests: Number(requests), per: BUDGET_PERIODS[period as keyof typeof BUDGET_PERIODS] }
    : undefined;
}

/**
 * The share of a total that refreshes of data already held leave to new resources: the
 * share the browser's loader leaves them (10 of its 60), a sixth.
 */
export const RESERVE_SHARE: Readonly<{ requests: number; of: number }> = {
  requests: DEFAULTS.revalidationReserve,
  of: DEFAULTS.quotaLimit,
};

/** The requests of a total of `requests` that refreshes leave to new resources (RESERVE_SHARE, rounded down). */
export const reserveOf = (requests: number): number =>
  Math.floor((requests * RESERVE_SHARE.requests) / RESERVE_SHARE.of);
