<?php
/**
 * A widget's data fetched on the server, so that the page carries it: the
 * request the element would send (the same path and query, from the
 * generated definitions), answered from a transient while it is fresh (the
 * endpoint's freshness, as in the browser's cache), else asked of the API of
 * the settings with the site's key, if any, as a Bearer token (never printed),
 * within one total of requests per API and key, and with a short timeout.
 * When the API fails, or the total is spent, the last answer is served with
 * the time it was fetched, for as long as the API itself allows stale data
 * (a day); with nothing to serve, the element loads in the reader's browser.
 *
 * The total is the server render's (src/ssr/render.ts `budget`): a rolling
 * window whose size (requests per period) no answer raises, by default the
 * quota of the lowest level that fits (with a key the free key's, without the
 * anonymous level's), in which refreshes of held data spend only above a
 * reserve kept for new resources. Its numbers are the kit's (src/ssr/total.ts),
 * written into includes/definitions.php (`budget`): none is written here.
 *
 * The count is the site's, across its PHP processes: it is read from the
 * database, checked and written back under a lock of the database server
 * (GET_LOCK), so page views rendered at the same moment never send more than
 * the total between them. Without the lock, in a short wait, nothing is sent.
 *
 * @package Khountous_Widgets
 */

defined( 'ABSPATH' ) || exit;

/** The requests the server sent, per API and key (an option, not autoloaded). */
const KHOUNTOUS_WIDGETS_BUDGET_OPTION = 'khountous_widgets_budget';

/** Seconds a request may take before the page is served without it. */
const KHOUNTOUS_WIDGETS_TIMEOUT = 3;

/** Seconds a page view waits for the lock of the count before it sends nothing (the data held served stale). */
const KHOUNTOUS_WIDGETS_LOCK_WAIT = 2;

/** Seconds an answer may be served stale when the API fails: the API's stale-if-error. */
const KHOUNTOUS_WIDGETS_KEEP = DAY_IN_SECONDS;

/** Seconds without a new request to the API after it failed (stale data served meanwhile). */
const KHOUNTOUS_WIDGETS_BACKOFF = 60;

/** The prefix of the plugin's transients. */
const KHOUNTOUS_WIDGETS_TRANSIENT = 'khountous_widgets_data_';

/**
 * A value as the kit writes it into a URL (encodeURIComponent, which leaves ! ' ( ) * as they are).
 *
 * @param string $value Text.
 * @return string
 */
function khountous_widgets_uri_component( $value ) {
	return strtr(
		rawurlencode( (string) $value ),
		array(
			'%21' => '!',
			'%27' => "'",
			'%28' => '(',
			'%29' => ')',
			'%2A' => '*',
		)
	);
}

/**
 * A language tag as the widgets read it: `en`, `en-GB` -> `en`; null when unsupported.
 *
 * @param string $value A language tag.
 * @return string|null
 */
function khountous_widgets_supported_lang( $value ) {
	$primary = explode( '-', strtolower( khountous_widgets_trim( (string) $value ) ) )[0];
	return in_array( $primary, array( 'fr', 'en' ), true ) ? $primary : null;
}

/**
 * The language a widget shows: its `lang`, else the page's (`<html lang>`, the site's language), French when unsupported.
 *
 * @param array<string, string> $attributes The checked attributes.
 * @return string
 */
function khountous_widgets_widget_lang( $attributes ) {
	$given = isset( $attributes['lang'] ) && '' !== $attributes['lang'] ? $attributes['lang'] : get_bloginfo( 'language' );
	$lang  = khountous_widgets_supported_lang( $given );
	return null === $lang ? 'fr' : $lang;
}

/**
 * The request of a widget below the API's base URL, as the browser's loader writes it
 * (src/core/routes.ts requestUrl: parameters sorted by name, defaults applied): the
 * `path` of its inline data.
 *
 * @param array<string, mixed>  $definition The widget's definition.
 * @param array<string, string> $attributes The checked attributes.
 * @param string                $lang       The widget's language.
 * @return string|null Null when an identifier is missing.
 */
