// What every element of the kit loads before it draws: the base elements (the one of a single
// resource and the one of paged lists), with their controllers, the attribute rules, the
// styles, the words and formats, @lit/task, Lit and the data layer, without any widget's own
// code. The one line that names the base elements' modules.
export { KhountousElement } from '../../src/element/khountous-element.ts';
export { KhountousListElement } from '../../src/element/list-element.ts';
