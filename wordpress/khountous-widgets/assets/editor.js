/**
 * The blocks in the editor: each widget's attributes in the sidebar, and a
 * preview rendered by the server (ServerSideRender), where the widget shows
 * its data, or its message for an attribute it cannot use. Plain script on
 * WordPress's globals: nothing to build. The blocks' names, titles and
 * attributes come from their block.json (registered by the server); the
 * labels, help texts and accepted values from window.khountousWidgets
 * (includes/blocks.php).
 */
(function (wp, config) {
  'use strict';
  if (!wp || !config) return;
  var el = wp.element.createElement;
  var InspectorControls = (wp.blockEditor || wp.editor).InspectorControls;
  var useBlockProps = wp.blockEditor.useBlockProps;
  var components = wp.components;
  var ServerSideRender = wp.serverSideRender;

  function control(attribute, value, set) {
    var common = { key: attribute.name, label: attribute.label, help: attribute.help };
    if (attribute.kind === 'flag') {
      return el(components.ToggleControl, Object.assign(common, { checked: Boolean(value), onChange: set }));
    }
    if (attribute.choices) {
      var options = [{ value: '', label: config.strings.none }].concat(attribute.choices);
      // A value typed by hand elsewhere (a pasted shortcode) stays visible, to be corrected.
      if (
        value &&
        !attribute.choices.some(function (choice) {
          return choice.value === value;
        })
      ) {
        options.push({ value: value, label: value });
      }
      return el(
        components.SelectControl,
        Object.assign(common, { value: value || '', options: options, onChange: set }),
      );
    }
    return el(
      components.TextControl,
      Object.assign(common, {
        value: value || '',
        type: attribute.kind === 'integer' ? 'number' : 'text',
        min: attribute.min === null ? undefined : attribute.min,
        max: attribute.max === null ? undefined : attribute.max,
        onChange: set,
      }),
    );
  }

  Object.keys(config.widgets).forEach(function (name) {
    var widget = config.widgets[name];
    // Its title, description and attributes are its block.json's, which the server registered.
    wp.blocks.registerBlockType(name, {
      edit: function (props) {
        var controls = widget.attributes.map(function (attribute) {
          return control(attribute, props.attributes[attribute.name], function (value) {
            var change = {};
            change[attribute.name] = value;
            props.setAttributes(change);
          });
        });
        return el(
          'div',
          useBlockProps(),
          el(InspectorControls, null, el(components.PanelBody, { title: config.strings.settings }, controls)),
          el(ServerSideRender, { block: name, attributes: props.attributes }),
        );
      },
      save: function () {
        return null;
      },
    });
  });
})(window.wp, window.khountousWidgets);
