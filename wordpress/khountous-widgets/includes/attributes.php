<?php
/**
 * Attribute checks: what the widgets do in the browser (src/internal/attribute-rules.ts
 * in the kit), done on the server, so that an author sees the problem in the
 * editor and a reader never gets a misconfigured widget. The rules, the
 * accepted values and the sentences come from includes/definitions.php, which
 * the kit's build writes from the kit's own sources.
 *
 * @package Khountous_Widgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The generated definitions (widgets, rules, messages), read once.
 *
 * @return array<string, mixed>
 */
function khountous_widgets_definitions() {
	static $definitions = null;
	if ( null === $definitions ) {
		$definitions = require __DIR__ . '/definitions.php';
	}
	return $definitions;
}

/**
 * The language of messages for the current user: `fr` for a French locale, else `en`.
 *
 * @return string
 */
function khountous_widgets_user_lang() {
	$locale = function_exists( 'get_user_locale' ) ? get_user_locale() : get_locale();
	return 0 === strpos( (string) $locale, 'fr' ) ? 'fr' : 'en';
}

/**
 * JavaScript's String.prototype.trim(): white space and line terminators as ECMAScript defines them.
 *
 * @param string $value Text.
 * @return string
 */
function khountous_widgets_trim( $value ) {
	$space   = '[\x{0009}-\x{000D}\x{0020}\x{00A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]';
	$trimmed = preg_replace( '/^' . $space . '+|' . $space . '+$/u', '', (string) $value );
	return null === $trimmed ? trim( (string) $value ) : $trimmed;
}

/**
 * Accents dropped (canonical decomposition, marks removed), lower case.
 *
 * @param string $value Text.
 * @return string
 */
function khountous_widgets_unaccent( $value ) {
	if ( class_exists( 'Normalizer' ) ) {
		$decomposed = Normalizer::normalize( $value, Normalizer::FORM_D );
		if ( false !== $decomposed ) {
			$value = preg_replace( '/\p{M}/u', '', $decomposed );
		}
	} else {
		// Without the intl extension: WordPress's own table of accented letters.
		$value = remove_accents( $value );
	}
	return function_exists( 'mb_strtolower' ) ? mb_strtolower( $value, 'UTF-8' ) : strtolower( $value );
}

/**
 * Accents, case and everything but letters and digits dropped: `Saint Louis` -> `saintlouis`.
 *
 * @param string $value Text.
 * @return string
 */
function khountous_widgets_fold( $value ) {
	return preg_replace( '/[^a-z0-9]/', '', khountous_widgets_unaccent( $value ) );
}

/**
 * Accents dropped, lower case, runs of other characters one hyphen: `Mairie de Dakar ` -> `mairie-de-dakar`.
 *
 * @param string $value Text.
 * @return string
 */
function khountous_widgets_slugify( $value ) {
	$slug = preg_replace( '/[^a-z0-9]+/', '-', khountous_widgets_unaccent( $value ) );
	return preg_replace( '/^-+|-+$/', '', $slug );
}

/**
 * Edit distance over code points (insertions, deletions, substitutions, each 1).
 *
 * @param string $a Text.
 * @param string $b Text.
 * @return int
 */
function khountous_widgets_distance( $a, $b ) {
	$x        = preg_split( '//u', $a, -1, PREG_SPLIT_NO_EMPTY );
	$y        = preg_split( '//u', $b, -1, PREG_SPLIT_NO_EMPTY );
	$previous = range( 0, count( $y ) );
	$count_x  = count( $x );
	$count_y  = count( $y );
	for ( $i = 1; $i <= $count_x; $i++ ) {
		$row = array( $i );
		for ( $j = 1; $j <= $count_y; $j++ ) {
			$row[ $j ] = min(
				$previous[ $j ] + 1,
				$row[ $j - 1 ] + 1,
				$previous[ $j - 1 ] + ( $x[ $i - 1 ] === $y[ $j - 1 ] ? 0 : 1 )
			);
		}
		$previous = $row;
	}
	return $previous[ $count_y ];
}

/**
 * The accepted value closest to what was typed, or null (the kit's `closest`).
 *
 * @param string   $given  What was typed.
 * @param string[] $values The accepted values.
 * @return string|null
 */
