/**
 * A real nginx with the shared cache tier (deploy/nginx/) in front of the
 * reference API, both on 127.0.0.1, for the tests of test/proxy/: finds nginx
 * once (skipReason) and starts the tier of scripts/tier.ts with it. The API
 * runs in this process, so the tests count what reaches it, stop it and start
 * it again on the same port.
 */
// @ts-expect-error: a plain .mjs script without declarations
import { resolveNginx } from '../../scripts/nginx.mjs';
import { startTier as startTierWith, type Tier, type TierOptions } from '../../scripts/tier.js';

export { freePort, type Tier } from '../../scripts/tier.js';

interface NginxFound {
  available: boolean;
  path?: string;
  reason?: string;
}

let found: NginxFound | undefined;

/**
 * Why the tests of the tier cannot run here (nginx missing and not
 * installable), or false. Under CI a missing nginx throws: it must fail.
 */
export function skipReason(): string | false {
  found ??= resolveNginx((message: string) => console.warn(`  ${message}`)) as NginxFound;
  if (found.available) return false;
  if (process.env.CI) throw new Error(`nginx is required under CI: ${found.reason}`);
  return `nginx unavailable: ${found.reason}`;
}

export function startTier(options: TierOptions = {}): Promise<Tier> {
  if (!found?.path) return Promise.reject(new Error('call skipReason() first'));
  return startTierWith(found.path, options);
}
