/**
 * One widget chosen by URL parameters: `?widget=ranking&lang=en&theme=dark&limit=5`.
 * Every parameter other than `widget` becomes an attribute of the element;
 * `theme=dark` also darkens the page, as a dark host page would.
 */
import '../src/khountous.js';
import { widgets } from '../src/registry.js';

const params = new URLSearchParams(location.search);
const widget = params.get('widget') ?? 'ranking';
const root = document.getElementById('widget')!;

if (widgets.some((descriptor) => descriptor.tag === `khountous-${widget}`)) {
  const element = document.createElement(`khountous-${widget}`);
  for (const [name, value] of params) {
    if (name !== 'widget' && /^[a-z][a-z-]*$/.test(name)) element.setAttribute(name, value);
  }
  if (params.get('theme') === 'dark') document.body.classList.add('dark');
  root.append(element);
} else {
  root.textContent = `Unknown widget "${widget}".`;
}