function khountous_widgets_closest( $given, $values ) {
	$typed = khountous_widgets_fold( $given );
	if ( '' === $typed ) {
		return null;
	}
	$near = array();
	foreach ( $values as $value ) {
		$key = khountous_widgets_fold( $value );
		if ( false !== strpos( $typed, $key ) || ( strlen( $typed ) >= 3 && 0 === strpos( $key, $typed ) ) ) {
			$near[] = $value;
		}
	}
	if ( 1 === count( $near ) ) {
		return $near[0];
	}
	$best          = null;
	$best_distance = PHP_INT_MAX;
	foreach ( $values as $value ) {
		$key      = khountous_widgets_fold( $value );
		$distance = khountous_widgets_distance( $typed, $key );
		if ( $distance <= max( 2, intdiv( strlen( $key ), 3 ) ) && $distance < $best_distance ) {
			$best          = $value;
			$best_distance = $distance;
		}
	}
	return $best;
}

/**
 * The code points of a text with their length in UTF-16 code units (what JavaScript counts).
 *
 * @param string $value Text.
 * @return array{0: string[], 1: int}
 */
function khountous_widgets_utf16( $value ) {
	$points = preg_split( '//u', $value, -1, PREG_SPLIT_NO_EMPTY );
	$units  = 0;
	foreach ( $points as $point ) {
		$units += strlen( $point ) === 4 ? 2 : 1;
	}
	return array( $points, $units );
}

/**
 * `name="value"` for a message, a long value cut after 60 UTF-16 code units, as the kit does.
 *
 * @param string $attribute Attribute name.
 * @param string $value     Its value.
 * @return string
 */
function khountous_widgets_quoted( $attribute, $value ) {
	list( $points, $units ) = khountous_widgets_utf16( $value );
	if ( $units <= 60 ) {
		return $attribute . '="' . $value . '"';
	}
	$cut   = '';
	$taken = 0;
	foreach ( $points as $point ) {
		$size = strlen( $point ) === 4 ? 2 : 1;
		if ( $taken + $size > 60 ) {
			// JavaScript cuts the pair in two; the half left is shown as U+FFFD.
			if ( $taken < 60 ) {
				$cut .= "\u{FFFD}";
			}
			break;
		}
		$cut   .= $point;
		$taken += $size;
	}
	return $attribute . '="' . $cut . '…" (' . $units . ' characters)';
}

/**
 * JavaScript's Number() of a trimmed, non-empty text: a number, or NAN.
 *
 * @param string $text Text.
 * @return float
 */
function khountous_widgets_js_number( $text ) {
	if ( preg_match( '/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/', $text ) ) {
		return (float) $text;
	}
	if ( preg_match( '/^0[xX]([0-9a-fA-F]+)$/', $text, $match ) ) {
		return (float) hexdec( $match[1] );
	}
	if ( preg_match( '/^0[oO]([0-7]+)$/', $text, $match ) ) {
		return (float) octdec( $match[1] );
	}
	if ( preg_match( '/^0[bB]([01]+)$/', $text, $match ) ) {
		return (float) bindec( $match[1] );
	}
	if ( preg_match( '/^([+-]?)Infinity$/', $text, $match ) ) {
		return '-' === $match[1] ? -INF : INF;
	}
	return NAN;
}

/**
 * The sentence of a problem in one language (the kit's `describe`).
 *
 * @param array<string, mixed> $problem The problem.
 * @param string               $lang    The language: `fr` or `en`.
 * @return string
 */
function khountous_widgets_describe( $problem, $lang ) {
	$definitions = khountous_widgets_definitions();
	$t           = $definitions['messages'][ $lang ];
	$code        = khountous_widgets_quoted( $problem['attribute'], $problem['given'] );
	$expected    = isset( $problem['expected'][ $lang ] ) ? $problem['expected'][ $lang ] : '';
	$example     = isset( $problem['example'] ) ? $problem['example'] : '';
	switch ( $problem['reason'] ) {
		case 'not-accepted':
			$text = strtr( $t['notAccepted'], array( '{code}' => $code ) );
			if ( isset( $problem['closest'] ) ) {
				$text .= strtr( $t['didYouMean'], array( '{closest}' => $problem['closest'] ) );
			}
			return $text . strtr( $t['acceptedValues'], array( '{values}' => implode( ', ', $problem['accepted'] ) ) );
		case 'out-of-range':
			return strtr(
				$t['outOfRange'],
				array(
					'{code}' => $code,
					'{min}'  => (string) $problem['range']['min'],
					'{max}'  => (string) $problem['range']['max'],
					'{used}' => (string) $problem['used'],
				)
			);
		case 'not-http':
			return strtr( $t['notHttp'], array( '{code}' => $code, '{example}' => $example ) );
		case 'missing':
			return strtr(
				$t['missing'],
				array(
					'{attribute}' => $problem['attribute'],
					'{expected}'  => $expected,
					'{example}'   => $example,
				)
			);
		case 'malformed':
			$text = strtr(
				$t['malformed'],
				array(
					'{code}'     => $code,
					'{expected}' => $expected,
					'{example}'  => $example,
				)
			);
			if ( isset( $problem['closest'] ) ) {
				$text .= strtr( $t['didYouMean'], array( '{closest}' => $problem['closest'] ) );
			}
			return $text;
	}
	return '';
}