function khountous_widgets_request_path( $definition, $attributes, $lang ) {
	$request = $definition['request'];
	$missing = false;
	$path    = preg_replace_callback(
		'/\{([a-z-]+)\}/',
		static function ( $match ) use ( $attributes, &$missing ) {
			if ( ! isset( $attributes[ $match[1] ] ) || '' === $attributes[ $match[1] ] ) {
				$missing = true;
				return '';
			}
			return khountous_widgets_uri_component( $attributes[ $match[1] ] );
		},
		$request['path']
	);
	if ( $missing ) {
		return null;
	}
	$query = array();
	foreach ( $request['query'] as $param => $source ) {
		if ( 'lang' === $param ) {
			$query[ $param ] = $lang;
		} elseif ( isset( $source['attribute'], $attributes[ $source['attribute'] ] ) && '' !== $attributes[ $source['attribute'] ] ) {
			$query[ $param ] = $attributes[ $source['attribute'] ];
		} elseif ( isset( $source['default'] ) ) {
			$query[ $param ] = $source['default'];
		}
	}
	ksort( $query, SORT_STRING );
	$pairs = array();
	foreach ( $query as $param => $value ) {
		$pairs[] = khountous_widgets_uri_component( $param ) . '=' . khountous_widgets_uri_component( $value );
	}
	return $path . '?' . implode( '&', $pairs );
}

/**
 * The API key the server sends: the constant KHOUNTOUS_WIDGETS_API_KEY (wp-config.php) when defined, else the settings'.
 *
 * @return string
 */
function khountous_widgets_api_key() {
	if ( defined( 'KHOUNTOUS_WIDGETS_API_KEY' ) && is_string( KHOUNTOUS_WIDGETS_API_KEY ) && '' !== KHOUNTOUS_WIDGETS_API_KEY ) {
		return KHOUNTOUS_WIDGETS_API_KEY;
	}
	return khountous_widgets_settings()['api_key'];
}

/**
 * A total written as the kit's CLI takes it (`--budget`): `20000/day`, or a number of requests per hour
 * (src/ssr/total.ts `budgetOf`, with its periods from includes/definitions.php).
 *
 * @param mixed $text The text.
 * @return array{requests: int, per: int}|null The requests and the period in seconds; null when it is not one.
 */
function khountous_widgets_budget_of( $text ) {
	$periods = khountous_widgets_definitions()['budget']['periods'];
	if ( ! is_string( $text ) || ! preg_match( '~^([1-9][0-9]{0,14})/(' . implode( '|', array_map( 'preg_quote', array_keys( $periods ) ) ) . ')$~', $text, $match ) ) {
		return null;
	}
	return array(
		'requests' => (int) $match[1],
		'per'      => $periods[ $match[2] ],
	);
}

/**
 * A total as it is written: `1000/day`.
 *
 * @param array{requests: int, per: int} $size The total.
 * @return string
 */
function khountous_widgets_budget_text( $size ) {
	$period = array_search( $size['per'], khountous_widgets_definitions()['budget']['periods'], true );
	return $size['requests'] . '/' . ( false === $period ? $size['per'] . 's' : $period );
}

/**
 * The quota of the key as configured: the constant KHOUNTOUS_WIDGETS_API_QUOTA (wp-config.php) when
 * defined, else the settings'; '' when neither sets one.
 *
 * @return string
 */
function khountous_widgets_api_quota() {
	if ( defined( 'KHOUNTOUS_WIDGETS_API_QUOTA' ) ) {
		return is_string( KHOUNTOUS_WIDGETS_API_QUOTA ) ? khountous_widgets_trim( KHOUNTOUS_WIDGETS_API_QUOTA ) : '';
	}
	return khountous_widgets_settings()['api_quota'];
}

/**
 * The most requests the server sends to an API with `$key` in any window of `per` seconds:
 * without a key, the anonymous level's quota; with one, the quota of the key as configured,
 * else (none, or one that is not a total) the free key's, the lowest a key has (src/ssr/total.ts
 * `DEFAULT_BUDGET`, in includes/definitions.php).
 *
 * @param string $key The key ('' for none).
 * @return array{requests: int, per: int}
 */
function khountous_widgets_budget_size( $key ) {
	$defaults = khountous_widgets_definitions()['budget'];
	if ( '' === $key ) {
		return $defaults['anonymous'];
	}
	$configured = khountous_widgets_budget_of( khountous_widgets_api_quota() );
	return null === $configured ? $defaults['key'] : $configured;
}

/**
 * The requests of a total that refreshes of held data leave to new resources: the kit's share (a sixth),
 * rounded down (src/ssr/total.ts `reserveOf`, its share in includes/definitions.php).
 *
 * @param array{requests: int, per: int} $size The total.
 * @return int
 */
