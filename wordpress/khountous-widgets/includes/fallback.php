<?php
/**
 * What a widget shows where its script does not run (crawlers, readers with
 * JavaScript off, feed readers, e-mail clients): its data as plain HTML inside
 * the element, in the widget's language, with the widgets' own words
 * (definitions.php `fallback`). The element renders in a shadow root without a
 * slot, so once it runs this light DOM is neither shown nor read. Everything
 * from the API is text: escaped, and its brackets too (a block's output goes
 * through do_shortcode); each string in a <bdi>, balanced, so that its
 * direction stays its own (khountous_widgets_api_text).
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
 * A text from the API with its explicit directional formatting balanced in each of its
 * paragraphs, as the kit balances it (src/i18n/bidi.ts `balanced`, which a test holds this
 * equal to): a FSI before the text for each PDI that closes nothing of it, and after it the
 * PDF or PDI of each embedding or isolate it leaves open. In a <bdi>, its direction then
 * stays inside (U+202E before a name no longer reverses what follows it). Nothing is removed.
 *
 * @param string $text The text (UTF-8).
 * @return string
 */
function khountous_widgets_balanced( $text ) {
	$marks = '/[\x{202A}-\x{202E}\x{2066}-\x{2069}]/u';
	if ( ! preg_match( $marks, $text ) ) {
		return $text;
	}
	$parts = preg_split( '/([\n\r\x{1C}-\x{1E}\x{85}\x{2029}])/u', $text, -1, PREG_SPLIT_DELIM_CAPTURE );
	$out   = '';
	foreach ( $parts as $index => $part ) {
		if ( 1 === $index % 2 ) {
			$out .= $part;
			continue;
		}
		// What closes each embedding and isolate still open, the innermost last.
		$open  = array();
		$stray = 0;
		preg_match_all( $marks, $part, $found );
		foreach ( $found[0] as $mark ) {
			if ( "\u{2069}" === $mark ) {
				$at = count( $open );
				while ( $at > 0 && "\u{2069}" !== $open[ $at - 1 ] ) {
					--$at;
				}
				if ( 0 === $at ) {
					++$stray;
					$open = array();
				} else {
					$open = array_slice( $open, 0, $at - 1 );
				}
			} elseif ( "\u{202C}" === $mark ) {
				if ( $open && "\u{202C}" === end( $open ) ) {
					array_pop( $open );
				}
			} else {
				$open[] = in_array( $mark, array( "\u{2066}", "\u{2067}", "\u{2068}" ), true ) ? "\u{2069}" : "\u{202C}";
			}
		}
		$out .= str_repeat( "\u{2068}", $stray ) . $part . implode( '', array_reverse( $open ) );
	}
	return $out;
}

/**
 * A string from the API as HTML text in a <bdi>, balanced: its direction stays its own beside
 * the words and figures written after it; anything else as khountous_widgets_text writes it.
 *
 * @param mixed $value The value.
 * @return string
 */