/**
 * A problem with its sentence in both languages.
 *
 * @param array<string, mixed> $draft The problem without its message.
 * @return array<string, mixed>
 */
function khountous_widgets_problem( $draft ) {
	$draft['message'] = array(
		'fr' => khountous_widgets_describe( $draft, 'fr' ),
		'en' => khountous_widgets_describe( $draft, 'en' ),
	);
	return $draft;
}

/**
 * Checks one value against one of the kit's rules (the kit's `checkValue`).
 *
 * @param string               $attribute Attribute name.
 * @param array<string, mixed> $rule      The rule.
 * @param mixed                $value     The value (null: absent).
 * @return array<string, mixed> `ok`, `value` and, for a problem, `problem`.
 */
function khountous_widgets_check_value( $attribute, $rule, $value ) {
	$given = null === $value ? '' : khountous_widgets_trim( (string) $value );
	switch ( $rule['type'] ) {
		case 'choice':
			$fallback = isset( $rule['fallback'] ) ? $rule['fallback'] : null;
			if ( '' === $given ) {
				return array(
					'ok'    => true,
					'value' => $fallback,
				);
			}
			if ( in_array( $given, $rule['values'], true ) ) {
				return array(
					'ok'    => true,
					'value' => $given,
				);
			}
			$key = khountous_widgets_fold( $given );
			foreach ( $rule['values'] as $candidate ) {
				if ( khountous_widgets_fold( $candidate ) === $key ) {
					return array(
						'ok'    => true,
						'value' => $candidate,
					);
				}
			}
			$draft   = array(
				'attribute' => $attribute,
				'given'     => $given,
				'reason'    => 'not-accepted',
				'accepted'  => $rule['values'],
			);
			$closest = khountous_widgets_closest( $given, $rule['values'] );
			if ( null !== $closest ) {
				$draft['closest'] = $closest;
			}
			return array(
				'ok'      => false,
				'problem' => khountous_widgets_problem( $draft ),
			);
		case 'id':
			$draft = array(
				'attribute' => $attribute,
				'given'     => $given,
				'expected'  => $rule['expected'],
				'example'   => $rule['example'],
			);
			$fits  = static function ( $text ) use ( $rule ) {
				list( , $units ) = khountous_widgets_utf16( $text );
				return $units <= $rule['maxLength'] && preg_match( '/' . $rule['pattern'] . '/', $text );
			};
			if ( '' === $given ) {
				if ( ! $rule['required'] ) {
					return array(
						'ok'    => true,
						'value' => null,
					);
				}
				$draft['reason'] = 'missing';
				return array(
					'ok'      => false,
					'problem' => khountous_widgets_problem( $draft ),
				);
			}
			if ( $fits( $given ) ) {
				return array(
					'ok'    => true,
					'value' => $given,
				);
			}
			// Not read as another spelling (another identifier is another resource): offered instead.
			$slug            = khountous_widgets_slugify( $given );
			$draft['reason'] = 'malformed';
			if ( $fits( $slug ) ) {
				$draft['closest'] = $slug;
			}
			return array(
				'ok'      => false,
				'problem' => khountous_widgets_problem( $draft ),
			);
		case 'integer':
			if ( '' === $given ) {
				return array(
					'ok'    => true,
					'value' => $rule['fallback'],
				);
			}
			$number = khountous_widgets_js_number( $given );
			$used   = is_finite( $number )
				? (int) min( $rule['max'], max( $rule['min'], $number < 0 ? ceil( $number ) : floor( $number ) ) )
				: $rule['fallback'];
			if ( (float) $used === $number ) {
				return array(
					'ok'    => true,
					'value' => $used,
				);
			}
			return array(
				'ok'      => true,
				'value'   => $used,
				'problem' => khountous_widgets_problem(
					array(
						'attribute' => $attribute,
						'given'     => $given,
						'reason'    => 'out-of-range',
						'range'     => array(
							'min' => $rule['min'],
							'max' => $rule['max'],
						),
						'used'      => $used,
					)
				),
			);
		case 'url':
			if ( '' === $given ) {
				return array(
					'ok'    => true,
					'value' => null,
				);
			}
			if ( preg_match( '~^https?://[^/?#\s]+~i', $given ) || preg_match( '~^/(?!/)~', $given ) ) {
				return array(
					'ok'    => true,
					'value' => $given,
				);
			}
			return array(
				'ok'      => false,
				'problem' => khountous_widgets_problem(
					array(
						'attribute' => $attribute,
						'given'     => $given,
						'reason'    => 'not-http',
						'example'   => $rule['example'],
					)
				),
			);
	}
	return array(
		'ok'    => true,
		'value' => $given,
	);
}

