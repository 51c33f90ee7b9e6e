<?php
/**
 * The kit's checks of an answer from the API (src/core/schemas.ts), on the server: what the
 * server fetches is served, as inline data and as the HTML fallback, only when the kit in the
 * browser would take it. The rules are not written here: the build writes each kind of
 * answer's from the kit's schemas into includes/definitions.php (`answers`), and this file
 * applies them as src/core/check.ts does. Numbers finite and within their range (a score
 * 0 to 100, a count whole and non-negative...), texts within their length, values from
 * their lists, each region once. An answer PHP cannot decode is refused too.
 *
 * @package Khountous_Widgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Where an answer fails the kit's checks of its kind: the path of the first value refused
 * (`data.0.score`, '' for the whole answer), as the kit names it; null when it passes.
 *
 * @param string $kind The kind of answer (a widget's `request.answer`: `administrations`...).
 * @param mixed  $data The answer as json_decode() gives it, objects as objects (null: not JSON).
 * @return string|null
 */
function khountous_widgets_answer_issue( $kind, $data ) {
	$answers = khountous_widgets_definitions()['answers'];
	if ( ! isset( $answers[ $kind ] ) ) {
		return '';
	}
	return khountous_widgets_rule_issue( $answers[ $kind ], $data, '' );
}

/**
 * A key that an object of the answer lacks, told apart from a value (null included).
 *
 * @return stdClass
 */
function khountous_widgets_absent() {
	static $absent = null;
	if ( null === $absent ) {
		$absent = new stdClass();
	}
	return $absent;
}

/**
 * A value of an object of the answer, or khountous_widgets_absent(). A JSON array is an
 * object without these keys, as JavaScript reads it (the generated rules name none that an
 * array has).
 *
 * @param mixed  $value The object.
 * @param string $key   The key.
 * @return mixed
 */
function khountous_widgets_answer_field( $value, $key ) {
	return $value instanceof stdClass && property_exists( $value, $key ) ? $value->$key : khountous_widgets_absent();
}

/**
 * The path of `$key` below `$path`, as the kit writes it: `data` then `data.0`.
 *
 * @param string     $path The path.
 * @param string|int $key  The key.
 * @return string
 */
function khountous_widgets_answer_at( $path, $key ) {
	return '' === $path ? (string) $key : $path . '.' . $key;
}

/**
 * The length of a text as JavaScript counts it (UTF-16 units: a character beyond U+FFFF counts two).
 *
 * @param string $text The text (UTF-8, as json_decode() gives it).
 * @return int PHP_INT_MAX when it is not UTF-8.
 */
function khountous_widgets_utf16_length( $text ) {
	$characters = preg_match_all( '/./su', $text );
	$beyond     = preg_match_all( '/[\x{10000}-\x{10FFFF}]/u', $text );
	return false === $characters || false === $beyond ? PHP_INT_MAX : $characters + $beyond;
}

/**
 * Whether a value is a finite number (JSON's `1e309`, INF once decoded, is not).
 *
 * @param mixed $value The value.
 * @return bool
 */
function khountous_widgets_is_finite( $value ) {
	return is_int( $value ) || ( is_float( $value ) && is_finite( $value ) );
}

/**
 * Where a value fails a rule (includes/definitions.php `answers`, written from src/core/check.ts):
 * the path of the first value refused, or null.
 *
 * @param array<string, mixed> $rule  The rule.
 * @param mixed                $value The value (khountous_widgets_absent() for a key not there).
 * @param string               $path  Its path.
 * @return string|null
 */