function khountous_widgets_budget_reserve( $size ) {
	$share = khountous_widgets_definitions()['budget']['reserve'];
	return intdiv( $size['requests'] * $share['requests'], $share['of'] );
}

/**
 * Where the budget of an API and key is kept in the option: neither is written there as it is.
 *
 * @param string $base The API's base URL.
 * @param string $key  The key ('' for none).
 * @return string
 */
function khountous_widgets_budget_id( $base, $key ) {
	return md5( $base . "\n" . $key );
}

/**
 * The budget of an API and key: the requests sent in the total's window, and
 * what the API last said remained (until when). What the API announced as its
 * limit is not kept: no answer raises the total.
 *
 * @param array<string, mixed>           $all  The budgets stored (khountous_widgets_change_budgets()).
 * @param string                         $id   The budget's id.
 * @param float                          $now  The time.
 * @param array{requests: int, per: int} $size The total (khountous_widgets_budget_size()).
 * @return array{log: float[], floor: array{remaining: int, at: float, until: float}|null}
 */
function khountous_widgets_budget( $all, $id, $now, $size ) {
	$stored = isset( $all[ $id ] ) && is_array( $all[ $id ] ) ? $all[ $id ] : array();
	$budget = array(
		'log'   => array(),
		'floor' => null,
	);
	foreach ( isset( $stored['log'] ) && is_array( $stored['log'] ) ? $stored['log'] : array() as $sent ) {
		// A time in the window; none from the future (a clock set back, or a value written otherwise).
		if ( is_numeric( $sent ) && $sent > $now - $size['per'] && $sent <= $now + 60 ) {
			$budget['log'][] = (float) $sent;
		}
	}
	$floor = isset( $stored['floor'] ) && is_array( $stored['floor'] ) ? $stored['floor'] : null;
	if ( null !== $floor && isset( $floor['remaining'], $floor['at'], $floor['until'] ) && $floor['until'] > $now && $floor['until'] <= $now + DAY_IN_SECONDS ) {
		$budget['floor'] = array(
			'remaining' => (int) $floor['remaining'],
			'at'        => (float) $floor['at'],
			'until'     => (float) $floor['until'],
		);
	}
	return $budget;
}

/**
 * The name of the database lock the count is changed under: one per options table, the site's
 * (a lock's name is the database server's, across its databases); 57 characters, within MySQL's 64.
 *
 * @return string
 */
function khountous_widgets_budget_lock() {
	global $wpdb;
	return 'khountous_widgets_budget_' . md5( $wpdb->dbname . '.' . $wpdb->options );
}

/**
 * Changes the budgets of every API and key with no other PHP process in between: under the
 * database server's named lock (MySQL's and MariaDB's GET_LOCK, freed when the connection
 * ends, however the process ends), the option is read from the database itself, not from
 * WordPress's cache of options (this process's own copy, or a persistent object cache, may
 * predate another process's write), given to `$change`, and what it returns written back.
 *
 * @param callable $change Takes the budgets stored (by id) and the time the lock was had;
 *                         returns them changed, or null to write nothing.
 * @return bool True when what `$change` returned was written; false when the lock was not had
 *              within KHOUNTOUS_WIDGETS_LOCK_WAIT seconds, the database failed, or nothing was
 *              to be written: then nothing may be sent.
 */
function khountous_widgets_change_budgets( $change ) {
	global $wpdb;
	$lock = khountous_widgets_budget_lock();
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a lock of the database server: no API takes one.
	if ( '1' !== $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, %d)', $lock, KHOUNTOUS_WIDGETS_LOCK_WAIT ) ) ) {
		return false;
	}
	try {
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the row itself: get_option() may answer from a cache.
		$stored = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", KHOUNTOUS_WIDGETS_BUDGET_OPTION ) );
		if ( '' !== $wpdb->last_error ) {
			return false;
		}
		$all     = null === $stored ? array() : maybe_unserialize( $stored );
		$changed = $change( is_array( $all ) ? $all : array(), microtime( true ) );
		if ( null === $changed ) {
			return false;
		}
		// update_option() writes only what differs from its copy of the option: without one, it reads the row.
		wp_cache_delete( KHOUNTOUS_WIDGETS_BUDGET_OPTION, 'options' );
		return update_option( KHOUNTOUS_WIDGETS_BUDGET_OPTION, $changed, false );
	} finally {
		$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', $lock ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the lock taken above.
	}
}

