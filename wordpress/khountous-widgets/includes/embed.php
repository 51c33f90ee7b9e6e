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
	$labels      = khountous_widgets_labels();
	if ( ! isset( $definitions['widgets'][ $widget ] ) ) {
		return '';
	}
	$height = isset( $attr['height'] ) && (int) $attr['height'] > 0 ? (int) $attr['height'] : 480;
	if ( wp_script_is( KHOUNTOUS_WIDGETS_RESIZE, 'registered' ) ) {
		wp_enqueue_script( KHOUNTOUS_WIDGETS_RESIZE );
	}
	return sprintf(
		'<iframe class="khountous-widgets-embed" src="%1$s" title="%2$s" width="100%%" height="%3$d" style="border:0;max-width:100%%" loading="lazy"></iframe>',
		esc_url( html_entity_decode( $url, ENT_QUOTES ) ),
		/* translators: %s: the widget's title, e.g. "Citizen report". */
		esc_attr( sprintf( __( 'Khountous: %s', 'khountous-widgets' ), $labels[ $widget ]['title'] ) ),
		$height
	);
}
