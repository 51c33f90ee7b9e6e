<?php
/**
 * The kit's scripts: the plugin's own copy (kit/, with the integrity the kit's
 * build computed) or the URL set in the settings (by a user who may publish
 * unfiltered HTML; on another origin, with its integrity). Registered on every page,
 * enqueued only by a widget, so that the script tag appears once, and only on
 * pages that hold one.
 *
 * @package Khountous_Widgets
 */

defined( 'ABSPATH' ) || exit;

const KHOUNTOUS_WIDGETS_KIT    = 'khountous-widgets-kit';
const KHOUNTOUS_WIDGETS_RESIZE = 'khountous-widgets-embed-resize';

/**
 * The SRI hashes of the plugin's copy of the kit (kit/integrity.json), by file.
 *
 * @return array<string, string>
 */
function khountous_widgets_kit_integrity() {
	static $integrity = null;
	if ( null === $integrity ) {
		$integrity = array();
		$file      = KHOUNTOUS_WIDGETS_DIR . '/kit/integrity.json';
		if ( is_readable( $file ) ) {
			$data = json_decode( (string) file_get_contents( $file ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
			if ( is_array( $data ) ) {
				$integrity = $data;
			}
		}
	}
	return $integrity;
}

/**
 * Where the kit's script tag points, and its integrity: the URL set in the
 * settings when it may be used (khountous_widgets_kit_problem(): on another
 * origin than the site's, only with its integrity), else the plugin's copy.
 *
 * @return array{src: string, integrity: string, embed: string, copy: bool}|null Null when neither is there.
 */
function khountous_widgets_kit_source() {
	$settings = khountous_widgets_settings();
	if ( '' !== $settings['kit_url'] && null === khountous_widgets_kit_problem( $settings['kit_url'], $settings['kit_integrity'] ) ) {
		return array(
			'src'       => $settings['kit_url'],
			'integrity' => $settings['kit_integrity'],
			'embed'     => preg_replace( '~[^/]*$~', '', $settings['kit_url'] ),
			'copy'      => false,
		);
	}
	$integrity = khountous_widgets_kit_integrity();
	if ( ! isset( $integrity['khountous.js'] ) ) {
		return null;
	}
	return array(
		'src'       => plugins_url( 'kit/khountous.js', KHOUNTOUS_WIDGETS_FILE ),
		'integrity' => $integrity['khountous.js'],
		'embed'     => plugins_url( 'kit/', KHOUNTOUS_WIDGETS_FILE ),
		'copy'      => true,
	);
}

/**
 * Registers the kit (a module script) and the embed pages' resize script, without enqueuing them.
 */
function khountous_widgets_register_kit() {
	$source      = khountous_widgets_kit_source();
	$definitions = khountous_widgets_definitions();
	if ( null === $source ) {
		return;
	}
	wp_register_script( KHOUNTOUS_WIDGETS_KIT, $source['src'], array(), null, true ); // phpcs:ignore WordPress.WP.EnqueuedResourceParameters.MissingVersion -- the integrity pins the file; a query string would not change it.
	$integrity = khountous_widgets_kit_integrity();
	if ( $source['copy'] && isset( $integrity['embed-resize.js'] ) ) {
		wp_register_script( KHOUNTOUS_WIDGETS_RESIZE, plugins_url( 'kit/embed-resize.js', KHOUNTOUS_WIDGETS_FILE ), array(), $definitions['version'], true );
	}
}

add_filter( 'script_loader_tag', 'khountous_widgets_script_tag', 10, 3 );

/**
 * The kit's tag as a module, with its integrity; the resize script's with its own, and the
 * address of the embed page WordPress serves.
 *
 * @param string $tag    The tag WordPress prints.
 * @param string $handle The script's handle.
 * @param string $src    Its URL.
 * @return string
 */
function khountous_widgets_script_tag( $tag, $handle, $src ) {
	if ( KHOUNTOUS_WIDGETS_KIT === $handle ) {
		$source = khountous_widgets_kit_source();
		$extra  = ' type="module"';
		if ( null !== $source && '' !== $source['integrity'] ) {
			$extra .= ' integrity="' . esc_attr( $source['integrity'] ) . '" crossorigin="anonymous"';
		}
		$tag = preg_replace( '/\stype=([\'"])[^\'"]*\1/', '', $tag );
		return preg_replace( '/<script(?=[\s>])/', '<script' . $extra, $tag, 1 );
	}
	if ( KHOUNTOUS_WIDGETS_RESIZE === $handle ) {
		$integrity = khountous_widgets_kit_integrity();
		if ( ! isset( $integrity['embed-resize.js'] ) ) {
			return $tag;
		}
		$extra = ' integrity="' . esc_attr( $integrity['embed-resize.js'] ) . '"';
		// The embed page WordPress serves when an API is set (includes/embed.php) is one it obeys too.
		if ( null !== khountous_widgets_embed_api() ) {
			$extra .= ' data-embed-pages="' . esc_url( home_url( '/?' . KHOUNTOUS_WIDGETS_EMBED_VAR . '=1' ) ) . '"';
		}
		return preg_replace( '/<script(?=[\s>])/', '<script' . $extra, $tag, 1 );
	}
	return $tag;
}

/**
 * The kit on this page: called by every widget rendered (WordPress prints a script once).
 */
function khountous_widgets_enqueue_kit() {
	if ( wp_script_is( KHOUNTOUS_WIDGETS_KIT, 'registered' ) ) {
		wp_enqueue_script( KHOUNTOUS_WIDGETS_KIT );
	}
}