/**
 * Requests the budget allows now: the total less what was sent in its window, and no more than the API last said remained.
 *
 * @param array<string, mixed>           $budget The budget.
 * @param array{requests: int, per: int} $size   The total.
 * @return int
 */
function khountous_widgets_budget_remaining( $budget, $size ) {
	$remaining = $size['requests'] - count( $budget['log'] );
	if ( null !== $budget['floor'] ) {
		$after = 0;
		foreach ( $budget['log'] as $sent ) {
			if ( $sent > $budget['floor']['at'] ) {
				++$after;
			}
		}
		$remaining = min( $remaining, $budget['floor']['remaining'] - $after );
	}
	return max( 0, $remaining );
}

/**
 * What the API's answer says of the quota, which may only lower what remains: X-RateLimit-Remaining
 * and -Reset, or a 429's Retry-After. Its X-RateLimit-Limit is not read: it raises nothing.
 *
 * @param array<string, mixed>           $budget   The budget.
 * @param array|WP_Error                 $response The answer.
 * @param float                          $now      When it came.
 * @param array{requests: int, per: int} $size     The total.
 * @return array<string, mixed> The budget.
 */
function khountous_widgets_budget_reconcile( $budget, $response, $now, $size ) {
	if ( is_wp_error( $response ) ) {
		return $budget;
	}
	$remaining = wp_remote_retrieve_header( $response, 'x-ratelimit-remaining' );
	$reset     = wp_remote_retrieve_header( $response, 'x-ratelimit-reset' );
	$until     = is_string( $reset ) && ctype_digit( $reset ) ? (float) $reset : $now + $size['per'];
	if ( 429 === wp_remote_retrieve_response_code( $response ) ) {
		$retry = wp_remote_retrieve_header( $response, 'retry-after' );
		if ( is_string( $retry ) && ctype_digit( $retry ) ) {
			$until = $now + (int) $retry;
		}
		$remaining = '0';
	}
	if ( is_string( $remaining ) && ctype_digit( $remaining ) ) {
		$budget['floor'] = array(
			'remaining' => (int) $remaining,
			'at'        => $now,
			'until'     => min( max( $until, $now + 1 ), $now + DAY_IN_SECONDS ),
		);
	}
	return $budget;
}

/**
 * A stored answer, or null: `fetched` (seconds since 1970, when the API answered), `body` (its JSON), `retry` (no request before).
 *
 * @param string $name The transient.
 * @return array{fetched: float, body: string, retry: float}|null
 */
function khountous_widgets_cached( $name ) {
	$entry = get_transient( $name );
	if ( ! is_array( $entry ) || ! isset( $entry['fetched'], $entry['body'] ) || ! is_numeric( $entry['fetched'] ) || ! is_string( $entry['body'] ) ) {
		return null;
	}
	return array(
		'fetched' => (float) $entry['fetched'],
		'body'    => $entry['body'],
		'retry'   => isset( $entry['retry'] ) && is_numeric( $entry['retry'] ) ? (float) $entry['retry'] : 0.0,
	);
}

/**
 * The data of one request for the page: fresh from the transient, else from the API
 * (within the budget), else the last answer stale; null when there is none. An answer
 * `$valid` refuses is a failed request: neither kept nor served.
 *
 * @param string        $base  The API's base URL.
 * @param string        $path  The request below it (khountous_widgets_request_path()).
 * @param int           $fresh Seconds its answer stays fresh (the endpoint's).
 * @param callable|null $valid Whether an answer, decoded (objects as objects), may be served
 *                             (render.php: the kit's checks of its kind); null: any JSON object.
 * @return array{fetched: float, body: string, stale: bool}|null
 */
