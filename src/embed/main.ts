/**
 * The embed page's entry (embed.js, in the page's head beside the script tag
 * it imports, khountous.js): places the widget the URL asks for in `#widget`;
 * the kit's boot sequence then does the rest, as on any page (its request
 * sent by the loader, its text paint, its element's files).
 */
import { discover } from '../khountous.js';
import { widgets } from '../registry.js';
import { startEmbed } from './embed.js';

const root = document.getElementById('widget');
if (root) void startEmbed(root, widgets, () => discover(root));
