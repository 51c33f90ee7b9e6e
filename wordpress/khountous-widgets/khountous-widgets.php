<?php
/**
 * Plugin Name:       Khountous widgets
 * Plugin URI:        https://www.npmjs.com/package/khountous-widgets
 * Description:       The public data of the Khountous platform (rankings of administrations, citizen reports, fact-checks, regional indicators, open datasets) in your posts, by shortcode or block, for every author.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * Author:            Khountous
 * License:           MIT
 * License URI:       https://opensource.org/licenses/MIT
 * Text Domain:       khountous-widgets
 * Domain Path:       /languages
 *
 * @package Khountous_Widgets
 */

defined( 'ABSPATH' ) || exit;

define( 'KHOUNTOUS_WIDGETS_FILE', __FILE__ );
define( 'KHOUNTOUS_WIDGETS_DIR', __DIR__ );

require_once __DIR__ . '/includes/attributes.php';
require_once __DIR__ . '/includes/settings.php';
require_once __DIR__ . '/includes/kit.php';
require_once __DIR__ . '/includes/data.php';
require_once __DIR__ . '/includes/answers.php';
require_once __DIR__ . '/includes/fallback.php';
require_once __DIR__ . '/includes/render.php';
require_once __DIR__ . '/includes/blocks.php';
require_once __DIR__ . '/includes/embed.php';

add_action( 'init', 'khountous_widgets_init' );

/**
 * Translations, the kit's scripts, one shortcode and one block per widget, the embed handler.
 */
function khountous_widgets_init() {
	load_plugin_textdomain( 'khountous-widgets', false, dirname( plugin_basename( __FILE__ ) ) . '/languages' );
	khountous_widgets_register_kit();
	$definitions = khountous_widgets_definitions();
	foreach ( array_keys( $definitions['widgets'] ) as $widget ) {
		add_shortcode( 'khountous-' . $widget, 'khountous_widgets_shortcode' );
	}
	khountous_widgets_register_blocks();
	khountous_widgets_register_embed();
}