/**
 * A yes/no attribute as a shortcode or a block gives it: true, false, or null when it cannot be read.
 *
 * @param mixed $value The value.
 * @return bool|null
 */
function khountous_widgets_boolean( $value ) {
	if ( is_bool( $value ) ) {
		return $value;
	}
	$text = strtolower( khountous_widgets_trim( (string) $value ) );
	if ( in_array( $text, array( '', 'true', '1', 'yes', 'on' ), true ) ) {
		return true;
	}
	if ( in_array( $text, array( 'false', '0', 'no', 'off' ), true ) ) {
		return false;
	}
	return null;
}

/**
 * Checks every attribute given for a widget.
 *
 * @param string               $widget The widget (`ranking`, `report`...).
 * @param array<string, mixed> $given  Attribute name => value, as written (absent: not set).
 * @return array{attributes: array<string, string>, errors: string[], warnings: string[]} The
 *         attributes to write on the element (names => text; booleans as '' for present),
 *         and the sentences of what is wrong, in the current user's language.
 */
function khountous_widgets_check( $widget, $given ) {
	$definitions = khountous_widgets_definitions();
	$definition  = $definitions['widgets'][ $widget ];
	$lang        = khountous_widgets_user_lang();
	$out         = array(
		'attributes' => array(),
		'errors'     => array(),
		'warnings'   => array(),
	);
	foreach ( $given as $name => $value ) {
		$name = strtolower( (string) $name );
		if ( ! isset( $definition['attributes'][ $name ] ) ) {
			$out['errors'][] = sprintf(
				/* translators: 1: attribute name, 2: element name, 3: the accepted attribute names. */
				__( '%1$s is not an attribute of %2$s. Attributes: %3$s.', 'khountous-widgets' ),
				$name,
				$definition['tag'],
				implode( ', ', array_keys( $definition['attributes'] ) )
			);
			continue;
		}
		$spec = $definition['attributes'][ $name ];
		if ( 'rule' === $spec['kind'] ) {
			$result = khountous_widgets_check_value( $name, $spec['rule'], $value );
			if ( isset( $result['problem'] ) ) {
				$out[ $result['ok'] ? 'warnings' : 'errors' ][] = $result['problem']['message'][ $lang ];
			}
			$is_set = null !== $value && '' !== khountous_widgets_trim( (string) $value );
			if ( $result['ok'] && $is_set && null !== $result['value'] ) {
				$out['attributes'][ $name ] = (string) $result['value'];
			}
		} elseif ( 'boolean' === $spec['kind'] ) {
			$flag = khountous_widgets_boolean( $value );
			if ( null === $flag ) {
				$result          = khountous_widgets_check_value( $name, array( 'type' => 'choice', 'values' => array( 'true', 'false' ) ), $value );
				$out['errors'][] = $result['problem']['message'][ $lang ];
			} elseif ( $flag !== $spec['default'] ) {
				// Lit reads `paginate` by its presence, and `lazy` as off only when it says "false".
				$out['attributes'][ $name ] = $flag ? '' : 'false';
			}
		} elseif ( 'choice-text' === $spec['kind'] ) {
			// Checked as the kit checks a choice (its values from the manifest's type).
			$result = khountous_widgets_check_value( $name, array( 'type' => 'choice', 'values' => $spec['values'] ), $value );
			if ( ! $result['ok'] ) {
				$out['errors'][] = $result['problem']['message'][ $lang ];
			} elseif ( null !== $result['value'] ) {
				$out['attributes'][ $name ] = $result['value'];
			}
		} else {
			$text = khountous_widgets_trim( (string) $value );
			if ( '' !== $text ) {
				$out['attributes'][ $name ] = $text;
			}
		}
	}
	// A required identifier that was not given at all.
	foreach ( $definition['attributes'] as $name => $spec ) {
		if ( 'rule' === $spec['kind'] && 'id' === $spec['rule']['type'] && $spec['rule']['required'] && ! array_key_exists( $name, $given ) ) {
			$result          = khountous_widgets_check_value( $name, $spec['rule'], null );
			$out['errors'][] = $result['problem']['message'][ $lang ];
		}
	}
	return $out;
}
