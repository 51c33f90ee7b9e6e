/**
 * The plugin's total of requests under concurrency (includes/data.php): PHP
 * processes that render widgets at the same moment, as the workers of a busy
 * site do, each loading WordPress, then waiting at one gate, then rendering
 * shortcodes of the same API and key (`do_shortcode`, the page's own path to
 * the data). The total is checked where it matters, at the reference API on
 * another port, which counts every request it receives. On a real WordPress
 * (harness.ts) with its own MariaDB.
 */
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { type CountedApi } from '../../scripts/tier/tier.js';
import { ENDPOINTS } from '../../src/core/endpoints.js';
import { reserveOf } from '../../src/ssr/total.js';
import type { Session } from './harness.js';
import {
  ageCache,
  clearCache,
  inlineOf,
  pluginProblems,
  saveSettings,
  skipReason,
  startPluginSite,
  totalAsked,
  type WordPress,
} from './harness.js';

const skip = skipReason();

/** A partner key of the reference API (docs/contributing.md): its quota is far above the totals here. */
const PARTNER_KEY = 'demo-partner-key';
/** Seconds after which the plugin's answers of the administrations are stale. */
const STALE = ENDPOINTS.administrations.fresh * 60 + 1;

/** A ranking of its own size in a language: one resource of the API each. */
interface Resource {
  limit: number;
  lang: 'en' | 'fr';
}
const shortcode = ({ limit, lang }: Resource) => `[khountous-ranking limit="${limit}" lang="${lang}"]`;
/** Whether a request the API received (its path and query) is for the resource. */
const isFor = ({ limit, lang }: Resource, request: string) => {
  const url = new URL(request, 'http://api.invalid');
  return (
    url.pathname === '/v1/administrations' &&
    url.searchParams.get('limit') === String(limit) &&
    url.searchParams.get('lang') === lang
  );
};