function khountous_widgets_api_text( $value ) {
	if ( ! is_string( $value ) ) {
		return khountous_widgets_text( $value );
	}
	return '<bdi>' . khountous_widgets_text( khountous_widgets_balanced( $value ) ) . '</bdi>';
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
		return khountous_widgets_api_text( $value );
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
 * The value at a path of a summary's field in the API's answer (`administration.name`):
 * `{lang}` is the widget's language, `{name}` the value of its attribute `name`.
 *
 * @param mixed                 $data   The answer, or one of its items.
 * @param string                $path   The path.
 * @param array<string, string> $values The widget's attributes, with the summary's defaults.
 * @param string                $lang   The widget's language.
 * @return mixed
 */
function khountous_widgets_value_at( $data, $path, $values, $lang ) {
	$filled = preg_replace_callback(
		'/\{([a-z-]+)\}/',
		static function ( $match ) use ( $values, $lang ) {
			return 'lang' === $match[1] ? $lang : ( isset( $values[ $match[1] ] ) ? $values[ $match[1] ] : '' );
		},
		$path
	);
	foreach ( explode( '.', $filled ) as $step ) {
		$data = khountous_widgets_field( $data, $step );
	}
	return $data;
}

/**
 * A field of a widget's summary (src/widget/summary.ts) written as HTML: its
 * value in its format, its values named in words; empty when the answer lacks it.
 *
 * @param mixed                 $data   The answer, or one of its items.
 * @param array<string, mixed>  $field  The field.
 * @param array<string, string> $values The widget's attributes, with the summary's defaults.
 * @param string                $lang   The widget's language.
 * @param array<string, mixed>  $words  The language's words.
 * @return string
 */
function khountous_widgets_write( $data, $field, $values, $lang, $words ) {
	if ( isset( $field['unless'] ) && $values[ $field['unless']['attribute'] ] === $field['unless']['value'] ) {
		return '';
	}
	$value  = khountous_widgets_value_at( $data, $field['path'], $values, $lang );
	$format = isset( $field['format'] ) ? $field['format'] : 'text';
	if ( is_array( $format ) ) {
		$chosen = $values[ $format['attribute'] ];
		$format = isset( $format['formats'][ $chosen ] ) ? $format['formats'][ $chosen ] : $format['otherwise'];
	}
	switch ( $format ) {
		case 'number':
			$number = khountous_widgets_number( $value, $words, 1 );
			// A shared place in a ranking (summary.ts `shared`): marked so.
			if ( '' !== $number && isset( $field['shared'] ) && true === khountous_widgets_field( $data, $field['shared'] ) ) {
				$number .= ' (' . esc_html( $words['tied'] ) . ')';
			}
			return $number;
		case 'score':
			// Whole, as the elements write it (src/i18n/format.ts formatAs).
			$number = khountous_widgets_number( $value, $words, 0 );
			return '' === $number ? '' : $number . '/100';
		case 'percent':
		case 'days':
			return khountous_widgets_measure( $value, $format, $words );
		case 'date':
			return null === $value ? '' : khountous_widgets_date( $value, $words );
		case 'links':
			$links = array();
			foreach ( is_array( $value ) ? $value : array() as $item ) {
				$links[] = khountous_widgets_link( khountous_widgets_field( $item, 'url' ), khountous_widgets_api_text( khountous_widgets_field( $item, 'title' ) ) );
			}
			return implode( ', ', $links );
	}
	if ( isset( $field['names'] ) && is_string( $value ) && isset( $field['names'][ $value ] ) ) {
		return khountous_widgets_text( $field['names'][ $value ] );
	}
	return is_string( $value ) && '' === trim( $value ) ? '' : khountous_widgets_api_text( $value );
}

/**
 * A field with its label: `label: value`, or the label's sentence holding the value (`Reported on {value}`).
 *
 * @param array<string, mixed> $field  The field.
 * @param string               $value  The value (HTML).
 * @param string               $colon  How a label is followed.
 * @param bool                 $strong The label in <strong>.
 * @return string
 */
function khountous_widgets_labelled( $field, $value, $colon, $strong = false ) {
	if ( ! isset( $field['label'] ) ) {
		return $value;
	}
	if ( false !== strpos( $field['label'], '{value}' ) ) {
		return khountous_widgets_fill( $field['label'], 'value', $value );
	}
	$label = esc_html( $field['label'] );
	return ( $strong ? '<strong>' . $label . '</strong>' : $label ) . $colon . $value;
}

/**
 * The fallback of one widget: its summary (definitions.php, from the widget's
 * summary.ts) written as HTML, whatever the widget.
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
	$definitions = khountous_widgets_definitions();
	$summary     = $definitions['widgets'][ $widget ]['summary'][ $lang ];
	$words       = khountous_widgets_fallback_words( $lang );
	$values      = $summary['defaults'];
	foreach ( $values as $name => $initial ) {
		if ( isset( $attributes[ $name ] ) && '' !== $attributes[ $name ] ) {
			$values[ $name ] = $attributes[ $name ];
		}
	}
	$level = isset( $attributes['heading-level'] ) ? (int) $attributes['heading-level'] : 3;
	$level = $level >= 2 && $level <= 6 ? $level : 3;
	// A label and its value: French puts a narrow no-break space before the colon.
	$colon = 'fr' === $lang ? "\u{202F}: " : ': ';
	$write = static function ( $source_data, $field ) use ( $values, $lang, $words ) {
		return khountous_widgets_write( $source_data, $field, $values, $lang, $words );
	};
	$html  = '';

	// One figure in the line of a text (variant="inline"): the figure alone, a link to its data, no block.
	if ( isset( $summary['inline'] ) && $values[ $summary['inline']['attribute'] ] === $summary['inline']['value'] ) {
		return khountous_widgets_inline_fallback( $summary, $data, $values, $lang, $write, $words, $source );
	}

	// The editor's headline in place of the widget's title, and the subtitle under it (checked: plain text, bounded).
	$headline = isset( $attributes['headline'] ) ? (string) $attributes['headline'] : '';
	if ( '' !== $headline ) {
		$html .= '<h' . $level . '>' . esc_html( $headline ) . '</h' . $level . '>';
	}
	if ( isset( $attributes['subtitle'] ) && '' !== $attributes['subtitle'] ) {
		$html .= '<p>' . esc_html( (string) $attributes['subtitle'] ) . '</p>';
	}
	if ( '' === $headline && isset( $summary['caption'] ) ) {
		$caption = $summary['caption'];
		$named   = '';
		if ( isset( $caption['attribute'] ) ) {
			$value = isset( $values[ $caption['attribute'] ] ) ? $values[ $caption['attribute'] ] : '';
			$value = is_string( $value ) ? $value : '';
			$named = isset( $caption['names'][ $value ] ) ? $caption['names'][ $value ] : $value;
		}
		$html .= '<p>' . khountous_widgets_fill( $caption['label'], 'value', esc_html( $named ) ) . '</p>';
	}
	if ( '' === $headline && isset( $summary['title'] ) ) {
		$title = $write( $data, $summary['title'] );
		if ( '' !== $title ) {
			$html .= '<h' . $level . '>' . $title . '</h' . $level . '>';
		}
	}
	$facts = array();
	foreach ( isset( $summary['facts'] ) ? $summary['facts'] : array() as $field ) {
		$value = $write( $data, $field );
		if ( '' !== $value ) {
			$facts[] = '<li>' . khountous_widgets_labelled( $field, $value, $colon ) . '</li>';
		}
	}
	if ( $facts ) {
		$html .= '<ul>' . implode( '', $facts ) . '</ul>';
	}
	foreach ( isset( $summary['text'] ) ? $summary['text'] : array() as $field ) {
		$value = $write( $data, $field );
		if ( '' !== $value ) {
			$html .= '<p>' . khountous_widgets_labelled( $field, $value, $colon, true ) . '</p>';
		}
	}
	$items = array();
	if ( isset( $summary['items'] ) ) {
		$list  = $summary['items'];
		$found = khountous_widgets_field( $data, 'data' );
		$shown = array();
		foreach ( is_array( $found ) ? $found : array() as $item ) {
			if ( ! is_array( $item ) ) {
				continue;
			}
			if ( isset( $list['match'] ) && '' !== $values[ $list['match']['attribute'] ]
				&& khountous_widgets_value_at( $item, $list['match']['path'], $values, $lang ) !== $values[ $list['match']['attribute'] ] ) {
				continue;
			}
			$shown[] = $item;
		}
		// A ranked list is numbered from its page's first rank.
		$first = empty( $list['ordered'] ) ? 1 : ( max( 1, (int) $values['page'] ) - 1 ) * max( 1, (int) $values['limit'] ) + 1;
		foreach ( $shown as $index => $item ) {
			$name = $write( $item, $list['name'] );
			if ( isset( $list['link'] ) && isset( $attributes['href-template'] ) ) {
				$name = khountous_widgets_item_link( $attributes['href-template'], khountous_widgets_field( $item, $list['link'] ), $name );
			}
			$details = array();
			foreach ( $list['details'] as $field ) {
				$value = $write( $item, $field );
				if ( '' !== $value ) {
					$details[] = khountous_widgets_labelled( $field, $value, $colon );
				}
			}
			// Ranked by a field (summary.ts `rankedBy`): equal values share the place of the first of them
			// (1, 2, 2, 4), as src/graphics/places.ts says; the list is the API's order, best first.
			$place = '';
			if ( isset( $list['rankedBy'] ) ) {
				$by    = static function ( $at ) use ( $shown, $list ) {
					return isset( $shown[ $at ] ) ? khountous_widgets_field( $shown[ $at ], $list['rankedBy'] ) : null;
				};
				$start = $index;
				while ( $start > 0 && $by( $start - 1 ) === $by( $index ) ) {
					--$start;
				}
				$shared = ( $index > 0 && $by( $index - 1 ) === $by( $index ) ) || $by( $index + 1 ) === $by( $index );
				$place  = ' value="' . esc_attr( (string) ( $first + $start ) ) . '"';
				if ( $shared ) {
					$details[] = esc_html( $words['tied'] );
				}
			}
			$items[] = '<li' . $place . '>' . $name . ( $details ? ' (' . implode( ' · ', $details ) . ')' : '' ) . '</li>';
		}
		if ( $items && ! empty( $list['ordered'] ) ) {
			$html .= '<ol start="' . esc_attr( (string) $first ) . '">' . implode( '', $items ) . '</ol>';
		} elseif ( $items ) {
			$html .= '<ul>' . implode( '', $items ) . '</ul>';
		}
	}
	if ( '' === $html || ( isset( $summary['items'] ) && ! $items ) ) {
		$html .= '<p>' . esc_html( $summary['empty'] ) . '</p>';
	}
	if ( isset( $attributes['note'] ) && '' !== $attributes['note'] ) {
		$html .= '<p>' . esc_html( (string) $attributes['note'] ) . '</p>';
	}
	$html .= '<p><small>' . khountous_widgets_fill( $words['asOf'], 'time', khountous_widgets_date( $fetched, $words, true ) )
		. ' · <a href="' . esc_url( $source ) . '">' . esc_html( $words['source'] ) . '</a></small></p>';
	return '<div class="khountous-widgets-fallback">' . $html . '</div>';
}

/**
 * The fallback of a figure in the line of a text (`variant="inline"`): the summary's `inline`
 * fields of the one resource shown (the answer, or the item of the list its `items.match`
 * picks), as a link to the data on the platform inside a <span>: inline markup, which keeps
 * the paragraph around the shortcode whole.
 *
 * @param array<string, mixed>  $summary The widget's summary.
 * @param mixed                 $data    The API's answer (arrays).
 * @param array<string, string> $values  The widget's attributes, with the summary's defaults.
 * @param string                $lang    The widget's language.
 * @param callable              $write   Writes a field of an answer as HTML.
 * @param array<string, mixed>  $words   The language's words.
 * @param string                $source  The link to the data on the platform.
 * @return string
 */
function khountous_widgets_inline_fallback( $summary, $data, $values, $lang, $write, $words, $source ) {
	$one = $data;
	if ( isset( $summary['items']['match'] ) ) {
		$one    = null;
		$match  = $summary['items']['match'];
		$chosen = $values[ $match['attribute'] ];
		$found  = khountous_widgets_field( $data, 'data' );
		foreach ( is_array( $found ) ? $found : array() as $item ) {
			if ( '' !== $chosen && khountous_widgets_value_at( $item, $match['path'], $values, $lang ) === $chosen ) {
				$one = $item;
				break;
			}
		}
	}
	$parts = array();
	foreach ( null === $one ? array() : $summary['inline']['fields'] as $field ) {
		$value = $write( $one, $field );
		if ( '' !== $value ) {
			$parts[] = $value;
		}
	}
	$figure = $parts ? implode( ' ', $parts ) : esc_html( $words['empty'] );
	return '<span class="khountous-widgets-fallback"><a href="' . esc_url( $source ) . '">' . $figure . '</a></span>';
}
