/**
 * The server's total of requests per API and key as the WordPress plugin reads it
 * (includes/data.php, includes/settings.php): the rules of src/ssr/total.ts, the
 * server render's, with its times in seconds, as PHP counts them.
 */
import { BUDGET_PERIODS, DEFAULT_BUDGET, RESERVE_SHARE, type RenderBudget } from '../../../src/ssr/total.js';

/** Milliseconds as whole seconds; a time that is not one cannot be written for PHP. */
function seconds(ms: number): number {
  if (!Number.isSafeInteger(ms / 1000)) throw new Error(`${ms} ms is not a whole number of seconds`);
  return ms / 1000;
}

const inSeconds = ({ requests, per }: RenderBudget) => ({ requests, per: seconds(per) });

/** The defaults (anonymous, with a key), the periods a total is written per, and the share refreshes leave. */
export function serverBudget() {
  return {
    anonymous: inSeconds(DEFAULT_BUDGET.anonymous),
    key: inSeconds(DEFAULT_BUDGET.key),
    periods: Object.fromEntries(Object.entries(BUDGET_PERIODS).map(([name, ms]) => [name, seconds(ms)])),
    reserve: { ...RESERVE_SHARE },
  };
}