function khountous_widgets_rule_issue( $rule, $value, $path ) {
	$absent = khountous_widgets_absent() === $value;
	switch ( $rule['type'] ) {
		case 'optional':
			return $absent ? null : khountous_widgets_rule_issue( $rule['of'], $value, $path );
		case 'nullable':
			return null === $value ? null : khountous_widgets_rule_issue( $rule['of'], $value, $path );
		case 'union':
			return null === khountous_widgets_rule_issue( $rule['of'][0], $value, $path ) ? null : khountous_widgets_rule_issue( $rule['of'][1], $value, $path );
		case 'text':
			// At most as many UTF-16 units as bytes: a text of few bytes needs no count.
			$fits = is_string( $value ) && ( null === $rule['max'] || strlen( $value ) <= $rule['max'] || khountous_widgets_utf16_length( $value ) <= $rule['max'] );
			return $fits ? null : $path;
		case 'boolean':
			return is_bool( $value ) ? null : $path;
		case 'number':
			$fits = khountous_widgets_is_finite( $value )
				&& ( null === $rule['min'] || $value >= $rule['min'] )
				&& ( null === $rule['max'] || $value <= $rule['max'] )
				&& ( ! $rule['whole'] || floor( $value ) === (float) $value );
			return $fits ? null : $path;
		case 'magnitude':
			$size = khountous_widgets_is_finite( $value ) ? abs( $value ) : -1;
			return 0 === $size || 0.0 === $size || ( $size >= $rule['min'] && $size <= $rule['max'] ) ? null : $path;
		case 'matching':
			return is_string( $value ) && 1 === preg_match( $rule['pattern'], $value ) ? null : $path;
		case 'choice':
			// A list of the kit's is written once, as the attribute rule that holds it (its name in 'rule').
			$values = isset( $rule['rule'] ) ? khountous_widgets_definitions()['rules'][ $rule['rule'] ]['values'] : $rule['values'];
			return in_array( $value, $values, true ) ? null : $path;
		case 'list':
			return khountous_widgets_list_issue( $rule, $value, $path );
		case 'object':
			if ( $absent || ! ( $value instanceof stdClass || is_array( $value ) ) ) {
				return $path;
			}
			foreach ( $rule['entries'] as $key => $entry ) {
				$issue = khountous_widgets_rule_issue( $entry, khountous_widgets_answer_field( $value, $key ), khountous_widgets_answer_at( $path, $key ) );
				if ( null !== $issue ) {
					return $issue;
				}
			}
			return null;
		case 'record':
			if ( $absent || ! ( $value instanceof stdClass || is_array( $value ) ) ) {
				return $path;
			}
			foreach ( $value as $key => $item ) {
				if ( preg_match( $rule['skip'], (string) $key ) ) {
					continue;
				}
				$issue = khountous_widgets_rule_issue( $rule['of'], $item, khountous_widgets_answer_at( $path, $key ) );
				if ( null !== $issue ) {
					return $issue;
				}
			}
			return null;
		case 'by':
			$issue = khountous_widgets_rule_issue( $rule['of'], $value, $path );
			if ( null !== $issue ) {
				return $issue;
			}
			$key = khountous_widgets_answer_field( $value, $rule['key'] );
			return khountous_widgets_rule_issue( $rule['rules'][ $key ], khountous_widgets_answer_field( $value, $rule['field'] ), khountous_widgets_answer_at( $path, $rule['field'] ) );
		case 'atMost':
			$issue = khountous_widgets_rule_issue( $rule['of'], $value, $path );
			if ( null !== $issue ) {
				return $issue;
			}
			$limit = khountous_widgets_answer_field( $value, $rule['limit'] );
			$field = khountous_widgets_answer_field( $value, $rule['field'] );
			return khountous_widgets_absent() !== $limit && $field > $limit ? khountous_widgets_answer_at( $path, $rule['field'] ) : null;
	}
	// A rule this file does not know (a newer definitions.php than this file): nothing passes it.
	return $path;
}

/**
 * Where a list fails its rule: too many items, an item, or a second item of one key.
 *
 * @param array<string, mixed> $rule  The rule (`list`).
 * @param mixed                $value The value.
 * @param string               $path  Its path.
 * @return string|null
 */
function khountous_widgets_list_issue( $rule, $value, $path ) {
	if ( ! is_array( $value ) || ( null !== $rule['max'] && count( $value ) > $rule['max'] ) ) {
		return $path;
	}
	foreach ( $value as $index => $item ) {
		$issue = khountous_widgets_rule_issue( $rule['item'], $item, khountous_widgets_answer_at( $path, $index ) );
		if ( null !== $issue ) {
			return $issue;
		}
	}
	if ( null === $rule['key'] ) {
		return null;
	}
	$seen = array();
	foreach ( $value as $index => $item ) {
		$key = khountous_widgets_answer_field( $item, $rule['key'] );
		if ( in_array( $key, $seen, true ) ) {
			return khountous_widgets_answer_at( khountous_widgets_answer_at( $path, $index ), $rule['key'] );
		}
		$seen[] = $key;
	}
	return null;
}
