<?php
/**
 * One widget as HTML: the custom element with its checked attributes and, inside
 * it, what a reader sees where the kit does not run: its data, fetched by the
 * server (includes/data.php), as inline data the element adopts and as an HTML
 * fallback (includes/fallback.php); or, with no data to serve, a link to the
 * data on the platform, the element loading in the browser. For an attribute
 * the widget cannot use, the widget's own message to whoever can edit the post
 * (readers get nothing).
 *
 * @package Khountous_Widgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * `[khountous-ranking region="kolda" limit="5"]`: one shortcode per widget.
 *
 * @param array<int|string, string>|string $atts    The shortcode's attributes.
 * @param string|null                      $content Unused.
 * @param string                           $tag     The shortcode (`khountous-ranking`).
 * @return string
 */
function khountous_widgets_shortcode( $atts, $content, $tag ) {
	$given = array();
	// WordPress gives an empty string, not an array, to a shortcode without attributes.
	foreach ( is_array( $atts ) ? $atts : array() as $name => $value ) {
		if ( is_int( $name ) ) {
			// A bare word (`[khountous-ranking paginate]`) sets a yes/no attribute, as in HTML.
			$given[ strtolower( $value ) ] = '';
		} else {
			$given[ $name ] = $value;
		}
	}
	return khountous_widgets_render( substr( $tag, strlen( 'khountous-' ) ), $given );
}

/**
 * Whether the current request may see a widget's configuration errors: the editor's preview, or someone who can edit posts.
 *
 * @return bool
 */
function khountous_widgets_shows_errors() {
	$post = get_post();
	if ( $post ) {
		return current_user_can( 'edit_post', $post->ID );
	}
	return current_user_can( 'edit_posts' );
}

/**
 * The link to a widget's data on the platform, for readers without the kit:
 * the request the widget makes (its path, the constants its request sends
 * beside its endpoint's defaults, and the query its attributes set).
 *
 * @param array<string, mixed>  $definition The widget's definition.
 * @param array<string, string> $attributes The checked attributes.
 * @return string
 */
function khountous_widgets_data_url( $definition, $attributes ) {
	$settings = khountous_widgets_settings();
	$base     = '' !== $settings['api_base_url'] ? $settings['api_base_url'] : 'https://api.khountous.sn/v1';
	$path     = preg_replace_callback(
		'/\{([a-z-]+)\}/',
		static function ( $match ) use ( $attributes ) {
			return rawurlencode( isset( $attributes[ $match[1] ] ) ? $attributes[ $match[1] ] : '' );
		},
		$definition['link']['path']
	);
	$query    = isset( $definition['link']['fixed'] ) ? $definition['link']['fixed'] : array();
	foreach ( $definition['link']['query'] as $param => $name ) {
		if ( isset( $attributes[ $name ] ) && '' !== $attributes[ $name ] ) {
			$query[ $param ] = $attributes[ $name ];
		}
	}
	return $base . $path . ( $query ? '?' . http_build_query( $query, '', '&', PHP_QUERY_RFC3986 ) : '' );
}

/**
 * The HTML of one widget.
 *
 * @param string               $widget The widget (`ranking`, `report`...).
 * @param array<string, mixed> $given  The attributes as written.
 * @return string
 */
function khountous_widgets_render( $widget, $given ) {
	$definitions = khountous_widgets_definitions();
	if ( ! isset( $definitions['widgets'][ $widget ] ) ) {
		return '';
	}
	$definition = $definitions['widgets'][ $widget ];
	$checked    = khountous_widgets_check( $widget, $given );
	$lang       = khountous_widgets_user_lang();

	if ( $checked['errors'] ) {
		if ( ! khountous_widgets_shows_errors() ) {
			return '';
		}
		return khountous_widgets_problem_box( $definition['tag'], $definitions['title'][ $lang ], $checked['errors'], 'error' );
	}

	khountous_widgets_enqueue_kit();
	$settings   = khountous_widgets_settings();
	$attributes = $checked['attributes'];
	$html       = '<' . $definition['tag'];
	if ( '' !== $settings['api_base_url'] ) {
		$html .= ' base-url="' . esc_attr( $settings['api_base_url'] ) . '"';
	}
	foreach ( $attributes as $name => $value ) {
		$html .= ' ' . $name . ( '' === $value ? '' : '="' . esc_attr( $value ) . '"' );
	}
	$link   = khountous_widgets_data_url( $definition, $attributes );
	$served = khountous_widgets_served( $widget, $definition, $attributes, $link );
	if ( null === $served ) {
		$see    = __( 'See the data on Khountous', 'khountous-widgets' );
		$shown  = khountous_widgets_picture( $widget, $attributes, $see );
		$served = '<a href="' . esc_url( $link ) . '">' . ( '' !== $shown ? $shown : esc_html( $see ) ) . '</a>';
	}
	$html .= '>' . $served . '</' . $definition['tag'] . '>';

	if ( $checked['warnings'] && khountous_widgets_shows_errors() && khountous_widgets_is_preview() ) {
		$html = khountous_widgets_problem_box( $definition['tag'], '', $checked['warnings'], 'warning' ) . $html;
	}
	return $html;
}

