import type { PropertyDeclaration, PropertyDeclarations } from 'lit';
import { camel, type Inputs, type Widget } from '../widget/descriptor.js';

/** The reactive properties of `inputs`, each mirroring its attribute as its kind says. */
export function propertiesOf(inputs: Inputs): PropertyDeclarations {
  const properties: Record<string, PropertyDeclaration> = {};
  for (const [attribute, input] of Object.entries(inputs)) {
    const name = camel(attribute);
    properties[name] = {
      ...(name === attribute ? {} : { attribute }),
      ...(input.reflect ? { reflect: true } : {}),
      ...(input.kind === 'flag' ? { type: Boolean } : {}),
      ...(input.kind === 'unless-false'
        ? { converter: { fromAttribute: (value) => value !== 'false' } }
        : {}),
    };
  }
  return properties;
}

/** Sets each property of `inputs` on `element` to its initial value. */
export function initialise(element: object, inputs: Inputs): void {
  const target = element as Record<string, unknown>;
  for (const [attribute, input] of Object.entries(inputs)) {
    if (input.initial !== undefined) target[camel(attribute)] = input.initial;
  }
}

/** The properties of a widget's own inputs (those of every widget are the base element's). */
export const widgetProperties = (descriptor: Widget): PropertyDeclarations => propertiesOf(descriptor.inputs);
