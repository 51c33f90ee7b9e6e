<?php
/**
 * Settings > Khountous widgets: the API's base URL (or the site's shared cache
 * tier), whether the server writes each widget's data into the page (on by
 * default), the site's API key (sent by the server only, never printed, the
 * field shows none) and its quota (the most requests the server sends with it:
 * includes/data.php), the address of the widgets' pictures (the image twin of the embed
 * page, which a site's Node server can answer: includes/render.php), and where the kit is
 * loaded from (the plugin's copy, or a URL with its integrity). Only administrators (manage_options) see and change them.
 *
 * The address of the kit names a script that runs on every page with a widget
 * and in the block editor, in front of every user, a network's super admins
 * included: only a user who may publish unfiltered HTML (unfiltered_html) can
 * change it, as only such a user can put a script tag in a post. A site's
 * administrator on a network, or anyone under DISALLOW_UNFILTERED_HTML, sees
 * it read-only. An address on another origin than the site's needs its
 * integrity, so that browsers run that file and no other; the pair is checked
 * again where it is used (includes/kit.php), so that a value stored otherwise
 * is not printed either.
 *
 * @package Khountous_Widgets
 */

defined( 'ABSPATH' ) || exit;

const KHOUNTOUS_WIDGETS_OPTION = 'khountous_widgets_settings';

/**
 * The settings, with their defaults.
 *
 * @return array{api_base_url: string, server_render: string, api_key: string, api_quota: string, image_url: string, kit_url: string, kit_integrity: string}
 */
function khountous_widgets_settings() {
	$saved = get_option( KHOUNTOUS_WIDGETS_OPTION, array() );
	$saved = is_array( $saved ) ? $saved : array();
	return array(
		'api_base_url'  => isset( $saved['api_base_url'] ) ? (string) $saved['api_base_url'] : '',
		'server_render' => isset( $saved['server_render'] ) && 'off' === $saved['server_render'] ? 'off' : 'on',
		'api_key'       => isset( $saved['api_key'] ) ? (string) $saved['api_key'] : '',
		'api_quota'     => isset( $saved['api_quota'] ) ? (string) $saved['api_quota'] : '',
		'image_url'     => isset( $saved['image_url'] ) ? (string) $saved['image_url'] : '',
		'kit_url'       => isset( $saved['kit_url'] ) ? (string) $saved['kit_url'] : '',
		'kit_integrity' => isset( $saved['kit_integrity'] ) ? (string) $saved['kit_integrity'] : '',
	);
}

/**
 * An absolute http(s) URL without query, fragment, user or backslash; null when it is not one.
 *
 * @param string $value The URL typed.
 * @return string|null
 */
function khountous_widgets_http_url( $value ) {
	$value = khountous_widgets_trim( $value );
	if ( ! preg_match( '~^https?://[^/?#\s@\\\\]+(/[^?#\s\\\\]*)?$~i', $value ) ) {
		return null;
	}
	return $value;
}

/**
 * This site's origins, in lower case (`https://example.org`): its address's and WordPress's, which may differ.
 *
 * @return string[]
 */
function khountous_widgets_site_origins() {
	$origins = array();
	foreach ( array( home_url( '/' ), site_url( '/' ) ) as $url ) {
		if ( preg_match( '~^(https?://[^/?#\s@\\\\]+)~i', $url, $match ) ) {
			$origins[] = strtolower( $match[1] );
		}
	}
	return array_values( array_unique( $origins ) );
}

/**
 * Whether a URL is on this site's origin: its scheme, host and port written exactly as the site's.
 *
 * @param string $url An absolute URL.
 * @return bool
 */
function khountous_widgets_is_own_origin( $url ) {
	return (bool) preg_match( '~^(https?://[^/?#\s@\\\\]+)(?:/|$)~i', $url, $match )
		&& in_array( strtolower( $match[1] ), khountous_widgets_site_origins(), true );
}

/**
 * What keeps an address of the kit and its integrity from being used, or null
 * when the pair may be: an http(s) URL of a .js file; an integrity of the form
 * sha384-...; and, for an address on another origin than the site's, an integrity.
 *
 * @param string $url       The address of the kit ('' for the plugin's copy).
 * @param string $integrity Its integrity.
 * @return string|null The problem, in the user's language.
 */
