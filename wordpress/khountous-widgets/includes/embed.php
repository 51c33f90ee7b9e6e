<?php
/**
 * The kit's embed page as an embed: an embed URL pasted on a line of its own
 * (`https://…/embed.html?widget=report&slug=…`) becomes the iframe, in the
 * classic editor, in the block editor's Embed block and on the page.
 *
 * The platform publishes no oEmbed endpoint for its embed page, so the plugin
 * registers an embed handler (wp_embed_register_handler), as WordPress does for
 * its own providers without one: the iframe is written here, nothing is
 * fetched, and the block editor's oEmbed proxy uses the same handler. Only the
 * embed pages this site trusts match: the plugin's copy of the kit and the
 * kit's address set in the settings.
 *
 * The kit's embed page accepts an API other than its own origin's and the
 * platform's only when its copy names it (`<meta name="khountous:api-origins">`
 * and its Content-Security-Policy's connect-src). When the administrator set
 * an API in the settings, the plugin's copy of the page is therefore served
 * by WordPress (`/?khountous-widgets-embed=1&widget=…`) with that API as its
 * default (`<meta name="khountous:base-url">`), its origin allowed in both
 * places, and the iframes of pasted embed URLs point there.
 *
 * @package Khountous_Widgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The directories of the embed pages this site embeds.
 *
 * @return string[]
 */
function khountous_widgets_embed_bases() {
	$bases  = array( plugins_url( 'kit/', KHOUNTOUS_WIDGETS_FILE ) );
	$source = khountous_widgets_kit_source();
	if ( null !== $source ) {
		$bases[] = $source['embed'];
	}
	return array_values( array_unique( $bases ) );
}

/**
 * Registers the handler for those pages' URLs.
 */
function khountous_widgets_register_embed() {
	$patterns = array();
	foreach ( khountous_widgets_embed_bases() as $base ) {
		// The scheme may differ (a site moved to https); the rest must be the same.
		$patterns[] = preg_quote( preg_replace( '~^https?://~i', '', $base ), '#' );
	}
	wp_embed_register_handler(
		'khountous-widgets',
		'#^https?://(?:' . implode( '|', $patterns ) . ')embed\.html\?(?P<query>[^\s\#]+)$#i',
		'khountous_widgets_embed_handler'
	);
}

/**
 * The iframe of one embed URL.
 *
 * @param array<string|int, string> $matches The URL's parts.
 * @param array<string, mixed>      $attr    Width and height asked for.
 * @param string                    $url     The URL.
 * @return string
 */
function khountous_widgets_embed_handler( $matches, $attr, $url ) {
	$params = array();
	wp_parse_str( html_entity_decode( $matches['query'], ENT_QUOTES ), $params );
	$widget      = isset( $params['widget'] ) && is_string( $params['widget'] ) ? strtolower( $params['widget'] ) : '';
	$definitions = khountous_widgets_definitions();
	if ( ! isset( $definitions['widgets'][ $widget ] ) ) {
		return '';
	}
	// The block's title (its block.json, translated when it was registered).
	$block = WP_Block_Type_Registry::get_instance()->get_registered( 'khountous-widgets/' . $widget );

	$src  = html_entity_decode( $url, ENT_QUOTES );
	$copy = preg_replace( '~^https?:~i', '', plugins_url( 'kit/embed.html?', KHOUNTOUS_WIDGETS_FILE ) );
	if ( 0 === strpos( preg_replace( '~^https?:~i', '', $src ), $copy ) ) {
		$src = khountous_widgets_embed_src( html_entity_decode( $matches['query'], ENT_QUOTES ), $src );
	}
	$height = isset( $attr['height'] ) && (int) $attr['height'] > 0 ? (int) $attr['height'] : 480;
	if ( wp_script_is( KHOUNTOUS_WIDGETS_RESIZE, 'registered' ) ) {
		wp_enqueue_script( KHOUNTOUS_WIDGETS_RESIZE );
	}
	return sprintf(
		'<iframe class="khountous-widgets-embed" src="%1$s" title="%2$s" width="100%%" height="%3$d" style="border:0;max-width:100%%" loading="lazy"></iframe>',
		esc_url( $src ),
		/* translators: %s: the widget's title (its block's). */
		esc_attr( sprintf( __( 'Khountous: %s', 'khountous-widgets' ), $block ? $block->title : $definitions['widgets'][ $widget ]['tag'] ) ),
		$height
	);
}

const KHOUNTOUS_WIDGETS_EMBED_VAR = 'khountous-widgets-embed';

/**
 * Where an iframe of the plugin's copy of the embed page points: the page
 * served by WordPress when an API is set in the settings, else the file itself.
 *
 * @param string $query The embed URL's query string.
 * @param string $file  The embed URL, to the plugin's copy of embed.html.
 * @return string
 */
