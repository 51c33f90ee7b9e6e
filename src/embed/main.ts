/** The embed page's entry (embed.js): shows the widget the URL asks for in `#widget`. */
import { startEmbed } from './embed.js';

const root = document.getElementById('widget');
if (root) void startEmbed(root);
