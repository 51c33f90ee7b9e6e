<?php
/**
 * Attribute checks on the server, so that an author sees what is wrong in the
 * editor and a reader never gets a misconfigured widget. Everything comes from
 * includes/definitions.php, which the kit's build writes from the widgets'
 * descriptors: which attributes each widget has, the rule of each (once, by
 * name), and the widgets' own sentences for what PHP tells of a value.
 *
 * PHP tells what the data says and no more: an attribute the widget does not
 * have, a value outside a choice (case, accents, spaces and punctuation aside,
 * as the widgets read it), a whole number outside its range (clamped, a
 * warning), a required identifier missing, an identifier not of its form.
 * What only the browser's reading finds (the closest accepted value, a
 * number written otherwise than in digits) is the widgets' own to say.
 *
 * @package Khountous_Widgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The generated definitions (rules, messages, words, widgets), read once.
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
 * Text without white space or line terminators at its ends (Unicode's, as JavaScript's trim()).
 *
 * @param string $value Text.
 * @return string
 */
function khountous_widgets_trim( $value ) {
	$trimmed = preg_replace( '/^[\s\p{Z}\x{FEFF}]+|[\s\p{Z}\x{FEFF}]+$/u', '', (string) $value );
	return null === $trimmed ? trim( (string) $value ) : $trimmed;
}

/**
 * A value as a choice is matched: accents (WordPress's table), case and everything but letters and digits dropped.
 *
 * @param string $value Text.
 * @return string
 */
function khountous_widgets_fold( $value ) {
	return preg_replace( '/[^a-z0-9]/', '', strtolower( remove_accents( $value ) ) );
}

/**
 * A widget's sentence for a problem, in both languages: the rule's template with the attribute and the value.
 *
 * @param array<string, mixed> $rule      The rule, with its messages.
 * @param string               $reason    The message: `not-accepted`, `missing`, `malformed`, `out-of-range`, `not-http`.
 * @param string               $attribute The attribute.
 * @param string               $given     The value as written (trimmed).
 * @param int|null             $used      The value used instead (`out-of-range`).
 * @return array{fr: string, en: string}
 */