/**
 * What the server writes inside an element: its data as inline data (the format of
 * src/core/inline.ts, which the element adopts: no request while it is fresh) and as
 * the HTML fallback; null when server rendering is off or there is nothing to serve.
 * Only an answer that passes the kit's checks of its kind is served (includes/answers.php):
 * one that fails them is a failed request (the last valid answer, else nothing).
 *
 * @param string                $widget     The widget.
 * @param array<string, mixed>  $definition Its definition.
 * @param array<string, string> $attributes The checked attributes.
 * @param string                $link       The link to its data on the platform.
 * @return string|null
 */
function khountous_widgets_served( $widget, $definition, $attributes, $link ) {
	$settings = khountous_widgets_settings();
	if ( 'on' !== $settings['server_render'] ) {
		return null;
	}
	$lang = khountous_widgets_widget_lang( $attributes );
	$path = khountous_widgets_request_path( $definition, $attributes, $lang );
	if ( null === $path ) {
		return null;
	}
	$base   = '' !== $settings['api_base_url'] ? $settings['api_base_url'] : 'https://api.khountous.sn/v1';
	$kind   = $definition['request']['answer'];
	$served = khountous_widgets_fetch(
		$base,
		$path,
		(int) $definition['request']['fresh'],
		static function ( $data ) use ( $kind ) {
			// The kit's checks of the answer (includes/answers.php): one that fails them is never printed.
			return null === khountous_widgets_answer_issue( $kind, $data );
		}
	);
	if ( null === $served ) {
		return null;
	}
	$inline = array(
		'khountous' => 1,
		'path'      => $path,
		'fetchedAt' => gmdate( 'Y-m-d\TH:i:s', (int) $served['fetched'] ) . sprintf( '.%03dZ', (int) ( fmod( $served['fetched'], 1 ) * 1000 ) ),
		'data'      => json_decode( $served['body'] ),
	);

	$text = khountous_widgets_fallback( $widget, $attributes, json_decode( $served['body'], true ), $lang, $served['fetched'], $link );
	// Its text, for the picture's alternative: each element's words apart, entities read (esc_attr writes them again).
	$words = html_entity_decode( wp_strip_all_tags( preg_replace( '/<[^>]*>/', ' ', $text ) ), ENT_QUOTES | ENT_HTML5, 'UTF-8' );
	$shown = khountous_widgets_picture( $widget, $attributes, trim( preg_replace( '/\s+/u', ' ', $words ) ) );
	return '<script type="application/json">' . khountous_widgets_script_json( $inline ) . '</script>'
		. ( '' !== $shown ? '<a href="' . esc_url( $link ) . '">' . $shown . '</a>' : $text );
}

/**
 * The widget's picture, where the site draws one (Settings > Khountous widgets, "Address of the
 * pictures": the embed page's image twin, `embed.png`, which takes the embed page's query:
 * the widget's short name and its attributes); '' where it draws none. What e-mail, feeds and
 * pages without JavaScript show in place of the text fallback; `$alt`, its text alternative,
 * is that text (the figures, the date, the source), so that nothing is lost. The element hides
 * it when it runs (its shadow root has no slot): a lazy image it hides is never fetched.
 *
 * @param string                $widget     The widget (`ranking`...).
 * @param array<string, string> $attributes The checked attributes.
 * @param string                $alt        The text alternative.
 * @return string
 */
function khountous_widgets_picture( $widget, $attributes, $alt ) {
	$address = khountous_widgets_settings()['image_url'];
	if ( '' === $address || null === khountous_widgets_http_url( $address ) ) {
		return '';
	}
	// The picture's server takes its data from its own API: no base-url.
	unset( $attributes['base-url'] );
	$query = http_build_query( array( 'widget' => $widget ) + $attributes, '', '&', PHP_QUERY_RFC3986 );
	// Brackets as the fallback writes them: no shortcode read in a value from the API.
	$alt = str_replace( array( '[', ']' ), array( '&#91;', '&#93;' ), esc_attr( $alt ) );
	return '<img src="' . esc_url( $address . '?' . $query ) . '" alt="' . $alt
		. '" width="600" loading="lazy" decoding="async" />';
}

/**
 * Whether this is the block editor's preview (the block renderer of the REST API).
 *
 * @return bool
 */
function khountous_widgets_is_preview() {
	return defined( 'REST_REQUEST' ) && REST_REQUEST;
}

/**
 * What is wrong with a widget's attributes, as the widget says it.
 *
 * @param string   $tag      The element's tag.
 * @param string   $title    The heading (empty: none).
 * @param string[] $messages The sentences.
 * @param string   $level    The kind: `error` or `warning`.
 * @return string
 */
function khountous_widgets_problem_box( $tag, $title, $messages, $level ) {
	$html = '<div class="khountous-widgets-problem khountous-widgets-' . esc_attr( $level ) . '" role="' . ( 'error' === $level ? 'alert' : 'status' ) . '" data-widget="' . esc_attr( $tag ) . '" style="border-left:4px solid ' . ( 'error' === $level ? '#d63638' : '#dba617' ) . ';padding:0.25em 1em;background:#fff;color:#1e1e1e">';
	if ( '' !== $title ) {
		$html .= '<p><strong>' . esc_html( $title ) . '</strong></p>';
	}
	$html .= '<ul>';
	foreach ( $messages as $message ) {
		$html .= '<li>' . esc_html( $message ) . '</li>';
	}
	return $html . '</ul></div>';
}
