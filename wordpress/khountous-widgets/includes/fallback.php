<?php
/**
 * What a widget shows where its script does not run (crawlers, readers with
 * JavaScript off, feed readers, e-mail clients): its data as plain HTML inside
 * the element, in the widget's language, with the widgets' own words
 * (definitions.php `fallback`). The element renders in a shadow root without a
 * slot, so once it runs this light DOM is neither shown nor read. Everything
 * from the API is text: escaped, and its brackets too (a block's output goes
 * through do_shortcode).
 *
 * @package Khountous_Widgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The words of the fallback in a language: the widgets' (generated), and the plugin's own link.
 *
 * @param string $lang The language: `fr` or `en`.
 * @return array<string, mixed>
 */
function khountous_widgets_fallback_words( $lang ) {
	$definitions = khountous_widgets_definitions();
	$own         = array(
		'fr' => array( 'source' => 'Voir les données sur Khountous' ),
		'en' => array( 'source' => 'See the data on Khountous' ),
	);
	return array_merge( $definitions['fallback'][ $lang ], $own[ $lang ] );
}

/**
 * A value from the API as HTML text: a string or a number escaped; anything else, nothing.
 *
 * @param mixed $value The value.
 * @return string
 */
function khountous_widgets_text( $value ) {
	if ( ! is_string( $value ) && ! is_int( $value ) && ! is_float( $value ) ) {
		return '';
	}
	return str_replace( array( '[', ']' ), array( '&#91;', '&#93;' ), esc_html( (string) $value ) );
}

/**
 * A field of an array from the API, or null.
 *
 * @param mixed  $data  The array.
 * @param string $field The field.
 * @return mixed
 */
function khountous_widgets_field( $data, $field ) {
	return is_array( $data ) && array_key_exists( $field, $data ) ? $data[ $field ] : null;
}

/**
 * A number the language's way (the kit's Intl format: its separators), rounded to `$digits` decimals at most.
 *
 * @param mixed                $value  The number.
 * @param array<string, mixed> $words  The language's words.
 * @param int                  $digits Decimals at most.
 * @return string Empty when it is not a number.
 */
function khountous_widgets_number( $value, $words, $digits = 0 ) {
	if ( ! is_int( $value ) && ! is_float( $value ) ) {
		return '';
	}
	$text = number_format( (float) $value, $digits, $words['decimal'], $words['thousands'] );
	if ( $digits > 0 ) {
		$text = rtrim( rtrim( $text, '0' ), $words['decimal'] );
	}
	return $text;
}

/**
 * A template of the words with its value put in (`{n}`, `{date}`...).
 *
 * @param string $template The template.
 * @param string $name     The name of its slot.
 * @param string $value    The value (HTML).
 * @return string
 */
function khountous_widgets_fill( $template, $name, $value ) {
	return str_replace( '{' . $name . '}', $value, esc_html( $template ) );
}

/**
 * A percent, a number of days: as the widgets write them.
 *
 * @param mixed                $value The number.
 * @param string               $unit  The unit: `percent` or `days`.
 * @param array<string, mixed> $words The language's words.
 * @return string
 */
function khountous_widgets_measure( $value, $unit, $words ) {
	$number = khountous_widgets_number( $value, $words, 'days' === $unit ? 1 : 0 );
	if ( '' === $number ) {
		return '';
	}
	$template = 'percent' === $unit ? $words['percent'] : ( 1 === $value || 1.0 === $value ? $words['day'] : $words['days'] );
	return khountous_widgets_fill( $template, 'n', $number );
}

/**
 * A date from the API (ISO 8601) as `26 Nov 2026` in the site's time zone, in a <time>; or the text as it came.
 *
 * @param mixed                $value The date.
 * @param array<string, mixed> $words The language's words.
 * @param bool                 $clock With the time of day.
 * @return string
 */
