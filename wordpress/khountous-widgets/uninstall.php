<?php
/**
 * Plugins > Delete: the plugin's settings go with it (the option
 * khountous_widgets_settings), with the budget of its requests (the option
 * khountous_widgets_budget) and the data it cached (its transients), on every
 * site of a network. WordPress runs this file, with WP_UNINSTALL_PLUGIN
 * defined, once the plugin is deactivated; it does nothing when called otherwise.
 *
 * @package Khountous_Widgets
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

/**
 * Removes the plugin's options and transients from the current site.
 */
function khountous_widgets_uninstall_site() {
	global $wpdb;
	delete_option( 'khountous_widgets_settings' );
	delete_option( 'khountous_widgets_budget' );
	// The transients in the options table (an object cache lets its own expire).
	foreach ( array( '_transient_khountous_widgets_data_', '_transient_timeout_khountous_widgets_data_' ) as $prefix ) {
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( $prefix ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- no API removes transients by prefix.
	}
}

if ( is_multisite() ) {
	foreach ( get_sites(
		array(
			'fields' => 'ids',
			'number' => 0,
		)
	) as $khountous_widgets_site ) {
		switch_to_blog( $khountous_widgets_site );
		khountous_widgets_uninstall_site();
		restore_current_blog();
	}
} else {
	khountous_widgets_uninstall_site();
}
