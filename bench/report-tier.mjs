// The shared cache tier's section of docs/benchmarks.md: its table (bench/report-tables.mjs)
// with the run's settings and what each engine did, in words.
import { ENGINE_NAMES, count, mdTable, ms, tierEngines, tierSection } from './report-tables.mjs';

/** What the tier on one engine did (docs/benchmarks.md): its answers, its requests to the API, its slowest answer. */
function tierEngineText(t, name, tier) {
  const engine = ENGINE_NAMES[name] ?? name;
  const marks = Object.entries(tier.cacheStatus)
    .sort(([, a], [, b]) => b - a)
    .map(([mark, n]) => `${count(n)} ${mark}`)
    .join(', ');
  const resources = tier.upstream.perResource
    .map(
      ({ resource, maxAge, requests, bound }) =>
        `\`${resource}\` (max-age ${maxAge} s): ${requests} (bound ${bound})`,
    )
    .join('; ');
  const slowest = tier.latency.request.max;
  const waits =
    name === 'nginx'
      ? ` A reader who asks for a resource while the tier fetches it for the first time waits for that fetch (\`proxy_cache_lock\`), and nginx looks at the lock every 500 ms.`
      : ` A reader who asks for a resource while the tier fetches it waits for that fetch (Varnish's waiting list, woken when the answer arrives).`;
  return `Through ${engine} (${tier.version}, ${tier.elapsedSeconds} s), ${tier.viewsWithData === tier.views ? 'every reader gets data' : `${count(tier.viewsWithData)} of ${count(tier.views)} readers get all their data`}
(answers by \`X-Cache-Status\`: ${marks}) and the API sees ${count(tier.upstream.requests)} requests
(${count(tier.upstream.byStatus[200] ?? 0)} answered 200, ${count(tier.upstream.byStatus[304] ?? 0)}
answered 304 to the tier's revalidations). Per resource, against its bound (one per freshness
period over the ${tier.elapsedSeconds} s, plus ${t.slack}): ${resources}. The slowest answer took ${ms(slowest)}.${waits}
`;
}

/** The shared cache tier's section of docs/benchmarks.md: its table, or why it was skipped. */
export function tierText(results) {
  const t = results.tier;
  if (!t) return '';
  if (t.skipped) return `### Shared cache tier\n\nSkipped in this run: ${t.skipped}.\n`;
  const { direct } = t;
  const m = results.machine;
  const section = tierSection(results);
  const engines = tierEngines(t);
  const refused = direct.byStatus[429] ?? 0;
  const skippedEngines = Object.entries(t.skippedEngines ?? {})
    .map(([name, reason]) => `\n\n${ENGINE_NAMES[name] ?? name} was skipped in this run: ${reason}.`)
    .join('');
  return `### ${section.title}

Measured in the same run: ${m.cpu}, ${m.cores} cores, Node ${m.node}, ${engines.map(([, tier]) => tier.version).join(' and ')}, everything on
127.0.0.1, each tier with its shipped configuration (nginx with one worker; Varnish with its origin
hop, nginx with one worker). ${count(t.settings.views)} readers, each opening the page once
with no cache, arrive evenly over one compressed hour (${t.settings.hourSeconds} s:
\`KHOUNTOUS_FRESHNESS_SCALE=${t.freshnessScale}\`), first straight to the API
(${direct.elapsedSeconds} s), then through each tier. In parentheses: the tier's figure against the
direct one.${skippedEngines}

${mdTable(section)}

Direct, every reader counts against the one address's anonymous quota (60 requests per hour):
the API answers the first ${count(direct.byStatus[200] ?? 0)} requests to reach it and **refuses
the other ${count(refused)} with 429**, so only ${count(direct.viewsWithData)} page views get all
their resources and ${count(direct.views - direct.viewsWithData)} of the ${count(direct.views)}
readers miss data (with the kit they would see its "back at HH:MM" message instead). Most direct answers are
these refusals, which the API sends without building any data: the direct latencies per request
and per page view are mostly those of a refusal, and the last two rows compare answers with data
only (direct: the ${count(direct.latency.requestWithData.count)} that got it).

${engines.map(([name, tier]) => tierEngineText(t, name, tier)).join('\n')}`;
}