function khountous_widgets_embed_src( $query, $file ) {
	if ( '' === khountous_widgets_settings()['api_base_url'] ) {
		return $file;
	}
	return home_url( '/?' . KHOUNTOUS_WIDGETS_EMBED_VAR . '=1&' . $query );
}

/**
 * The API set in the settings, as an absolute URL, with its origin; null when none is set.
 *
 * @return array{url: string, origin: string}|null
 */
function khountous_widgets_embed_api() {
	$base = khountous_widgets_settings()['api_base_url'];
	if ( '' === $base ) {
		return null;
	}
	$url   = WP_Http::make_absolute_url( $base, home_url( '/' ) );
	$parts = wp_parse_url( $url );
	if ( ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) ) {
		return null;
	}
	$origin = strtolower( $parts['scheme'] . '://' . $parts['host'] ) . ( isset( $parts['port'] ) ? ':' . (int) $parts['port'] : '' );
	// Exactly an http(s) origin, as the embed page and its policy take one.
	if ( ! preg_match( '~^https?://(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$~', $origin ) ) {
		return null;
	}
	return array(
		'url'    => $url,
		'origin' => $origin,
	);
}

/**
 * The plugin's copy of the embed page, for the API of the settings: its files
 * from the plugin's kit/, that API as the widgets' default, its origin in the
 * page's khountous:api-origins and in its policy's connect-src.
 *
 * @param string $html The kit's embed.html.
 * @return string
 */
function khountous_widgets_embed_html( $html ) {
	$kit  = plugins_url( 'kit/', KHOUNTOUS_WIDGETS_FILE );
	$html = str_replace( array( 'href="./', 'src="./' ), array( 'href="' . esc_url( $kit ), 'src="' . esc_url( $kit ) ), $html );
	$api  = khountous_widgets_embed_api();
	if ( null === $api ) {
		return $html;
	}
	// The origin matched khountous_widgets_embed_api()'s pattern: nothing in it to escape
	// (and the policy's 'self' must stay as the kit wrote it).
	$origin = $api['origin'];
	$html   = preg_replace_callback(
		'~(<meta name="khountous:api-origins" content=")([^"]*)(")~',
		static function ( $match ) use ( $origin ) {
			$listed = preg_split( '~[\s,]+~', $match[2], -1, PREG_SPLIT_NO_EMPTY );
			if ( ! in_array( $origin, $listed, true ) ) {
				$listed[] = $origin;
			}
			return $match[1] . implode( ' ', $listed ) . $match[3];
		},
		$html,
		1
	);
	$html   = preg_replace_callback(
		'~(<meta http-equiv="Content-Security-Policy" content="[^"]*connect-src)([^;"]*)~',
		static function ( $match ) use ( $origin ) {
			$sources = preg_split( '~\s+~', $match[2], -1, PREG_SPLIT_NO_EMPTY );
			if ( ! in_array( $origin, $sources, true ) ) {
				$sources[] = $origin;
			}
			return $match[1] . ' ' . implode( ' ', $sources );
		},
		$html,
		1
	);
	$meta   = '<meta name="khountous:base-url" content="' . esc_attr( $api['url'] ) . '" />';
	return preg_replace_callback(
		'~<meta name="khountous:api-origins"[^>]*>~',
		static function ( $match ) use ( $meta ) {
			return $match[0] . "\n    " . $meta;
		},
		$html,
		1
	);
}

add_filter( 'query_vars', 'khountous_widgets_embed_query_var' );

/**
 * The embed page's query variable.
 *
 * @param string[] $vars The public query variables.
 * @return string[]
 */
function khountous_widgets_embed_query_var( $vars ) {
	$vars[] = KHOUNTOUS_WIDGETS_EMBED_VAR;
	return $vars;
}

add_action( 'template_redirect', 'khountous_widgets_serve_embed', 0 );

/**
 * Serves the embed page at /?khountous-widgets-embed=1&widget=…, when an API is set in the settings.
 */
function khountous_widgets_serve_embed() {
	if ( '' === (string) get_query_var( KHOUNTOUS_WIDGETS_EMBED_VAR ) ) {
		return;
	}
	$file = KHOUNTOUS_WIDGETS_DIR . '/kit/embed.html';
	if ( null === khountous_widgets_embed_api() || ! is_readable( $file ) ) {
		status_header( 404 );
		nocache_headers();
		exit;
	}
	$html = (string) file_get_contents( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
	status_header( 200 );
	header( 'Content-Type: text/html; charset=utf-8' );
	header( 'X-Robots-Tag: noindex' );
	header( 'X-Content-Type-Options: nosniff' );
	// The page's own markup, from the plugin's copy of the kit; the values added are escaped.
	echo khountous_widgets_embed_html( $html ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped
	exit;
}
