/**
 * The embed page's entry (embed.js, one file with no static import, in the
 * page's head): places the widget the URL asks for in `#widget`, sends its API
 * request at once (boot/first-paint.ts, as the script tag does), announces the
 * files of that one element with modulepreload, then imports its module: Lit
 * and one element, nothing else. An answer that arrives before the element's
 * code is shown as text meanwhile (boot/paint.ts), as the script tag does.
 */
import { sendFirstRequests } from '../boot/first-paint.js';
import { paintAnswers } from '../boot/paint-answers.js';
import { announceGraph, parsePreloadGraph } from '../boot/preload.js';
import { widgets } from '../registry.js';
import { startEmbed } from './embed.js';

/** Each element's module graph, written into the built file by the build (none from source). */
declare const __KHOUNTOUS_PRELOAD__: string | undefined;
const graph = parsePreloadGraph(
  typeof __KHOUNTOUS_PRELOAD__ === 'string' ? __KHOUNTOUS_PRELOAD__ : undefined,
);

/** This file's URL, which the elements' files are relative to (kept apart from `new URL`: the bundler would rewrite it). */
const here = import.meta.url;

const root = document.getElementById('widget');
if (root)
  void startEmbed(root, widgets, async (element) => {
    await sendFirstRequests([element], widgets);
    paintAnswers(graph, here)([element]);
    announceGraph(graph, element.localName, here);
    await import(/* @vite-ignore */ new URL(`./elements/${element.localName}.js`, here).href);
  });
