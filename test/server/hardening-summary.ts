/**
 * For the test runner: collects the scenario counts the hardening test files
 * send (`POST /__hardening/scenarios`, see test/hardening/scenarios.ts) and
 * prints one table for the engine when the run ends, after the test results:
 *
 *   hardening scenarios (chromium, 9 files): 143/143 held
 *     faults         32/32 held
 *     ...
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CATEGORIES, summary, type Category, type Tally } from '../hardening/scenarios.js';

interface KoaContext {
  req: IncomingMessage;
  res: ServerResponse;
  respond?: boolean;
}

interface Posted {
  engine: string;
  file: string;
  counts: Partial<Record<Category, Tally>>;
}

function isPosted(value: unknown): value is Posted {
  if (typeof value !== 'object' || value === null) return false;
  const { engine, file, counts } = value as Record<string, unknown>;
  return (
    typeof engine === 'string' && typeof file === 'string' && typeof counts === 'object' && counts !== null
  );
}

export function hardeningSummary() {
  /** file -> its last counts (a file run twice counts once). */
  const files = new Map<string, Posted>();

  const middleware = async (ctx: KoaContext, next: () => Promise<void>): Promise<void> => {
    if (ctx.req.url !== '/__hardening/scenarios' || ctx.req.method !== 'POST') return next();
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      body = undefined;
    }
    ctx.respond = false;
    ctx.res.statusCode = isPosted(body) ? 204 : 400;
    if (isPosted(body)) files.set(body.file, body);
    ctx.res.end();
  };

  const reporter = {
    // `stop` comes after every other reporter's end-of-run output.
    stop() {
      if (files.size === 0) return;
      const total: Partial<Record<Category, Tally>> = {};
      const engines = new Set<string>();
      for (const { engine, counts } of files.values()) {
        engines.add(engine);
        for (const category of CATEGORIES) {
          const tally = counts[category];
          if (!tally) continue;
          const sum = (total[category] ??= { tried: 0, held: 0, cases: 0, broken: [] });
          sum.tried += Number(tally.tried) || 0;
          sum.held += Number(tally.held) || 0;
          sum.cases += Number(tally.cases) || 0;
          if (Array.isArray(tally.broken)) sum.broken.push(...tally.broken.map(String));
        }
      }
      const label = `${[...engines].join(', ')}, ${files.size} file${files.size === 1 ? '' : 's'}`;
      // eslint-disable-next-line no-console
      console.log(`\n${summary(label, total)}`);
    },
  };

  return { middleware, reporter };
}