function khountous_widgets_date( $value, $words, $clock = false ) {
	$time = is_string( $value ) ? strtotime( $value ) : ( is_int( $value ) || is_float( $value ) ? (int) $value : false );
	if ( false === $time ) {
		return khountous_widgets_text( $value );
	}
	$text = wp_date( 'j', $time ) . ' ' . $words['months'][ (int) wp_date( 'n', $time ) - 1 ] . ' ' . wp_date( 'Y', $time );
	if ( $clock ) {
		$text .= ', ' . wp_date( 'H:i', $time );
	}
	return '<time datetime="' . esc_attr( gmdate( 'c', $time ) ) . '">' . esc_html( $text ) . '</time>';
}

/**
 * A link the widget makes from its `href-template` and a slug (http(s) or relative only), or the text alone.
 *
 * @param string $template The template ('' for none).
 * @param mixed  $slug     The item's slug.
 * @param string $text     The link's text (HTML).
 * @return string
 */
function khountous_widgets_item_link( $template, $slug, $text ) {
	if ( '' === $template || ! is_string( $slug ) ) {
		return $text;
	}
	return khountous_widgets_link( str_replace( '{slug}', khountous_widgets_uri_component( $slug ), $template ), $text );
}

/**
 * A link to an http(s) (or relative) address, or the text alone for any other.
 *
 * @param mixed  $href The address.
 * @param string $text The link's text (HTML).
 * @return string
 */
function khountous_widgets_link( $href, $text ) {
	$href = is_string( $href ) ? trim( $href ) : '';
	if ( '' === $href || preg_match( '~^[a-z][a-z0-9+.-]*:~i', $href ) && ! preg_match( '~^https?://~i', $href ) ) {
		return $text;
	}
	$url = esc_url( $href, array( 'http', 'https' ) );
	if ( '' === $url ) {
		return $text;
	}
	return '<a href="' . str_replace( array( '[', ']' ), array( '%5B', '%5D' ), $url ) . '">' . $text . '</a>';
}

/**
 * The fallback of one widget.
 *
 * @param string                $widget     The widget (`ranking`...).
 * @param array<string, string> $attributes The checked attributes.
 * @param mixed                 $data       The API's answer (arrays).
 * @param string                $lang       The widget's language.
 * @param float                 $fetched    When the API answered.
 * @param string                $source     The link to the data on the platform.
 * @return string
 */