function khountous_widgets_message( $rule, $reason, $attribute, $given, $used = null ) {
	$quote  = khountous_widgets_definitions()['quote'];
	$length = mb_strlen( $given, 'UTF-8' );
	$code   = $length <= $quote['cut']
		? strtr(
			$quote['short'],
			array(
				'{attribute}' => $attribute,
				'{given}'     => $given,
			)
		)
		: strtr(
			$quote['long'],
			array(
				'{attribute}' => $attribute,
				'{start}'     => mb_substr( $given, 0, $quote['cut'], 'UTF-8' ),
				'{length}'    => (string) $length,
			)
		);
	$values = array(
		'{code}'      => $code,
		'{attribute}' => $attribute,
		'{used}'      => (string) $used,
	);
	return array(
		'fr' => strtr( $rule['messages'][ $reason ]['fr'], $values ),
		'en' => strtr( $rule['messages'][ $reason ]['en'], $values ),
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
 * Checks one value against one rule of the definitions.
 *
 * @param string               $attribute Attribute name.
 * @param array<string, mixed> $rule      The rule.
 * @param mixed                $value     The value (null: absent).
 * @return array<string, mixed> `ok`; `value`, the value to use (null: not set); `problem`, the sentence
 *                              in both languages (with `ok`, a warning: the value was replaced).
 */
function khountous_widgets_check_value( $attribute, $rule, $value ) {
	if ( 'flag' === $rule['type'] ) {
		$flag = khountous_widgets_boolean( null === $value ? '' : $value );
		return null === $flag
			? array(
				'ok'      => false,
				'problem' => khountous_widgets_message( $rule, 'not-accepted', $attribute, khountous_widgets_trim( (string) $value ) ),
			)
			: array(
				'ok'    => true,
				'value' => $flag,
			);
	}
	$given = null === $value ? '' : khountous_widgets_trim( (string) $value );
	$empty = array(
		'ok'    => true,
		'value' => null,
	);
	switch ( $rule['type'] ) {
		case 'choice':
			if ( '' === $given ) {
				return $empty;
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
			return array(
				'ok'      => false,
				'problem' => khountous_widgets_message( $rule, 'not-accepted', $attribute, $given ),
			);
		case 'id':
			if ( '' === $given ) {
				return $rule['required']
					? array(
						'ok'      => false,
						'problem' => khountous_widgets_message( $rule, 'missing', $attribute, $given ),
					)
					: $empty;
			}
			// The patterns match ASCII only: a value that matches has as many bytes as characters.
			if ( strlen( $given ) <= $rule['maxLength'] && preg_match( '~' . $rule['pattern'] . '~D', $given ) ) {
				return array(
					'ok'    => true,
					'value' => $given,
				);
			}
			return array(
				'ok'      => false,
				'problem' => khountous_widgets_message( $rule, 'malformed', $attribute, $given ),
			);
		case 'integer':
			if ( '' === $given ) {
				return $empty;
			}
			// Digits only; anything else is replaced by the widget's default, with the same warning.
			$number = preg_match( '/^[+-]?\d+$/', $given ) ? (float) $given : null;
			$used   = null === $number ? $rule['fallback'] : (int) min( $rule['max'], max( $rule['min'], $number ) );
			$result = array(
				'ok'    => true,
				'value' => $used,
			);
			if ( (float) $used !== $number ) {
				$result['problem'] = khountous_widgets_message( $rule, 'out-of-range', $attribute, $given, $used );
			}
			return $result;
		case 'url':
			if ( '' === $given ) {
				return $empty;
			}
			if ( preg_match( '~^https?://[^/?#\s]+~i', $given ) || preg_match( '~^/(?!/)~', $given ) ) {
				return array(
					'ok'    => true,
					'value' => $given,
				);
			}
			return array(
				'ok'      => false,
				'problem' => khountous_widgets_message( $rule, 'not-http', $attribute, $given ),
			);
		case 'link':
			if ( '' === $given ) {
				return $empty;
			}
			// Neither `//host` nor `/\host`, which browsers read as another site's address.
			if ( preg_match( '~^https?://[^/?#\s\\\\]+~i', $given ) || preg_match( '~^/(?![/\\\\])~', $given ) ) {
				return array(
					'ok'    => true,
					'value' => $given,
				);
			}
			// A warning: the widget links its source line to the platform's site instead.
			return array(
				'ok'      => true,
				'value'   => null,
				'problem' => khountous_widgets_message( $rule, 'not-link', $attribute, $given ),
			);
		case 'text':
			// An editor's plain text: runs of white space one space; longer than its bound, cut with a warning.
			$text = preg_replace( '/[\s\p{Z}\x{FEFF}]+/u', ' ', $given );
			$text = null === $text ? $given : $text;
			if ( '' === $text || ! isset( $rule['maxLength'] ) ) {
				return '' === $text ? $empty : array(
					'ok'    => true,
					'value' => $text,
				);
			}
			$characters = preg_split( '//u', $text, -1, PREG_SPLIT_NO_EMPTY );
			if ( false === $characters || count( $characters ) <= $rule['maxLength'] ) {
				return array(
					'ok'    => true,
					'value' => $text,
				);
			}
			return array(
				'ok'      => true,
				'value'   => rtrim( implode( '', array_slice( $characters, 0, $rule['maxLength'] - 1 ) ) ) . '…',
				'problem' => khountous_widgets_message( $rule, 'too-long', $attribute, $given ),
			);
	}
	return '' === $given ? $empty : array(
		'ok'    => true,
		'value' => $given,
	);
}

/**
 * The rule of a widget's attribute, or null when the widget has no such attribute.
 *
 * @param string $widget    The widget (`ranking`, `report`...).
 * @param string $attribute The attribute.
 * @return array<string, mixed>|null
 */
function khountous_widgets_rule( $widget, $attribute ) {
	$definitions = khountous_widgets_definitions();
	$attributes  = $definitions['widgets'][ $widget ]['attributes'];
	return isset( $attributes[ $attribute ] ) ? $definitions['rules'][ $attributes[ $attribute ] ] : null;
}

/**
 * Checks every attribute given for a widget.
 *
 * @param string               $widget The widget (`ranking`, `report`...).
 * @param array<string, mixed> $given  Attribute name => value, as written (absent: not set).
 * @return array{attributes: array<string, string>, errors: string[], warnings: string[]} The
 *         attributes to write on the element (names => text; a yes/no one only when it is not
 *         its default: '' for present, 'false'), and the sentences of what is wrong, in the
 *         current user's language.
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
		$rule = khountous_widgets_rule( $widget, $name );
		if ( null === $rule ) {
			$out['errors'][] = sprintf(
				/* translators: 1: attribute name, 2: element name, 3: the accepted attribute names. */
				__( '%1$s is not an attribute of %2$s. Attributes: %3$s.', 'khountous-widgets' ),
				$name,
				$definition['tag'],
				implode( ', ', array_keys( $definition['attributes'] ) )
			);
			continue;
		}
		$result = khountous_widgets_check_value( $name, $rule, $value );
		if ( isset( $result['problem'] ) ) {
			$out[ $result['ok'] ? 'warnings' : 'errors' ][] = $result['problem'][ $lang ];
		}
		if ( ! $result['ok'] || null === $result['value'] ) {
			continue;
		}
		if ( 'flag' === $rule['type'] ) {
			// Lit reads `paginate` by its presence, and `lazy` as off only when it says "false".
			if ( $result['value'] !== $rule['default'] ) {
				$out['attributes'][ $name ] = $result['value'] ? '' : 'false';
			}
		} else {
			$out['attributes'][ $name ] = (string) $result['value'];
		}
	}
	// A required identifier that was not given at all.
	foreach ( $definition['attributes'] as $name => $rule_name ) {
		$rule = $definitions['rules'][ $rule_name ];
		if ( 'id' === $rule['type'] && $rule['required'] && ! array_key_exists( $name, $given ) ) {
			$out['errors'][] = khountous_widgets_message( $rule, 'missing', $name, '' )[ $lang ];
		}
	}
	return $out;
}