function khountous_widgets_fetch( $base, $path, $fresh, $valid = null ) {
	$url   = $base . $path;
	$name  = KHOUNTOUS_WIDGETS_TRANSIENT . md5( $url );
	$entry = khountous_widgets_cached( $name );
	$now   = microtime( true );
	$valid = null !== $valid ? $valid : static function ( $data ) {
		return $data instanceof stdClass;
	};
	// Served stale a day at most after the API answered (its stale-if-error), however often
	// the transient was written again since: older is no data; nor is an answer kept before
	// its checks were these.
	if ( null !== $entry && ( $now - $entry['fetched'] > KHOUNTOUS_WIDGETS_KEEP || ! $valid( json_decode( $entry['body'] ) ) ) ) {
		$entry = null;
	}
	$serve = static function ( $entry, $stale ) {
		return null === $entry ? null : array(
			'fetched' => $entry['fetched'],
			'body'    => $entry['body'],
			'stale'   => $stale,
		);
	};
	// Fresh: what the browser's cache would serve (a fetched time ahead of this clock counts as now).
	if ( null !== $entry && $now - $entry['fetched'] < $fresh ) {
		return $serve( $entry, false );
	}
	// The API failed a moment ago, or another page view is asking it now: the last answer.
	if ( null !== $entry && $now < $entry['retry'] ) {
		return $serve( $entry, true );
	}
	$key  = khountous_widgets_api_key();
	$size = khountous_widgets_budget_size( $key );
	$id   = khountous_widgets_budget_id( $base, $key );
	// A refresh of held data spends the total only above its reserve, kept for new resources.
	$keep    = null === $entry ? 0 : khountous_widgets_budget_reserve( $size );
	$counted = khountous_widgets_change_budgets(
		static function ( $all, $at ) use ( $id, $size, $keep ) {
			$budget = khountous_widgets_budget( $all, $id, $at, $size );
			if ( khountous_widgets_budget_remaining( $budget, $size ) <= $keep ) {
				return null;
			}
			$budget['log'][] = $at;
			$all[ $id ]      = $budget;
			return $all;
		}
	);
	// The total spent, or the count not to be had: nothing is sent.
	if ( ! $counted ) {
		return $serve( $entry, true );
	}
	if ( null !== $entry ) {
		// The views that come while this one asks serve the last answer rather than ask too.
		$entry['retry'] = $now + KHOUNTOUS_WIDGETS_TIMEOUT + 1;
		set_transient( $name, $entry, KHOUNTOUS_WIDGETS_KEEP );
	}

	$headers = array( 'Accept' => 'application/json' );
	if ( '' !== $key ) {
		$headers['Authorization'] = 'Bearer ' . $key;
	}
	$response = wp_remote_get(
		$url,
		array(
			'timeout'             => KHOUNTOUS_WIDGETS_TIMEOUT,
			// A redirect would carry the key elsewhere: the API of the settings answers itself.
			'redirection'         => 0,
			'headers'             => $headers,
			// The kit's bound on an answer (src/core/types.ts MAX_ANSWER_BYTES, in definitions.php):
			// the rest is not read, and the cut body is not JSON: an invalid answer, nothing kept.
			'limit_response_size' => khountous_widgets_definitions()['maxAnswerBytes'],
		)
	);
	$answered = microtime( true );
	// What the answer says remains (without the lock in time, it is not kept: the count is).
	khountous_widgets_change_budgets(
		static function ( $all ) use ( $id, $size, $response, $answered ) {
			$all[ $id ] = khountous_widgets_budget_reconcile( khountous_widgets_budget( $all, $id, $answered, $size ), $response, $answered, $size );
			return $all;
		}
	);

	$body = is_wp_error( $response ) ? '' : wp_remote_retrieve_body( $response );
	$data = '' === $body ? null : json_decode( $body );
	if ( ! is_wp_error( $response ) && 200 === wp_remote_retrieve_response_code( $response ) && $valid( $data ) ) {
		$entry = array(
			'fetched' => $answered,
			'body'    => $body,
			'retry'   => 0.0,
		);
		set_transient( $name, $entry, KHOUNTOUS_WIDGETS_KEEP );
		return $serve( $entry, false );
	}
	if ( null === $entry ) {
		return null;
	}
	$entry['retry'] = $answered + KHOUNTOUS_WIDGETS_BACKOFF;
	set_transient( $name, $entry, KHOUNTOUS_WIDGETS_KEEP );
	return $serve( $entry, true );
}

/**
 * JSON for a `<script type="application/json">` inside a post: nothing in it can
 * close the element or open a comment (`<` `>` `&` as \u escapes), and no
 * bracket inside a string can be read as a shortcode when WordPress runs
 * do_shortcode over a block's output.
 *
 * @param mixed $value The value.
 * @return string
 */
function khountous_widgets_script_json( $value ) {
	$json = (string) wp_json_encode( $value, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	return (string) preg_replace_callback(
		'/"(?:[^"\\\\]|\\\\.)*"/s',
		static function ( $match ) {
			return strtr(
				$match[0],
				array(
					'[' => '\u005b',
					']' => '\u005d',
				)
			);
		},
		$json
	);
}
