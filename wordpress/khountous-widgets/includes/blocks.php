<?php
/**
 * One dynamic block per widget (blocks/<widget>/block.json): its attributes in
 * the sidebar, its preview rendered by the server (the same HTML as on the
 * page, or the widget's message for an attribute it cannot use). A block
 * stores only its attributes in a comment, which WordPress's HTML filter
 * leaves alone: authors and contributors can place it.
 *
 * @package Khountous_Widgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers the editor script and every block.
 */
function khountous_widgets_register_blocks() {
	$definitions = khountous_widgets_definitions();
	wp_register_script(
		'khountous-widgets-editor',
		plugins_url( 'assets/editor.js', KHOUNTOUS_WIDGETS_FILE ),
		array( 'wp-blocks', 'wp-element', 'wp-components', 'wp-block-editor', 'wp-server-side-render' ),
		$definitions['version'],
		true
	);
	foreach ( array_keys( $definitions['widgets'] ) as $widget ) {
		register_block_type(
			KHOUNTOUS_WIDGETS_DIR . '/blocks/' . $widget,
			array(
				'render_callback' => static function ( $attributes ) use ( $widget ) {
					return khountous_widgets_render_block( $widget, $attributes );
				},
			)
		);
	}
}

/**
 * A block's HTML: its attributes as a shortcode's, empty ones left out.
 *
 * @param string               $widget     The widget.
 * @param array<string, mixed> $attributes The block's attributes.
 * @return string
 */
function khountous_widgets_render_block( $widget, $attributes ) {
	$given = array();
	foreach ( (array) $attributes as $name => $value ) {
		if ( 'className' === $name || 'align' === $name ) {
			continue;
		}
		$rule = khountous_widgets_rule( $widget, $name );
		if ( null !== $rule && 'flag' === $rule['type'] ) {
			if ( $value !== $rule['default'] ) {
				$given[ $name ] = $value ? 'true' : 'false';
			}
			continue;
		}
		if ( is_scalar( $value ) && '' !== (string) $value ) {
			$given[ $name ] = (string) $value;
		}
	}
	$html = khountous_widgets_render( $widget, $given );
	if ( '' === $html ) {
		return '';
	}
	$class = 'wp-block-khountous-widgets-' . $widget;
	if ( ! empty( $attributes['align'] ) && in_array( $attributes['align'], array( 'wide', 'full' ), true ) ) {
		$class .= ' align' . $attributes['align'];
	}
	if ( ! empty( $attributes['className'] ) && is_string( $attributes['className'] ) ) {
		$class .= ' ' . $attributes['className'];
	}
	return '<div class="' . esc_attr( $class ) . '">' . $html . '</div>';
}

add_action( 'enqueue_block_editor_assets', 'khountous_widgets_editor_assets' );

/**
 * In the block editor: each block's attributes for the sidebar (label, help, accepted values, in
 * the user's language), and the kit, so that previews show the widgets. The blocks' titles are
 * their block.json's.
 */
function khountous_widgets_editor_assets() {
	$definitions = khountous_widgets_definitions();
	$lang        = khountous_widgets_user_lang();
	$widgets     = array();
	foreach ( $definitions['widgets'] as $widget => $definition ) {
		$attributes = array();
		foreach ( $definition['attributes'] as $name => $rule_name ) {
			$rule    = $definitions['rules'][ $rule_name ];
			$words   = isset( $definition['words'][ $name ] ) ? $definition['words'][ $name ] : $definitions['inputs'][ $name ];
			$choices = null;
			if ( 'choice' === $rule['type'] ) {
				$choices = array();
				foreach ( $rule['values'] as $value ) {
					$choices[] = array(
						'value' => $value,
						'label' => $rule['names'][ $lang ][ $value ],
					);
				}
			}
			$attributes[] = array(
				'name'    => $name,
				'kind'    => $rule['type'],
				'label'   => $words['label'][ $lang ],
				'help'    => $words['help'][ $lang ],
				'choices' => $choices,
				'min'     => isset( $rule['min'] ) ? $rule['min'] : null,
				'max'     => isset( $rule['max'] ) ? $rule['max'] : null,
			);
		}
		$widgets[ 'khountous-widgets/' . $widget ] = array( 'attributes' => $attributes );
	}
	$data = array(
		'widgets' => $widgets,
		'strings' => array(
			'settings' => __( 'Settings', 'khountous-widgets' ),
			'none'     => __( '(none)', 'khountous-widgets' ),
		),
	);
	wp_add_inline_script( 'khountous-widgets-editor', 'window.khountousWidgets = ' . wp_json_encode( $data ) . ';', 'before' );
	khountous_widgets_enqueue_kit();
}
