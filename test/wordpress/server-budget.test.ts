/**
 * The plugin's one total of requests per API and key (includes/data.php), the
 * server render's rule (src/ssr/total.ts): a rolling window, by default the
 * free key's quota with a key (1,000 a day) and the anonymous level's without
 * (60 an hour), set for a partner key in the settings or in wp-config.php,
 * never raised by the API's X-RateLimit-Limit; refreshes of held data spend it
 * only above a sixth, kept for new resources; beyond it the data held is served
 * stale, else the plain element. On a real WordPress (harness.ts): the examples
 * over the reference API on another port (a partner key there answers
 * X-RateLimit-Limit: 20000), the property through WordPress's HTTP API with its
 * answers made in PHP (`pre_http_request`) and time moved by moving every time
 * the plugin stored back.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { type CountedApi } from '../../scripts/tier/tier.js';
import { ENDPOINTS } from '../../src/core/endpoints.js';
import { budgetOf, DEFAULT_BUDGET, reserveOf } from '../../src/ssr/total.js';
import type { Session } from './harness.js';
import {
  ageCache,
  clearCache,
  inlineOf,
  saveSettings,
  skipReason,
  startPluginSite,
  totalAsked,
  type WordPress,
} from './harness.js';

const skip = skipReason();

/** A partner key of the reference API (docs/contributing.md): its answers say X-RateLimit-Limit: 20000. */
const PARTNER_KEY = 'demo-partner-key';
const HOUR = 3_600;
const DAY = 86_400;
/** How long the plugin serves an answer stale (the API's stale-if-error, a day). */
const KEEP = DAY;