function khountous_widgets_fallback( $widget, $attributes, $data, $lang, $fetched, $source ) {
	$words   = khountous_widgets_fallback_words( $lang );
	$level   = isset( $attributes['heading-level'] ) ? (int) $attributes['heading-level'] : 3;
	$level   = $level >= 2 && $level <= 6 ? $level : 3;
	$heading = static function ( $text ) use ( $level ) {
		return '<h' . $level . '>' . $text . '</h' . $level . '>';
	};
	$attr    = static function ( $name, $fallback = '' ) use ( $attributes ) {
		return isset( $attributes[ $name ] ) && '' !== $attributes[ $name ] ? $attributes[ $name ] : $fallback;
	};
	$items   = khountous_widgets_field( $data, 'data' );
	$items   = is_array( $items ) ? array_values( array_filter( $items, 'is_array' ) ) : array();
	$html    = '';
	// A label and its value: French puts a narrow no-break space before the colon.
	$colon = 'fr' === $lang ? "\u{202F}: " : ': ';

	switch ( $widget ) {
		case 'ranking':
			$html .= '<p>' . esc_html( $words['rankingCaption'] ) . '</p>';
			if ( $items ) {
				$start = ( max( 1, (int) $attr( 'page', '1' ) ) - 1 ) * max( 1, (int) $attr( 'limit', '10' ) ) + 1;
				$html  .= '<ol start="' . esc_attr( (string) $start ) . '">';
				foreach ( $items as $item ) {
					$figures = array_filter(
						array(
							esc_html( $words['score'] ) . ' ' . khountous_widgets_number( khountous_widgets_field( $item, 'score' ), $words ),
							esc_html( $words['responseRate'] ) . ' ' . khountous_widgets_measure( khountous_widgets_field( $item, 'responseRate' ), 'percent', $words ),
							esc_html( $words['avgDelay'] ) . ' ' . khountous_widgets_measure( khountous_widgets_field( $item, 'avgDelayDays' ), 'days', $words ),
						)
					);
					$html    .= '<li>' . khountous_widgets_item_link( $attr( 'href-template' ), khountous_widgets_field( $item, 'slug' ), khountous_widgets_text( khountous_widgets_field( $item, 'name' ) ) )
						. ' (' . implode( ' · ', $figures ) . ')</li>';
				}
				$html .= '</ol>';
			}
			break;

		case 'admin-card':
			$html .= $heading( khountous_widgets_text( khountous_widgets_field( $data, 'name' ) ) );
			$html .= '<ul>';
			$html .= '<li>' . esc_html( $words['overallScore'] ) . $colon . khountous_widgets_number( khountous_widgets_field( $data, 'score' ), $words ) . '</li>';
			$html .= '<li>' . esc_html( $words['responseRate'] ) . $colon . khountous_widgets_measure( khountous_widgets_field( $data, 'responseRate' ), 'percent', $words ) . '</li>';
			$html .= '<li>' . esc_html( $words['avgDelay'] ) . $colon . khountous_widgets_measure( khountous_widgets_field( $data, 'avgDelayDays' ), 'days', $words ) . '</li>';
			if ( is_int( khountous_widgets_field( $data, 'rank' ) ) ) {
				$html .= '<li>' . esc_html( $words['rank'] ) . $colon . khountous_widgets_number( khountous_widgets_field( $data, 'rank' ), $words ) . '</li>';
			}
			$html .= '</ul>';
			if ( 'compact' !== $attr( 'variant', 'full' ) && is_string( khountous_widgets_field( $data, 'description' ) ) ) {
				$html .= '<p>' . khountous_widgets_text( khountous_widgets_field( $data, 'description' ) ) . '</p>';
			}
			break;

		case 'region-stats':
			$indicator = $attr( 'indicator', 'averageScore' );
			$name      = isset( $words['indicators'][ $indicator ] ) ? $words['indicators'][ $indicator ] : $indicator;
			$unit      = array(
				'responseRate'   => 'percent',
				'resolutionRate' => 'percent',
				'avgDelayDays'   => 'days',
			);
			$figure    = static function ( $item ) use ( $indicator, $unit, $words ) {
				$value = khountous_widgets_field( khountous_widgets_field( $item, 'indicators' ), $indicator );
				return isset( $unit[ $indicator ] ) ? khountous_widgets_measure( $value, $unit[ $indicator ], $words ) : khountous_widgets_number( $value, $words, 'reportsPer100k' === $indicator ? 1 : 0 );
			};
			$region    = $attr( 'region' );
			if ( '' !== $region ) {
				foreach ( $items as $item ) {
					if ( khountous_widgets_field( $item, 'code' ) === $region ) {
						$html .= '<p>' . esc_html( $name ) . ', ' . khountous_widgets_text( khountous_widgets_field( $item, 'name' ) ) . $colon . $figure( $item ) . '</p>';
					}
				}
				break;
			}
			$html .= '<p>' . khountous_widgets_fill( $words['regionsCaption'], 'indicator', esc_html( $name ) ) . '</p><ul>';
			foreach ( $items as $item ) {
				$html .= '<li>' . khountous_widgets_text( khountous_widgets_field( $item, 'name' ) ) . $colon . $figure( $item ) . '</li>';
			}
			$html .= '</ul>';
			break;

		case 'report':
			$html     .= $heading( khountous_widgets_text( khountous_widgets_field( $data, 'title' ) ) );
			$category = khountous_widgets_field( $data, 'category' );
			$status   = khountous_widgets_field( $data, 'status' );
			$html     .= '<ul>';
			$html     .= '<li>' . esc_html( $words['category'] ) . $colon . khountous_widgets_text( is_string( $category ) && isset( $words['categories'][ $category ] ) ? $words['categories'][ $category ] : $category ) . '</li>';
			$html     .= '<li>' . esc_html( $words['status'] ) . $colon . khountous_widgets_text( is_string( $status ) && isset( $words['statuses'][ $status ] ) ? $words['statuses'][ $status ] : $status ) . '</li>';
			$html     .= '<li>' . esc_html( $words['administration'] ) . $colon . khountous_widgets_text( khountous_widgets_field( khountous_widgets_field( $data, 'administration' ), 'name' ) ) . '</li>';
			$html     .= '<li>' . khountous_widgets_fill( $words['submitted'], 'date', khountous_widgets_date( khountous_widgets_field( $data, 'submittedAt' ), $words ) ) . '</li>';
			$html     .= '</ul><p>' . khountous_widgets_text( khountous_widgets_field( $data, 'description' ) ) . '</p>';
			$response = khountous_widgets_field( $data, 'officialResponse' );
			if ( is_array( $response ) ) {
				$html .= '<p><strong>' . esc_html( $words['officialResponse'] ) . '</strong>' . $colon . khountous_widgets_text( khountous_widgets_field( $response, 'text' ) ) . '</p>';
			}
			break;

		case 'reports':
			$html .= '<p>' . esc_html( $words['reportsCaption'] ) . '</p><ul>';
			foreach ( $items as $item ) {
				$status = khountous_widgets_field( $item, 'status' );
				$html   .= '<li>' . khountous_widgets_item_link( $attr( 'href-template' ), khountous_widgets_field( $item, 'slug' ), khountous_widgets_text( khountous_widgets_field( $item, 'title' ) ) )
					. ' (' . khountous_widgets_text( is_string( $status ) && isset( $words['statuses'][ $status ] ) ? $words['statuses'][ $status ] : $status )
					. ', ' . khountous_widgets_date( khountous_widgets_field( $item, 'submittedAt' ), $words ) . ')</li>';
			}
			$html .= '</ul>';
			break;

		case 'fact-checks':
			$html .= '<p>' . esc_html( $words['factChecksCaption'] ) . '</p><ul>';
			foreach ( $items as $item ) {
				$verdict = khountous_widgets_field( $item, 'verdict' );
				$html    .= '<li><strong>' . khountous_widgets_text( is_string( $verdict ) && isset( $words['verdicts'][ $verdict ] ) ? $words['verdicts'][ $verdict ] : $verdict ) . '</strong>' . $colon
					. khountous_widgets_text( khountous_widgets_field( $item, 'claim' ) );
				$links   = array();
				foreach ( (array) khountous_widgets_field( $item, 'sources' ) as $source_item ) {
					$links[] = khountous_widgets_link( khountous_widgets_field( $source_item, 'url' ), khountous_widgets_text( khountous_widgets_field( $source_item, 'title' ) ) );
				}
				if ( $links ) {
					$html .= ' (' . esc_html( $words['sources'] ) . $colon . implode( ', ', $links ) . ')';
				}
				$html .= '</li>';
			}
			$html .= '</ul>';
			break;

		case 'dataset':
			$html .= $heading( khountous_widgets_text( khountous_widgets_field( khountous_widgets_field( $data, 'title' ), $lang ) ) );
			$html .= '<p>' . khountous_widgets_text( khountous_widgets_field( khountous_widgets_field( $data, 'description' ), $lang ) ) . '</p>';
			$html .= '<p>' . khountous_widgets_fill( $words['updated'], 'date', khountous_widgets_date( khountous_widgets_field( $data, 'updatedAt' ), $words ) )
				. ' · ' . khountous_widgets_fill( $words['license'], 'license', khountous_widgets_text( khountous_widgets_field( $data, 'license' ) ) ) . '</p>';
			break;
	}
	if ( '' === $html || ( in_array( $widget, array( 'ranking', 'reports', 'fact-checks' ), true ) && ! $items ) ) {
		$html .= '<p>' . esc_html( $words['empty'] ) . '</p>';
	}
	$html .= '<p><small>' . khountous_widgets_fill( $words['asOf'], 'time', khountous_widgets_date( $fetched, $words, true ) )
		. ' · <a href="' . esc_url( $source ) . '">' . esc_html( $words['source'] ) . '</a></small></p>';
	return '<div class="khountous-widgets-fallback">' . $html . '</div>';
}