function khountous_widgets_kit_problem( $url, $integrity ) {
	if ( '' !== $integrity && ! preg_match( '~^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$~', $integrity ) ) {
		return __( 'The integrity must read sha384- followed by the hash, as in the kit\'s integrity.json.', 'khountous-widgets' );
	}
	if ( '' === $url ) {
		return null;
	}
	if ( null === khountous_widgets_http_url( $url ) || ! preg_match( '~\.js$~', $url ) ) {
		return __( 'The address of the kit must be an http(s) URL of khountous.js.', 'khountous-widgets' );
	}
	if ( '' === $integrity && ! khountous_widgets_is_own_origin( $url ) ) {
		return __( 'A kit on another origin than this site\'s needs its integrity (the value of khountous.js in the kit\'s integrity.json, sha384-...), so that browsers run that file and no other.', 'khountous-widgets' );
	}
	return null;
}

/**
 * Whether the current user may change where the kit is loaded from: a script
 * that runs in front of every user needs the right to publish unfiltered HTML.
 *
 * @return bool
 */
function khountous_widgets_can_set_kit() {
	return current_user_can( 'unfiltered_html' );
}

/**
 * Checks the settings sent by the form; a refused value keeps the one saved, with an error shown.
 * The values come unslashed (options.php unslashes the form before update_option()): a
 * backslash typed is a backslash here.
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
	$base        = isset( $input['api_base_url'] ) ? (string) $input['api_base_url'] : '';
	$result      = khountous_widgets_check_value( 'base-url', $definitions['rules']['baseUrl'], $base );
	if ( ! $result['ok'] ) {
		// settings_errors() prints messages as HTML: the value typed is escaped here.
		add_settings_error( KHOUNTOUS_WIDGETS_OPTION, 'api_base_url', esc_html( $result['problem'][ $lang ] ) );
	} else {
		$out['api_base_url'] = null === $result['value'] ? '' : rtrim( $result['value'], '/' );
	}

	if ( isset( $input['server_render'] ) ) {
		$out['server_render'] = 'off' === $input['server_render'] ? 'off' : 'on';
	}

	// The key: kept unless a new one is typed, or forgetting it is asked. As the API reads a Bearer token.
	$key = isset( $input['api_key'] ) ? khountous_widgets_trim( (string) $input['api_key'] ) : '';
	if ( ! empty( $input['api_key_forget'] ) ) {
		$out['api_key'] = '';
	} elseif ( '' !== $key ) {
		if ( preg_match( '~^[A-Za-z0-9\-._\~+/]+=*$~', $key ) ) {
			$out['api_key'] = $key;
		} else {
			add_settings_error( KHOUNTOUS_WIDGETS_OPTION, 'api_key', esc_html__( 'The API key was not saved: a key is letters, digits and - . _ ~ + / (then = signs).', 'khountous-widgets' ) );
		}
	}

	// The quota of the key, as the kit's CLI takes it (`20000/day`); empty: the free key's. Not sent
	// when KHOUNTOUS_WIDGETS_API_QUOTA sets it (the field has no name then).
	if ( isset( $input['api_quota'] ) ) {
		$quota = khountous_widgets_trim( (string) $input['api_quota'] );
		if ( '' === $quota || null !== khountous_widgets_budget_of( $quota ) ) {
			$out['api_quota'] = $quota;
		} else {
			add_settings_error(
				KHOUNTOUS_WIDGETS_OPTION,
				'api_quota',
				/* translators: 1: the value typed, 2: an example, 20000/day. */
				esc_html( sprintf( __( 'The quota of the key was not saved: "%1$s" is not a number of requests per hour or per day, as %2$s.', 'khountous-widgets' ), $quota, '20000/day' ) )
			);
		}
	}

	// The address of the widgets' pictures: an http(s) URL without query, or empty (none).
	if ( isset( $input['image_url'] ) ) {
		$image = khountous_widgets_trim( (string) $input['image_url'] );
		if ( '' === $image || null !== khountous_widgets_http_url( $image ) ) {
			$out['image_url'] = $image;
		} else {
			add_settings_error(
				KHOUNTOUS_WIDGETS_OPTION,
				'image_url',
				/* translators: %s: the value typed. */
				esc_html( sprintf( __( 'The address of the pictures was not saved: "%s" is not an http(s) address without a query.', 'khountous-widgets' ), $image ) )
			);
		}
	}

	// The address of the kit and its integrity, as a pair: both taken, or neither.
	$kit       = isset( $input['kit_url'] ) ? khountous_widgets_trim( (string) $input['kit_url'] ) : $current['kit_url'];
	$integrity = isset( $input['kit_integrity'] ) ? khountous_widgets_trim( (string) $input['kit_integrity'] ) : $current['kit_integrity'];
	if ( $kit === $current['kit_url'] && $integrity === $current['kit_integrity'] ) {
		return $out;
	}
	if ( ! khountous_widgets_can_set_kit() ) {
		add_settings_error( KHOUNTOUS_WIDGETS_OPTION, 'kit_url', esc_html__( 'The address of the kit and its integrity were left as they were: only a user who may publish unfiltered HTML (on a network, a super admin) can change them, as the kit is a script that runs on every page with a widget and in the editor.', 'khountous-widgets' ) );
		return $out;
	}
	$problem = khountous_widgets_kit_problem( $kit, $integrity );
	if ( null !== $problem ) {
		add_settings_error( KHOUNTOUS_WIDGETS_OPTION, 'kit_url', esc_html( $problem ) );
		return $out;
	}
	$out['kit_url']       = $kit;
	$out['kit_integrity'] = $integrity;
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
		'server_render' => array(
			'khountous_widgets_api',
			__( 'Data in the page', 'khountous-widgets' ),
			__( 'On: the server fetches each widget\'s data (once per freshness period for all readers, within the quota) and writes it into the page, where search engines, feed readers, e-mail and readers without JavaScript see it, and the widget shows it without a request. Off: each reader\'s browser fetches it.', 'khountous-widgets' ),
		),
		'api_key'       => array(
			'khountous_widgets_api',
			__( 'API key', 'khountous-widgets' ),
			__( 'Optional. Sent by this server only, as a Bearer token, for the data it writes into the page; never written into a page. Leave empty to keep the saved key.', 'khountous-widgets' ),
		),
		'api_quota'     => array(
			'khountous_widgets_api',
			__( 'Quota of the key', 'khountous-widgets' ),
			sprintf(
				/* translators: 1: a free key's quota, 1000/day, 2: a partner key's, 20000/day, 3: the anonymous quota, 60/hour. */
				__( 'The most requests this server sends with the key, in any day (or hour): a number, a slash, then day or hour. Empty: %1$s, a free key\'s quota. A partner key: %2$s, or the share of it this site may spend, its other users taking the rest. No answer of the API raises it. Without a key: %3$s, the anonymous quota.', 'khountous-widgets' ),
				khountous_widgets_budget_text( khountous_widgets_definitions()['budget']['key'] ),
				'20000/day',
				khountous_widgets_budget_text( khountous_widgets_definitions()['budget']['anonymous'] )
			),
		),
		'image_url'     => array(
			'khountous_widgets_api',
			__( 'Address of the pictures', 'khountous-widgets' ),
			__( 'Optional. Where your site draws each widget as a picture: the embed page\'s image twin (embed.png), answered by the kit\'s renderEmbedImage on a Node server. Set, e-mail, feeds and pages without JavaScript show the widget\'s picture, its figures in its text alternative; empty, its text.', 'khountous-widgets' ),
		),
		'kit_url'       => array(
			'khountous_widgets_kit',
			__( 'Address of the kit', 'khountous-widgets' ),
			__( 'Empty: the copy of the kit inside this plugin. Or the URL of khountous.js on this site, or on a CDN with its integrity below.', 'khountous-widgets' ),
		),
		'kit_integrity' => array(
			'khountous_widgets_kit',
			__( 'Integrity of the kit', 'khountous-widgets' ),
			__( 'Required for an address on another origin than this site\'s: the value of khountous.js in the kit\'s integrity.json (sha384-...).', 'khountous-widgets' ),
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
 * One text field of the settings; the kit's, read-only with the reason for a user who may not change them.
 *
 * @param array<string, string> $args The field's key and help text.
 */
function khountous_widgets_settings_field( $args ) {
	$settings = khountous_widgets_settings();
	if ( 'server_render' === $args['key'] ) {
		printf(
			'<select id="%1$s" name="%2$s[server_render]" aria-describedby="%1$s-help"><option value="on"%3$s>%4$s</option><option value="off"%5$s>%6$s</option></select><p class="description" id="%1$s-help">%7$s</p>',
			esc_attr( $args['label_for'] ),
			esc_attr( KHOUNTOUS_WIDGETS_OPTION ),
			selected( $settings['server_render'], 'on', false ),
			esc_html__( 'On', 'khountous-widgets' ),
			selected( $settings['server_render'], 'off', false ),
			esc_html__( 'Off', 'khountous-widgets' ),
			esc_html( $args['help'] )
		);
		return;
	}
	if ( 'api_key' === $args['key'] ) {
		// The key is never printed, not even here: the field says whether one is saved.
		$saved = '' !== $settings['api_key'];
		printf(
			'<input type="password" class="regular-text code" id="%1$s" name="%2$s[api_key]" value="" autocomplete="off" placeholder="%3$s" aria-describedby="%1$s-help" /><p class="description" id="%1$s-help">%4$s</p>%5$s',
			esc_attr( $args['label_for'] ),
			esc_attr( KHOUNTOUS_WIDGETS_OPTION ),
			esc_attr( $saved ? __( 'A key is saved', 'khountous-widgets' ) : '' ),
			esc_html( $args['help'] ),
			$saved ? '<label><input type="checkbox" name="' . esc_attr( KHOUNTOUS_WIDGETS_OPTION ) . '[api_key_forget]" value="1" /> ' . esc_html__( 'Forget the saved key', 'khountous-widgets' ) . '</label>' : ''
		);
		return;
	}
	$locked = in_array( $args['key'], array( 'kit_url', 'kit_integrity' ), true ) && ! khountous_widgets_can_set_kit();
	$help   = $args['help'];
	$value  = $settings[ $args['key'] ];
	$name   = KHOUNTOUS_WIDGETS_OPTION . '[' . $args['key'] . ']';
	if ( $locked ) {
		$help .= ' ' . __( 'Only a user who may publish unfiltered HTML (on a network, a super admin) can change it: the kit is a script that runs on every page with a widget and in the editor.', 'khountous-widgets' );
	}
	if ( 'api_quota' === $args['key'] && defined( 'KHOUNTOUS_WIDGETS_API_QUOTA' ) ) {
		// Set in wp-config.php: shown, not sent with the form.
		$locked = true;
		$value  = khountous_widgets_api_quota();
		$name   = '';
		$help   .= ' ' . __( 'Set by the constant KHOUNTOUS_WIDGETS_API_QUOTA in wp-config.php.', 'khountous-widgets' );
	}
	printf(
		'<input type="text" class="regular-text code" id="%1$s"%2$s value="%3$s" aria-describedby="%1$s-help"%5$s /><p class="description" id="%1$s-help">%4$s</p>',
		esc_attr( $args['label_for'] ),
		'' === $name ? '' : ' name="' . esc_attr( $name ) . '"',
		esc_attr( $value ),
		esc_html( $help ),
		$locked ? ' readonly="readonly"' : ''
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
	$settings = khountous_widgets_settings();
	$problem  = '' === $settings['kit_url'] ? null : khountous_widgets_kit_problem( $settings['kit_url'], $settings['kit_integrity'] );
	if ( null !== $problem ) {
		/* translators: %s: why the address is refused, e.g. "A kit on another origin than this site's needs its integrity…". */
		echo '<div class="notice notice-error"><p>' . esc_html( sprintf( __( 'The address of the kit below is not used: %s', 'khountous-widgets' ), $problem ) ) . '</p></div>';
	}
	if ( defined( 'KHOUNTOUS_WIDGETS_API_QUOTA' ) && null === khountous_widgets_budget_of( khountous_widgets_api_quota() ) ) {
		/* translators: 1: an example, 20000/day, 2: a free key's quota, 1000/day. */
		echo '<div class="notice notice-error"><p>' . esc_html( sprintf( __( 'The constant KHOUNTOUS_WIDGETS_API_QUOTA in wp-config.php is not a number of requests per hour or per day, as %1$s: the server sends no more than a free key\'s quota with the key, %2$s.', 'khountous-widgets' ), '20000/day', khountous_widgets_budget_text( khountous_widgets_definitions()['budget']['key'] ) ) ) . '</p></div>';
	}
	if ( null === khountous_widgets_kit_source() ) {
		echo '<div class="notice notice-warning"><p>' . esc_html__( 'This copy of the plugin holds no kit (kit/khountous.js): set the address of the kit below.', 'khountous-widgets' ) . '</p></div>';
	}
	echo '<form action="options.php" method="post">';
	settings_fields( 'khountous_widgets' );
	do_settings_sections( 'khountous-widgets' );
	submit_button();
	echo '</form></div>';
}