describe('WordPress plugin: one total of requests per API and key', { skip }, () => {
  let wp: WordPress;
  let api: CountedApi;
  let admin: Session;

  before(async () => {
    ({ api, wp, admin } = await startPluginSite());
  });

  after(async () => {
    await wp?.stop();
    await api?.stop();
  });

  const createPost = async (content: string) => {
    const response = await wp.rest('author', '/wp/v2/posts', {
      method: 'POST',
      body: JSON.stringify({ title: 'Widgets', content, status: 'publish' }),
    });
    assert.equal(response.status, 201);
    return (await response.json()) as { id: number; link: string };
  };
  const page = async (link: string) => (await fetch(link)).text();
  /** Rankings of distinct sizes: each a resource of its own. */
  const rankings = (limits: number[]) =>
    limits.map((limit) => `[khountous-ranking limit="${limit}" lang="en"]`).join('\n\n');
  /** Which elements of a page carry data. */
  const withData = (html: string) => inlineOf(html).map(({ json }) => json !== '');
  /** Writes the requests the plugin counted for the API and key of the settings: sent `ago` seconds ago. */
  const sentAgo = (ago: number[]) =>
    wp.php(`
$settings = khountous_widgets_settings();
$id       = khountous_widgets_budget_id( $settings['api_base_url'], khountous_widgets_api_key() );
$now      = microtime( true );
update_option( 'khountous_widgets_budget', array( $id => array( 'log' => array_map( static function ( $ago ) use ( $now ) { return $now - $ago; }, json_decode( '${JSON.stringify(ago)}' ) ) ) ), false );`);
  /** Moves the requests the plugin counted back in time by `seconds`. */
  const ageLog = (seconds: number) =>
    wp.php(`
$all = get_option( 'khountous_widgets_budget' );
foreach ( $all as $id => $budget ) {
	$all[ $id ]['log'] = array_map( static function ( $sent ) { return $sent - ${seconds}; }, $budget['log'] );
}
update_option( 'khountous_widgets_budget', $all, false );`);

  it("a partner key's X-RateLimit-Limit: 20000 does not raise the default total, the free key's 1,000 a day", async () => {
    clearCache(wp);
    await saveSettings(admin, { api_base_url: api.base, api_key: PARTNER_KEY, api_quota: '' });
    const said = await fetch(`${api.base}/regions?lang=en`, {
      headers: { Authorization: `Bearer ${PARTNER_KEY}` },
    });
    assert.equal(said.headers.get('x-ratelimit-limit'), '20000', 'the API announces a partner quota');
    // 998 requests in the last day, none in the last hour: 2 left of the day's 1,000.
    const { requests, per } = DEFAULT_BUDGET.key;
    assert.deepEqual({ requests, per }, { requests: 1_000, per: DAY * 1000 });
    sentAgo(Array.from({ length: requests - 2 }, (_, index) => 2 * HOUR + index * 60));
    const before = totalAsked(api);
    const post = await createPost(rankings([2, 3, 4]));
    const html = await page(post.link);
    assert.equal(totalAsked(api) - before, 2, 'two requests: the day holds 1,000');
    assert.deepEqual(withData(html), [true, true, false], 'the third resource: the plain element');
    assert.match(inlineOf(html)[2]!.inner, /^<a href="/);
    // Another view and another post: still nothing sent.
    await page(post.link);
    await page((await createPost(rankings([5]))).link);
    assert.equal(totalAsked(api) - before, 2, 'nothing more within the day');
  });

  it('a quota set in the settings: N+1 new resources in its rolling day send N; a slot freed a day later goes to the new one', async () => {
    clearCache(wp);
    await saveSettings(admin, { api_base_url: api.base, api_key: PARTNER_KEY, api_quota: '6/day' });
    // 3 of the 6 spent, 22 h, 21 h and 3 h ago: 3 left; a reserve of 1 for new resources.
    assert.equal(reserveOf(6), 1);
    sentAgo([22 * HOUR, 21 * HOUR, 3 * HOUR]);
    const before = totalAsked(api);
    const post = await createPost(rankings([6, 7, 8, 9]));
    const html = await page(post.link);
    assert.equal(totalAsked(api) - before, 3, 'three of four new resources sent');
    assert.deepEqual(withData(html), [true, true, true, false]);
    // An hour later (the window the plugin kept before): still nothing, the three held served stale.
    ageLog(HOUR + 60);
    ageCache(wp, HOUR + 60);
    const later = await page(post.link);
    assert.equal(totalAsked(api) - before, 3, 'the window is a day, not an hour');
    assert.deepEqual(withData(later), [true, true, true, false], 'the held data served stale');
    // Another hour: the oldest request leaves the day. Its slot is the reserve: not for the
    // three refreshes, which come first on the page, but for the resource never served.
    ageLog(HOUR);
    ageCache(wp, HOUR);
    const day = await page(post.link);
    assert.equal(totalAsked(api) - before, 4, 'one slot came back, one request');
    assert.deepEqual(withData(day), [true, true, true, true]);
  });

  it('refreshes of held data stop at the reserve (a sixth) while a new resource is still served', async () => {
    clearCache(wp);
    // Without a key: the anonymous 60 an hour, 10 of them kept for new resources.
    await saveSettings(admin, { api_base_url: api.base, api_key_forget: '1' });
    const { requests } = DEFAULT_BUDGET.anonymous;
    const reserve = reserveOf(requests);
    assert.equal(reserve, 10);
    const before = totalAsked(api);
    const post = await createPost(rankings([11]));
    assert.equal(totalAsked(api) - before, 1);
    // The hour holds `requests - reserve` requests: only new resources may spend the rest.
    sentAgo(Array.from({ length: requests - reserve }, (_, index) => 60 + index));
    ageCache(wp, ENDPOINTS.administrations.fresh * 60 + 1);
    const stale = await page(post.link);
    assert.equal(totalAsked(api) - before, 1, 'no refresh within the reserve');
    const inline = JSON.parse(inlineOf(stale)[0]!.json) as { fetchedAt: string };
    const age = Date.now() - Date.parse(inline.fetchedAt);
    assert.ok(age > ENDPOINTS.administrations.fresh * 60_000, `served stale, with its age: ${age} ms`);
    assert.match(inlineOf(stale)[0]!.inner, /data as of/);
    // A new page with a resource never served spends the reserve.
    const other = await createPost(rankings([12]));
    assert.deepEqual(withData(await page(other.link)), [true], 'the new resource served');
    assert.equal(totalAsked(api) - before, 2);
    await page(post.link);
    assert.equal(totalAsked(api) - before, 2, 'still no refresh');
  });

  it('the quota in the settings and in wp-config.php: a clear error for a value that is not one, nothing lost', async () => {
    await saveSettings(admin, { api_base_url: api.base, api_key: PARTNER_KEY, api_quota: '20000/day' });
    const size = () => JSON.parse(wp.php(`echo wp_json_encode( khountous_widgets_budget_size( 'k' ) );`));
    assert.deepEqual(size(), { requests: 20_000, per: DAY });
    for (const typed of ['lots', '20000', '0/day', '20000/week', '-5/hour']) {
      const answer = await saveSettings(admin, { api_base_url: api.base, api_quota: typed });
      assert.ok(
        answer.includes(
          `The quota of the key was not saved: &quot;${typed}&quot; is not a number of requests per hour or per day, as 20000/day.`,
        ),
        `${typed}: the error says why`,
      );
      assert.deepEqual(size(), { requests: 20_000, per: DAY }, `${typed}: the saved quota kept`);
    }
    await saveSettings(admin, { api_base_url: api.base, api_quota: ' 300/hour ' });
    assert.deepEqual(size(), { requests: 300, per: HOUR });

    // wp-config.php's constant (a must-use plugin defines it as early) wins, shown read-only.
    const mu = join(wp.dir, 'wp', 'wp-content', 'mu-plugins');
    mkdirSync(mu, { recursive: true });
    // A file of a new name for each value: PHP's server keeps a file it compiled for 2 s (OPcache).
    let file = '';
    let files = 0;
    const define = (value: string) => {
      if (file) rmSync(file);
      file = join(mu, `quota-${++files}.php`);
      writeFileSync(file, `<?php define( 'KHOUNTOUS_WIDGETS_API_QUOTA', '${value}' );\n`);
    };
    try {
      define('2/day');
      assert.deepEqual(size(), { requests: 2, per: DAY });
      const form = await (await admin.fetch('/wp-admin/options-general.php?page=khountous-widgets')).text();
      const field = /<input[^>]*id="khountous-widgets-api_quota"[^>]*>/.exec(form)?.[0] ?? '';
      assert.match(field, /value="2\/day"/);
      assert.match(field, /readonly/);
      assert.doesNotMatch(field, /name=/, 'not sent with the form');
      assert.ok(form.includes('Set by the constant KHOUNTOUS_WIDGETS_API_QUOTA in wp-config.php.'));
      // Saving the form keeps the quota of the settings as it was.
      await saveSettings(admin, { api_base_url: api.base });
      assert.equal(wp.php(`echo khountous_widgets_settings()['api_quota'];`), '300/hour');
      clearCache(wp);
      const before = totalAsked(api);
      const post = await createPost(rankings([13, 14, 15]));
      assert.deepEqual(withData(await page(post.link)), [true, true, false]);
      assert.equal(totalAsked(api) - before, 2);

      // A constant that is not a total: the free key's quota, and the settings page says so.
      define('lots');
      assert.deepEqual(size(), { requests: DEFAULT_BUDGET.key.requests, per: DEFAULT_BUDGET.key.per / 1000 });
      const warned = await (await admin.fetch('/wp-admin/options-general.php?page=khountous-widgets')).text();
      assert.ok(
        warned.includes(
          'The constant KHOUNTOUS_WIDGETS_API_QUOTA in wp-config.php is not a number of requests per hour or per day, as 20000/day: the server sends no more than a free key&#039;s quota with the key, 1000/day.',
        ),
      );
    } finally {
      if (file) rmSync(file, { force: true });
    }
    // Without a key, the anonymous level's quota, whatever the key's.
    assert.deepEqual(JSON.parse(wp.php(`echo wp_json_encode( khountous_widgets_budget_size( '' ) );`)), {
      requests: DEFAULT_BUDGET.anonymous.requests,
      per: DEFAULT_BUDGET.anonymous.per / 1000,
    });
  });

  it('property: whatever the views, waits and answers, no window holds more than the total; refreshes keep the reserve; held data is served', async () => {
    const answer = fc.record({
      status: fc.constantFrom(200, 200, 200, 500, 429),
      limit: fc.option(fc.constantFrom(60, 1_000, 20_000), { nil: null }),
      remaining: fc.option(fc.integer({ min: 0, max: 30_000 }), { nil: null }),
      reset: fc.integer({ min: 1, max: 2 * HOUR }),
    });
    /** Answers that only announce a quota far above: nothing but the total may hold a request back. */
    const quiet = fc.record({
      status: fc.constant(200),
      limit: fc.constantFrom(1_000, 20_000),
      remaining: fc.constant(null),
      reset: fc.constant(60),
    });
    const scenario = fc.record({
      key: fc.constantFrom('', 'site-key-0123456789'),
      quota: fc.oneof(
        fc.constant(''),
        fc
          .tuple(fc.integer({ min: 1, max: 24 }), fc.constantFrom('hour', 'day'))
          .map(([requests, period]) => `${requests}/${period}`),
      ),
      quietApi: fc.boolean(),
      noisy: fc.array(answer, { minLength: 1, maxLength: 8 }),
      calm: quiet,
      ops: fc.array(
        fc.oneof(
          {
            weight: 5,
            arbitrary: fc.record({ op: fc.constant('view'), r: fc.integer({ min: 0, max: 30 }) }),
          },
          {
            weight: 1,
            arbitrary: fc.record({
              op: fc.constant('wait'),
              s: fc.constantFrom(
                1,
                59,
                301,
                1_800,
                HOUR - 1,
                HOUR + 1,
                6 * HOUR,
                23 * HOUR,
                DAY - 1,
                DAY + 1,
              ),
            }),
          },
        ),
        { minLength: 1, maxLength: 120 },
      ),
    });
    const FRESH = 300;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ key, quota, quietApi, noisy, calm, ops }) => {
        const answers = quietApi ? [calm] : noisy;
        // The total the kit's rule gives (src/ssr/total.ts), in seconds.
        const size = key === '' ? DEFAULT_BUDGET.anonymous : (budgetOf(quota) ?? DEFAULT_BUDGET.key);
        const requests = size.requests;
        const per = size.per / 1000;
        const reserve = reserveOf(requests);
        const out = JSON.parse(wp.php(driver({ key, quota, answers, ops, fresh: FRESH }))) as Run;

        const inWindow = (at: number, slack: number, upTo: number) =>
          out.sent.slice(0, upTo).filter((sent) => sent.at > at - per + slack).length;
        // (1) No window of `per` holds more than the total (0.5 s for the time PHP takes to send).
        out.sent.forEach((sent, index) =>
          assert.ok(
            inWindow(sent.at, 0.5, index + 1) <= requests,
            `send ${index}: over ${requests} in ${per} s`,
          ),
        );
        const lastOk = new Map<number, number>();
        let next = 0;
        for (const view of out.views) {
          const ok = lastOk.get(view.r);
          const age = ok === undefined ? Infinity : view.at - ok;
          const held = age < KEEP - 5;
          const unheld = age > KEEP + 5;
          if (view.sent === 1) {
            const sent = out.sent[next]!;
            // (2) A refresh of held data is sent only while more than the reserve remains.
            if (held)
              assert.ok(
                inWindow(sent.at, 0.5, next) < requests - reserve,
                `refresh of ${view.r} sent with ${requests - inWindow(sent.at, 0.5, next)} left, reserve ${reserve}`,
              );
            if (sent.status === 200) lastOk.set(view.r, sent.at);
            next++;
          } else if (quietApi) {
            // (4) An API that lowers nothing: only the total (and its reserve) holds a request back.
            const room = requests - inWindow(view.at, -0.5, next);
            if (unheld) assert.ok(room < 1, `new resource ${view.r} not sent with ${room} left`);
            if (held && age > FRESH + 1)
              assert.ok(
                room <= reserve,
                `refresh of ${view.r} not sent with ${room} left, reserve ${reserve}`,
              );
          }
          // (3) Held data is served, the last answer or a newer one, with its real age.
          if (held) {
            assert.ok(view.served, `resource ${view.r}, ${age.toFixed(0)} s old, not served`);
            assert.ok(view.served.fetched > ok! - 1, 'the last answer or a newer one');
          }
          if (view.served && !view.served.stale && view.sent === 0)
            assert.ok(view.at - view.served.fetched < FRESH + 1, 'stale data not served as fresh');
        }
        assert.equal(next, out.sent.length, 'every request was a view’s');
      }),
      { numRuns: 40 },
    );
  });
});

