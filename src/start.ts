/**
 * The early start as a module of its own, which the autoloader imports first:
 * starts the API requests of the kit's tags in `root` (boot/early-start.ts).
 */
import { startLoads } from './boot/early-start.js';
import { widgets } from './widgets.js';

export const start = (root: ParentNode): number => startLoads(root, widgets);
