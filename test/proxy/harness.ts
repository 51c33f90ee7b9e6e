/**
 * The shared cache tier on a real nginx (deploy/nginx/) or a real Varnish
 * (deploy/varnish/) in front of the reference API, all on 127.0.0.1, for the
 * tests of test/proxy/: every case runs for each engine of ENGINES. Finds each
 * engine once (skipReason) and starts the tier of scripts/tier/tier.ts with it. The
 * API runs in this process, so the tests count what reaches it, stop it and
 * start it again on the same port.
 */
import {
  ENGINES,
  resolveEngine,
  startEngineTier as startEngineTierWith,
  startTier as startTierWith,
  type Engine,
  type EngineFound,
  type EngineTier,
  type EngineTierOptions,
  type Tier,
  type TierOptions,
} from '../../scripts/tier/tier.js';

export { ENGINES, freePort, type Engine, type EngineTier, type Tier } from '../../scripts/tier/tier.js';

const found = new Map<Engine, EngineFound>();

function resolved(engine: Engine): EngineFound {
  let result = found.get(engine);
  if (!result) {
    result = resolveEngine(engine, (message: string) => console.warn(`  ${message}`));
    found.set(engine, result);
  }
  return result;
}

/**
 * Why the tests of the tier on `engine` cannot run here (its Debian packages
 * missing and not installable), or false. Under CI a missing engine throws: it must fail.
 */
export function skipReason(engine: Engine): string | false {
  const result = resolved(engine);
  if (result.available) return false;
  if (process.env.CI) throw new Error(`${engine} is required under CI: ${result.reason}`);
  return `${engine} unavailable: ${result.reason}`;
}

/** The reference API and the tier on `engine` in front of it. */
export function startTier(engine: Engine, options: TierOptions = {}): Promise<Tier> {
  return startTierWith(resolved(engine), options);
}

/** The tier on `engine` in front of another upstream (a URL) whose Host is `apiHost`. */
export function startEngineTier(
  engine: Engine,
  upstream: string,
  apiHost: string,
  options: EngineTierOptions = {},
): Promise<EngineTier> {
  return startEngineTierWith(resolved(engine), upstream, apiHost, options);
}

/** `ENGINES`, each with the reason its tests skip (false: they run). */
export const engines = (): [Engine, string | false][] =>
  ENGINES.map((engine) => [engine, skipReason(engine)]);