interface Run {
  sent: { at: number; url: string; status: number }[];
  views: { r: number; at: number; sent: number; served: { fetched: number; stale: boolean } | null }[];
}

/**
 * PHP, run with WordPress loaded: the settings' key and quota; each `view` asks includes/data.php
 * for a resource of its own (`khountous_widgets_fetch`), each `wait` moves every time the plugin
 * stored (the requests it counted, what the API said remained, the answers it holds) back by that
 * many seconds. WordPress's HTTP API answers in turn with `answers` (`pre_http_request`), noting
 * each request. Times out are as of the run's clock, which the waits move on.
 */
function driver(scenario: {
  key: string;
  quota: string;
  answers: { status: number; limit: number | null; remaining: number | null; reset: number }[];
  ops: ({ op: 'view'; r: number } | { op: 'wait'; s: number })[];
  fresh: number;
}): string {
  return `
$scenario = json_decode( base64_decode( '${Buffer.from(JSON.stringify(scenario)).toString('base64')}' ), true );
$base     = 'https://api.example.test/v1';
global $wpdb;
$transients = $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( '_transient_khountous_widgets_data_' ) . '%' );
foreach ( $wpdb->get_col( $transients ) as $option ) {
	delete_transient( substr( $option, strlen( '_transient_' ) ) );
}
delete_option( 'khountous_widgets_budget' );
update_option( 'khountous_widgets_settings', array( 'api_base_url' => $base, 'server_render' => 'on', 'api_key' => $scenario['key'], 'api_quota' => $scenario['quota'] ) );
$offset = 0.0;
$sent   = array();
$views  = array();
add_filter(
	'pre_http_request',
	static function ( $pre, $args, $url ) use ( &$offset, &$sent, $scenario ) {
		$answer  = $scenario['answers'][ count( $sent ) % count( $scenario['answers'] ) ];
		$sent[]  = array( 'at' => microtime( true ) + $offset, 'url' => $url, 'status' => $answer['status'] );
		$headers = array();
		if ( null !== $answer['limit'] ) {
			$headers['x-ratelimit-limit'] = (string) $answer['limit'];
		}
		if ( null !== $answer['remaining'] ) {
			$headers['x-ratelimit-remaining'] = (string) $answer['remaining'];
			$headers['x-ratelimit-reset']     = (string) ( time() + $answer['reset'] );
		}
		if ( 429 === $answer['status'] ) {
			$headers['retry-after'] = (string) $answer['reset'];
		}
		return array(
			'headers'  => $headers,
			'body'     => 200 === $answer['status'] ? '{"data":[]}' : '{"error":{"code":"x"}}',
			'response' => array( 'code' => $answer['status'], 'message' => '' ),
			'cookies'  => array(),
			'filename' => null,
		);
	},
	10,
	3
);
$wait = static function ( $seconds ) use ( &$offset, $transients ) {
	global $wpdb;
	$offset += $seconds;
	$all     = get_option( 'khountous_widgets_budget', array() );
	foreach ( is_array( $all ) ? $all : array() as $id => $budget ) {
		foreach ( $budget['log'] as $index => $at ) {
			$all[ $id ]['log'][ $index ] = $at - $seconds;
		}
		if ( isset( $budget['floor'] ) && is_array( $budget['floor'] ) ) {
			$all[ $id ]['floor']['at']    -= $seconds;
			$all[ $id ]['floor']['until'] -= $seconds;
		}
	}
	update_option( 'khountous_widgets_budget', $all, false );
	foreach ( $wpdb->get_col( $transients ) as $option ) {
		$name  = substr( $option, strlen( '_transient_' ) );
		$entry = get_transient( $name );
		if ( is_array( $entry ) ) {
			$entry['fetched'] -= $seconds;
			$entry['retry']    = isset( $entry['retry'] ) ? $entry['retry'] - $seconds : 0.0;
			set_transient( $name, $entry, DAY_IN_SECONDS );
		}
	}
};
foreach ( $scenario['ops'] as $op ) {
	if ( 'wait' === $op['op'] ) {
		$wait( $op['s'] );
		continue;
	}
	$before  = count( $sent );
	$at      = microtime( true ) + $offset;
	$served  = khountous_widgets_fetch( $base, '/things/' . $op['r'] . '?lang=fr', $scenario['fresh'] );
	$views[] = array(
		'r'      => $op['r'],
		'at'     => $at,
		'sent'   => count( $sent ) - $before,
		'served' => null === $served ? null : array( 'fetched' => $served['fetched'] + $offset, 'stale' => $served['stale'] ),
	);
}
echo wp_json_encode( array( 'sent' => $sent, 'views' => $views ) );
`;
}
