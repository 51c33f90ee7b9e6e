<?php
/**
 * Settings > Khountous widgets: the API's base URL (or the site's shared cache
 * tier), and where the kit is loaded from (the plugin's copy, or a URL with
 * its integrity). Only administrators (manage_options) see and change them.
 *
 * @package Khountous_Widgets
 */

defined( 'ABSPATH' ) || exit;

const KHOUNTOUS_WIDGETS_OPTION = 'khountous_widgets_settings';

/**
 * The settings, with their defaults.
 *
 * @return array{api_base_url: string, kit_url: string, kit_integrity: string}
 */
function khountous_widgets_settings() {
	$saved = get_option( KHOUNTOUS_WIDGETS_OPTION, array() );
	$saved = is_array( $saved ) ? $saved : array();
	return array(
		'api_base_url'  => isset( $saved['api_base_url'] ) ? (string) $saved['api_base_url'] : '',
		'kit_url'       => isset( $saved['kit_url'] ) ? (string) $saved['kit_url'] : '',
		'kit_integrity' => isset( $saved['kit_integrity'] ) ? (string) $saved['kit_integrity'] : '',
	);
}

/**
 * An absolute http(s) URL without query, fragment or user; null when it is not one.
 *
 * @param string $value The URL typed.
 * @return string|null
 */
function khountous_widgets_http_url( $value ) {
	$value = khountous_widgets_trim( $value );
	if ( ! preg_match( '~^https?://[^/?#\s@]+(/[^?#\s]*)?$~i', $value ) ) {
		return null;
	}
	return $value;
}

/**
 * Checks the settings sent by the form; a refused value keeps the one saved, with an error shown.
 *
 * @param mixed $input The form's values.
 * @return array<string, string>
 */
function khountous_widgets_sanitize_settings( $input ) {
	$current = khountous_widgets_settings();
	$input   = is_array( $input ) ? $input : array();
	$out     = $current;
	$lang    = khountous_widgets_user_lang();

	// Checked as the widgets check their base-url attribute, with the same message.
	$definitions = khountous_widgets_definitions();
	$base        = isset( $input['api_base_url'] ) ? wp_unslash( (string) $input['api_base_url'] ) : '';
	$result      = khountous_widgets_check_value( 'base-url', $definitions['baseUrl'], $base );
	if ( ! $result['ok'] ) {
		// settings_errors() prints messages as HTML: the value typed is escaped here.
		add_settings_error( KHOUNTOUS_WIDGETS_OPTION, 'api_base_url', esc_html( $result['problem']['message'][ $lang ] ) );
	} else {
		$out['api_base_url'] = null === $result['value'] ? '' : rtrim( $result['value'], '/' );
	}

	$kit = isset( $input['kit_url'] ) ? khountous_widgets_trim( wp_unslash( (string) $input['kit_url'] ) ) : '';
	if ( '' === $kit ) {
		$out['kit_url'] = '';
	} elseif ( null === khountous_widgets_http_url( $kit ) || ! preg_match( '~\.js$~', $kit ) ) {
		add_settings_error( KHOUNTOUS_WIDGETS_OPTION, 'kit_url', esc_html__( 'The address of the kit must be an http(s) URL of khountous.js.', 'khountous-widgets' ) );
	} else {
		$out['kit_url'] = $kit;
	}

	$integrity = isset( $input['kit_integrity'] ) ? khountous_widgets_trim( wp_unslash( (string) $input['kit_integrity'] ) ) : '';
	if ( '' === $integrity || preg_match( '~^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$~', $integrity ) ) {
		$out['kit_integrity'] = $integrity;
	} else {
		add_settings_error( KHOUNTOUS_WIDGETS_OPTION, 'kit_integrity', esc_html__( 'The integrity must read sha384- followed by the hash, as in the kit\'s integrity.json.', 'khountous-widgets' ) );
	}
	return $out;
}

add_action( 'admin_init', 'khountous_widgets_register_settings' );

/**
 * The option and its form's fields.
 */
function khountous_widgets_register_settings() {
	register_setting(
		'khountous_widgets',
		KHOUNTOUS_WIDGETS_OPTION,
		array(
			'type'              => 'object',
			'sanitize_callback' => 'khountous_widgets_sanitize_settings',
			'default'           => array(),
		)
	);
	add_settings_section( 'khountous_widgets_api', __( 'Data', 'khountous-widgets' ), '__return_false', 'khountous-widgets' );
	add_settings_section( 'khountous_widgets_kit', __( 'Scripts', 'khountous-widgets' ), '__return_false', 'khountous-widgets' );
	$fields = array(
		'api_base_url'  => array(
			'khountous_widgets_api',
			__( 'API base URL', 'khountous-widgets' ),
			__( 'Empty: the platform\'s API (https://api.khountous.sn/v1). Set the address of your shared cache tier, or another API ending with /v1.', 'khountous-widgets' ),
		),
		'kit_url'       => array(
			'khountous_widgets_kit',
			__( 'Address of the kit', 'khountous-widgets' ),
			__( 'Empty: the copy of the kit inside this plugin. Or the URL of khountous.js on your server or a CDN.', 'khountous-widgets' ),
		),
		'kit_integrity' => array(
			'khountous_widgets_kit',
			__( 'Integrity of the kit', 'khountous-widgets' ),
			__( 'With an address above: the value of khountous.js in the kit\'s integrity.json (sha384-...).', 'khountous-widgets' ),
		),
	);
	foreach ( $fields as $key => $field ) {
		add_settings_field(
			$key,
			$field[1],
			'khountous_widgets_settings_field',
			'khountous-widgets',
			$field[0],
			array(
				'key'       => $key,
				'help'      => $field[2],
				'label_for' => 'khountous-widgets-' . $key,
			)
		);
	}
}

/**
 * One text field of the settings.
 *
 * @param array<string, string> $args The field's key and help text.
 */
function khountous_widgets_settings_field( $args ) {
	$settings = khountous_widgets_settings();
	printf(
		'<input type="text" class="regular-text code" id="%1$s" name="%2$s[%3$s]" value="%4$s" aria-describedby="%1$s-help" /><p class="description" id="%1$s-help">%5$s</p>',
		esc_attr( $args['label_for'] ),
		esc_attr( KHOUNTOUS_WIDGETS_OPTION ),
		esc_attr( $args['key'] ),
		esc_attr( $settings[ $args['key'] ] ),
		esc_html( $args['help'] )
	);
}

add_action( 'admin_menu', 'khountous_widgets_settings_menu' );

/**
 * Settings > Khountous widgets.
 */
function khountous_widgets_settings_menu() {
	add_options_page(
		__( 'Khountous widgets', 'khountous-widgets' ),
		__( 'Khountous widgets', 'khountous-widgets' ),
		'manage_options',
		'khountous-widgets',
		'khountous_widgets_settings_page'
	);
}

/**
 * The settings page.
 */
function khountous_widgets_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1>';
	if ( null === khountous_widgets_kit_source() ) {
		echo '<div class="notice notice-warning"><p>' . esc_html__( 'This copy of the plugin holds no kit (kit/khountous.js): set the address of the kit below.', 'khountous-widgets' ) . '</p></div>';
	}
	echo '<form action="options.php" method="post">';
	settings_fields( 'khountous_widgets' );
	do_settings_sections( 'khountous-widgets' );
	submit_button();
	echo '</form></div>';
}