describe('WordPress plugin: the total of requests holds when page views come at once', { skip }, () => {
  let wp: WordPress;
  let api: CountedApi;
  let gates = 0;

  before(async () => {
    let admin: Session;
    ({ api, wp, admin } = await startPluginSite());
    await saveSettings(admin, { api_base_url: api.base, api_key: PARTNER_KEY });
  });

  after(async () => {
    await wp?.stop();
    await api?.stop();
  });

  /** Sets the quota of the key (the settings' field, as `20000/day`). */
  const quota = (total: string) =>
    wp.php(`
$settings              = get_option( 'khountous_widgets_settings' );
$settings['api_quota'] = '${total}';
update_option( 'khountous_widgets_settings', $settings );`);

  /** PHP that renders `resources` and prints their HTML as JSON. */
  const render = (resources: Resource[]) => `
$html = array();
foreach ( json_decode( '${JSON.stringify(resources.map(shortcode))}' ) as $shortcode ) {
	$html[] = do_shortcode( $shortcode );
}
echo wp_json_encode( $html );`;

  /**
   * A view of `resources` in a process of its own: the HTML of each. (Never through the
   * synchronous `wp.php`, which would hold this process, and the API in it, while PHP asks.)
   */
  const view = async (resources: Resource[]) => JSON.parse(await wp.phpAsync(render(resources))) as string[];

  /** Which of the rendered elements carry data. */
  const withData = (html: string[]) => html.map((element) => inlineOf(element)[0]!.json !== '');

  /** A file name of its own for a gate of the processes. */
  const gate = () => join(wp.dir, `gate-${++gates}`);

  /** Waits until every file exists, failing when `failed` says a process ended first. */
  const waitForFiles = async (files: string[], failed: () => unknown) => {
    const deadline = Date.now() + 120_000;
    while (!files.every((file) => existsSync(file))) {
      if (failed()) throw failed();
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${files.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  /**
   * One PHP process per view, each with WordPress loaded, rendering its resources once
   * all of them are ready: the views come at the same moment. The HTML of each view.
   */
  const atOnce = async (views: Resource[][]): Promise<string[][]> => {
    const go = gate();
    let failure: unknown;
    const runs = views.map((resources, index) =>
      wp
        .phpAsync(
          `touch( '${go}-ready-${index}' );
while ( ! file_exists( '${go}' ) ) {
	usleep( 500 );
}
${render(resources)}`,
        )
        .catch((error: unknown) => {
          failure ??= error;
          throw error;
        }),
    );
    try {
      await waitForFiles(
        views.map((_, index) => `${go}-ready-${index}`),
        () => failure,
      );
    } finally {
      writeFileSync(go, '');
    }
    return (await Promise.all(runs)).map((out) => JSON.parse(out) as string[]);
  };

  it('twelve views at once, three new resources each, with a total of 6: the API receives 6 requests, not more', async () => {
    clearCache(wp);
    quota('6/day');
    const before = totalAsked(api);
    const views = Array.from({ length: 12 }, (_, view) =>
      [1, 2, 3].map((index): Resource => ({ limit: view * 3 + index, lang: 'en' })),
    );
    const html = await atOnce(views);
    const sent = totalAsked(api) - before;
    assert.ok(sent <= 6, `the API received ${sent} requests for a total of 6`);
    // Nothing but the total held a request back: each view waited for the others' turns.
    assert.equal(sent, 6, 'the total spent');
    assert.equal(withData(html.flat()).filter(Boolean).length, 6, 'six elements with data');
    assert.deepEqual(pluginProblems(wp.logs()), []);
  });

  it('a view reads the count from the database, not what its process read or wrote before', async () => {
    clearCache(wp);
    quota('4/day');
    const before = totalAsked(api);
    const paused = gate();
    const resume = gate();
    // One process: a view, then (while other processes spend the rest of the total) another.
    const first = wp.phpAsync(`
${render([{ limit: 60, lang: 'en' }])}
touch( '${paused}' );
while ( ! file_exists( '${resume}' ) ) {
	usleep( 1000 );
}
echo "\\n";
${render([{ limit: 61, lang: 'en' }])}`);
    let failure: unknown;
    first.catch((error: unknown) => (failure = error));
    try {
      await waitForFiles([paused], () => failure);
      assert.equal(totalAsked(api) - before, 1);
      // Other page views, in processes of their own, spend the three requests left.
      const others = await view([62, 63, 64].map((limit): Resource => ({ limit, lang: 'en' })));
      assert.deepEqual(withData(others), [true, true, true]);
      assert.equal(totalAsked(api) - before, 4);
    } finally {
      writeFileSync(resume, '');
    }
    const [earlier, later] = (await first).split('\n').map((out) => withData(JSON.parse(out) as string[]));
    assert.deepEqual(earlier, [true]);
    assert.deepEqual(later, [false], 'the total is spent: the plain element');
    assert.equal(totalAsked(api) - before, 4, 'nothing sent beyond the total');
  });

  it('a view that cannot have the lock in time sends nothing: the data held is served stale, else the plain element', async () => {
    clearCache(wp);
    quota('6/day');
    const held: Resource = { limit: 70, lang: 'en' };
    const fresh: Resource = { limit: 71, lang: 'en' };
    assert.deepEqual(withData(await view([held])), [true]);
    ageCache(wp, STALE);
    const before = totalAsked(api);
    // Another process holds the plugin's lock, as a worker stuck inside it would.
    const holding = gate();
    const release = gate();
    const holder = wp.phpAsync(`
global $wpdb;
if ( '1' !== $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, 0)', khountous_widgets_budget_lock() ) ) ) {
	exit( 1 );
}
touch( '${holding}' );
while ( ! file_exists( '${release}' ) ) {
	usleep( 1000 );
}`);
    let failure: unknown;
    holder.catch((error: unknown) => (failure = error));
    try {
      await waitForFiles([holding], () => failure);
      const timed = JSON.parse(
        await wp.phpAsync(`
$took = array();
$html = array();
foreach ( json_decode( '${JSON.stringify([held, fresh].map(shortcode))}' ) as $shortcode ) {
	$start  = microtime( true );
	$html[] = do_shortcode( $shortcode );
	$took[] = microtime( true ) - $start;
}
echo wp_json_encode( array( 'html' => $html, 'took' => $took, 'wait' => KHOUNTOUS_WIDGETS_LOCK_WAIT ) );`),
      ) as { html: string[]; took: number[]; wait: number };
      assert.equal(totalAsked(api) - before, 0, 'nothing sent without the lock');
      assert.deepEqual(withData(timed.html), [true, false], 'the data held, stale; the new resource plain');
      const inline = JSON.parse(inlineOf(timed.html[0]!)[0]!.json) as { fetchedAt: string };
      assert.ok(Date.now() - Date.parse(inline.fetchedAt) > STALE * 1000 - 1000, 'served with its real age');
      assert.match(inlineOf(timed.html[1]!)[0]!.inner, /^<a href="/);
      // Each waited for the lock as long as the plugin says, no longer: a short wait, not the page's.
      assert.ok(timed.wait > 0 && timed.wait <= 3, `the plugin waits ${timed.wait} s`);
      for (const seconds of timed.took)
        assert.ok(seconds > timed.wait - 0.1 && seconds < timed.wait + 2, `${seconds} s for one element`);
    } finally {
      writeFileSync(release, '');
      await holder;
    }
    // The lock free again, the next view sends.
    assert.deepEqual(withData(await view([fresh])), [true]);
    assert.equal(totalAsked(api) - before, 1);
  });

  it('property: whatever the views at once, of data held or new, the API receives no more than the total, and only the total holds a request back', async () => {
    const scenario = fc
      .record({
        requests: fc.integer({ min: 1, max: 12 }),
        period: fc.constantFrom('hour', 'day'),
        held: fc.integer({ min: 0, max: 6 }),
        fresh: fc.integer({ min: 1, max: 10 }),
        views: fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 8 }),
      })
      .map(({ held, ...rest }) => ({ ...rest, held: Math.min(held, rest.requests) }));
    let run = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ requests, period, held, fresh, views }) => {
        // Resources of their own in each run (the API counts per path and query).
        const lang = run % 2 ? 'fr' : 'en';
        const first = (Math.floor(run++ / 2) % 5) * 20 + 1;
        const resources = Array.from({ length: held + fresh }, (_, index): Resource => ({
          limit: first + index,
          lang,
        }));
        const isHeld = (resource: Resource) => resources.indexOf(resource) < held;
        /** The requests the API received for a resource, in all. */
        const counted = (resource: Resource) =>
          [...api.upstream]
            .filter(([request]) => isFor(resource, request))
            .reduce((sum, [, times]) => sum + times.length, 0);
        let earlier = new Map(resources.map((resource) => [resource, counted(resource)]));
        /** The requests for a resource since `earlier`. */
        const asked = (resource: Resource) => counted(resource) - earlier.get(resource)!;
        clearCache(wp);
        quota(`${requests}/${period}`);
        // The data held: fetched once (spending the total), now stale.
        if (held > 0) await view(resources.slice(0, held));
        assert.deepEqual(
          resources.map(asked),
          resources.map(isHeld).map(Number),
          'each held resource asked once',
        );
        ageCache(wp, STALE);
        const room = requests - held;
        const reserve = reserveOf(requests);

        earlier = new Map(resources.map((resource) => [resource, counted(resource)]));
        const before = totalAsked(api);
        const chosen = views.map((picks) => picks.map((pick) => resources[pick % resources.length]!));
        const html = await atOnce(chosen);
        const sent = totalAsked(api) - before;
        assert.equal(
          resources.map(asked).reduce((sum, count) => sum + count, 0),
          sent,
          'every request a view’s',
        );
        const refreshes = resources.filter(isHeld).reduce((sum, resource) => sum + asked(resource), 0);
        // (1) No more than the total; refreshes only above the reserve.
        assert.ok(sent <= room, `${sent} sent with ${room} left`);
        assert.ok(
          refreshes <= Math.max(0, room - reserve),
          `${refreshes} refreshes, ${room} left, reserve ${reserve}`,
        );
        // (2) Data held is always served; a new resource unserved means the total is spent.
        const served = html.map(withData);
        chosen.forEach((picks, at) =>
          picks.forEach((resource, index) => {
            if (isHeld(resource)) assert.ok(served[at]![index], `held ${resource.limit} not served`);
            else if (!served[at]![index])
              assert.equal(sent, room, `new ${resource.limit} unserved, ${sent} of ${room} sent`);
          }),
        );
        // (3) A refresh not sent means only the reserve was left.
        const viewedHeld = new Set(chosen.flat().filter(isHeld));
        if ([...viewedHeld].some((resource) => asked(resource) === 0))
          assert.ok(
            sent >= room - reserve,
            `a refresh held back with ${room - sent} left, reserve ${reserve}`,
          );
      }),
      { numRuns: 20 },
    );
    assert.deepEqual(pluginProblems(wp.logs()), []);
  });
});
