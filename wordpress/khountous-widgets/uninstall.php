<?php
/**
 * Plugins > Delete: the plugin's settings go with it (the option
 * khountous_widgets_settings), on every site of a network. WordPress runs this
 * file, with WP_UNINSTALL_PLUGIN defined, once the plugin is deactivated; it
 * does nothing when called otherwise.
 *
 * @package Khountous_Widgets
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

if ( is_multisite() ) {
	foreach ( get_sites(
		array(
			'fields' => 'ids',
			'number' => 0,
		)
	) as $khountous_widgets_site ) {
		switch_to_blog( $khountous_widgets_site );
		delete_option( 'khountous_widgets_settings' );
		restore_current_blog();
	}
} else {
	delete_option( 'khountous_widgets_settings' );
}
