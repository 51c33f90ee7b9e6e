// The embed page's script under `npm start` (demo/embed.html): the widget the URL names, its element
// imported from source. dist/embed.html runs the built src/embed/main.ts instead (embed.js: the
// widget's request sent at once, its element's files announced, then imported).
import { delivery } from '../src/boot/bundled.js';
import { startEmbed } from '../src/embed/embed.js';
import { widgets } from '../src/registry.js';

const root = document.getElementById('widget');
if (root) void startEmbed(root, widgets, (element) => delivery.loaders[element.localName]!());
