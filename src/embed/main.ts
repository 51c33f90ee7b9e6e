/** The embed page's entry (embed.js): shows the widget the URL asks for in `#widget`. */
import { announceGraph, parsePreloadGraph } from '../boot/preload.js';
import { startEmbed } from './embed.js';

/** Each element's module graph, written into the built file by the build (none from source). */
declare const __KHOUNTOUS_PRELOAD__: string | undefined;
const graph = parsePreloadGraph(
  typeof __KHOUNTOUS_PRELOAD__ === 'string' ? __KHOUNTOUS_PRELOAD__ : undefined,
);

const root = document.getElementById('widget');
if (root) void startEmbed(root, (tag) => announceGraph(graph, tag, import.meta.url));
