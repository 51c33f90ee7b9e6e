/**
 * One widget chosen by URL parameters: `?widget=ranking&lang=en&theme=dark&limit=5`.
 * Every parameter other than `widget` becomes an attribute of the element
 * (with none but `lang` and `theme`, it shows its sample: src/components/<name>/about.ts);
 * `theme=dark` also darkens the page, as a dark host page would. Below it, its
 * attributes and its code for each integration (demo/widget-docs.ts): the page of
 * a widget that has none of its own in demo/.
 */
import '../src/khountous.js';
import { widgets } from '../src/registry.js';
import { tagOfName } from '../src/widget/descriptor.js';
import { sampleOf } from './builder-help.js';
import { renderWidgetDocs } from './widget-docs.js';

const params = new URLSearchParams(location.search);
const widget = params.get('widget') ?? 'ranking';
const root = document.getElementById('widget')!;

if (widgets.some((descriptor) => descriptor.tag === tagOfName(widget))) {
  const element = document.createElement(tagOfName(widget));
  const own = [...params.keys()].filter((name) => !['widget', 'lang', 'theme'].includes(name));
  if (own.length === 0)
    for (const [name, value] of Object.entries(sampleOf(element.localName)))
      element.setAttribute(name, value);
  for (const [name, value] of params) {
    if (name !== 'widget' && /^[a-z][a-z-]*$/.test(name)) element.setAttribute(name, value);
  }
  if (params.get('theme') === 'dark') document.body.classList.add('dark');
  root.append(element);
  renderWidgetDocs(root, element.localName);
} else {
  root.textContent = `Unknown widget "${widget}".`;
}
